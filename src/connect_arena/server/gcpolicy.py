"""Short garbage-collector pauses for a server that keeps many games in memory.

Every live table holds its log, its actions' descriptions and the engine's history: a few
objects per move that live as long as the game. With 500 tables that is a few hundred thousand
objects, and CPython's full collection, which runs every time the long-lived objects grew by a
quarter, walks all of them: 100-300 ms with the event loop stopped, every few seconds under
load (measured with the load benchmark; the p99 move→broadcast latency followed them).

The policy: every ``interval`` seconds the survivors are *frozen* (``gc.freeze``: moved to the
permanent generation, which collections skip), so a collection only walks what was allocated
since; objects are still freed by reference counting as usual. Cyclic garbage that was frozen
is reclaimed by a full collection over everything every ``full_every`` seconds (one longer
pause, rarely). The young generation's threshold is raised so that the short-lived objects of
each move (messages, JSON) are collected in fewer, larger batches.

The interval is short (0.1 s): whatever is alive when a young collection runs and was made
since the last freeze is walked, and at 500 bot tables that is every socket's waiting
coroutines and futures (made anew for each message) and the games' new log entries: ~40,000
objects and 14-34 ms with the loop stopped, about twice a second, when the interval was 1 s
(``docs/scaling.md``, session 50).
"""

from __future__ import annotations

import asyncio
import gc

YOUNG_THRESHOLD = 10_000
"""Allocations between young collections (CPython's default: 700)."""


async def keep_collections_short(interval: float = 0.1, full_every: float = 600.0) -> None:
    """Apply the policy until cancelled (run it as a task of the server's event loop).

    Args:
        interval: seconds between freezes.
        full_every: seconds between full collections that include the frozen objects.
    """
    loop = asyncio.get_running_loop()
    _, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG_THRESHOLD, middle, old)
    last_full = loop.time()
    while True:
        await asyncio.sleep(interval)
        if loop.time() - last_full >= full_every:
            gc.unfreeze()
            gc.collect()
            last_full = loop.time()
        gc.freeze()
