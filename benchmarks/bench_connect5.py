"""Connect 5 engine throughput: random playouts and legal-action generation (one core), and
the board geometry the page draws (time of ``Game.geometry()``, size of its JSON).

Run: ``.venv/bin/python benchmarks/bench_connect5.py [--seconds S] [--repeat R] [--positions N]
[--variants basic:2,advanced:5]``. Prints figures for the Basic and Advanced boards with 2 and
5 players; asserts nothing (speed targets live in benchmarks, never in unit tests). Games are
cut at ``--max-actions``.

The machine may be shared, so every playout figure is measured ``--repeat`` times and given
as the median and the best run, by wall clock and by the CPU time of this process (the CPU
figure is what one core does when other processes compete for it). A legal-action time is the
fastest of ``--calls`` cold calls on the same position.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
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
    """Random playouts for ``seconds``: actions/s (wall and CPU), games, mean game length."""
    game = load("connect5", players, board=board)
    rng = random.Random(1)
    actions = games = 0
    lengths: list[int] = []
    start, cpu = time.perf_counter(), time.process_time()
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
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    return {
        "wall": actions / elapsed,
        "cpu": actions / cpu,
        "games": games,
        "mean_actions": statistics.fmean(lengths),
    }


def legal_generation(board: str, players: int, positions: int, calls: int) -> dict[str, float]:
    """Time (µs) of a cold ``legal_actions`` call on positions of random games: per
    position the fastest of ``calls`` calls; mean, median and p95 over the positions."""
    game = load("connect5", players, board=board)
    rng = random.Random(2)
    samples: list[float] = []
    counts: list[int] = []
    while len(samples) < positions:
        state: State[Any] = game.new_initial_state()
        while not state.is_terminal() and len(samples) < positions:
            if state.is_chance_node():
                state.apply_legal_action(sample_chance_outcome(state, rng), CHANCE)
                continue
            probe = state.clone()
            assert isinstance(probe, Connect5State)
            best, actions = float("inf"), []
            for _ in range(calls):
                probe._legal = None  # measure generation, not the per-state cache
                t0 = time.perf_counter()
                actions = probe.legal_actions()
                best = min(best, time.perf_counter() - t0)
            samples.append(best * 1e6)
            counts.append(len(actions))
            state.apply_legal_action(rng.choice(actions), state.current_player)
    samples.sort()
    return {
        "mean_us": statistics.fmean(samples),
        "median_us": statistics.median(samples),
        "p95_us": samples[int(0.95 * len(samples))],
        "mean_branching": statistics.fmean(counts),
    }


def geometry_figures(board: str, calls: int) -> dict[str, float]:
    """``Game.geometry()`` of ``board``: the best time of ``calls`` calls and the JSON size the
    server sends once per table (compact separators)."""
    game = load("connect5", 2, board=board)
    best = float("inf")
    for _ in range(calls):
        start = time.perf_counter()
        data = game.geometry()
        best = min(best, time.perf_counter() - start)
    size = len(json.dumps(data, separators=(",", ":")))
    return {"ms": best * 1e3, "bytes": size, "links": len(data["links"])}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=2.0, help="per playout measurement")
    parser.add_argument("--repeat", type=int, default=3, help="measurements per figure")
    parser.add_argument("--positions", type=int, default=3000)
    parser.add_argument("--calls", type=int, default=3, help="cold calls per position")
    parser.add_argument("--max-actions", type=int, default=2000, help="cut longer games")
    parser.add_argument("--variants", help="e.g. basic:2,advanced:5 (default: all four)")
    args = parser.parse_args()
    variants = VARIANTS
    if args.variants:
        variants = [(v.split(":")[0], int(v.split(":")[1])) for v in args.variants.split(",")]
    load_avg = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"Python {platform.python_version()}, {os.cpu_count()} CPUs, load {load_avg}")
    print(
        f"{'board':9} {'players':>7} {'mode':9} {'wall/s med':>10} {'wall/s best':>11}"
        f" {'cpu/s med':>10} {'cpu/s best':>10} {'games':>6} {'mean len':>9}"
    )
    for board, players in variants:
        for checked in (False, True):
            runs = [
                playouts(board, players, args.seconds, checked, args.max_actions)
                for _ in range(args.repeat)
            ]
            wall, cpu = [r["wall"] for r in runs], [r["cpu"] for r in runs]
            mode = "checked" if checked else "unchecked"
            print(
                f"{board:9} {players:7} {mode:9} {statistics.median(wall):10.0f}"
                f" {max(wall):11.0f} {statistics.median(cpu):10.0f} {max(cpu):10.0f}"
                f" {sum(r['games'] for r in runs):6.0f}"
                f" {statistics.fmean(r['mean_actions'] for r in runs):9.1f}"
            )
    print()
    print(
        f"{'board':9} {'players':>7} {'legal_actions mean µs':>22} {'median µs':>10}"
        f" {'p95 µs':>8} {'branching':>10}"
    )
    for board, players in variants:
        g = legal_generation(board, players, args.positions, args.calls)
        print(
            f"{board:9} {players:7} {g['mean_us']:22.1f} {g['median_us']:10.1f}"
            f" {g['p95_us']:8.1f} {g['mean_branching']:10.1f}"
        )

    print()
    print(f"{'board':9} {'geometry() best ms':>19} {'JSON bytes':>11} {'links':>6}")
    for board in dict.fromkeys(board for board, _ in variants):
        f = geometry_figures(board, 20)
        print(f"{board:9} {f['ms']:19.2f} {f['bytes']:11.0f} {f['links']:6.0f}")


if __name__ == "__main__":
    main()
