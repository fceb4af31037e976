"""Quinque engine throughput: random playouts and legal-action generation (one core).

Run: ``.venv/bin/python benchmarks/bench_quinque.py [--seconds S] [--cpu]``. Prints figures;
asserts nothing (speed targets live in benchmarks, never in unit tests).

The engine caches the analysis of each formation shape (``games/quinque/tables.py``), so each
variant is measured twice unchecked: ``cold`` starts from empty caches (the cost of filling
them included), ``warm`` runs after it. ``--cpu`` times the process's CPU time instead of the
wall clock: steadier on a shared machine.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from connect_arena.core import CHANCE, State, load, sample_chance_outcome
from connect_arena.games.quinque.rules import QuinqueState
from connect_arena.games.quinque.tables import tables_for

clock = time.perf_counter


def playouts(
    options: dict[str, Any], seconds: float, checked: bool, cold: bool = False
) -> dict[str, float]:
    """Random playouts for ``seconds``; returns actions/s, games and mean game length.
    ``cold``: start with empty shape and action caches."""
    if cold:
        tables_for.cache_clear()
    game = load("quinque", **options)
    rng = random.Random(1)
    actions = games = 0
    lengths: list[int] = []
    start = clock()
    while clock() - start < seconds:
        state: State[Any] = game.new_initial_state()
        while not state.is_terminal():
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
    elapsed = clock() - start
    return {
        "actions_per_s": actions / elapsed,
        "games": games,
        "mean_actions": statistics.fmean(lengths),
    }


def legal_generation(options: dict[str, Any], positions: int) -> dict[str, float]:
    """Mean and p95 time (µs) of a cold ``legal_actions`` call on positions from random games."""
    game = load("quinque", **options)
    rng = random.Random(2)
    samples: list[float] = []
    counts: list[int] = []
    while len(samples) < positions:
        state = game.new_initial_state()
        assert isinstance(state, QuinqueState)
        while not state.is_terminal() and len(samples) < positions:
            if state.is_chance_node():
                state.apply_legal_action(sample_chance_outcome(state, rng), CHANCE)
                continue
            probe = state.clone()
            probe._legal = None  # measure generation, not the per-state cache
            t0 = clock()
            actions = probe.legal_actions()
            samples.append((clock() - t0) * 1e6)
            counts.append(len(actions))
            state.apply_legal_action(rng.choice(actions), state.current_player)
    samples.sort()
    return {
        "mean_us": statistics.fmean(samples),
        "p95_us": samples[int(0.95 * len(samples))],
        "mean_branching": statistics.fmean(counts),
    }


def main() -> None:
    global clock
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0, help="per playout measurement")
    parser.add_argument("--positions", type=int, default=3000)
    parser.add_argument("--cpu", action="store_true", help="time CPU, not the wall clock")
    args = parser.parse_args()
    if args.cpu:
        clock = time.process_time
    print(f"timing: {'CPU time' if args.cpu else 'wall clock'}")
    print(f"{'variant':10} {'mode':15} {'actions/s':>10} {'games':>6} {'mean len':>9}")
    runs = (("unchecked cold", False, True), ("unchecked warm", False, False))
    for name, options in (("basic", {}), ("advanced", {"advanced": True})):
        for mode, checked, cold in (*runs, ("checked warm", True, False)):
            r = playouts(options, args.seconds, checked, cold)
            print(
                f"{name:10} {mode:15} {r['actions_per_s']:10.0f} {r['games']:6.0f}"
                f" {r['mean_actions']:9.1f}"
            )
    print()
    print(f"{'variant':10} {'legal_actions mean µs':>22} {'p95 µs':>8} {'branching':>10}")
    for name, options in (("basic", {}), ("advanced", {"advanced": True})):
        g = legal_generation(options, args.positions)
        print(f"{name:10} {g['mean_us']:22.1f} {g['p95_us']:8.1f} {g['mean_branching']:10.1f}")


if __name__ == "__main__":
    main()
