"""Connect 5 random playouts alone (``cold``) or after 2 s each of the other games (``warm``).

Run: ``.venv/bin/python benchmarks/results/engines/e6_heap/c5only.py cold|warm``; prints the
tracked objects and three rates (actions per CPU second). Asserts nothing.
"""

from __future__ import annotations

import gc
import sys
import time

from connect_arena.agents.bench import random_playouts
from connect_arena.core import load


def main() -> None:
    """Measure as ``sys.argv[1]`` says."""
    mode = sys.argv[1]
    if mode == "warm":
        for name in ("pairs", "quinque", "connnect"):
            random_playouts(load(name, 2), 2.0, clock=time.process_time)
    gc.collect()
    game = load("connect5", 2)
    rates = [round(random_playouts(game, 2.0, clock=time.process_time)[0]) for _ in range(3)]
    print(mode, len(gc.get_objects()), rates)


if __name__ == "__main__":
    main()
