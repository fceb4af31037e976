"""While the actions' writer waits its group-commit window for more appends, only the append
that makes a batch big enough wakes it (issue 25, session 43: each append notified the writer
thread, a few microseconds of the event loop's time and a wake-up of the writer for nothing)."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

from connect_arena.server.db import SqlStorage, make_engine, run_migrations
from connect_arena.server.db.storage import BATCH_ENOUGH
from connect_arena.service import LogEntry, Seat, SeatKind


def test_appends_during_the_window_wake_the_writer_once_enough_wait(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'arena.sqlite3'}")
    run_migrations(engine)
    batches: list[int] = []
    db = SqlStorage(engine, on_batch=batches.append, window=5.0)
    notifies: list[str] = []
    woken: list[str] = []
    condition = db._arrived
    original = condition.notify

    def counting(n: int = 1) -> None:
        notifies.append(threading.current_thread().name)
        original(n)

    condition.notify = counting  # type: ignore[method-assign]

    async def body() -> tuple[int, list[int]]:
        user = await db.create_user("alice", None)
        seats = [Seat(0, SeatKind.HUMAN, user.id, "alice"), Seat(1)]
        tables = [
            (await db.create_table("quinque", {}, seats, user.id, n)).id
            for n in range(BATCH_ENOUGH + 5)
        ]
        # several tables' appends at once: the writer is crowded, the next batch waits
        seq = 1
        while not batches or batches[-1] < 2:
            await asyncio.gather(
                *(db.append_action(t, LogEntry(seq, 0, "add T0,0 0,1")) for t in tables)
            )
            seq += 1
        batches.clear()
        notifies.clear()
        first = asyncio.create_task(db.append_action(tables[0], LogEntry(seq, 0, "add T0,0 0,1")))
        await asyncio.sleep(0.3)  # the writer took the first one's wake-up and waits the window
        others = [
            asyncio.create_task(db.append_action(t, LogEntry(seq, 0, "add T0,0 0,1")))
            for t in tables[1:BATCH_ENOUGH]
        ]
        await asyncio.gather(first, *others)
        woken.extend(notifies)  # the appends' (the reads below notify the idle writer too)
        return seq, [len(await db.load_actions(t)) for t in tables[:BATCH_ENOUGH]]

    try:
        seq, stored = asyncio.run(body())
    finally:
        db.close()
    main = threading.main_thread().name
    assert stored == [seq] * BATCH_ENOUGH
    assert batches == [BATCH_ENOUGH]  # one transaction, written once enough waited
    assert woken.count(main) <= 2  # the first append's, and the one that made enough
