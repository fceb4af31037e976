"""CO'NNN'ECT agent strength on paired dice (issue 6 target: ``mcts:hard`` ≥ 1.15 × ``greedy``).

Run: ``.venv/bin/python benchmarks/strength_connnect.py [--games N] [--seed S] [--players P]
[--agents A,B] [--playouts SECONDS]``. Prints figures; asserts nothing.

* **Solo** (``--players 1``, default): game ``i`` has the seed ``round_seed(S, i)`` of the
  tournament module; every agent plays it with ``random.Random(seed)`` as its chance source
  (the dice, cards and objectives depend on the seed only: a solo game has the same number of
  chance actions whatever the player does, unless he goes out) and the agent seeded
  ``seed + 1``. Per agent: mean, sd, quartiles, min/max of the final score, and the mean and
  max seconds per decision (decisions with two or more legal actions). Then, for the first
  agent against each other one: the paired mean difference with its 95 % interval (normal)
  and the ratio of the mean scores with a 95 % paired bootstrap interval.
* **2 players**: each seed is played in both seat orders by the first two agents; wins
  (returns +1), the score difference and the same per-move times.
* ``--playouts S``: speed of the rollout policy (actions and whole solo playouts per second).

Agent specs: those of :func:`connect_arena.agents.make_agent`, ``policy`` (the rollout policy
of ``agents/knowledge/connnect.py`` as a player; ``policy:NAME`` one of its other rollout
policies, e.g. ``policy:hold``), and ``mcts(k=v;...)`` with the keys
``iterations``, ``seconds``, ``max_rollout``, ``exploration``, ``widening`` for tuning runs.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Sequence
from typing import Any

from connect_arena.agents import make_agent
from connect_arena.agents.base import Agent, Budget
from connect_arena.agents.knowledge import RolloutPolicy
from connect_arena.agents.knowledge.connnect import KNOWLEDGE, rollout
from connect_arena.agents.mcts import MCTSAgent
from connect_arena.agents.playout import play_game
from connect_arena.agents.tournament import round_seed
from connect_arena.core import CHANCE, load, sample_chance_outcome
from connect_arena.core.game import Action, State


class PolicyAgent:
    """The rollout policy as a player (``policy``), or one of the knowledge's other rollout
    policies by name (``policy:hold``: :attr:`~connect_arena.agents.knowledge.Knowledge.
    rollouts`)."""

    name = "policy"

    def __init__(self, seed: int, named: str | None = None) -> None:
        self.rng = random.Random(seed)
        self.policy: RolloutPolicy = rollout if named is None else KNOWLEDGE.rollouts[named]

    def act(self, state: State[Action], player: int, budget: Budget | None = None) -> Action:
        """The rollout policy's action (on a clone: the policy may look at the state)."""
        return self.policy(state.clone(), player, self.rng)


class Timed:
    """Wraps an agent and records the seconds of each decision with 2+ legal actions."""

    def __init__(self, agent: Agent, times: list[float]) -> None:
        self.agent = agent
        self.times = times
        self.name = getattr(agent, "name", "agent")

    def act(self, state: State[Action], player: int, budget: Budget | None = None) -> Action:
        """The wrapped agent's action, timed."""
        choices = len(state.legal_actions(player))
        start = time.perf_counter()
        action = self.agent.act(state, player, budget)
        if choices > 1:
            self.times.append(time.perf_counter() - start)
        return action


def build(spec: str, seed: int) -> Agent:
    """An agent from a spec (see the module doc)."""
    if spec == "policy":
        return PolicyAgent(seed)
    if spec.startswith("policy:"):
        return PolicyAgent(seed, spec.partition(":")[2])
    if spec.startswith("mcts(") and spec.endswith(")"):
        kwargs: dict[str, Any] = {}
        for item in filter(None, spec[5:-1].split(";")):
            key, _, value = item.partition("=")
            key = key.strip()
            kwargs[key] = int(value) if key in ("iterations", "max_rollout") else float(value)
        return MCTSAgent(seed, name=spec, **kwargs)
    return make_agent(spec, seed)


def describe(values: Sequence[float]) -> str:
    """Mean, sd, quartiles, min and max."""
    q1, q2, q3 = statistics.quantiles(values, n=4) if len(values) > 1 else (values[0],) * 3
    sd = statistics.stdev(values) if len(values) > 1 else 0.0
    return (
        f"mean {statistics.mean(values):6.2f}  sd {sd:5.2f}  q1 {q1:5.1f}  median {q2:5.1f}  "
        f"q3 {q3:5.1f}  min {min(values):4.0f}  max {max(values):4.0f}"
    )


def timing(times: Sequence[float]) -> str:
    """Mean and max seconds per decision."""
    if not times:
        return "no decisions"
    return f"{statistics.mean(times):.3f} s/move mean, {max(times):.3f} max ({len(times)} moves)"


def paired(base: Sequence[float], other: Sequence[float], seed: int) -> str:
    """Paired difference (normal 95 % interval) and ratio of means (bootstrap 95 %)."""
    diffs = [b - a for a, b in zip(base, other, strict=True)]
    n = len(diffs)
    mean = statistics.mean(diffs)
    half = 1.96 * statistics.stdev(diffs) / n**0.5 if n > 1 else 0.0
    rng = random.Random(seed)
    ratios = []
    for _ in range(2000):
        picks = [rng.randrange(n) for _ in range(n)]
        low = sum(base[i] for i in picks)
        ratios.append(sum(other[i] for i in picks) / low if low else float("nan"))
    ratios.sort()
    ratio = sum(other) / sum(base) if sum(base) else float("nan")
    return (
        f"difference {mean:+.2f} ± {half:.2f} (95 %), ratio {ratio:.3f} "
        f"[{ratios[50]:.3f}, {ratios[1949]:.3f}] (bootstrap 95 %)"
    )


def solo(specs: Sequence[str], games: int, seed: int) -> None:
    """Every agent plays the same ``games`` seeded solo games."""
    scores: dict[str, list[float]] = {spec: [] for spec in specs}
    times: dict[str, list[float]] = {spec: [] for spec in specs}
    for index in range(games):
        game_seed = round_seed(seed, index)
        line = []
        for spec in specs:
            state = load("connnect", 1).new_initial_state()
            agent = Timed(build(spec, game_seed + 1), times[spec])
            play_game(state, [agent], random.Random(game_seed))
            scores[spec].append(state.returns()[0])
            line.append(f"{spec} {state.returns()[0]:.0f}")
        print(f"game {index} seed {game_seed}: " + ", ".join(line), flush=True)
    print()
    for spec in specs:
        print(f"{spec:>12}: {describe(scores[spec])}")
        print(f"{'':>12}  {timing(times[spec])}")
    for spec in specs[1:]:
        print(f"{spec} vs {specs[0]}: {paired(scores[specs[0]], scores[spec], seed)}")


def duel(specs: Sequence[str], games: int, seed: int) -> None:
    """The first two agents play each seed in both seat orders (2 players)."""
    a, b = specs[0], specs[1]
    wins = {a: 0.0, b: 0.0}
    diffs: list[float] = []
    times: dict[str, list[float]] = {a: [], b: []}
    for index in range(games):
        game_seed = round_seed(seed, index)
        for order in ((a, b), (b, a)):
            state = load("connnect", 2).new_initial_state()
            agents = [Timed(build(s, game_seed + 1 + i), times[s]) for i, s in enumerate(order)]
            play_game(state, agents, random.Random(game_seed))
            totals = [s.total for s in state.scores()]  # type: ignore[attr-defined]
            returns = state.returns()
            for seat, spec in enumerate(order):
                wins[spec] += (returns[seat] + 1) / 2 if returns[seat] else 0.5
            seat_b = order.index(b)
            diffs.append(totals[seat_b] - totals[1 - seat_b])
            print(f"game {index} seed {game_seed} {order}: scores {totals} returns {returns}")
    n = len(diffs)
    print(f"\n{b} wins {wins[b]:.1f} of {n} (draws and double losses count ½), {a} {wins[a]:.1f}")
    half = 1.96 * statistics.stdev(diffs) / n**0.5 if n > 1 else 0.0
    print(f"{b} score minus {a}'s: {statistics.mean(diffs):+.2f} ± {half:.2f} (95 %)")
    for spec in (a, b):
        print(f"{spec:>12}: {timing(times[spec])}")


def playouts(seconds: float) -> None:
    """Speed of the rollout policy in solo playouts."""
    rng = random.Random(1)
    actions = games = 0
    scores = []
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = load("connnect", 1).new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_legal_action(sample_chance_outcome(state, rng), CHANCE)
            else:
                seat = min(state.active_players())
                state.apply_legal_action(rollout(state, seat, rng), seat)
            actions += 1
        games += 1
        scores.append(state.returns()[0])
    elapsed = time.perf_counter() - start
    print(
        f"rollout policy: {actions / elapsed:.0f} actions/s, {games / elapsed:.1f} solo "
        f"playouts/s, mean score {statistics.mean(scores):.1f} ({games} games)"
    )


def main() -> None:
    """Parse the arguments and run."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=1, choices=(1, 2))
    parser.add_argument("--agents", default="greedy,mcts:hard")
    parser.add_argument("--playouts", type=float, default=0.0, help="seconds of playouts")
    args = parser.parse_args()
    if args.playouts:
        playouts(args.playouts)
        return
    specs = [s.strip() for s in args.agents.split(",") if s.strip()]
    if args.players == 1:
        solo(specs, args.games, args.seed)
    else:
        duel(specs, args.games, args.seed)


if __name__ == "__main__":
    main()
