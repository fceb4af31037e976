"""The playout behind ``perf_after_compiled_quinque.txt``: 1.5 CPU s of random Quinque
playouts to fill the shape and action caches, then 400,000 random-playout actions.

Run: ``perf record -F 999 -g .venv/bin/python <this file>``, then
``perf report --no-children --sort symbol``.
"""

from __future__ import annotations

import random
import time

from connect_arena.agents.bench import _advance, random_playouts
from connect_arena.core import load

random_playouts(load("quinque", 2), 1.5, clock=time.process_time)
game = load("quinque", 2)
rng = random.Random(1)
state = game.new_initial_state()
for _ in range(400_000):
    if state.is_terminal():
        state = game.new_initial_state()
    _advance(state, rng)
