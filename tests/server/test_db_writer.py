"""The actions' writer is one long-lived thread (issue 25, session 42): the event loop hands it
an append with a list append (and a notify when it sleeps), not a thread-pool job per batch, and
on SQLite it runs the storage's other jobs between its batches (one writer connection at a time,
as before)."""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from connect_arena.server.db import SqlStorage, make_engine, run_migrations
from connect_arena.service import LogEntry, Seat, SeatKind


def storage(tmp_path: Path, **options: Any) -> SqlStorage:
    engine = make_engine(f"sqlite:///{tmp_path / 'arena.sqlite3'}")
    run_migrations(engine)
    return SqlStorage(engine, **options)


def test_the_event_loop_submits_no_pool_job_for_the_appends(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Before, each batch that found the writer idle was a ThreadPoolExecutor.submit from the
    # event loop thread (7.4 % of its samples at 170 tables, session 41's profile). Appends
    # here come one at a time (the writer idle before each) and then eight at once.
    submitted: list[str] = []
    original = ThreadPoolExecutor.submit

    def counting(self: ThreadPoolExecutor, *args: Any, **kwargs: Any) -> Any:
        submitted.append(threading.current_thread().name)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(ThreadPoolExecutor, "submit", counting)
    batches: list[int] = []
    db = storage(tmp_path, on_batch=batches.append)

    async def body() -> list[int]:
        loop = threading.current_thread().name
        user = await db.create_user("alice", None)
        seats = [Seat(0, SeatKind.HUMAN, user.id, "alice"), Seat(1)]
        tables = [(await db.create_table("quinque", {}, seats, user.id, n)).id for n in range(8)]
        submitted.clear()
        for seq in range(1, 6):
            await db.append_action(tables[0], LogEntry(seq, 0, f"add T0,0 0,{seq}"))
        await asyncio.gather(
            *(db.append_action(t, LogEntry(1, 0, "add T0,0 0,1")) for t in tables[1:])
        )
        assert [name for name in submitted if name == loop] == []
        return [len(await db.load_actions(t)) for t in tables]

    try:
        assert asyncio.run(body()) == [5, 1, 1, 1, 1, 1, 1, 1]
    finally:
        db.close()
    assert sum(batches) == 12


def test_sqlite_jobs_and_batches_share_one_thread_and_close_writes_what_waits(
    tmp_path: Path,
) -> None:
    # SQLite has one writer: the other jobs run on the writer thread between its batches (no
    # two connections of the process wait for each other's locks). Appends queued when the
    # storage closes are written (and acknowledged) before close returns; later ones are
    # refused.
    db = storage(tmp_path)
    threads: set[str] = set()

    async def body() -> tuple[list[object], list[int]]:
        user = await db.create_user("alice", None)
        seats = [Seat(0, SeatKind.HUMAN, user.id, "alice"), Seat(1)]
        tables = [(await db.create_table("quinque", {}, seats, user.id, n)).id for n in range(6)]
        await db._run(lambda session: threads.add(threading.current_thread().name))
        # the reads on a plain connection (session and account look-ups) too
        await db._read(lambda connection: threads.add(threading.current_thread().name))
        assert await db.user_by_id(user.id) == user
        appends = [
            asyncio.create_task(db.append_action(t, LogEntry(1, 0, "add T0,0 0,1"))) for t in tables
        ]
        await asyncio.sleep(0)  # every append is queued
        db.close()
        results = await asyncio.gather(*appends, return_exceptions=True)
        late = await asyncio.gather(
            db.append_action(tables[0], LogEntry(2, 1, "add T0,0 1,1")), return_exceptions=True
        )
        return results + late, tables

    results, tables = asyncio.run(body())
    assert results[:6] == [None] * 6
    assert isinstance(results[6], RuntimeError)
    assert threads == {"db-writer"}
    reopened = storage(tmp_path)
    try:

        async def stored() -> list[int]:
            return [len(await reopened.load_actions(t)) for t in tables]

        assert asyncio.run(stored()) == [1] * 6
    finally:
        reopened.close()
