"""The garbage-collector policy (``server/gcpolicy.py``): survivors are frozen every interval,
and a full collection over the frozen objects reclaims cyclic garbage every ``full_every``."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import weakref
from collections.abc import Iterator

import pytest

from connect_arena.server.gcpolicy import YOUNG_THRESHOLD, keep_collections_short


class Node:
    """A weak-referenceable object that can take part in a reference cycle."""

    def __init__(self) -> None:
        self.me: Node | None = None


@pytest.fixture
def restored_gc() -> Iterator[None]:
    threshold = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*threshold)
    gc.collect()


async def _policy_for(seconds: float, interval: float, full_every: float) -> None:
    task = asyncio.get_running_loop().create_task(keep_collections_short(interval, full_every))
    await asyncio.sleep(seconds)
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task


def test_survivors_are_frozen_and_frozen_cycles_wait_for_the_full_collection(
    restored_gc: None,
) -> None:
    async def scenario() -> tuple[bool, bool, int]:
        gc.unfreeze()
        node = Node()
        node.me = node  # a cycle: only the collector frees it
        ref = weakref.ref(node)
        await _policy_for(0.15, interval=0.05, full_every=3600)
        frozen = gc.get_freeze_count()
        del node
        gc.collect()  # the frozen cycle is not collected
        kept = ref() is not None
        await _policy_for(0.15, interval=0.05, full_every=0.01)  # a full collection runs
        return kept, ref() is None, frozen

    kept, freed, frozen = asyncio.run(scenario())
    assert frozen > 0
    assert kept
    assert freed
    assert gc.get_threshold()[0] == YOUNG_THRESHOLD
