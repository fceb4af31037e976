"""PostgreSQL appends that end no game: one autocommitted multi-row ``INSERT`` (issue 25).

Through the ORM each batch was a pool checkout with its pre-ping (``SELECT 1``), ``BEGIN``, the
``INSERT`` and ``COMMIT``. What the storage sends is read from libpq's own trace of every
connection the engine opens (one file each): an ``Execute`` or a simple ``Query`` is a
statement, and a connection in a transaction sends ``BEGIN`` first.
"""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from typing import IO, Any

import psycopg
import pytest
from sqlalchemy import Engine, event

from connect_arena.server.db import SqlStorage, make_engine, run_migrations
from connect_arena.server.db import storage as storage_module
from connect_arena.service import LogEntry, Seat, SeatKind, SeqConflictError


@dataclass(frozen=True)
class Statement:
    """A statement a connection executed."""

    connection: int
    """The connection's number, in the order they were opened."""
    text: str
    in_transaction: bool
    """Whether it ran inside a ``BEGIN`` ... ``COMMIT``/``ROLLBACK``."""


PARSE = re.compile(r' "(?P<name>[^"]*)" "(?P<text>.*)')
"""A statement's name and its text's first line (then its parameters' count and types)."""
BIND = re.compile(r' "[^"]*" "(?P<name>[^"]*)"')
QUERY = re.compile(r' "(?P<text>.*)"$')


class Trace:
    """libpq's trace of every connection ``engine`` opens from now on, one file each.

    libpq writes it through a buffer that a connection flushes when it sends again or
    closes: read it once the engine's connections are closed.
    """

    def __init__(self, engine: Engine, directory: Path) -> None:
        self._directory = directory
        self._files: list[tuple[Path, IO[str]]] = []
        event.listen(engine, "connect", self._start)

    def _start(self, connection: Any, _record: object) -> None:
        path = self._directory / f"connection-{len(self._files)}.trace"
        handle = path.open("w")
        self._files.append((path, handle))
        connection.pgconn.trace(handle.fileno())
        connection.pgconn.set_trace_flags(psycopg.pq.Trace.SUPPRESS_TIMESTAMPS)

    def statements(self) -> list[Statement]:
        """Every statement executed, from the frontend's messages: a simple ``Query``, or an
        ``Execute`` of the statement last bound (named by its ``Parse``, or the unnamed
        one)."""
        executed = []
        for number, (path, _) in enumerate(self._files):
            prepared: dict[str, str] = {}
            bound, in_transaction = "", False
            for line in path.read_text().splitlines():
                if not line.startswith("F\t"):
                    continue
                kind, rest = [*line.split("\t", 3)[2:], ""][:2]
                text = None
                if kind == "Parse" and (parse := PARSE.match(rest)):
                    prepared[parse["name"]] = parse["text"]
                elif kind == "Bind" and (bind := BIND.match(rest)):
                    bound = prepared[bind["name"]]
                elif kind == "Execute":
                    text = bound
                elif kind == "Query" and (query := QUERY.match(rest)):
                    text = query["text"]
                if text is None:
                    continue
                word = text.split(" ", 1)[0].strip('"').upper()
                in_transaction = in_transaction or word == "BEGIN"
                executed.append(Statement(number, text, in_transaction))
                in_transaction = in_transaction and word not in ("COMMIT", "ROLLBACK")
        return executed

    def close(self) -> None:
        """Close the trace files (after the engine's connections closed)."""
        for _, handle in self._files:
            handle.close()


def action_inserts(statements: list[Statement]) -> list[Statement]:
    """The ``INSERT`` statements of actions."""
    return [s for s in statements if s.text.startswith("INSERT INTO actions ")]


def terminate_the_others(database_url: str) -> int:
    """End every other connection to the database (waiting until each is gone)."""
    with psycopg.connect(database_url, autocommit=True) as admin:
        ended = admin.execute(
            "SELECT count(*) FILTER (WHERE pg_terminate_backend(pid, 10000)) "
            "FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        ).fetchone()
    assert ended is not None
    return int(ended[0])


@pytest.fixture
def traced(database_url: str, tmp_path: Path) -> Iterator[tuple[Engine, Trace]]:
    """A migrated engine on a new database, traced from its first connection."""
    engine = make_engine(database_url)
    trace = Trace(engine, tmp_path)
    run_migrations(engine)
    yield engine, trace
    engine.dispose()
    trace.close()


async def new_tables(db: SqlStorage, count: int) -> list[int]:
    user = await db.create_user("alice", None)
    seats = [Seat(0, SeatKind.HUMAN, user.id, "alice"), Seat(1)]
    return [(await db.create_table("quinque", {}, seats, user.id, n)).id for n in range(count)]


def test_a_postgres_batch_that_ends_no_game_is_one_statement_without_a_transaction(
    traced: tuple[Engine, Trace],
) -> None:
    engine, trace = traced
    batches: list[int] = []
    db = SqlStorage(engine, on_batch=batches.append)

    async def body() -> list[list[int]]:
        tables = await new_tables(db, 8)
        for seq in (1, 2, 3):
            await asyncio.gather(
                *(db.append_action(t, LogEntry(seq, 0, f"add T0,0 0,{seq}")) for t in tables)
            )
        return [[e.seq for e in await db.load_actions(t)] for t in tables]

    try:
        logs = asyncio.run(body())
    finally:
        db.close()
    assert logs == [[1, 2, 3]] * 8
    assert sum(batches) == 24
    statements = trace.statements()
    inserts = action_inserts(statements)
    # one statement a batch, outside any transaction, on one connection held for them
    assert len(inserts) == len(batches)
    assert not [s for s in inserts if s.in_transaction]
    (held,) = {s.connection for s in inserts}
    on_held = [s for s in statements if s.connection == held]
    at = [n for n, s in enumerate(on_held) if s in inserts]
    assert at == list(range(at[0], at[0] + len(inserts)))  # no BEGIN, COMMIT or ping between


def test_actions_written_in_one_postgres_statement_read_back_as_the_orm_writes_them(
    traced: tuple[Engine, Trace], database_url: str
) -> None:
    # The same entries (aware times with microseconds, in UTC and another zone, a clock or
    # none, a chance seat, quotes and non-ASCII text) written in one statement and through
    # the ORM's transaction (a batch that ends a game) read back alike, row for row.
    engine, trace = traced
    db = SqlStorage(engine)
    moment = datetime(2026, 11, 29, 19, 15, 7, 123456, tzinfo=UTC)
    elsewhere = datetime(2026, 11, 29, 21, 15, 7, 5, tzinfo=timezone(timedelta(hours=2)))
    entries = [
        LogEntry(1, 0, "add T0,0 0,0", False, moment, 12.5),
        LogEntry(2, -1, "roll 6 'é' %s $1", False, elsewhere, None),
        LogEntry(3, 1, "add T0,0 1,1", True, moment, 0.1),
    ]

    async def body() -> tuple[list[int], list[LogEntry], list[LogEntry]]:
        tables = await new_tables(db, 2)
        for entry in entries:
            await db.append_action(tables[0], entry)
        for entry in entries:  # each ends the game: a transaction
            await db.append_action(tables[1], entry, [1.0, -1.0], moment)
        return tables, await db.load_actions(tables[0]), await db.load_actions(tables[1])

    try:
        tables, read_at_once, read_orm = asyncio.run(body())
    finally:
        db.close()
    inserts = action_inserts(trace.statements())
    assert [s.in_transaction for s in inserts] == [False] * 3 + [True] * 3
    assert read_at_once == read_orm == entries
    # the stored values themselves, compared by the server: no row of one table's log
    # lacks its twin in the other's
    stored = "SELECT seq, seat, action, simultaneous, created_at, clock FROM actions"
    one_way = f"{stored} WHERE table_id = %s EXCEPT ALL {stored} WHERE table_id = %s"
    with psycopg.connect(database_url) as reader:
        unmatched = reader.execute(
            f"({one_way}) UNION ALL ({one_way})", [*tables, *reversed(tables)]
        ).fetchall()
        count = reader.execute("SELECT count(*) FROM actions").fetchone()
    assert unmatched == []
    assert count == (6,)


def test_a_postgres_batch_with_a_seq_conflict_keeps_the_other_appends(
    traced: tuple[Engine, Trace],
) -> None:
    # The statement fails whole (a unique violation), then each append gets a transaction
    # of its own: only the conflicting one is refused.
    engine, trace = traced
    db = SqlStorage(engine)

    async def body() -> tuple[list[object], list[list[str]]]:
        tables = await new_tables(db, 3)
        await db.append_action(tables[0], LogEntry(1, 0, "add T0,0 0,0"))
        results = await asyncio.gather(
            db.append_action(tables[1], LogEntry(1, 0, "add T0,0 0,1")),
            db.append_action(tables[0], LogEntry(1, 0, "add T0,0 1,1")),
            db.append_action(tables[2], LogEntry(1, 0, "add T0,0 0,2")),
            return_exceptions=True,
        )
        return results, [[e.action for e in await db.load_actions(t)] for t in tables]

    try:
        results, logs = asyncio.run(body())
    finally:
        db.close()
    assert results[0] is None and results[2] is None
    assert isinstance(results[1], SeqConflictError)
    assert logs == [["add T0,0 0,0"], ["add T0,0 0,1"], ["add T0,0 0,2"]]
    inserts = action_inserts(trace.statements())
    # the first append, then the batch's statement (or the conflicting append's, if it
    # came alone) outside a transaction; the others' fallback transactions, if any
    assert len([s for s in inserts if not s.in_transaction]) >= 2


def across_a_termination(
    engine: Engine, database_url: str
) -> tuple[int, list[object], list[list[int]]]:
    """On a new storage: seq 1 appended on three tables; every other connection to the
    database ended; seq 2 appended (each refused one again, as its mover would); seq 3.
    Returns how many connections were ended, seq 2's results and the three logs' seqs."""
    db = SqlStorage(engine)

    async def body() -> tuple[int, list[object], list[list[int]]]:
        tables = await new_tables(db, 3)
        await asyncio.gather(*(db.append_action(t, LogEntry(1, 0, "add T0,0 0,0")) for t in tables))
        ended = terminate_the_others(database_url)
        second = [db.append_action(t, LogEntry(2, 0, "add T0,0 0,1")) for t in tables]
        results = await asyncio.gather(*second, return_exceptions=True)
        for table_id, result in zip(tables, results, strict=True):
            if result is not None:
                await db.append_action(table_id, LogEntry(2, 0, "add T0,0 0,1"))
        await asyncio.gather(*(db.append_action(t, LogEntry(3, 0, "add T0,0 0,2")) for t in tables))
        return ended, results, [[e.seq for e in await db.load_actions(t)] for t in tables]

    try:
        return asyncio.run(body())
    finally:
        db.close()


def test_a_terminated_backend_costs_only_its_batch_and_the_next_append_is_written(
    traced: tuple[Engine, Trace], database_url: str
) -> None:
    # PostgreSQL ends the connection the appends are written on (pg_terminate_backend, as a
    # restart or an administrator would). The batch that meets it is refused, not
    # acknowledged (and, the backend gone before the statement, not written: re-appending
    # it succeeds, nothing doubled); the connection is dropped and the next batches are
    # one statement each on a new one.
    engine, trace = traced
    ended, results, logs = across_a_termination(engine, database_url)
    assert ended >= 1
    refused = [result for result in results if result is not None]
    assert refused  # the batch that met the ended connection (the first after it)
    assert all(isinstance(result, psycopg.OperationalError) for result in refused)
    assert logs == [[1, 2, 3]] * 3
    inserts = action_inserts(trace.statements())
    assert not [s for s in inserts if s.in_transaction]
    assert len({s.connection for s in inserts}) == 2  # the ended one, then its successor


def test_a_connection_idle_past_held_idle_is_checked_before_the_next_batch(
    traced: tuple[Engine, Trace], database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # After a quiet spell (HELD_IDLE; 0 here: always) the held connection goes back to the
    # pool, whose checkout pings it: a connection PostgreSQL ended meanwhile (a restart, a
    # proxy's idle cut) costs no batch; the batch is one statement on a new connection.
    monkeypatch.setattr(storage_module, "HELD_IDLE", 0.0)
    engine, trace = traced
    ended, results, logs = across_a_termination(engine, database_url)
    assert ended >= 1
    assert results == [None] * 3
    assert logs == [[1, 2, 3]] * 3
    inserts = action_inserts(trace.statements())
    assert not [s for s in inserts if s.in_transaction]


def test_closing_a_postgres_storage_gives_its_connections_back(
    traced: tuple[Engine, Trace], database_url: str
) -> None:
    # Two storages one after the other on one engine: each holds its appends' connection
    # for its life and ends it at close(), so none is left open after the second.
    engine, _ = traced

    async def play(db: SqlStorage, seq: int) -> None:
        tables = await new_tables(db, 1) if seq == 1 else [1]
        await db.append_action(tables[0], LogEntry(seq, 0, f"add T0,0 0,{seq}"))

    for seq in (1, 2):
        db = SqlStorage(engine)
        try:
            asyncio.run(play(db, seq))
        finally:
            db.close()
    with psycopg.connect(database_url, autocommit=True) as admin:
        seqs = admin.execute("SELECT seq FROM actions ORDER BY seq").fetchall()
        deadline = time.monotonic() + 20  # a backend leaves a moment after its client
        while others(admin) and time.monotonic() < deadline:
            time.sleep(0.05)
        left = others(admin)
    assert seqs == [(1,), (2,)]
    assert left == 0


def others(admin: psycopg.Connection[Any]) -> int:
    """The database's other connections."""
    row = admin.execute(
        "SELECT count(*) FROM pg_stat_activity "
        "WHERE datname = current_database() AND pid <> pg_backend_pid()"
    ).fetchone()
    assert row is not None
    return int(row[0])


def test_a_postgres_batch_waits_its_longer_window_for_more_appends(
    traced: tuple[Engine, Trace],
) -> None:
    """On PostgreSQL a crowded group commit waits ``PG_BATCH_WINDOW`` (20 ms) for more appends
    (a transaction costs three times SQLite's there; it was 3 ms): two appends 8 ms apart,
    after a batch of two, are written together."""
    engine, _ = traced
    batches: list[int] = []
    db = SqlStorage(engine, on_batch=batches.append)

    async def body() -> None:
        a, b, c = await new_tables(db, 3)
        await asyncio.gather(*(db.append_action(t, LogEntry(1, 0, "add T0,0 0,1")) for t in (a, b)))
        first = asyncio.ensure_future(db.append_action(a, LogEntry(2, 0, "add T0,0 0,2")))
        await asyncio.sleep(0.008)
        await asyncio.gather(first, db.append_action(c, LogEntry(1, 0, "add T0,0 0,1")))

    try:
        asyncio.run(body())
    finally:
        db.close()
    assert storage_module.PG_BATCH_WINDOW == 0.020 > 0.008
    assert batches[-1] == 2, batches
