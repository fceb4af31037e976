"""Small Connect 5 matches for tuning the agents' knowledge (``agents/knowledge/connect5.py``).

Usage::

    .venv/bin/python benchmarks/strength_connect5.py A B [--games N] [--seed S]
        [--players P] [--set NAME=VALUE ...] [--option KEY=VALUE ...]
    .venv/bin/python benchmarks/strength_connect5.py --speed

``A`` and ``B`` are agent specs (``random``, ``greedy``, ``mcts:hard`` …) or
``mcts:ITERATIONS:MAX_ROLLOUT:EXPLORATION[:WIDENING]`` (e.g. ``mcts:1500:0:1.0:0.6``).
Each of the ``N`` rounds plays every seat rotation (paired seeds, as ``tournament`` does),
with the AI-only options of the tournament (``idle_limit=200``). Printed: A's wins, draws and
losses (2 players) or each agent's mean rank, game lengths, and the mean and maximum seconds
per move of each agent. ``--set LINE_WEIGHTS=0,0.04,0.15,0.45,1,0`` or ``--set MOVER_WIN=6``
overrides a constant of the knowledge module for the run (tuning only).

``--speed`` prints the evaluation's and the rollout policy's µs per call on positions of
random games, playout actions per second with uniform and with policy rollouts, and MCTS
simulations per second with ``max_rollout`` 0 and 20 (CPU time, one core).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from connect_arena.agents import knowledge
from connect_arena.agents.base import Agent, Budget
from connect_arena.agents.knowledge import connect5 as c5
from connect_arena.agents.levels import make_agent
from connect_arena.agents.mcts import MCTSAgent, uniform_rollout
from connect_arena.agents.playout import ai_only_options
from connect_arena.agents.tournament import GameResult, plan, run, team_ranks
from connect_arena.games import load


def factory(spec: str, seed: int) -> Agent:
    """``make_agent`` plus ``mcts:ITERATIONS:MAX_ROLLOUT:EXPLORATION[:WIDENING]``."""
    parts = spec.split(":")
    if parts[0] == "mcts" and len(parts) >= 4:
        widening = float(parts[4]) if len(parts) > 4 else None
        return MCTSAgent(
            seed,
            iterations=int(parts[1]),
            max_rollout=int(parts[2]),
            exploration=float(parts[3]),
            widening=widening,
            name=spec,
        )
    return make_agent(spec, seed)


def _override(assignments: list[str]) -> None:
    for item in assignments:
        name, _, value = item.partition("=")
        current = getattr(c5, name)
        if isinstance(current, tuple):
            setattr(c5, name, tuple(float(v) for v in value.split(",")))
        else:
            setattr(c5, name, float(value))


def match(args: argparse.Namespace) -> None:
    """Play the match and print the summary."""
    options: dict[str, Any] = dict(item.split("=", 1) for item in args.option)
    game = load("connect5", args.players, **ai_only_options("connect5", options))
    specs = [args.a, args.b, *args.more]
    tournament = plan(game, specs, args.games, args.seed)
    started = time.perf_counter()
    done: list[GameResult] = []

    def progress(result: GameResult) -> None:
        done.append(result)
        if args.verbose:
            print(result.lineup, result.returns, result.length, flush=True)

    results = run(tournament, factory, on_game=progress)
    per_agent: dict[int, list[float]] = {i: [] for i in range(len(specs))}
    think = dict.fromkeys(range(len(specs)), 0.0)
    moves = dict.fromkeys(range(len(specs)), 0)
    slowest = dict.fromkeys(range(len(specs)), 0.0)
    wins = draws = losses = 0
    for result in results:
        ranks = team_ranks(result.returns)
        for seat, entrant in enumerate(result.lineup):
            per_agent[entrant].append(ranks[seat])
            think[entrant] += result.think[seat]
            moves[entrant] += result.moves[seat]
            slowest[entrant] = max(slowest[entrant], result.slowest[seat])
        if args.players == 2:
            a_seat = result.lineup.index(0)
            value = result.returns[a_seat]
            wins += value > 0
            draws += value == 0
            losses += value < 0
    lengths = [result.length for result in results]
    print(f"{' vs '.join(specs)}: {len(results)} games, seed {args.seed}, players {args.players}")
    if args.players == 2:
        print(f"  {args.a}: won {wins}, drawn {draws}, lost {losses} ({wins / len(results):.1%})")
    for entrant, spec in enumerate(specs):
        mean_move = think[entrant] / max(moves[entrant], 1)
        print(
            f"  {spec}: mean rank {statistics.mean(per_agent[entrant]):.2f}, "
            f"s/move mean {mean_move:.3f} max {slowest[entrant]:.3f}"
        )
    print(
        f"  length mean {statistics.mean(lengths):.0f} max {max(lengths)}; "
        f"{time.perf_counter() - started:.0f} s"
    )


def speed() -> None:
    """Print the speed figures (see the module docstring)."""
    game = load("connect5", 2, idle_limit=200)
    rng = random.Random(1)
    states = []
    for _ in range(20):
        state = game.new_initial_state()
        while not state.is_terminal() and len(state.history) < 120:
            if state.is_chance_node():
                state.apply_legal_action(state.chance_outcomes()[0][0], -1)
                continue
            player = state.current_player
            state.apply_legal_action(rng.choice(state.legal_actions(player)), player)
            if rng.random() < 0.1 and not state.is_terminal():
                states.append(state.clone())
    started, calls = time.process_time(), 0
    for _ in range(5):
        for state in states:
            c5._LAST = (None, -1, [])
            c5.seat_values(state)
            calls += 1
    print(f"evaluation: {(time.process_time() - started) / calls * 1e6:.0f} µs per position")
    started, calls = time.process_time(), 0
    for _ in range(5):
        for state in states:
            state.legal_actions(state.current_player)
            c5.rollout(state, state.current_player, rng)
            calls += 1
    print(f"rollout policy: {(time.process_time() - started) / calls * 1e6:.0f} µs per call")
    for name, policy in (("uniform", uniform_rollout), ("policy", c5.rollout)):
        started, actions, games = time.process_time(), 0, 0
        while time.process_time() - started < 3:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_legal_action(state.chance_outcomes()[0][0], -1)
                    continue
                player = state.current_player
                state.apply_legal_action(policy(state, player, rng), player)
                actions += 1
            games += 1
        spent = time.process_time() - started
        print(f"{name} playouts: {actions / spent:.0f} actions/s, {actions / games:.0f} per game")
    for cut in (0, 20):
        agent = MCTSAgent(seed=1, iterations=10**9, max_rollout=cut)
        started, sims = time.process_time(), 0
        for state in states[:6]:
            sims += agent.search(state, state.current_player, Budget(seconds=0.5)).visits
        print(f"MCTS max_rollout={cut}: {sims / (time.process_time() - started):.0f} sims/s")


def main() -> None:
    """Parse the command line and run the match or the speed figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("a", nargs="?", default="mcts:hard")
    parser.add_argument("b", nargs="?", default="greedy")
    parser.add_argument("more", nargs="*", default=[])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--set", action="append", default=[])
    parser.add_argument("--option", action="append", default=[])
    parser.add_argument("--speed", action="store_true")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    knowledge.knowledge_for("connect5")
    _override(args.set)
    if args.speed:
        speed()
    else:
        match(args)


if __name__ == "__main__":
    main()
