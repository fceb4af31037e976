"""Times each append of ``SqlStorage`` inside a running server, phase by phase (diagnosis only).

Per append: queued (``append_action`` called), taken (the database thread starts its batch),
written (its transaction returned; with the thread's CPU time for it), settled (the loop's
callback receiving the batch ran), resumed (the move's coroutine continued). Also every
other database job (``_run``) with its wall and CPU time, to see what the appends queue
behind. Written to ``$S11_TRACE`` every 5 s by a daemon thread (a server ends on SIGTERM
without ``atexit``).
"""

import json
import os
import threading
import time
from typing import Any

from connect_arena.server.db import storage as st

PATH = os.environ["S11_TRACE"]
rows: list[dict[str, float]] = []
jobs: list[tuple[float, float, float, str]] = []
current = threading.local()

original_append = st.SqlStorage.append_action
original_write = st.SqlStorage._write_batch
original_settle = st.SqlStorage._settle
original_run = st.SqlStorage._run


class TracedAppend(st._Append):
    """An append carrying its timings."""

    __slots__ = ("rec",)

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.rec = current.rec


async def append_action(self: Any, table_id: int, entry: Any, *args: Any, **kw: Any) -> None:
    rec = {"q": time.perf_counter()}
    current.rec = rec
    await original_append(self, table_id, entry, *args, **kw)
    rec["r"] = time.perf_counter()
    rows.append(rec)


def write_batch(self: Any, batch: list[Any]) -> Any:
    started, cpu = time.perf_counter(), time.thread_time()
    for item in batch:
        item.rec["t"], item.rec["n"] = started, len(batch)
    result = original_write(self, batch)
    ended, cpu = time.perf_counter(), time.thread_time() - cpu
    for item in batch:
        item.rec["w"], item.rec["wc"] = ended, cpu
    return result


def settle(self: Any, results: list[Any]) -> None:
    now = time.perf_counter()
    for item, _ in results:
        item.rec["s"] = now
    original_settle(self, results)


async def run(self: Any, work: Any) -> Any:
    def timed(session: Any) -> Any:
        started, cpu = time.perf_counter(), time.thread_time()
        try:
            return work(session)
        finally:
            wall, cpu = time.perf_counter() - started, time.thread_time() - cpu
            jobs.append((started, wall, cpu, getattr(work, "__qualname__", "?")))

    return await original_run(self, timed)


def dump() -> None:
    for path, data in ((PATH, rows), (PATH + ".jobs", jobs)):
        with open(path, "w") as out:
            json.dump(list(data), out)


def periodic() -> None:
    while True:
        time.sleep(5)
        dump()


st._Append = TracedAppend  # type: ignore[misc]
st.SqlStorage.append_action = append_action  # type: ignore[method-assign]
st.SqlStorage._write_batch = write_batch  # type: ignore[method-assign]
st.SqlStorage._settle = settle  # type: ignore[method-assign]
st.SqlStorage._run = run  # type: ignore[method-assign]
threading.Thread(target=periodic, daemon=True).start()
