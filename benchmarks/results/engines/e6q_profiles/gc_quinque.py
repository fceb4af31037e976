"""Garbage collections during 200,000 Quinque random-playout actions, after ``SECONDS`` CPU
seconds of warm-up (default 3): collections per generation, their wall time, the objects
alive, and the time of one full collection.

Run: ``.venv/bin/python benchmarks/results/engines/e6q_profiles/gc_quinque.py [SECONDS]``.
"""

from __future__ import annotations

import gc
import random
import sys
import time
from typing import Any

from connect_arena.agents.bench import _advance, random_playouts
from connect_arena.core import load

ACTIONS = 200_000


def main() -> None:
    warm = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    random_playouts(load("quinque", 2), warm, clock=time.process_time)
    start = time.perf_counter()
    gc.collect()
    print(f"objects {len(gc.get_objects())}, a full collection {time.perf_counter() - start:.3f} s")
    spent = [0.0, 0.0, 0.0]
    began = [0.0]

    def watch(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            began[0] = time.perf_counter()
        else:
            spent[info["generation"]] += time.perf_counter() - began[0]

    before = [s["collections"] for s in gc.get_stats()]
    gc.callbacks.append(watch)
    game = load("quinque", 2)
    rng = random.Random(1)
    state = game.new_initial_state()
    cpu = time.process_time()
    for _ in range(ACTIONS):
        if state.is_terminal():
            state = game.new_initial_state()
        _advance(state, rng)
    cpu = time.process_time() - cpu
    gc.callbacks.remove(watch)
    after = [s["collections"] for s in gc.get_stats()]
    print(f"{ACTIONS / cpu:.0f} actions/CPU s")
    print("collections by generation", [a - b for a, b in zip(after, before, strict=True)])
    print("their wall time (s)", [round(t, 3) for t in spent], f"of {cpu:.2f} s of CPU")
    print(f"objects {len(gc.get_objects())}")


if __name__ == "__main__":
    main()
