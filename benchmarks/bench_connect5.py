"""Connect 5 engine throughput: random playouts and legal-action generation (one core).

Run: ``.venv/bin/python benchmarks/bench_connect5.py [--seconds S] [--positions N]``. Prints
figures for the Basic and Advanced boards with 2 and 5 players; asserts nothing (speed
targets live in benchmarks, never in unit tests). Games are cut at ``--max-actions``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from connect_arena.core import CHANCE, State, load, sample_chance_outcome
from connect_arena.games.connect5.rules import Connect5State

VARIANTS = [("basic", 2), ("basic", 5), ("advanced", 2), ("advanced", 5)]


def playouts(
    board: str, players: int, seconds: float, checked: bool, max_actions: int
) -> dict[str, float]:
    """Random playouts for ``seconds``; returns actions/s, games and mean game length."""
    game = load("connect5", players, board=board)
    rng = random.Random(1)
    actions = games = 0
    lengths: list[int] = []
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state: State[Any] = game.new_initial_state()
        while not state.is_terminal() and len(state.history) < max_actions:
            if state.is_chance_node():
                state.apply_legal_action(sample_chance_outcome(state, rng), CHANCE)
                continue
            player = state.current_player
            action = rng.choice(state.legal_actions(player))
            if checked:
                state.apply_action(action, player)
            else:
                state.apply_legal_action(action, player)
        actions += len(state.history)
        lengths.append(len(state.history))
        games += 1
    elapsed = time.perf_counter() - start
    return {
        "actions_per_s": actions / elapsed,
        "games": games,
        "mean_actions": statistics.fmean(lengths),
    }


def legal_generation(board: str, players: int, positions: int) -> dict[str, float]:
    """Mean and p95 time (µs) of a cold ``legal_actions`` call on positions of random games."""
    game = load("connect5", players, board=board)
    rng = random.Random(2)
    samples: list[float] = []
    counts: list[int] = []
    while len(samples) < positions:
        state = game.new_initial_state()
        assert isinstance(state, Connect5State)
        while not state.is_terminal() and len(samples) < positions:
            if state.is_chance_node():
                state.apply_legal_action(sample_chance_outcome(state, rng), CHANCE)
                continue
            probe = state.clone()
            probe._legal = None  # measure generation, not the per-state cache
            t0 = time.perf_counter()
            actions = probe.legal_actions()
            samples.append((time.perf_counter() - t0) * 1e6)
            counts.append(len(actions))
            state.apply_legal_action(rng.choice(actions), state.current_player)
    samples.sort()
    return {
        "mean_us": statistics.fmean(samples),
        "p95_us": samples[int(0.95 * len(samples))],
        "mean_branching": statistics.fmean(counts),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=4.0, help="per playout measurement")
    parser.add_argument("--positions", type=int, default=3000)
    parser.add_argument("--max-actions", type=int, default=2000, help="cut longer games")
    args = parser.parse_args()
    print(f"{'board':9} {'players':>7} {'mode':9} {'actions/s':>10} {'games':>6} {'mean len':>9}")
    for board, players in VARIANTS:
        for checked in (False, True):
            r = playouts(board, players, args.seconds, checked, args.max_actions)
            mode = "checked" if checked else "unchecked"
            print(
                f"{board:9} {players:7} {mode:9} {r['actions_per_s']:10.0f} {r['games']:6.0f}"
                f" {r['mean_actions']:9.1f}"
            )
    print()
    print(
        f"{'board':9} {'players':>7} {'legal_actions mean µs':>22} {'p95 µs':>8} {'branching':>10}"
    )
    for board, players in VARIANTS:
        g = legal_generation(board, players, args.positions)
        print(
            f"{board:9} {players:7} {g['mean_us']:22.1f} {g['p95_us']:8.1f}"
            f" {g['mean_branching']:10.1f}"
        )


if __name__ == "__main__":
    main()
