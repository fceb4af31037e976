"""Tracked objects each game's random playouts leave in the process (its warm tables).

Run: ``.venv/bin/python benchmarks/results/engines/e6_heap/heap.py``. Asserts nothing.
"""

from __future__ import annotations

import gc
import time

from connect_arena.agents.bench import random_playouts
from connect_arena.core import load


def tracked() -> int:
    """Objects the collector tracks, after a full collection."""
    gc.collect()
    return len(gc.get_objects())


def main() -> None:
    """2 s of each game, then 4 more of Quinque: the growth after each."""
    base = tracked()
    for name, seconds in (("pairs", 2.0), ("quinque", 2.0), ("connnect", 2.0), ("quinque", 4.0)):
        random_playouts(load(name, 2), seconds, clock=time.process_time)
        now = tracked()
        print(name, seconds, now - base)
        base = now


if __name__ == "__main__":
    main()
