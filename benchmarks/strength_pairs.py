"""Connect Pairs agents' strength: rounds a pair needs to complete its sequence (issue 6).

Run: ``.venv/bin/python benchmarks/strength_pairs.py [--random N] [--greedy N] [--mcts N]
[--race N] [--spec mcts:hard] [--seed S] [--json FILE]``. Prints figures; asserts nothing.

* **one pair** (2 players, default options, ``max_rounds=0``: no round cap, so rounds are
  counted honestly; the pawn stays on box 1 after round 100): the rounds a pair of partners
  needs to complete, for ``random``, ``greedy`` and ``--spec`` partners, on the same seeds
  (game ``i`` uses seed ``seed + i`` for the dice and ``seed + i + 1 + seat`` for the
  agents, as the tournament does). Mean, standard deviation, and the ratio of mean rounds to
  the random pair's with a 95% bootstrap interval (the games resampled independently);
* **seconds per decision** of every agent (decisions with one legal action are applied by
  the engine and not counted): mean and max;
* **playouts**: rollout-policy actions per second (:func:`knowledge.pairs.rollout`) from
  random positions, versus uniform choices;
* **race** (4 players, two pairs): ``--spec`` partners against ``random`` and ``greedy``
  partners, in both seatings (pair X and pair Y), ``max_rounds=0``: the share of games the
  ``--spec`` pair wins (completes first; equal rounds are a draw).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from typing import Any

from connect_arena.agents import make_agent
from connect_arena.agents.base import Agent
from connect_arena.agents.knowledge.pairs import rollout
from connect_arena.core import CHANCE, State, load, sample_chance_outcome
from connect_arena.games.pairs.rules import PairsState


class Timed:
    """Wraps an agent and records the seconds of each decision with several legal actions."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.seconds: list[float] = []

    def act(self, state: Any, player: int) -> Any:
        """The wrapped agent's action, timed."""
        start = time.perf_counter()
        action = self.agent.act(state, player)
        if len(state.legal_actions(player)) > 1:
            self.seconds.append(time.perf_counter() - start)
        return action


def play(specs: list[str], seed: int, timed: dict[str, list[float]]) -> PairsState:
    """One game to its end with ``specs`` per seat (no round cap); decision times go to
    ``timed[spec]``."""
    state: State[Any] = load("pairs", len(specs), max_rounds=0).new_initial_state()
    rng = random.Random(seed)
    agents = [Timed(make_agent(spec, seed + 1 + seat)) for seat, spec in enumerate(specs)]
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_legal_action(sample_chance_outcome(state, rng), CHANCE)
            continue
        player = min(state.active_players())
        state.apply_legal_action(agents[player].act(state, player), player)
    for spec, agent in zip(specs, agents, strict=True):
        timed.setdefault(spec, []).extend(agent.seconds)
    assert isinstance(state, PairsState)
    return state


def ratio_interval(
    rounds: list[int], base: list[int], draws: int = 4000, seed: int = 0
) -> tuple[float, float, float]:
    """``mean(rounds) / mean(base)`` with a 95% percentile bootstrap interval."""
    rng = random.Random(seed)
    ratios = []
    for _ in range(draws):
        a = [rng.choice(rounds) for _ in rounds]
        b = [rng.choice(base) for _ in base]
        ratios.append(statistics.fmean(a) / statistics.fmean(b))
    ratios.sort()
    point = statistics.fmean(rounds) / statistics.fmean(base)
    return point, ratios[int(0.025 * draws)], ratios[int(0.975 * draws) - 1]


def describe(rounds: list[int]) -> dict[str, float]:
    """Games, mean, sd, median, min and max of ``rounds``."""
    return {
        "games": len(rounds),
        "mean": statistics.fmean(rounds),
        "sd": statistics.stdev(rounds) if len(rounds) > 1 else 0.0,
        "median": statistics.median(rounds),
        "min": min(rounds),
        "max": max(rounds),
    }


def playouts(seconds: float, seed: int) -> dict[str, float]:
    """Rollout actions per second (policy vs uniform) over playouts from the start."""
    game = load("pairs", 2, max_rounds=0)
    out = {}
    for name in ("policy", "uniform"):
        rng = random.Random(seed)
        actions, start = 0, time.perf_counter()
        while time.perf_counter() - start < seconds:
            state = game.new_initial_state()
            for _ in range(2000):
                if state.is_terminal():
                    break
                if state.is_chance_node():
                    state.apply_legal_action(sample_chance_outcome(state, rng), CHANCE)
                else:
                    player = min(state.active_players())
                    if name == "policy":
                        action = rollout(state, player, rng)
                    else:
                        action = rng.choice(state.legal_actions(player))
                    state.apply_legal_action(action, player)
                actions += 1
        out[f"{name}_actions_per_s"] = actions / (time.perf_counter() - start)
    return out


def one_pair(spec: str, games: int, seed: int, timed: dict[str, list[float]]) -> list[int]:
    """Rounds to complete for ``games`` one-pair games of ``spec`` partners."""
    rounds = []
    for i in range(games):
        state = play([spec, spec], seed + i, timed)
        rounds.append(state.round)
        print(f"  {spec} game {i}: {state.round} rounds", flush=True)
    return rounds


def race(spec: str, other: str, games: int, seed: int, timed: dict[str, list[float]]) -> Any:
    """``games`` seeds × both seatings of ``spec`` partners against ``other`` partners."""
    wins = draws = losses = 0
    lengths = []
    for i in range(games):
        for mine in (0, 1):
            specs = [spec, spec, other, other] if mine == 0 else [other, other, spec, spec]
            state = play(specs, seed + i, timed)
            totals = state.totals()
            own, theirs = totals[mine], totals[1 - mine]
            wins += own > theirs
            draws += own == theirs
            losses += own < theirs
            lengths.append(state.round)
            print(f"  {specs} seed {seed + i}: totals {totals}", flush=True)
    n = wins + draws + losses
    return {
        "against": other,
        "games": n,
        "wins": wins,
        "draws": draws,
        "losses": losses,
        "win_rate": (wins + 0.5 * draws) / n,
        "mean_rounds": statistics.fmean(lengths),
    }


def main() -> None:
    """Run the measurements the options ask for and print a summary (and JSON)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--random", type=int, default=200, help="one-pair random games")
    parser.add_argument("--greedy", type=int, default=100, help="one-pair greedy games")
    parser.add_argument("--mcts", type=int, default=20, help="one-pair games of --spec")
    parser.add_argument("--race", type=int, default=0, help="4-player seeds per opponent")
    parser.add_argument("--spec", default="mcts:hard")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--playout-seconds", type=float, default=2.0)
    parser.add_argument("--json", default=None, help="write the figures to this file")
    args = parser.parse_args()
    timed: dict[str, list[float]] = {}
    result: dict[str, Any] = {"seed": args.seed, "options": {"max_rounds": 0}}
    if args.playout_seconds > 0:
        result["playouts"] = playouts(args.playout_seconds, args.seed)
        print("playouts", result["playouts"], flush=True)
    rounds: dict[str, list[int]] = {}
    for spec, games in (("random", args.random), ("greedy", args.greedy), (args.spec, args.mcts)):
        if games > 0:
            rounds[spec] = one_pair(spec, games, args.seed, timed)
    result["one_pair"] = {spec: describe(values) for spec, values in rounds.items()}
    if "random" in rounds:
        for spec, values in rounds.items():
            if spec != "random":
                point, low, high = ratio_interval(values, rounds["random"])
                result["one_pair"][spec]["ratio_to_random"] = [point, low, high]
    if "greedy" in rounds and args.spec in rounds and args.spec != "greedy":
        point, low, high = ratio_interval(rounds[args.spec], rounds["greedy"])
        result["one_pair"][args.spec]["ratio_to_greedy"] = [point, low, high]
    if args.race > 0:
        result["race"] = [
            race(args.spec, other, args.race, args.seed, timed) for other in ("random", "greedy")
        ]
    result["seconds_per_decision"] = {
        spec: {
            "decisions": len(values),
            "mean": statistics.fmean(values),
            "max": max(values),
        }
        for spec, values in timed.items()
        if values
    }
    print(json.dumps(result, indent=2))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump({**result, "rounds": rounds}, handle, indent=2)


if __name__ == "__main__":
    main()
