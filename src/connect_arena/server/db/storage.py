"""The match service's :class:`~connect_arena.service.Storage`, and the accounts, in SQL.

SQLAlchemy is used synchronously, off the event loop: one long-lived writer thread writes the
actions' group commits, and on SQLite (which has a single writer anyway, so serialising
in-process avoids 'database is locked' waits) every other job too, between its batches; other
databases run the other jobs in a small thread pool. The event loop never blocks on the
database. See ``docs/server.md``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
import time
from collections import deque
from collections.abc import Callable, Generator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextvars import Context
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, TypeVar

from sqlalchemy import (
    Connection,
    Engine,
    Row,
    Select,
    bindparam,
    delete,
    event,
    insert,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from connect_arena.core import OptionValue
from connect_arena.server.db.models import (
    ActionRow,
    NoteRow,
    SeatRow,
    SessionRow,
    TableRow,
    UserRow,
)
from connect_arena.service import (
    LogEntry,
    Seat,
    SeatKind,
    SeqConflictError,
    TableInfo,
    TableStatus,
)
from connect_arena.service.settings import NoteKind, ResultReason, TableNote, TableSettings

T = TypeVar("T")

logger = logging.getLogger(__name__)

BATCH_WINDOW = 0.010
"""Seconds a group commit waits for more appends once appends come from several tables at
once (issue 25), on SQLite. A transaction costs ~0.13 ms of the process's CPU on SQLite and
~0.45 ms on PostgreSQL whatever its size, against ~0.01 ms per action in it; without the wait a
batch held only the appends that arrived during the previous commit, so two processes (each
half the moves) paid that cost twice as often per move. A lone table's appends never wait.
It was 3 ms: at 500 tables (~1,600 moves a second) a batch then held ~6.5 actions, and 10 ms
with :data:`BATCH_ENOUGH` 16 ~17, for 0.89x the server's CPU a move and a lower p99 (issue
25, session 53: the database thread's CPU a move 0.091 → 0.069 ms, the event loop's, which
takes one hand-back a batch, 0.42 → 0.39 ms)."""

PG_BATCH_WINDOW = 0.020
"""The window on PostgreSQL, where a transaction costs about three times SQLite's and the
moves are shared by several processes: at 200 tables on three processes (~220 moves a second
each) a 3 ms window gave 1.37 actions a transaction, 20 ms 2.5-4 and ~0.2 ms less CPU a move
(issue 25, session 52); a move waits at most this long more, and not at all once
:data:`PG_BATCH_ENOUGH` appends wait."""

BATCH_ENOUGH = 16
"""Appends already waiting that make a batch worth writing at once, without the window, on
SQLite: the window is the one bound on a move's wait at the loads it fills. (20 ms and 48 gave
44 actions a transaction but a p99 of 50 ms at 500 tables.)"""

PG_BATCH_ENOUGH = 4
"""The same on PostgreSQL: a transaction of four spreads its fixed cost over enough actions
(0.19-0.22 ms of CPU an action, against 0.49-0.63 alone), and under load the window only added
a turn of the busy event loop to every move's acknowledgement (its 3 ms sleep took up to 24 ms
at p99 at 150 tables on a shared machine, the largest part of a move's time in a server)."""


AT_ONCE_ROWS = 1000
"""Most appends one ``INSERT`` of :class:`_AtOnceAppends` holds (7 parameters a row; SQLite
allows 32,766 since 3.32, PostgreSQL 65,535); a larger batch is written in several."""

HELD_IDLE = 30.0
"""Seconds unused after which :class:`_AtOnceAppends` gives its connection back to the pool
before the next batch, whose checkout pings it (``pool_pre_ping``): a connection the
database ended during a quiet spell (a PostgreSQL restart, a proxy's idle timeout) then
costs no batch. Under load the connection is never idle that long, and no batch pays the
ping's round trip."""


CHECKPOINT_EVERY = 2.0
"""Seconds between the SQLite WAL checkpoints of :class:`_Checkpointer`. Each one syncs the
WAL and the database file, which slows the commits running meanwhile: every 0.5 s cost
~0.04 ms of CPU a move at 500 tables (``bench_group_commit.py``), every 2 s nothing
measurable; the WAL then grows to ~5 MB between checkpoints at ~1,500 moves/s."""


class _Checkpointer:
    """Runs SQLite's WAL checkpoints on a thread of their own, off the commit path.

    With SQLite's default (``wal_autocheckpoint`` 1,000 pages) the commit that crosses the
    threshold copies the WAL into the database file and syncs it before it returns: one
    batch in a few hundred took 10-30 ms, and every move waiting for it (issue 25: at 500
    tables, the database thread's p99 per batch 8.5 ms, 2-4.5 ms without). Here the
    storage's connections never checkpoint (``PRAGMA wal_autocheckpoint=0``); this thread
    runs a ``PASSIVE`` checkpoint every ``every`` seconds (:data:`CHECKPOINT_EVERY`) on its own
    connection, which waits for no writer and blocks none, and a last one at :meth:`stop`.
    A write is durable at its commit either way (the WAL holds it), so nothing acknowledged
    depends on the checkpoint.
    """

    def __init__(self, engine: Engine, every: float) -> None:
        self._engine = engine
        self._every = every
        event.listen(engine, "connect", _no_autocheckpoint)
        engine.dispose()  # connections opened before (migrations) would still checkpoint
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._run, name="db-checkpoint", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stopping.wait(self._every):
            self.checkpoint()
        self.checkpoint()

    def checkpoint(self) -> None:
        """One ``PASSIVE`` checkpoint (a failure is logged; the next one retries)."""
        try:
            with self._engine.connect() as connection:
                connection.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
        except Exception:
            logger.exception("SQLite WAL checkpoint failed")

    def stop(self) -> None:
        """Run a last checkpoint and end the thread."""
        self._stopping.set()
        self._thread.join()


def _no_autocheckpoint(connection: Any, _record: Any) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA wal_autocheckpoint=0")
    cursor.close()


@dataclass(frozen=True, slots=True)
class StoredSession:
    """A session as stored (``id`` is the SHA-256 of the cookie's token)."""

    id: str
    user_id: int
    last_seen_at: datetime
    expires_at: datetime


@dataclass(frozen=True, slots=True)
class StoredUser:
    """An account as stored."""

    id: int
    name: str
    guest: bool
    password_hash: str | None
    bot: bool = False
    role: str = "player"
    """``player`` or ``moderator``."""
    chat_muted_until: datetime | None = None
    """A moderator's chat mute ends then (UTC)."""
    closed: bool = False


class NameTakenError(Exception):
    """Another account already has that name (names are compared case-insensitively)."""


def _aware(moment: datetime | None) -> datetime | None:
    """SQLite returns naive datetimes: they are UTC."""
    if moment is not None and moment.tzinfo is None:
        return moment.replace(tzinfo=UTC)
    return moment


_UserColumns = Row[int, str, bool, str | None, bool, str, datetime | None, datetime | None]
"""A row of :data:`_USER_BY_ID`."""

_SESSION_BY_ID = select(
    SessionRow.id, SessionRow.user_id, SessionRow.last_seen_at, SessionRow.expires_at
).where(SessionRow.id == bindparam("id"))
"""The look-up of every request and socket with a session cookie, built once (see
:meth:`SqlStorage._read`)."""

_USER_BY_ID = select(
    UserRow.id,
    UserRow.name,
    UserRow.guest,
    UserRow.password_hash,
    UserRow.bot,
    UserRow.role,
    UserRow.chat_muted_until,
    UserRow.closed_at,
).where(UserRow.id == bindparam("id"))
"""The account look-up behind a signed-in request (cached for ``USER_TTL`` by its caller)."""


_INSERT_TABLE = insert(TableRow)
_INSERT_SEATS = insert(SeatRow)
_DELETE_SEATS = delete(SeatRow).where(SeatRow.table_id == bindparam("table_ref"))
_SET_STATUS = (
    update(TableRow)
    .where(TableRow.id == bindparam("table_ref"))
    .values(status=bindparam("new_status"))
)
_FINISH_TABLE = update(TableRow).where(TableRow.id == bindparam("table_ref"))
"""A game's end: its result's columns are the parameters' other keys."""
_INSERT_NOTES = insert(NoteRow)
_INSERT_ACTIONS = insert(ActionRow)
_DELETE_ACTIONS_AFTER = delete(ActionRow).where(
    ActionRow.table_id == bindparam("table_ref"), ActionRow.seq > bindparam("keep")
)
"""A game's own writes (its table, its seats, its status at a join, its actions with its
end, its notes), built once and run on a plain connection (:meth:`SqlStorage._write`): the
end through an ORM session cost the database thread 1.3 ms (issue 25, session 55)."""


def _user(row: UserRow | _UserColumns) -> StoredUser:
    """An account from its ORM row or from a row of :data:`_USER_BY_ID` (the same names)."""
    return StoredUser(
        row.id,
        row.name,
        row.guest,
        row.password_hash,
        bool(row.bot),
        row.role or "player",
        _aware(row.chat_muted_until),
        row.closed_at is not None,
    )


class SqlStorage:
    """Tables, logs and accounts in a SQL database.

    Args:
        engine: a SQLAlchemy engine whose database is migrated.
        on_batch: called with the number of actions of each batch written (metrics).
        window: seconds a batch waits for more appends while appends come from several
            tables at once (by default :data:`PG_BATCH_WINDOW` on PostgreSQL, else
            :data:`BATCH_WINDOW`; 0: never).
        enough: appends waiting that end the window at once (by default
            :data:`PG_BATCH_ENOUGH` on PostgreSQL, else :data:`BATCH_ENOUGH`).
        checkpoint_every: seconds between SQLite's WAL checkpoints, run on a thread of their
            own (:class:`_Checkpointer`; a file database only).
    """

    def __init__(
        self,
        engine: Engine,
        on_batch: Callable[[int], object] | None = None,
        window: float | None = None,
        enough: int | None = None,
        checkpoint_every: float = CHECKPOINT_EVERY,
    ) -> None:
        self.engine = engine
        self._on_batch = on_batch
        sqlite = engine.dialect.name == "sqlite"
        postgres = engine.dialect.name == "postgresql"
        if window is None:
            window = PG_BATCH_WINDOW if postgres else BATCH_WINDOW
        self._window = window
        if enough is None:
            enough = PG_BATCH_ENOUGH if postgres else BATCH_ENOUGH
        self._enough = enough
        self._executor: ThreadPoolExecutor | None = (
            None if sqlite else ThreadPoolExecutor(4, thread_name_prefix="db")
        )
        """Other databases: the pool of the jobs other than appends (SQLite: the writer)."""
        self._checkpointer: _Checkpointer | None = None
        self._at_once: _AtOnceAppends | None = None
        if sqlite and engine.url.database not in (None, "", ":memory:"):
            self._checkpointer = _Checkpointer(engine, checkpoint_every)
            self._at_once = _AtOnceAppends(engine)
        elif postgres:
            self._at_once = _AtOnceAppends(engine)
        self._conflicts = (IntegrityError,) + (
            () if self._at_once is None else (self._at_once.conflict,)
        )
        """The errors of a taken ``(table_id, seq)``: SQLAlchemy's, and the driver's."""
        self._arrived = threading.Condition()
        """Guards the appends below; notified when one is queued (the window's wait)."""
        self._pending: list[_Append] = []
        self._jobs: deque[Callable[[], None]] = deque()
        """SQLite: the other jobs (:meth:`_run`), which the writer runs between batches."""
        self._idle = False
        """Whether the writer waits for work (then a new append or job notifies it)."""
        self._windowed = False
        """Whether the writer waits :attr:`_window` for more appends: then only the append
        that makes :attr:`_enough` wake it (each notify cost the event loop thread a few
        microseconds and woke the writer for nothing)."""
        self._closed = False
        self._crowded = False
        """Whether the last batch held several appends or others arrived while it was
        written: then the next one waits :attr:`_window` for more."""
        self._writer = threading.Thread(target=self._write_loop, name="db-writer", daemon=True)
        self._writer.start()

    async def _run(self, work: Callable[[Session], T]) -> T:
        """Run ``work(session)`` in one transaction on a database thread."""

        def job() -> T:
            with Session(self.engine, expire_on_commit=False) as session, session.begin():
                return work(session)

        return await self._dispatch(job)

    async def _write(self, work: Callable[[Connection], T]) -> T:
        """Run ``work(connection)`` in one transaction on a database thread, on a plain
        connection: prebuilt Core statements without an ORM session, for the writes of every
        game (its table and seats at creation, the seats again at each join), which cost
        the database thread 0.75-0.97 ms each through a session (issue 25, session 54)."""

        def job() -> T:
            with self.engine.begin() as connection:
                return work(connection)

        return await self._dispatch(job)

    async def _read(self, work: Callable[[Connection], T]) -> T:
        """Run ``work(connection)``, reads only, on a database thread, on a plain connection
        (rolled back when given back to the pool): a prebuilt ``SELECT`` by primary key cost
        42 us of that thread's CPU this way against 157-177 us through an ORM session, and every
        request and socket with a session cookie makes one (issue 25, session 53). On a SQLite
        file, whose jobs all run on the one database thread, it is the connection that thread
        holds for the appends (:meth:`_AtOnceAppends.connection`, in autocommit: each read sees
        the latest commit): a pool checkout and return were half of a look-up's cost (issue 25,
        session 55)."""
        at_once = self._at_once
        if self._executor is not None or at_once is None:

            def pooled() -> T:
                with self.engine.connect() as connection:
                    return work(connection)

            return await self._dispatch(pooled)
        return await self._dispatch(lambda: work(at_once.connection()))

    async def _dispatch(self, job: Callable[[], T]) -> T:
        """Run ``job()`` on the database thread: SQLite's writer, between batches, or the
        pool of the other databases."""
        loop = asyncio.get_running_loop()
        if self._executor is not None:
            return await loop.run_in_executor(self._executor, job)
        # SQLite has one writer: the jobs run on the writer thread, between the batches, so
        # no two of this process's connections ever wait for each other's locks
        answer: asyncio.Future[T] = loop.create_future()

        def run() -> None:
            try:
                result = job()
            except BaseException as failure:  # handed to the awaiting task, as an executor does
                with contextlib.suppress(RuntimeError):  # that loop was closed
                    loop.call_soon_threadsafe(_fail, answer, failure)
                return
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(_succeed, answer, result)

        with self._arrived:
            if self._closed:
                raise RuntimeError("the storage is closed")
            self._jobs.append(run)
            if self._idle:
                self._arrived.notify()
        return await answer

    def close(self) -> None:
        """Stop the database threads (what was queued is written first) and close the
        connections."""
        with self._arrived:
            self._closed = True
            self._arrived.notify()
        self._writer.join()
        if self._executor is not None:
            self._executor.shutdown(wait=True)
        if self._at_once is not None:
            self._at_once.close()
        if self._checkpointer is not None:
            self._checkpointer.stop()
        self.engine.dispose()

    # ----- accounts --------------------------------------------------------------------------
    async def create_user(self, name: str, password_hash: str | None) -> StoredUser:
        """Store a new account (a guest when ``password_hash`` is ``None``).

        Raises:
            NameTakenError: the name (case-insensitively) is taken.
        """

        def work(session: Session) -> StoredUser:
            row = UserRow(
                name=name,
                name_key=name.casefold(),
                password_hash=password_hash,
                guest=password_hash is None,
                created_at=datetime.now(UTC),
            )
            session.add(row)
            session.flush()
            return _user(row)

        try:
            return await self._run(work)
        except IntegrityError:
            raise NameTakenError(name) from None

    async def user_by_name(self, name: str) -> StoredUser | None:
        """The account named ``name`` (case-insensitively), or ``None``."""

        def work(session: Session) -> StoredUser | None:
            row = session.scalar(select(UserRow).where(UserRow.name_key == name.casefold()))
            return None if row is None else _user(row)

        return await self._run(work)

    async def user_by_id(self, user_id: int) -> StoredUser | None:
        """The account ``user_id``, or ``None``."""

        def work(connection: Connection) -> StoredUser | None:
            row = connection.execute(_USER_BY_ID, {"id": user_id}).first()
            return None if row is None else _user(row)

        return await self._read(work)

    async def set_password(self, user_id: int, password_hash: str) -> None:
        """Replace the password hash of account ``user_id``."""

        def work(session: Session) -> None:
            session.execute(
                update(UserRow).where(UserRow.id == user_id).values(password_hash=password_hash)
            )

        await self._run(work)

    async def upgrade_guest(self, user_id: int, name: str, password_hash: str) -> StoredUser | None:
        """Turn the guest ``user_id`` into an account named ``name`` with a password, in place:
        the same id, so its tables, seats and sessions stay its own; its seats take the name.

        Returns:
            The account, or ``None`` when ``user_id`` is not a guest (any more).

        Raises:
            NameTakenError: the name (case-insensitively) is taken.
        """

        def work(session: Session) -> StoredUser | None:
            # One conditional UPDATE: of two upgrades at once, only one finds a guest.
            changed = session.execute(
                update(UserRow)
                .where(UserRow.id == user_id, UserRow.guest.is_(True))
                .values(
                    name=name, name_key=name.casefold(), password_hash=password_hash, guest=False
                )
            )
            if changed.rowcount != 1:  # type: ignore[attr-defined]
                return None
            # Its seats (and so its records) show the new name.
            session.execute(update(SeatRow).where(SeatRow.user_id == user_id).values(name=name))
            return StoredUser(user_id, name, False, password_hash)

        try:
            return await self._run(work)
        except IntegrityError:
            raise NameTakenError(name) from None

    # ----- sessions ----------------------------------------------------------------------------
    async def create_session(
        self, session_id: str, user_id: int, now: datetime, expires_at: datetime, agent: str | None
    ) -> None:
        """Store a new session (and forget the expired ones)."""

        def work(session: Session) -> None:
            session.execute(delete(SessionRow).where(SessionRow.expires_at <= now))
            session.add(
                SessionRow(
                    id=session_id,
                    user_id=user_id,
                    created_at=now,
                    last_seen_at=now,
                    expires_at=expires_at,
                    user_agent=agent,
                )
            )

        await self._run(work)

    async def session_by_id(self, session_id: str) -> StoredSession | None:
        """The session ``session_id`` (expired or not), or ``None``."""

        def work(connection: Connection) -> StoredSession | None:
            row = connection.execute(_SESSION_BY_ID, {"id": session_id}).first()
            if row is None:
                return None
            key, user_id, last_seen_at, expires_at = row
            seen = _aware(last_seen_at) or last_seen_at
            return StoredSession(key, user_id, seen, _aware(expires_at) or seen)

        return await self._read(work)

    async def touch_session(self, session_id: str, now: datetime, expires_at: datetime) -> None:
        """Record that the session was used at ``now``; it now expires at ``expires_at``."""

        def work(session: Session) -> None:
            session.execute(
                update(SessionRow)
                .where(SessionRow.id == session_id)
                .values(last_seen_at=now, expires_at=expires_at)
            )

        await self._run(work)

    async def delete_session(self, session_id: str) -> None:
        """Revoke one session."""

        def work(session: Session) -> None:
            session.execute(delete(SessionRow).where(SessionRow.id == session_id))

        await self._run(work)

    async def delete_user_sessions(self, user_id: int, keep: str | None = None) -> None:
        """Revoke every session of ``user_id`` except ``keep``."""

        def work(session: Session) -> None:
            query = delete(SessionRow).where(SessionRow.user_id == user_id)
            if keep is not None:
                query = query.where(SessionRow.id != keep)
            session.execute(query)

        await self._run(work)

    # ----- the Storage protocol ----------------------------------------------------------------
    async def create_table(
        self,
        game: str,
        options: dict[str, OptionValue],
        seats: Sequence[Seat],
        created_by: int,
        seed: int,
        status: TableStatus = TableStatus.OPEN,
        settings: TableSettings | None = None,
    ) -> TableInfo:
        """See :meth:`connect_arena.service.Storage.create_table`."""
        chosen = settings or TableSettings()
        # The grace as chosen (None: the time control's default, whatever it is when read).
        stored = {**chosen.to_json(), "grace": chosen.grace}

        def work(connection: Connection) -> TableInfo:
            created_at = datetime.now(UTC)
            values = {
                "game": game,
                "options": dict(options),
                "num_players": len(seats),
                "status": status.value,
                "created_by": created_by,
                "seed": seed,
                "created_at": created_at,
                "settings": stored,
            }
            key = connection.execute(_INSERT_TABLE, values).inserted_primary_key
            assert key is not None  # a single-row INSERT always has it
            table_id: int = key[0]
            _write_seats(connection, table_id, seats)
            return TableInfo(
                id=table_id,
                game=game,
                options=dict(options),
                seats=list(seats),
                status=status,
                created_by=created_by,
                seed=seed,
                created_at=created_at,
                settings=TableSettings.from_json(stored),
            )

        return await self._write(work)

    async def update_table(self, table_id: int, seats: Sequence[Seat], status: TableStatus) -> None:
        """See :meth:`connect_arena.service.Storage.update_table`."""

        def work(connection: Connection) -> None:
            _replace_seats(connection, table_id, seats)
            connection.execute(_SET_STATUS, {"table_ref": table_id, "new_status": status.value})

        await self._write(work)

    async def append_action(
        self,
        table_id: int,
        entry: LogEntry,
        returns: list[float] | None = None,
        finished_at: datetime | None = None,
        reason: ResultReason | None = None,
        scores: list[float] | None = None,
    ) -> None:
        """See :meth:`connect_arena.service.Storage.append_action`.

        Appends are *group-committed*: those that arrive while the database thread is busy are
        written together in the next transaction, which waits the window
        (:data:`BATCH_WINDOW`, :data:`PG_BATCH_WINDOW`) for more while appends come from
        several tables at once and fewer than enough wait (:data:`BATCH_ENOUGH`,
        :data:`PG_BATCH_ENOUGH`; each append is
        still atomic with its table's result, and is acknowledged only once committed).

        Raises:
            SeqConflictError: the log already has an action at ``entry.seq``.
        """
        loop = asyncio.get_running_loop()
        done = _Acknowledgement(loop)
        ending = None if returns is None else (reason or ResultReason.NORMAL)
        item = _Append(table_id, entry, returns, finished_at, ending, done, scores, loop)
        with self._arrived:
            if self._closed:  # nothing would write it
                raise RuntimeError("the storage is closed")
            pending = self._pending
            pending.append(item)
            if self._idle or (self._windowed and len(pending) >= self._enough):
                self._arrived.notify()
        await done

    def _write_loop(self) -> None:
        """The writer thread, for the storage's life: write a batch of the queued appends
        whenever some wait (and, on SQLite, run the other jobs between batches), until
        :meth:`close`, after what was queued.

        It takes the appends and hands back the results itself, so a batch waits for no turn
        of the event loop (issue 25: under load each turn took tens of ms, and the writer
        needed three of them per batch); the loop's one turn delivers the acknowledgements,
        after the commit. A thread of its own instead of a pool job per batch: the event loop
        thread submitted one for each batch that found the writer idle (``submit`` was 7.4 %
        of its samples at 170 tables, session 41); now an append is a list append and, when
        the writer sleeps, a notify."""
        while True:
            with self._arrived:
                while not self._pending and not self._jobs and not self._closed:
                    self._idle = True
                    self._arrived.wait()
                self._idle = False
                waiting = len(self._pending)
                if self._crowded and self._window > 0 and 0 < waiting < self._enough:
                    self._windowed = True  # woken by the append that makes enough, or close
                    self._arrived.wait_for(
                        lambda: len(self._pending) >= self._enough or self._closed,
                        self._window,
                    )
                    self._windowed = False
                batch, self._pending = self._pending, []
                job = self._jobs.popleft() if self._jobs else None
                if not batch and job is None:  # closed, and everything queued is done
                    return
            if batch:
                self._write_and_hand_back(batch)
            if job is not None:
                job()

    def _write_and_hand_back(self, batch: list[_Append]) -> None:
        try:
            errors = self._write_batch(batch)
        except Exception as failure:  # the database failed: every append of the batch fails
            errors = [failure] * len(batch)
        with self._arrived:
            self._crowded = len(batch) > 1 or bool(self._pending)
        self._hand_back(batch, errors)

    def _hand_back(self, batch: list[_Append], errors: Sequence[Exception | None]) -> None:
        """Have each append's event loop settle it (:meth:`_settle`), from any thread."""
        by_loop: dict[asyncio.AbstractEventLoop, list[tuple[_Append, Exception | None]]] = {}
        for item, error in zip(batch, errors, strict=True):
            by_loop.setdefault(item.loop, []).append((item, error))
        for loop, results in by_loop.items():
            with contextlib.suppress(RuntimeError):  # that loop was closed
                loop.call_soon_threadsafe(self._settle, results)

    def _settle(self, results: list[tuple[_Append, Exception | None]]) -> None:
        """On the event loop: acknowledge (or refuse) each append of a written batch; each
        waiter resumes within this call (:class:`_Acknowledgement`)."""
        if self._on_batch is not None:
            self._on_batch(len(results))
        for item, error in results:
            if isinstance(error, self._conflicts):
                error = SeqConflictError(f"table {item.table_id} already has seq {item.entry.seq}")
            item.done.settle(error)

    def _write_batch(self, batch: list[_Append]) -> list[Exception | None]:
        """On SQLite and PostgreSQL one ``INSERT`` statement for the batch, with the games it
        ends in the same transaction (:class:`_AtOnceAppends`); on other databases one
        transaction (one ``executemany``). If it fails on a seq conflict, one transaction per
        append."""
        if self._at_once is not None:
            errors: list[Exception | None] = []
            for start in range(0, len(batch), AT_ONCE_ROWS):
                errors += self._write_at_once(batch[start : start + AT_ONCE_ROWS])
            return errors
        return self._write_transaction(batch)

    def _write_at_once(self, batch: list[_Append]) -> list[Exception | None]:
        """One ``INSERT`` of the batch (with the games it ends, in one transaction); on a seq
        conflict (nothing written), one transaction per append."""
        assert self._at_once is not None
        try:
            self._at_once.insert(batch)
            return [None] * len(batch)
        except self._at_once.conflict as conflict:
            if len(batch) == 1:
                return [conflict]
        except Exception as failure:  # the database failed, or the connection was lost
            return [failure] * len(batch)  # not acknowledged, and never retried
        return self._write_transaction(batch)

    def _write_transaction(self, batch: list[_Append]) -> list[Exception | None]:
        try:
            with self.engine.begin() as connection:
                _write_appends(connection, batch)
            return [None] * len(batch)
        except IntegrityError:
            if len(batch) == 1:
                raise
        errors: list[Exception | None] = []
        for item in batch:
            try:
                with self.engine.begin() as connection:
                    _write_appends(connection, [item])
                errors.append(None)
            except IntegrityError as error:
                errors.append(error)
        return errors

    async def end_table(
        self,
        table_id: int,
        returns: list[float] | None,
        reason: ResultReason,
        finished_at: datetime,
        notes: Sequence[TableNote] = (),
        seats: Sequence[Seat] | None = None,
    ) -> None:
        """See :meth:`connect_arena.service.Storage.end_table`."""

        def work(connection: Connection) -> None:
            connection.execute(_FINISH_TABLE, _finished(table_id, returns, reason, finished_at))
            _write_notes(connection, table_id, notes)
            if seats is not None:
                _replace_seats(connection, table_id, seats)

        await self._write(work)

    async def add_notes(
        self, table_id: int, notes: Sequence[TableNote], seats: Sequence[Seat] | None = None
    ) -> None:
        """See :meth:`connect_arena.service.Storage.add_notes`."""

        def work(connection: Connection) -> None:
            _write_notes(connection, table_id, notes)
            if seats is not None:
                _replace_seats(connection, table_id, seats)

        await self._write(work)

    async def take_back(self, table_id: int, keep: int, note: TableNote) -> None:
        """See :meth:`connect_arena.service.Storage.take_back`."""

        def work(connection: Connection) -> None:
            connection.execute(_DELETE_ACTIONS_AFTER, {"table_ref": table_id, "keep": keep})
            _write_notes(connection, table_id, [note])

        await self._write(work)

    async def get_table(self, table_id: int) -> TableInfo | None:
        """See :meth:`connect_arena.service.Storage.get_table`."""

        def work(session: Session) -> TableInfo | None:
            row = session.get(TableRow, table_id)
            if row is None:
                return None
            return _info(row, _read_seats(session, table_id), _read_notes(session, [table_id]))

        return await self._run(work)

    async def load_actions(self, table_id: int, after: int = 0) -> list[LogEntry]:
        """See :meth:`connect_arena.service.Storage.load_actions`."""

        def work(session: Session) -> list[LogEntry]:
            rows = session.scalars(
                select(ActionRow)
                .where(ActionRow.table_id == table_id, ActionRow.seq > after)
                .order_by(ActionRow.seq)
            )
            return [
                LogEntry(
                    r.seq,
                    r.seat,
                    r.action,
                    r.simultaneous,
                    _aware(r.created_at) or r.created_at,
                    r.clock,
                )
                for r in rows
            ]

        return await self._run(work)

    async def active_tables(self) -> list[TableInfo]:
        """See :meth:`connect_arena.service.Storage.active_tables`."""
        active = [TableStatus.OPEN.value, TableStatus.RUNNING.value]
        return await self._tables(select(TableRow).where(TableRow.status.in_(active)))

    async def finished_tables(self, limit: int, game: str | None = None) -> list[TableInfo]:
        """See :meth:`connect_arena.service.Storage.finished_tables`."""
        query = select(TableRow).where(TableRow.status == TableStatus.FINISHED.value)
        if game is not None:
            query = query.where(TableRow.game == game)
        query = query.order_by(TableRow.finished_at.desc(), TableRow.id.desc()).limit(limit)
        return await self._tables(query)

    async def _tables(self, query: Select[Any]) -> list[TableInfo]:
        def work(session: Session) -> list[TableInfo]:
            rows: list[TableRow] = list(session.scalars(query))
            seats: dict[int, list[Seat]] = {row.id: [] for row in rows}
            if rows:
                found = session.scalars(
                    select(SeatRow).where(SeatRow.table_id.in_(seats)).order_by(SeatRow.seat)
                )
                for seat in found:
                    seats[seat.table_id].append(_seat(seat))
            notes = _read_notes(session, list(seats))
            return [_info(row, seats[row.id], notes) for row in rows]

        return await self._run(work)


def _succeed(answer: asyncio.Future[T], result: T) -> None:
    if not answer.done():  # its task may have been cancelled meanwhile
        answer.set_result(result)


def _fail(answer: asyncio.Future[Any], failure: BaseException) -> None:
    if not answer.done():
        answer.set_exception(failure)


class _Acknowledgement:
    """The awaitable answer to one append: ``None`` once committed, or the append's error.

    It follows asyncio's future protocol (a task awaiting it parks on it, and a cancel of
    that task cancels it), with one difference: :meth:`settle`, called by the event loop's
    callback that receives a written batch, resumes the waiting task right there instead
    of a loop turn later (an :class:`asyncio.Future` runs its done-callbacks through
    ``call_soon``). Under load a turn of the loop took 10-25 ms at p99 (issue 25), and each
    move's acknowledgement needed two: one to receive the batch, one to resume the move.
    """

    __slots__ = ("_asyncio_future_blocking", "_callbacks", "_error", "_loop", "_state")

    _PENDING, _DONE, _CANCELLED = 0, 1, 2

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop
        self._state = self._PENDING
        self._error: BaseException | None = None
        self._callbacks: list[tuple[Callable[[Any], object], Context | None]] = []
        self._asyncio_future_blocking = False
        """Set while a task awaits it (asyncio's future protocol)."""

    def get_loop(self) -> asyncio.AbstractEventLoop:
        """The loop whose task awaits this (asyncio's future protocol)."""
        return self._loop

    def done(self) -> bool:
        """Whether settled or cancelled."""
        return self._state != self._PENDING

    def cancelled(self) -> bool:
        """Whether cancelled (its waiting task was)."""
        return self._state == self._CANCELLED

    def result(self) -> None:
        """``None`` once committed.

        Raises:
            asyncio.CancelledError: it was cancelled.
            asyncio.InvalidStateError: not settled yet.
            Exception: the append's own error (:meth:`SqlStorage.append_action`).
        """
        if self._state == self._CANCELLED:
            raise asyncio.CancelledError
        if self._state == self._PENDING:
            raise asyncio.InvalidStateError("the append is not written yet")
        if self._error is not None:
            raise self._error

    def exception(self) -> BaseException | None:
        """The append's error, or ``None`` (raises as :meth:`result` when not settled)."""
        if self._state == self._CANCELLED:
            raise asyncio.CancelledError
        if self._state == self._PENDING:
            raise asyncio.InvalidStateError("the append is not written yet")
        return self._error

    def add_done_callback(
        self, callback: Callable[[Any], object], *, context: Context | None = None
    ) -> None:
        """Call ``callback(self)`` once done (a loop turn later if it already is)."""
        if self.done():
            self._loop.call_soon(callback, self, context=context)
        else:
            self._callbacks.append((callback, context))

    def remove_done_callback(self, callback: Callable[[Any], object]) -> int:
        """Forget ``callback``; returns how many were removed."""
        kept = [pair for pair in self._callbacks if pair[0] != callback]
        removed, self._callbacks = len(self._callbacks) - len(kept), kept
        return removed

    def cancel(self, msg: object = None) -> bool:
        """Cancel (the waiting task's cancel does): the append may still be written."""
        if self.done():
            return False
        self._state = self._CANCELLED
        callbacks, self._callbacks = self._callbacks, []
        for callback, context in callbacks:
            self._loop.call_soon(callback, self, context=context)
        return True

    def settle(self, error: BaseException | None) -> None:
        """Commit (``error`` ``None``) or refuse the append, and resume its waiter now.

        Only from a plain callback of the loop, never inside a task's step (a task's step
        cannot start inside another's); there it falls back to a loop turn."""
        if self.done():
            return
        self._state, self._error = self._DONE, error
        callbacks, self._callbacks = self._callbacks, []
        inline = asyncio.current_task(self._loop) is None
        for callback, context in callbacks:
            if not inline:
                self._loop.call_soon(callback, self, context=context)
                continue
            try:
                if context is None:
                    callback(self)
                else:
                    context.run(callback, self)
            except (SystemExit, KeyboardInterrupt):
                raise
            except BaseException as failure:  # as a loop's Handle reports it
                self._loop.call_exception_handler(
                    {"message": "acknowledgement callback failed", "exception": failure}
                )

    def __await__(self) -> Generator[Any, None, None]:
        if not self.done():
            self._asyncio_future_blocking = True
            yield self
        self.result()


@dataclass(slots=True)
class _Append:
    """An append waiting for the database thread."""

    table_id: int
    entry: LogEntry
    returns: list[float] | None
    finished_at: datetime | None
    reason: ResultReason | None
    done: _Acknowledgement
    scores: list[float] | None
    loop: asyncio.AbstractEventLoop
    """The loop awaiting ``done`` (its futures are set there only)."""


class _AtOnceAppends:
    """Writes a batch of appends as one autocommitted multi-row ``INSERT`` (SQLite and
    PostgreSQL); a batch that ends games also marks them finished, in an explicit
    transaction on the same connection (through a transaction of the pool's it cost the
    database thread ~0.6 ms more than a batch that ends none: issue 25, session 55).

    Through SQLAlchemy a batch was a transaction: on SQLite ``BEGIN``, one ``INSERT`` step
    per action and ``COMMIT``, the database thread letting go of the GIL at each step and,
    with the event loop busy, waiting for it again each time (issue 25: at 150 tables 0.9 ms
    of the thread's CPU at p50 but 49 ms of wall time at p99, each move of the batch
    waiting); on PostgreSQL a pool checkout with its pre-ping, ``BEGIN``, the rows and
    ``COMMIT``, four round trips and ~0.45 ms of the process's CPU. One statement is one
    round trip, atomic (all its rows or none) and, autocommitted, durable as a committed
    transaction (SQLite's WAL with ``synchronous=NORMAL``; PostgreSQL's commit).

    It holds one connection of the engine's pool for the storage's life, in autocommit,
    used by the database thread only. The row's placeholders are those SQLAlchemy renders
    for the dialect (PostgreSQL's casts included) and the values go through the columns'
    own bind processors, so the rows are those the ORM writes (``tests/server/
    test_storage.py``, ``tests/scale/test_pg_appends.py``). Any failure but a conflict drops
    the connection (a lost one cannot be told from the others, and the next batch must not
    meet it again); the next batch opens a new one. A failed statement is never retried
    here: its outcome may be unknown (the connection lost before the reply). After
    :data:`HELD_IDLE` unused, the connection is checked out again (and pinged) first.
    """

    COLUMNS = ("table_id", "seq", "seat", "action", "simultaneous", "created_at", "clock")

    def __init__(self, engine: Engine) -> None:
        self._engine = engine
        dialect = engine.dialect
        dbapi = dialect.loaded_dbapi
        self.conflict: type[Exception] = dbapi.IntegrityError
        """The driver's error for a taken ``(table_id, seq)`` (nothing was written)."""
        table = ActionRow.__table__
        self._processors = [
            table.c[name].type.dialect_impl(dialect).bind_processor(dialect)
            for name in self.COLUMNS
        ]
        one = insert(ActionRow).inline().values({name: bindparam(name) for name in self.COLUMNS})
        text = one.compile(dialect=dialect).string
        if dialect.paramstyle == "pyformat":  # psycopg: %(name)s -> %s, in the same order
            text = text % dict.fromkeys(self.COLUMNS, "%s")
        elif dialect.paramstyle != "qmark":
            raise ValueError(f"no single-statement appends for {dialect.paramstyle} parameters")
        head, self._row = text.split(" VALUES ")
        if head != f"INSERT INTO actions ({', '.join(self.COLUMNS)})":  # bound in this order
            raise ValueError(f"the actions' INSERT lists other columns: {head}")
        self._head = head + " VALUES "
        self._statements: dict[int, str] = {}
        self._held: Connection | None = None
        """The pool's connection (opened at the first batch, on the database thread)."""
        self._used = 0.0
        """When :attr:`_held` last wrote a batch (``time.monotonic()``)."""

    def insert(self, batch: list[_Append]) -> None:
        """Insert the batch's actions in one statement (on the database thread).

        Raises:
            Exception: the driver's ``IntegrityError`` (:attr:`conflict`) when an action's
                ``(table_id, seq)`` is taken: nothing is written. Any other error of the
                driver or the pool: the connection is dropped; nothing is written unless
                the connection was lost after the statement reached the database (then the
                rows may be there, and a new append at their seq meets a conflict).
        """
        statement = self._statements.get(len(batch))
        if statement is None:
            statement = self._head + ", ".join([self._row] * len(batch))
            self._statements[len(batch)] = statement
        values: list[object] = []
        processors = self._processors
        for item in batch:
            entry = item.entry
            row = (
                item.table_id,
                entry.seq,
                entry.seat,
                entry.action,
                entry.simultaneous,
                entry.created_at,
                entry.clock,
            )
            for processor, value in zip(processors, row, strict=True):
                values.append(value if processor is None or value is None else processor(value))
        held = self.connection()
        ending = [item for item in batch if item.returns is not None]
        try:
            cursor = held.connection.cursor()
            try:
                if ending:
                    cursor.execute("BEGIN")  # autocommit: the transaction is ours to open
                cursor.execute(statement, values)
                for item in ending:
                    held.execute(_FINISH_TABLE, _finish_params(item))
                if ending:
                    cursor.execute("COMMIT")
            except BaseException:
                if ending:
                    with contextlib.suppress(Exception):  # a lost connection is dropped below
                        cursor.execute("ROLLBACK")
                raise
            finally:
                cursor.close()
        except self.conflict:
            raise
        except Exception:
            self._drop()
            raise

    def connection(self) -> Connection:
        """The held connection, in autocommit (on the database thread only): opened at the
        first use, and checked out again (and pinged) after :data:`HELD_IDLE` unused. On
        SQLite the storage's look-ups run on it too (:meth:`SqlStorage._read`)."""
        now = time.monotonic()
        if self._held is not None and now - self._used > HELD_IDLE:
            self._drop(invalidate=False)  # the checkout below pings it, or opens another
        if self._held is None:
            self._held = self._engine.connect().execution_options(isolation_level="AUTOCOMMIT")
        self._used = now
        return self._held

    def _drop(self, invalidate: bool = True) -> None:
        """Give the held connection back to the pool; ``invalidate``: discard it (it may be
        broken) instead of keeping it for another checkout."""
        held, self._held = self._held, None
        if held is not None:
            with contextlib.suppress(Exception):  # it is going anyway
                if invalidate:
                    held.invalidate()
                held.close()

    def close(self) -> None:
        """Give the connection back (after the database thread stopped)."""
        self._drop(invalidate=False)


def _write_appends(connection: Connection, batch: list[_Append]) -> None:
    """Insert the batch's actions and mark the games they end as finished."""
    rows = [
        {
            "table_id": item.table_id,
            "seq": item.entry.seq,
            "seat": item.entry.seat,
            "action": item.entry.action,
            "simultaneous": item.entry.simultaneous,
            "created_at": item.entry.created_at,
            "clock": item.entry.clock,
        }
        for item in batch
    ]
    connection.execute(_INSERT_ACTIONS, rows)
    for item in batch:
        if item.returns is not None:
            connection.execute(_FINISH_TABLE, _finish_params(item))


def _finished(
    table_id: int,
    returns: Sequence[float] | None,
    reason: ResultReason,
    finished_at: datetime | None,
) -> dict[str, Any]:
    """:data:`_FINISH_TABLE`'s parameters: table ``table_id`` finished."""
    return {
        "table_ref": table_id,
        "status": TableStatus.FINISHED.value,
        "returns": None if returns is None else list(returns),
        "reason": reason.value,
        "finished_at": finished_at,
    }


def _finish_params(item: _Append) -> dict[str, Any]:
    """:data:`_FINISH_TABLE`'s parameters for the game ``item`` ends, with its final scores."""
    assert item.returns is not None
    finished = _finished(
        item.table_id, item.returns, item.reason or ResultReason.NORMAL, item.finished_at
    )
    finished["scores"] = None if item.scores is None else list(item.scores)
    return finished


def _seat(row: SeatRow) -> Seat:
    return Seat(
        row.seat, SeatKind(row.kind), row.user_id, row.name, row.agent, row.takeover, row.bot
    )


def _read_seats(session: Session, table_id: int) -> list[Seat]:
    rows = session.scalars(
        select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)
    )
    return [_seat(row) for row in rows]


def _replace_seats(connection: Connection, table_id: int, seats: Sequence[Seat]) -> None:
    """The table's seats become ``seats`` (in the caller's transaction)."""
    connection.execute(_DELETE_SEATS, {"table_ref": table_id})
    _write_seats(connection, table_id, seats)


def _write_seats(connection: Connection, table_id: int, seats: Sequence[Seat]) -> None:
    connection.execute(
        _INSERT_SEATS,
        [
            {
                "table_id": table_id,
                "seat": s.index,
                "kind": s.kind.value,
                "user_id": s.user_id,
                "name": s.name,
                "agent": s.agent,
                "takeover": s.takeover,
                "bot": s.bot,
            }
            for s in seats
        ],
    )


def _write_notes(connection: Connection, table_id: int, notes: Sequence[TableNote]) -> None:
    """Keep ``notes`` of the table, in order (in the caller's transaction)."""
    if notes:
        connection.execute(
            _INSERT_NOTES,
            [
                {
                    "table_id": table_id,
                    "seq": note.seq,
                    "seat": note.seat,
                    "kind": note.kind.value,
                    "at": note.at,
                    "data": dict(note.data),
                }
                for note in notes
            ],
        )


def _read_notes(session: Session, table_ids: list[int]) -> dict[int, list[TableNote]]:
    """The notes of ``table_ids``, in the order they were kept."""
    notes: dict[int, list[TableNote]] = {table_id: [] for table_id in table_ids}
    if table_ids:
        rows = session.scalars(
            select(NoteRow).where(NoteRow.table_id.in_(table_ids)).order_by(NoteRow.id)
        )
        for r in rows:
            at = _aware(r.at) or r.at
            notes[r.table_id].append(TableNote(NoteKind(r.kind), r.seq, r.seat, at, dict(r.data)))
    return notes


def _info(row: TableRow, seats: list[Seat], notes: dict[int, list[TableNote]]) -> TableInfo:
    return TableInfo(
        id=row.id,
        game=row.game,
        options=dict(row.options),
        seats=seats,
        status=TableStatus(row.status),
        created_by=row.created_by,
        seed=row.seed,
        created_at=_aware(row.created_at) or row.created_at,
        returns=None if row.returns is None else list(row.returns),
        scores=None if row.scores is None else list(row.scores),
        finished_at=_aware(row.finished_at),
        settings=TableSettings.from_json(row.settings),
        reason=None if row.reason is None else ResultReason(row.reason),
        notes=notes.get(row.id, []),
    )
