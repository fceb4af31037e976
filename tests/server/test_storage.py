"""The SQL storage: group-committed appends and the unique (table_id, seq)."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event, update
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm import Session

from connect_arena.server.db import SqlStorage, make_engine, run_migrations
from connect_arena.server.db.models import UserRow
from connect_arena.server.db.storage import (
    BATCH_ENOUGH,
    PG_BATCH_ENOUGH,
    NameTakenError,
    StoredSession,
    StoredUser,
)
from connect_arena.service import LogEntry, Seat, SeatKind, SeqConflictError, TableStatus
from connect_arena.service.settings import NoteKind, ResultReason, TableNote, TableSettings


def storage(tmp_path: Path, **options: Any) -> SqlStorage:
    engine = make_engine(f"sqlite:///{tmp_path / 'arena.sqlite3'}")
    run_migrations(engine)
    return SqlStorage(engine, **options)


async def new_tables(db: SqlStorage, count: int) -> list[int]:
    """``count`` open Quinque tables of one new account, ``alice``."""
    user = await db.create_user("alice", None)
    seats = [Seat(0, SeatKind.HUMAN, user.id, "alice"), Seat(1)]
    return [(await db.create_table("quinque", {}, seats, user.id, n)).id for n in range(count)]


def test_a_batch_with_a_seq_conflict_keeps_the_other_appends(tmp_path: Path) -> None:
    async def body() -> list[object]:
        db = storage(tmp_path)
        user = await db.create_user("alice", None)
        seats = [Seat(0, SeatKind.HUMAN, user.id, "alice"), Seat(1)]
        first = await db.create_table("quinque", {}, seats, user.id, 1)
        second = await db.create_table("quinque", {}, seats, user.id, 2)
        results = await asyncio.gather(
            db.append_action(first.id, LogEntry(1, 0, "add T0,0 0,0")),
            db.append_action(first.id, LogEntry(1, 0, "add T0,0 1,1")),
            db.append_action(second.id, LogEntry(1, 0, "add T0,0 0,1"), [1.0, -1.0]),
            return_exceptions=True,
        )
        logs = [await db.load_actions(first.id), await db.load_actions(second.id)]
        finished = await db.get_table(second.id)
        db.close()
        assert [e.action for e in logs[0]] == ["add T0,0 0,0"]
        assert [e.action for e in logs[1]] == ["add T0,0 0,1"]
        assert finished is not None and finished.status is TableStatus.FINISHED
        assert finished.returns == [1.0, -1.0]
        return results

    results = asyncio.run(body())
    assert results[0] is None and results[2] is None
    assert isinstance(results[1], SeqConflictError)


def test_postgres_urls_use_psycopg() -> None:
    from connect_arena.server.db.connection import normalize_url

    assert normalize_url("postgres://a@h/db") == "postgresql+psycopg://a@h/db"
    assert normalize_url("postgresql://a@h/db") == "postgresql+psycopg://a@h/db"
    assert normalize_url("sqlite:///x") == "sqlite:///x"


@pytest.mark.parametrize("name", ["Alice", "ALICE"])
def test_names_are_unique_whatever_their_case(tmp_path: Path, name: str) -> None:
    async def body() -> None:
        db = storage(tmp_path)
        await db.create_user("alice", "hash")
        with pytest.raises(NameTakenError, match=name):
            await db.create_user(name, "hash")
        found = await db.user_by_name(name.lower())
        db.close()
        assert found is not None and found.name == "alice"

    asyncio.run(body())


def test_appends_arriving_while_others_are_written_wait_for_one_transaction(
    tmp_path: Path,
) -> None:
    # Group commit: once appends come from several tables at once, a batch waits a short
    # window for more (issue 25: two processes each batched half as many moves, so each
    # move paid more of a transaction's fixed cost). Every append is still acknowledged
    # only once committed: each reads back as soon as its call returns.
    batches: list[int] = []
    # A long window: the four appends below come one event-loop turn apart, which a loaded
    # machine may stretch beyond the default window.
    db = storage(tmp_path, on_batch=batches.append, window=0.5)

    async def body() -> list[int]:
        tables = await new_tables(db, 6)

        async def play(table_id: int, seq: int) -> int:
            await db.append_action(table_id, LogEntry(seq, 0, f"add T0,0 0,{seq}"))
            return len(await db.load_actions(table_id))

        # Two tables together: written in one batch, and concurrency is seen.
        assert list(await asyncio.gather(play(tables[0], 1), play(tables[1], 1))) == [1, 1]
        # Then four more, one event-loop turn apart: one transaction, not four.
        started = []
        for table_id in tables[2:]:
            started.append(asyncio.create_task(play(table_id, 1)))
            await asyncio.sleep(0)
        return list(await asyncio.gather(*started))

    try:
        assert asyncio.run(body()) == [1, 1, 1, 1]
    finally:
        db.close()
    assert batches == [2, 4]


def test_enough_appends_waiting_are_written_without_the_window(tmp_path: Path) -> None:
    # Under load the window only delayed every acknowledgement by a turn of the busy event
    # loop: once BATCH_ENOUGH appends wait, the batch is written at once. (A minute's window
    # here: the second batch would wait that long.)
    batches: list[int] = []
    db = storage(tmp_path, on_batch=batches.append, window=60.0)
    many = BATCH_ENOUGH + 1

    async def body() -> list[int]:
        tables = await new_tables(db, 2 + many)

        async def play(table_id: int) -> int:
            await db.append_action(table_id, LogEntry(1, 0, "add T0,0 0,1"))
            return len(await db.load_actions(table_id))

        # Two at once: several tables append, so the next batch would wait the window...
        assert list(await asyncio.gather(*(play(t) for t in tables[:2]))) == [1, 1]
        # ...but more than enough are already waiting: written at once, each acknowledged
        # once committed.
        return list(await asyncio.gather(*(play(t) for t in tables[2:])))

    try:
        assert asyncio.run(asyncio.wait_for(body(), 10)) == [1] * many
    finally:
        db.close()
    assert batches == [2, many]


def test_a_sqlite_batch_waits_for_more_appends_than_a_postgres_one(tmp_path: Path) -> None:
    # On SQLite the window, not four waiting appends, ends a crowded batch (issue 25, session
    # 53: 3 ms and four gave ~6.5 actions a transaction at 500 tables, 10 ms and sixteen ~17,
    # for 0.89x the CPU a move). Six appends while the writer waits the window after a batch
    # of two: one transaction (PostgreSQL's four would write four, then two). A long window
    # (the appends come 0.2 s after the first), for a loaded machine.
    batches: list[int] = []
    db = storage(tmp_path, on_batch=batches.append, window=1.0)

    async def body() -> list[int]:
        tables = await new_tables(db, 8)

        async def play(table_id: int) -> int:
            await db.append_action(table_id, LogEntry(1, 0, "add T0,0 0,1"))
            return len(await db.load_actions(table_id))

        assert list(await asyncio.gather(*(play(t) for t in tables[:2]))) == [1, 1]
        started = [asyncio.create_task(play(tables[2]))]
        await asyncio.sleep(0.1)  # the writer took it and waits the window for more
        started += [asyncio.create_task(play(t)) for t in tables[3:6]]  # four wait
        await asyncio.sleep(0.1)
        started += [asyncio.create_task(play(t)) for t in tables[6:]]
        return list(await asyncio.gather(*started))

    try:
        assert asyncio.run(asyncio.wait_for(body(), 10)) == [1] * 6
    finally:
        db.close()
    assert batches == [2, 6]
    assert PG_BATCH_ENOUGH < 6 < BATCH_ENOUGH


def test_an_append_is_committed_while_the_event_loop_is_busy(tmp_path: Path) -> None:
    # Issue 25: the `stored` phase carried a move's whole p99 because each batch waited for
    # turns of the busy event loop (to start its writer, to hear the database thread had
    # finished). The database thread now takes the appends itself: here the loop never
    # turns after the append is queued, and the action is still committed.
    path = tmp_path / "arena.sqlite3"
    engine = make_engine(f"sqlite:///{path}")
    run_migrations(engine)
    db = SqlStorage(engine)

    def stored() -> int:
        with sqlite3.connect(path) as reader:
            (count,) = reader.execute("SELECT count(*) FROM actions").fetchone()
        return int(count)

    async def body() -> tuple[int, int]:
        user = await db.create_user("alice", None)
        seats = [Seat(0, SeatKind.HUMAN, user.id, "alice"), Seat(1)]
        table = await db.create_table("quinque", {}, seats, user.id, 1)
        append = asyncio.create_task(db.append_action(table.id, LogEntry(1, 0, "add T0,0 0,0")))
        await asyncio.sleep(0)  # the append is queued; from here the loop is kept busy
        assert not append.done()
        deadline = time.monotonic() + 20  # a bound for a loaded machine, not a speed target
        while stored() == 0 and time.monotonic() < deadline:
            time.sleep(0.01)
        seen = stored()
        acknowledged = append.done()  # only a loop turn delivers the acknowledgement
        await append
        return seen, int(acknowledged)

    try:
        assert asyncio.run(body()) == (1, 0)
    finally:
        db.close()


def test_commits_leave_the_wal_checkpoint_to_a_thread_of_its_own(tmp_path: Path) -> None:
    # Issue 25: the commit that crossed SQLite's autocheckpoint threshold (1,000 pages)
    # copied the WAL into the database file and synced it before acknowledging its batch
    # (10-30 ms, every move of the batch waiting). The storage's connections no longer
    # checkpoint; a thread does (here every 20 ms), so the WAL stays bounded, and every
    # acknowledged action is there for a new connection.
    path = tmp_path / "arena.sqlite3"
    engine = make_engine(f"sqlite:///{path}")
    run_migrations(engine)
    db = SqlStorage(engine, checkpoint_every=0.02)
    wal = path.with_name(path.name + "-wal")

    async def body() -> tuple[int, int]:
        user = await db.create_user("alice", None)
        seats = [Seat(0, SeatKind.HUMAN, user.id, "alice"), Seat(1)]
        table = await db.create_table("quinque", {}, seats, user.id, 1)
        with engine.connect() as connection:
            (autocheckpoint,) = connection.exec_driver_sql("PRAGMA wal_autocheckpoint").one()
        largest = 0
        # 1,600 transactions of a few pages each: ~14 MB of WAL if nothing checkpointed.
        for seq in range(1, 1601):
            await db.append_action(table.id, LogEntry(seq, 0, f"add T0,0 0,{seq}"))
            if seq % 100 == 0:
                await asyncio.sleep(0.05)  # the checkpoints' turns, on a loaded machine too
            largest = max(largest, wal.stat().st_size if wal.exists() else 0)
        return int(autocheckpoint), largest

    try:
        autocheckpoint, largest = asyncio.run(body())
    finally:
        db.close()
    assert autocheckpoint == 0
    assert largest < 8_000_000
    with sqlite3.connect(path) as reader:
        (count,) = reader.execute("SELECT count(*) FROM actions").fetchone()
    assert count == 1600


def test_an_append_after_close_is_refused_and_the_next_one_too(tmp_path: Path) -> None:
    # Nothing writes once the storage is closed: an append then fails at once instead of
    # waiting for ever, and so does the next one (nothing is left half-queued).
    db = storage(tmp_path)

    async def body() -> list[object]:
        user = await db.create_user("alice", None)
        seats = [Seat(0, SeatKind.HUMAN, user.id, "alice"), Seat(1)]
        table = await db.create_table("quinque", {}, seats, user.id, 1)
        db.close()
        return await asyncio.gather(
            asyncio.wait_for(db.append_action(table.id, LogEntry(1, 0, "add T0,0 0,0")), 20),
            asyncio.wait_for(db.append_action(table.id, LogEntry(2, 1, "add T0,0 1,1")), 20),
            return_exceptions=True,
        )

    results = asyncio.run(body())
    assert [type(r) for r in results] == [RuntimeError, RuntimeError]


def test_a_committed_append_resumes_its_waiter_in_the_loop_turn_that_receives_it(
    tmp_path: Path,
) -> None:
    # Issue 25: the acknowledgement took two turns of the event loop, each 10-25 ms at p99
    # in a loaded server: one to receive the written batch from the database thread, and
    # one more to resume the waiting move (an asyncio future resumes its waiter through
    # call_soon). The move now resumes in the turn that receives the batch. A callback
    # re-queued every turn counts the turns; ``on_batch`` runs when the batch is received.
    turns = 0
    received: list[int] = []
    engine = make_engine(f"sqlite:///{tmp_path / 'arena.sqlite3'}")
    run_migrations(engine)
    db = SqlStorage(engine, on_batch=lambda size: received.append(turns))

    async def body() -> list[int]:
        loop = asyncio.get_running_loop()
        user = await db.create_user("alice", None)
        seats = [Seat(0, SeatKind.HUMAN, user.id, "alice"), Seat(1)]
        table = await db.create_table("quinque", {}, seats, user.id, 1)
        ticking = True

        def tick() -> None:
            nonlocal turns
            turns += 1
            if ticking:
                loop.call_soon(tick)

        loop.call_soon(tick)
        resumed = []
        for seq in (1, 2, 3):
            await db.append_action(table.id, LogEntry(seq, 0, f"add T0,0 0,{seq}"))
            resumed.append(turns)
        ticking = False
        return resumed

    try:
        resumed = asyncio.run(body())
    finally:
        db.close()
    assert received == resumed


def test_a_cancelled_wait_for_an_append_ends_at_once_and_the_append_is_still_written(
    tmp_path: Path,
) -> None:
    # The acknowledgement is not an asyncio future: cancelling the move waiting for it still
    # ends that wait with CancelledError, and the append, already queued, is written (as it
    # was with a future). The next append of the table reads back after it.
    db = storage(tmp_path)

    async def body() -> tuple[bool, list[int]]:
        user = await db.create_user("alice", None)
        seats = [Seat(0, SeatKind.HUMAN, user.id, "alice"), Seat(1)]
        table = await db.create_table("quinque", {}, seats, user.id, 1)
        waiting = asyncio.create_task(db.append_action(table.id, LogEntry(1, 0, "add T0,0 0,0")))
        await asyncio.sleep(0)
        waiting.cancel()
        with pytest.raises(asyncio.CancelledError):
            await waiting
        await db.append_action(table.id, LogEntry(2, 1, "add T0,0 1,1"))
        return waiting.cancelled(), [e.seq for e in await db.load_actions(table.id)]

    try:
        assert asyncio.run(body()) == (True, [1, 2])
    finally:
        db.close()


def test_a_sqlite_batch_that_ends_no_game_is_one_statement_without_a_transaction(
    tmp_path: Path,
) -> None:
    # Issue 25: a batch was BEGIN, an INSERT step per action and COMMIT, and at each step
    # the database thread let go of the GIL and waited to get it back from the busy event
    # loop (49 ms of wall time at p99 for 2.8 ms of CPU at 150 tables). A batch that ends no
    # game is now one multi-row INSERT, autocommitted; every append still reads back.
    engine = make_engine(f"sqlite:///{tmp_path / 'arena.sqlite3'}")
    run_migrations(engine)
    batches: list[int] = []
    db = SqlStorage(engine, on_batch=batches.append)
    statements: list[str] = []

    def trace(connection: sqlite3.Connection, _record: object) -> None:
        connection.set_trace_callback(statements.append)

    event.listen(engine, "connect", trace)

    async def body() -> list[list[int]]:
        user = await db.create_user("alice", None)
        seats = [Seat(0, SeatKind.HUMAN, user.id, "alice"), Seat(1)]
        tables = [(await db.create_table("quinque", {}, seats, user.id, n)).id for n in range(8)]
        statements.clear()
        batches.clear()
        for seq in (1, 2):
            await asyncio.gather(
                *(db.append_action(t, LogEntry(seq, 0, f"add T0,0 0,{seq}")) for t in tables)
            )
        written = list(statements)
        statements.clear()
        logs = [[e.seq for e in await db.load_actions(t)] for t in tables]
        statements.extend(written)
        return logs

    try:
        logs = asyncio.run(body())
    finally:
        db.close()
    assert logs == [[1, 2]] * 8
    inserts = [s for s in statements if s.startswith("INSERT INTO actions")]
    assert len(inserts) == len(batches)
    assert not [s for s in statements if s.split()[0].upper() in ("BEGIN", "COMMIT")]


def test_actions_written_in_one_statement_read_back_as_the_orm_writes_them(
    tmp_path: Path,
) -> None:
    # The single-statement path binds each value through the column's own SQLAlchemy type,
    # so its rows are the bytes the ORM's transaction writes: the same entries (an aware
    # time with microseconds, a clock or none, simultaneous or not) written both ways
    # (a batch that ends a game goes through a transaction) read back alike.
    path = tmp_path / "arena.sqlite3"
    db = storage(tmp_path)
    moment = datetime(2026, 11, 29, 19, 15, 7, 123456, tzinfo=UTC)
    entries = [
        LogEntry(1, 0, "add T0,0 0,0", False, moment, 12.5),
        LogEntry(2, 1, "add T0,0 1,1", True, moment, None),
    ]

    async def body() -> tuple[list[LogEntry], list[LogEntry]]:
        user = await db.create_user("alice", None)
        seats = [Seat(0, SeatKind.HUMAN, user.id, "alice"), Seat(1)]
        at_once = await db.create_table("quinque", {}, seats, user.id, 1)
        orm = await db.create_table("quinque", {}, seats, user.id, 2)
        for entry in entries:
            await db.append_action(at_once.id, entry)
        await db.append_action(orm.id, entries[0])
        await db.append_action(orm.id, entries[1], [1.0, -1.0], moment)
        return await db.load_actions(at_once.id), await db.load_actions(orm.id)

    try:
        read_at_once, read_orm = asyncio.run(body())
    finally:
        db.close()
    assert read_at_once == read_orm == entries
    with sqlite3.connect(path) as reader:
        rows = reader.execute(
            "SELECT table_id, seq, seat, action, simultaneous, created_at, clock "
            "FROM actions ORDER BY table_id, seq"
        ).fetchall()
    assert [row[1:] for row in rows[:2]] == [row[1:] for row in rows[2:]]


def test_session_and_account_look_ups_read_every_field(tmp_path: Path) -> None:
    # The two look-ups of every signed-in request read prebuilt SELECTs on a plain connection
    # (issue 25, session 53): each field comes back as stored, times in UTC.
    db = storage(tmp_path)
    seen = datetime(2026, 12, 1, 9, 30, 15, 250000, tzinfo=UTC)
    expires = datetime(2026, 12, 31, 9, 30, 15, tzinfo=UTC)
    muted = datetime(2026, 12, 2, 8, 0, tzinfo=UTC)

    async def body() -> tuple[object, ...]:
        alice = await db.create_user("alice", "hash")
        bob = await db.create_user("bob", None)
        await db.create_session("s-alice", alice.id, seen, expires, "a browser")

        def change(session: Session) -> None:
            session.execute(
                update(UserRow)
                .where(UserRow.id == alice.id)
                .values(role="moderator", chat_muted_until=muted, bot=True, closed_at=seen)
            )

        await db._run(change)
        return (
            await db.session_by_id("s-alice"),
            await db.session_by_id("s-nobody"),
            await db.user_by_id(alice.id),
            await db.user_by_id(bob.id),
            await db.user_by_id(alice.id + bob.id + 1),
            bob,
        )

    try:
        session, missing, alice, bob, nobody, created = asyncio.run(body())
    finally:
        db.close()
    assert session == StoredSession("s-alice", 1, seen, expires)
    assert missing is None and nobody is None
    assert alice == StoredUser(1, "alice", False, "hash", True, "moderator", muted, True)
    assert bob == created == StoredUser(2, "bob", True, None)


def test_a_tables_creation_and_its_seats_rewrite_read_back_and_fail_whole(
    tmp_path: Path,
) -> None:
    # A game's own writes run as prebuilt Core statements on a plain connection: what they
    # return and what is read back are the same table, and a join whose seats cannot be
    # written (the same seat twice) changes neither the seats nor the status.
    db = storage(tmp_path)
    settings = TableSettings(rated=False)

    async def body() -> tuple[Any, ...]:
        alice = await db.create_user("alice", None)
        bob = await db.create_user("bob", None)
        seats = [Seat(0, SeatKind.HUMAN, alice.id, "alice"), Seat(1)]
        created = await db.create_table(
            "quinque", {"tiles": 5}, seats, alice.id, 77, settings=settings
        )
        read = await db.get_table(created.id)
        joined = [seats[0], Seat(1, SeatKind.HUMAN, bob.id, "bob")]
        await db.update_table(created.id, joined, TableStatus.RUNNING)
        after_join = await db.get_table(created.id)
        twice = [joined[0], Seat(0, SeatKind.HUMAN, bob.id, "bob")]
        with pytest.raises(IntegrityError):
            await db.update_table(created.id, twice, TableStatus.FINISHED)
        return created, read, joined, after_join, await db.get_table(created.id)

    try:
        created, read, joined, after_join, after_refusal = asyncio.run(body())
    finally:
        db.close()
    assert read == created
    assert created.options == {"tiles": 5} and created.seed == 77
    assert created.status is TableStatus.OPEN and created.settings == settings
    assert created.created_at.tzinfo is not None
    assert after_join is not None and after_join.seats == joined
    assert after_join.status is TableStatus.RUNNING
    assert after_refusal == after_join


def test_a_games_end_notes_and_takeback_read_back_in_order_and_fail_whole(
    tmp_path: Path,
) -> None:
    # A game's end, its notes and a takeback run as prebuilt Core statements on a plain
    # connection: the notes read back in the order they were kept, a takeback cuts the log
    # and keeps its note, and an end whose seats cannot be written (the same seat twice)
    # changes nothing: no result, no note.
    db = storage(tmp_path)
    at = datetime(2026, 12, 1, 12, tzinfo=UTC)

    async def body() -> tuple[Any, ...]:
        alice = await db.create_user("alice", None)
        bob = await db.create_user("bob", None)
        seats = [Seat(0, SeatKind.HUMAN, alice.id, "alice"), Seat(1, SeatKind.HUMAN, bob.id, "bob")]
        table = await db.create_table("quinque", {}, seats, alice.id, 5)
        await db.update_table(table.id, seats, TableStatus.RUNNING)
        for seq in (1, 2, 3):
            await db.append_action(table.id, LogEntry(seq, seq % 2, f"a{seq}", False, at))
        hint = TableNote(NoteKind.HINT, 1, 0, at, {"hints": 1})
        draw = TableNote(NoteKind.DRAW, 2, 1, at, {"op": "offer"})
        await db.add_notes(table.id, [hint, draw])
        back = TableNote(NoteKind.TAKEBACK, 3, 1, at, {"to": 2})
        await db.take_back(table.id, 2, back)
        after_takeback = await db.load_actions(table.id)
        twice = [seats[0], Seat(0, SeatKind.HUMAN, bob.id, "bob")]
        resign = TableNote(NoteKind.RESIGN, 2, 1, at)
        with pytest.raises(IntegrityError):
            await db.end_table(table.id, [1.0, -1.0], ResultReason.RESIGNATION, at, [resign], twice)
        refused = await db.get_table(table.id)
        await db.end_table(table.id, [1.0, -1.0], ResultReason.RESIGNATION, at, [resign])
        return after_takeback, refused, await db.get_table(table.id), [hint, draw, back, resign]

    try:
        after_takeback, refused, ended, notes = asyncio.run(body())
    finally:
        db.close()
    assert [entry.seq for entry in after_takeback] == [1, 2]
    assert refused is not None and refused.status is TableStatus.RUNNING
    assert refused.returns is None and refused.notes == notes[:3]
    assert ended is not None and ended.status is TableStatus.FINISHED
    assert ended.returns == [1.0, -1.0] and ended.reason is ResultReason.RESIGNATION
    assert ended.finished_at == at and ended.notes == notes


def test_reads_on_the_held_connection_see_every_commit_and_survive_a_failure(
    tmp_path: Path,
) -> None:
    # SQLite's look-ups run on the connection the database thread holds for the appends:
    # each sees what the other connections committed just before, and a read that fails
    # leaves it usable for the next reads and appends.
    db = storage(tmp_path)
    now = datetime.now(UTC)

    async def body() -> tuple[Any, ...]:
        alice = await db.create_user("alice", None)
        seats = [Seat(0, SeatKind.HUMAN, alice.id, "alice"), Seat(1)]
        table = await db.create_table("quinque", {}, seats, alice.id, 1)
        await db.append_action(table.id, LogEntry(1, 0, "add T0,0 0,0", False, now))
        assert db._at_once is not None
        appends = db._at_once._held
        await db.create_session("s1", alice.id, now, now.replace(year=now.year + 1), None)
        first = await db.session_by_id("s1")
        read_on = await db._read(lambda connection: connection)

        def failing(connection: Any) -> None:
            connection.exec_driver_sql("SELECT no_such_column FROM sessions")

        with pytest.raises(OperationalError):
            await db._read(failing)
        kept = db._at_once._held
        await db.delete_session("s1")
        after_delete = await db.session_by_id("s1")
        await db.append_action(table.id, LogEntry(2, 1, "add T0,0 1,1", False, now))
        log = [entry.seq for entry in await db.load_actions(table.id)]
        return first, appends, read_on, kept, after_delete, log, await db.user_by_id(alice.id)

    try:
        first, appends, read_on, kept, after_delete, log, user = asyncio.run(body())
    finally:
        db.close()
    assert first is not None and first.id == "s1"
    assert appends is not None and read_on is appends and kept is appends
    assert after_delete is None
    assert log == [1, 2] and user is not None and user.name == "alice"


def test_a_batch_that_ends_a_game_is_one_insert_and_its_update_in_one_transaction(
    tmp_path: Path,
) -> None:
    # A batch that ends games is the same one INSERT, with each game's result, between
    # BEGIN and COMMIT on the connection held for the appends; when a result cannot be
    # written (here a trigger refuses one table's update) nothing of that append is: its
    # action is not in the log, its table still runs, and the other appends are kept.
    engine = make_engine(f"sqlite:///{tmp_path / 'arena.sqlite3'}")
    run_migrations(engine)
    db = SqlStorage(engine)
    statements: list[tuple[int, str]] = []

    def trace(connection: sqlite3.Connection, _record: object) -> None:
        connection.set_trace_callback(lambda text: statements.append((id(connection), text)))

    event.listen(engine, "connect", trace)
    moment = datetime(2026, 12, 1, 18, tzinfo=UTC)

    async def body() -> tuple[Any, ...]:
        user = await db.create_user("alice", None)
        seats = [Seat(0, SeatKind.HUMAN, user.id, "alice"), Seat(1)]
        ended, refused, other = [
            (await db.create_table("quinque", {}, seats, user.id, n)).id for n in range(3)
        ]
        with engine.begin() as connection:
            connection.exec_driver_sql(
                f"CREATE TRIGGER refuse BEFORE UPDATE ON tables WHEN NEW.id = {refused} "
                "BEGIN SELECT RAISE(ABORT, 'refused'); END"
            )
        for table in (ended, refused, other):
            await db.append_action(table, LogEntry(1, 0, "add T0,0 0,0", False, moment))
        held = {c for c, text in statements if text.startswith("INSERT INTO actions")}
        statements.clear()
        await db.append_action(
            ended, LogEntry(2, 1, "add T0,0 1,1", False, moment), [1.0, -1.0], moment
        )
        written = list(statements)
        with pytest.raises(SeqConflictError):
            await db.append_action(
                refused, LogEntry(2, 1, "add T0,0 1,1", False, moment), [1.0, -1.0], moment
            )
        await db.append_action(other, LogEntry(2, 1, "add T0,0 1,1", False, moment))
        logs = [[e.seq for e in await db.load_actions(t)] for t in (ended, refused, other)]
        infos = [await db.get_table(t) for t in (ended, refused)]
        return held, written, logs, infos

    try:
        held, written, logs, (ended, refused) = asyncio.run(body())
    finally:
        db.close()
    # SQLite traces a statement again for each trigger it runs: the refusing one here
    written = [s for n, s in enumerate(written) if n == 0 or s != written[n - 1]]
    assert {c for c, _ in written} == held and len(held) == 1  # the appends' own connection
    texts = [text for _, text in written]
    assert [text.split()[0].upper() for text in texts] == ["BEGIN", "INSERT", "UPDATE", "COMMIT"]
    assert texts[1].startswith("INSERT INTO actions") and "UPDATE tables" in texts[2]
    assert logs == [[1, 2], [1], [1, 2]]
    assert ended is not None and ended.status is TableStatus.FINISHED
    assert ended.returns == [1.0, -1.0] and ended.finished_at == moment
    assert refused is not None and refused.status is TableStatus.OPEN and refused.returns is None
