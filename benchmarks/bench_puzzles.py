"""Puzzles: the CPU time of the requests a puzzle costs (``service.puzzles``), per game and kind.

Run: ``.venv/bin/python benchmarks/bench_puzzles.py``. For every shipped puzzle it measures,
in one run (CPU time, ``time.process_time``): the opening (``play`` with nothing played), the
last attempt (the whole answer line replayed, the opponent's replies searched with the
solver: the reply cache is cleared first, so this is the uncached cost), and ``solution``.
Prints the median and the maximum per (game, kind, N); asserts nothing.
"""

from __future__ import annotations

import statistics
import time
from collections import defaultdict

from connect_arena.core import game_names
from connect_arena.service.puzzles import game_puzzles, play, reply, solution


def main() -> None:
    rows: dict[tuple[str, str, int], list[tuple[float, float, float]]] = defaultdict(list)
    for game in game_names():
        for puzzle in game_puzzles(game):
            reply.cache_clear()
            start = time.process_time()
            play(puzzle)
            opened = time.process_time()
            line = solution(puzzle)
            solved = time.process_time()
            mine = [m.action for m in line.moves[1:] if m.seat == puzzle.mover]
            reply.cache_clear()
            before = time.process_time()
            play(puzzle, mine[:-1], mine[-1])
            last = time.process_time()
            rows[(game, puzzle.kind, puzzle.turns)].append(
                (opened - start, last - before, solved - opened)
            )
    print(
        f"{'game':10} {'kind':8} {'N':>2} {'count':>5}  open ms (med/max)  "
        f"last attempt ms (med/max)  solution ms (med/max)"
    )
    for (game, kind, turns), values in sorted(rows.items()):
        cols = []
        for index in range(3):
            series = [v[index] * 1000 for v in values]
            cols.append(f"{statistics.median(series):7.1f} /{max(series):7.1f}")
        print(
            f"{game:10} {kind:8} {turns:>2} {len(values):>5}  {cols[0]}   {cols[1]}          "
            f"{cols[2]}"
        )


if __name__ == "__main__":
    main()
