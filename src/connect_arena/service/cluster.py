"""Several processes sharing one database: table leases, catching up and remote broadcasts.

With a :class:`Coordinator` (Redis in the server, ``connect_arena.server.coordination``), every
process keeps a *replica* of each open and running table and may run any table's move pipeline,
but only while it holds the table's **lease**, which one process at a time can hold:

1. take the lease (waiting while another process holds it, at most its expiry);
2. *catch up*: the lease tells the table's last committed seq; a replica behind it reads the
   missing actions from the database and applies them (broadcasting them to its viewers);
3. run the operation exactly as a single process does (validate, append, apply, broadcast);
4. release the lease, recording the new seq and publishing the new actions (and the table's
   seats and status when they changed) to the other processes, which apply them to their
   replicas and broadcast them to their own viewers. A table's actions reach only the
   processes that *follow* it (have interest in it: a viewer, a computer seat thinking, its
   lease; :meth:`Cluster.review`); its seats and status reach every process (the lobby).
   A process that has had no interest in a table for :data:`RELEASE_AFTER` seconds lets its
   game go (state, log, events) and keeps only its description; it reads the game back from
   the database when it next needs it (step 2).

A process that dies holding a lease loses it when it expires; whatever it committed is in the
database and the next holder reads it back (step 2). Every seq is appended once: the storage's
unique ``(table_id, seq)`` refuses a second action even if a lease expired in the middle of an
append, and the loser catches up. Without a coordinator nothing here runs: one process, as
before. See ``docs/scaling.md``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import Counter, OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

import orjson

from connect_arena.core import GameError
from connect_arena.core.events import GameEvent
from connect_arena.service.live_table import LiveTable, encode, rebuild
from connect_arena.service.model import (
    MAX_ID,
    ErrorCode,
    LogEntry,
    Seat,
    SeatKind,
    ServiceError,
    TableInfo,
    TableStatus,
    utcnow,
)
from connect_arena.service.results import final_returns
from connect_arena.service.settings import NoteKind, ResultReason, TableNote, TableSettings
from connect_arena.service.storage import Storage
from connect_arena.service.table_events import ReplicaChanged, TableEvents

log = logging.getLogger(__name__)

SWEEP_SECONDS = 1.0
"""How often a process looks for tables whose chance outcome or computer move nobody is
producing (their process died): each is resumed by whichever process takes its lease
(:meth:`connect_arena.service.computer_seats.ComputerSeats.start_resuming`)."""

INTEREST_SECONDS = 1.0
"""How often a process reviews which tables it follows (:meth:`Cluster.review`)."""

UNFOLLOW_AFTER = 2.0
"""Seconds a followed table must have been without interest here before this process stops
following it (a viewer reconnecting, or the next computer move, then costs no resubscription)."""

RELEASE_AFTER = 30.0
"""Seconds a running table must have been without interest here, and not followed, before this
process lets its game go and keeps only its description (:meth:`LiveTable.release`): a viewer
who reloads the page finds the game still held; one who comes later has it read back."""


class Replicas(Protocol):
    """What the cluster needs of its host, the table registry: the tables in memory, the
    storage, and the one way a game's end is recorded."""

    storage: Storage
    finished: OrderedDict[int, LiveTable]

    @property
    def tables(self) -> dict[int, LiveTable]:
        """The open and running tables in memory, by id (changed in place)."""

    def finish(
        self,
        table: LiveTable,
        returns: list[float] | None,
        finished_at: datetime | None,
        reason: ResultReason = ResultReason.NORMAL,
        remote: bool = False,
    ) -> None:
        """Record a game's end in memory and publish it (``remote``: ended elsewhere)."""

    def finished_elsewhere(self, table: LiveTable, info: TableInfo) -> None:
        """Record the end of a game another process finished, described by ``info``, on a
        replica that did not follow it, without replaying its log; drop the replica."""


class CoordinationError(Exception):
    """The coordinator could not be reached, or a lease could not be had in time."""


def honour_cancel() -> None:
    """Raise the current task's cancellation if one was requested and swallowed below it.

    redis-py 8.1 can let a command answer, or fail with a ``RedisError``, although the task
    awaiting it was cancelled meanwhile (a test cancelling commands at random moments saw 387
    of 3,000 cancels swallowed). A loop that handles errors and goes on calls this after each
    round, so that stopping it (a process's shutdown) never waits for it forever.

    Raises:
        asyncio.CancelledError: a cancellation of the task is pending (``Task.cancelling``).
    """
    task = asyncio.current_task()
    if task is not None and task.cancelling():
        raise asyncio.CancelledError


@dataclass(slots=True)
class Grant:
    """A held table lease.

    Attributes:
        known_seq: the table's last committed seq as recorded at the last release, or
            ``None`` when unknown (then the database is asked).
        seq: set by the holder: the table's seq when it releases (recorded if higher).
        message: set by the holder: the text published to the other processes at release.
        shared: set by the holder: publish ``message`` to every process (a change the lobby
            shows) rather than only to those that follow the table.
    """

    known_seq: int | None
    seq: int | None = None
    message: str | None = None
    shared: bool = False


class Coordinator(Protocol):
    """What several processes share besides the database (implemented with Redis).

    Attributes:
        origin: this process's id, which tags what it publishes.
    """

    origin: str

    def lease(self, table_id: int) -> AbstractAsyncContextManager[Grant]:
        """Hold ``table_id``'s lease for the block: no other process holds it meanwhile (it
        is renewed while held, and expires if this process dies). At exit it records
        ``grant.seq`` and publishes ``grant.message``.

        Raises:
            CoordinationError: the lease stayed taken past its expiry, or the coordinator is
                unreachable.
        """
        ...

    def drive(self, table_id: int) -> AbstractAsyncContextManager[bool]:
        """Try to become the one process playing ``table_id``'s computer seats; the block
        receives whether it did (the claim is renewed while held and expires with the
        process). Never waits."""
        ...

    async def follow(self, table_id: int) -> None:
        """Receive the messages published for ``table_id`` (not :attr:`Grant.shared`) from
        now on: returns once every later one is sure to arrive.

        Raises:
            CoordinationError: the coordinator is unreachable.
        """
        ...

    async def unfollow(self, table_id: int) -> None:
        """Stop receiving the messages published for ``table_id`` alone."""
        ...

    def holds(self, table_id: int) -> bool:
        """Whether this process holds ``table_id``'s lease now (using or keeping it)."""
        ...

    async def claim(self, name: str, ms: int) -> bool:
        """Take or renew the claim ``name`` for ``ms`` milliseconds: whether this process
        holds it now (another process's claim is never taken before it expires; a claim
        not renewed expires by itself, so a dead process's is taken over).

        Raises:
            CoordinationError: the coordinator is unreachable.
        """
        ...

    async def unclaim(self, name: str) -> None:
        """Let go of the claim ``name`` if this process holds it (nothing otherwise)."""
        ...

    async def publish(self, text: str) -> None:
        """Publish ``text`` to every process (this one included; at most once, as pub/sub).

        Raises:
            CoordinationError: the coordinator is unreachable.
        """
        ...

    async def start(
        self, receive: Callable[[str], None], resync: Callable[[], Awaitable[None]]
    ) -> None:
        """Deliver every message other processes publish to ``receive``; after a lost
        connection (messages may have been missed), await ``resync``."""
        ...

    async def close(self) -> None:
        """Stop receiving and close the connections."""
        ...


# ----- the messages ----------------------------------------------------------------------------
def info_json(info: TableInfo) -> dict[str, Any]:
    """A table's description as JSON (to publish it)."""
    return {
        "id": info.id,
        "game": info.game,
        "options": info.options,
        "seats": [seat.to_json() for seat in info.seats],
        "status": info.status.value,
        "created_by": info.created_by,
        "seed": info.seed,
        "created_at": info.created_at.isoformat(),
        "returns": info.returns,
        "scores": info.scores,
        "finished_at": None if info.finished_at is None else info.finished_at.isoformat(),
        "settings": info.settings.to_json(),
        "reason": None if info.reason is None else info.reason.value,
        "notes": [note.to_json() for note in info.notes],
    }


def info_from_json(data: dict[str, Any]) -> TableInfo:
    """The inverse of :func:`info_json`."""
    seats = [
        Seat(
            s["seat"],
            SeatKind(s["kind"]),
            s["user_id"],
            s["name"],
            s["agent"],
            s["takeover"],
            bool(s.get("bot", False)),
        )
        for s in data["seats"]
    ]
    finished = data["finished_at"]
    reason = data.get("reason")
    return TableInfo(
        id=data["id"],
        game=data["game"],
        options=dict(data["options"]),
        seats=seats,
        status=TableStatus(data["status"]),
        created_by=data["created_by"],
        seed=data["seed"],
        created_at=datetime.fromisoformat(data["created_at"]),
        returns=data["returns"],
        scores=data.get("scores"),
        finished_at=None if finished is None else datetime.fromisoformat(finished),
        settings=TableSettings.from_json(data.get("settings")),
        reason=None if reason is None else ResultReason(reason),
        notes=[note_from_json(note) for note in data.get("notes", [])],
    )


def note_from_json(data: dict[str, Any]) -> TableNote:
    """The inverse of :meth:`TableNote.to_json`."""
    rest = {k: v for k, v in data.items() if k not in ("kind", "seq", "seat", "at")}
    return TableNote(
        NoteKind(data["kind"]), data["seq"], data["seat"], datetime.fromisoformat(data["at"]), rest
    )


def entry_json(entry: LogEntry) -> list[Any]:
    """A log entry as a compact JSON array."""
    return [
        entry.seq,
        entry.seat,
        entry.action,
        entry.simultaneous,
        entry.created_at.isoformat(),
        entry.clock,
    ]


def entry_from_json(data: list[Any]) -> LogEntry:
    """The inverse of :func:`entry_json`."""
    clock = data[5] if len(data) > 5 else None
    return LogEntry(data[0], data[1], data[2], data[3], datetime.fromisoformat(data[4]), clock)


RelayHandler = Callable[[dict[str, Any]], Coroutine[Any, Any, None]]
"""What a process does with a relayed message's body (:meth:`Cluster.on`)."""


class Relay(Protocol):
    """Sends what is not a table's change to every other process: user events, chat lines,
    session revocations (:class:`Cluster` over the coordinator; ``None`` when alone)."""

    def send(self, kind: str, body: dict[str, Any]) -> None:
        """Hand ``body`` to the ``kind`` handler of every other process (in the background,
        at most once: pub/sub)."""


class Cluster:
    """The service's side of coordination: leases around table operations, catching up,
    and applying what other processes publish.

    Args:
        registry: the replicas (the tables in memory), the storage, and how a game's end is
            recorded.
        hub: where each change another process made is published (:class:`ReplicaChanged`;
            the lobby listens).
        coordinator: the shared coordinator (Redis).
        release_after: seconds a running table must have been without interest here, and not
            followed, before its game is let go (:data:`RELEASE_AFTER`).
    """

    def __init__(
        self,
        registry: Replicas,
        hub: TableEvents,
        coordinator: Coordinator,
        release_after: float = RELEASE_AFTER,
    ) -> None:
        self.registry = registry
        self.release_after = release_after
        self.hub = hub
        self.coordinator = coordinator
        self._tasks: set[asyncio.Task[None]] = set()
        self._handlers: dict[str, RelayHandler] = {}
        self.dormant: dict[int, float] = {}
        """Replicas left behind on purpose (no viewer here): table id → the monotonic time
        of the last change they skipped. They catch up from the database when used."""
        self.following: set[int] = set()
        """The tables whose own channel this process subscribes to (:meth:`follow`): those
        it has interest in. The others' moves never reach it (their replicas are dormant)."""
        self.messages: Counter[int] = Counter()
        """Messages about each table another process published that this process received
        and parsed, by table id: what following only the tables of interest saves."""
        self._idle: dict[int, float] = {}
        self._quiet: dict[int, float] = {}
        """Tables not followed and without interest here: the monotonic time since when."""
        # Every message starts with its sender ({"origin": ..., as encode writes it): this
        # process's own come back on the channels it follows and are dropped unparsed.
        self._own = encode({"origin": coordinator.origin})[:-1] + ","

    # ----- relayed messages (not a table's change) ----------------------------------------------
    def on(self, kind: str, handler: RelayHandler) -> None:
        """Run ``handler(body)`` for each ``kind`` message another process :meth:`send` s
        (one handler per kind, registered in the composition root)."""
        self._handlers[kind] = handler

    def send(self, kind: str, body: dict[str, Any]) -> None:
        """See :meth:`Relay.send`: ``{"origin", "relay": kind, "body"}`` on the channel."""
        text = encode({"origin": self.coordinator.origin, "relay": kind, "body": body})

        async def publish() -> None:
            try:
                await self.coordinator.publish(text)
            except CoordinationError as error:
                log.warning("could not relay a %s message: %s", kind, error)

        self._spawn(publish())

    def _relayed(self, kind: str, body: Any) -> None:
        handler = self._handlers.get(kind)
        if handler is None or not isinstance(body, dict):
            log.warning("ignoring a relayed %r message", kind)
            return
        self._spawn(handler(body))

    async def start(self) -> None:
        """Start receiving (before the tables are loaded, so nothing is missed) and reviewing
        which tables to follow (every :data:`INTEREST_SECONDS`)."""
        await self.coordinator.start(self._received, self._resync)
        self._spawn(self._reviewing())

    # ----- per-table interest -------------------------------------------------------------------
    def interested(self, table: LiveTable) -> bool:
        """Whether this process has interest in ``table``'s moves: someone watches it here,
        one of its computer seats is thinking here, or this process holds its lease (it is
        active here: its clocks and the next operations run here)."""
        return (
            any(not s.closed for s in table.subscribers)
            or (table.thinking is not None and not table.thinking.done())
            or self.coordinator.holds(table.id)
        )

    async def follow(self, table_id: int) -> None:
        """Subscribe to ``table_id``'s channel (nothing when it is followed already); once
        this returns every later move made elsewhere reaches this process, so a catch-up
        from the database after it misses nothing (a gap is read back, by seq)."""
        if table_id in self.following:
            return
        self.following.add(table_id)
        self._idle.pop(table_id, None)
        try:
            await self.coordinator.follow(table_id)
        except CoordinationError as error:  # the moves are read back when the table is used
            log.warning("could not follow table %s: %s", table_id, error)

    async def unfollow(self, table_id: int) -> None:
        """Unsubscribe from ``table_id``'s channel: its replica is dormant from now on."""
        if table_id not in self.following:
            return
        self.following.discard(table_id)
        self._idle.pop(table_id, None)
        if table_id in self.registry.tables:
            self.dormant[table_id] = time.monotonic()
        await self.coordinator.unfollow(table_id)

    async def review(self) -> None:
        """Follow the tables this process has interest in (:meth:`interested`); stop
        following those without interest for :data:`UNFOLLOW_AFTER` seconds, and those no
        longer open or running; let the game of those not followed and without interest for
        :attr:`release_after` seconds go (:meth:`LiveTable.release`)."""
        now = time.monotonic()
        tables = self.registry.tables
        for table_id in sorted(self.following):
            table = tables.get(table_id)
            if table is not None and self.interested(table):
                self._idle.pop(table_id, None)
            elif table is None or now - self._idle.setdefault(table_id, now) >= UNFOLLOW_AFTER:
                await self.unfollow(table_id)
        quiet: dict[int, float] = {}
        for table in list(tables.values()):
            if table.id in self.following:
                continue
            if self.interested(table):
                await self.follow(table.id)
            elif table.state is not None and table.info.status is TableStatus.RUNNING:
                since = quiet[table.id] = self._quiet.get(table.id, now)
                if now - since >= self.release_after and not table.lock.locked():
                    table.release()
                    del quiet[table.id]
        self._quiet = quiet

    async def _reviewing(self) -> None:
        while True:
            await asyncio.sleep(INTEREST_SECONDS)
            try:
                await self.review()
            except Exception:
                log.exception("reviewing the followed tables failed")
            honour_cancel()

    async def close(self) -> None:
        """Stop the message handling, then the coordinator."""
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(BaseException):
                await task
        await self.coordinator.close()

    # ----- operations under the lease -----------------------------------------------------------
    @contextlib.asynccontextmanager
    async def exclusive(self, table: LiveTable) -> AsyncIterator[None]:
        """Run the block as the only process operating on ``table`` (the caller holds the
        table's in-process lock), with the replica caught up first; publish what changed
        (the new actions; the description when it changed or the table has no actions yet,
        so that a new table reaches every lobby).

        Raises:
            ServiceError: ``busy`` when the lease cannot be had (see :class:`Coordinator`).
        """
        try:
            async with self.coordinator.lease(table.id) as grant:
                await self.catch_up(table, grant.known_seq)
                first = table.seq
                before = (
                    list(table.info.seats),
                    table.info.status,
                    len(table.info.notes),
                    frozenset(table.local_online()),
                )
                try:
                    yield
                except ServiceError as error:
                    if error.code is ErrorCode.STALE_SEQ:  # maybe a seq committed unannounced
                        await self.catch_up(table, None)
                    raise
                finally:
                    grant.seq = table.seq
                    after = (
                        table.info.seats,
                        table.info.status,
                        len(table.info.notes),
                        frozenset(table.local_online()),
                    )
                    first = min(first, table.seq)  # a takeback shortened the log
                    # A table without actions yet is announced: new ones reach every lobby.
                    changed = before != after or table.info.status is TableStatus.OPEN
                    changed |= table.seq == 0
                    entries = table.log[first:]
                    if entries or changed:
                        grant.message = self._message(table, entries, changed)
                        grant.shared = changed  # the lobby's: else the followers' alone
        except CoordinationError as error:
            raise ServiceError(
                ErrorCode.BUSY, f"the table is busy elsewhere, try again ({error})"
            ) from None

    async def announce(self, table: LiveTable) -> None:
        """Publish who is connected to ``table`` through this process (a seated person came
        or left), so that no other process lets the others claim a present person's seat."""
        try:
            async with table.lock, self.coordinator.lease(table.id) as grant:
                await self.catch_up(table, grant.known_seq)
                grant.seq = table.seq
                grant.message = self._message(table, [])
                grant.shared = True
        except CoordinationError as error:
            log.warning("could not publish the presence at table %s: %s", table.id, error)

    def _message(self, table: LiveTable, entries: list[LogEntry], described: bool = True) -> str:
        """What the other processes are told: the new actions, the seq and who is connected
        here; the table's description only when it changed (``described``): a move's message
        then costs neither side the description's JSON."""
        body: dict[str, Any] = {
            "origin": self.coordinator.origin,
            "log": [entry_json(entry) for entry in entries],
            "seq": table.seq,
            "online": sorted(table.local_online()),
        }
        if described:
            body["info"] = info_json(table.info)
        else:
            body["table"] = table.id
        return encode(body)

    async def catch_up(self, table: LiveTable, known_seq: int | None) -> None:
        """Bring a replica up to the database (under the table's in-process lock): its seats
        and status while it is open, and the actions after its seq when ``known_seq`` is
        ahead of it or unknown (``None``). Each action caught up is broadcast."""
        storage = self.registry.storage
        if table.info.status is TableStatus.OPEN:
            info = await storage.get_table(table.id)
            if info is not None:
                self._apply_info(table, info)
        if table.released is not None:  # the whole log, as the database has it now
            await self._restore(table)
        elif table.state is not None and (known_seq is None or known_seq > table.seq):
            for entry in await storage.load_actions(table.id, after=table.seq):
                self._apply_entry(table, entry)
        if known_seq is None or known_seq <= table.seq:
            self.dormant.pop(table.id, None)  # as far as the database

    async def _restore(self, table: LiveTable) -> None:
        """Read back the game this process let go (:meth:`LiveTable.restore`): the whole log,
        replayed off the event loop (a long game takes milliseconds). Each action read back is
        already known to the table's viewers elsewhere and has none here: nothing is sent.

        Raises:
            ServiceError: ``conflict``: the stored log no longer replays (the table stays as
                it was: let go; the next use tries again).
        """
        entries = await self.registry.storage.load_actions(table.id)
        described: list[GameEvent] = []
        try:
            state = await asyncio.to_thread(rebuild, table.info, entries, described)
        except GameError as error:
            log.error("table %s cannot be read back from its log: %s", table.id, error)
            raise ServiceError(
                ErrorCode.CONFLICT, f"table {table.id}: its stored log does not replay ({error})"
            ) from None
        table.restore(entries, state, described)
        if entries and table.info.status is TableStatus.RUNNING:  # over before its end was heard
            self._ended(table, entries[-1])

    # ----- what other processes publish ---------------------------------------------------------
    def _received(self, text: str) -> None:
        """A message from another process: apply it now if the replica is idle and it follows
        on, else in a task (in order, under the table's lock)."""
        if text.startswith(self._own):
            return
        try:
            message = orjson.loads(text)
            if message.get("origin") == self.coordinator.origin:
                return
            if "relay" in message:
                self._relayed(str(message["relay"]), message.get("body"))
                return
            described = "info" in message
            if described:
                info = info_from_json(message["info"])
                self.messages[info.id] += 1
                table = self._replica(info.id)
            else:  # only actions: the replica's description is still right
                self.messages[int(message["table"])] += 1
                table = self._replica(int(message["table"]))
                if table is None:  # not held here: loaded from the database when used
                    return
                info = table.info
            entries = [entry_from_json(item) for item in message["log"]]
            seq = int(message.get("seq", entries[-1].seq if entries else -1))
            online = {int(user) for user in message.get("online", [])}
            origin = str(message["origin"])
        except (ValueError, KeyError, TypeError, IndexError) as error:
            log.warning("ignoring a malformed cluster message: %s", error)
            return
        if table is not None:
            table.remote_online[origin] = online
            released = table.released
            if released is not None:  # its game is read back whole when it is next used
                if seq >= 0:
                    released.seq = seq
            elif 0 <= seq < table.seq:  # a takeback elsewhere: rebuild from the database
                self._spawn(self._taken_back(table))
                return
        idle = table is not None and not table.lock.locked()
        if table is not None and idle and described and self._may_drop(table, info):
            self.dormant.pop(table.id, None)
            self.registry.finished_elsewhere(table, info)
            return
        if table is not None and idle and entries and self._may_sleep(table, info):
            self._sleep(table, info)
            return
        if table is not None and idle and (not entries or entries[0].seq <= table.seq + 1):
            self._apply(table, info, entries)
            return
        self._spawn(self._apply_later(info, entries, origin, online, seq))

    # ----- dormant replicas (per-table interest) ------------------------------------------------
    def _may_sleep(self, table: LiveTable, info: TableInfo) -> bool:
        """Whether a change made elsewhere may be skipped here: nobody watches the table
        through this process, its game goes on (an end is always applied: ratings and the
        finished cache need the whole log), and nothing of it runs here."""
        running = TableStatus.RUNNING
        return (
            info.status is running
            and table.info.status is running
            and (table.state is not None or table.released is not None)
            and not any(not s.closed for s in table.subscribers)
            and (table.thinking is None or table.thinking.done())
        )

    def _may_drop(self, table: LiveTable, info: TableInfo) -> bool:
        """Whether a game that ended elsewhere may be recorded here from its description
        alone (:meth:`Replicas.finished_elsewhere`): this process has no interest in the table
        (:meth:`interested`), so nobody here needs its last moves, and the finisher, the
        process where it ended, scores it. Before, such a replica read the whole log back
        and replayed it at every game's end, in every process."""
        return (
            info.status is TableStatus.FINISHED
            and table.info.status is TableStatus.RUNNING
            and not self.interested(table)
        )

    def _sleep(self, table: LiveTable, info: TableInfo) -> None:
        """Take a change's seats, status and notes but not its actions: the replica falls
        behind (dormant) until it is used, then catches up from the database (the lease's
        known seq, :meth:`refresh`). This is what makes a second process add capacity: a move
        costs the engine and the JSON only where someone watches the table."""
        self.dormant[table.id] = time.monotonic()
        self._apply_info(table, info)
        self._apply_lifecycle(table, info)

    def is_dormant(self, table: LiveTable) -> bool:
        """Whether ``table``'s replica may be behind: it skipped changes made elsewhere (see
        :meth:`_sleep`), or this process does not follow it (its moves do not reach it)."""
        return (
            table.id in self.dormant
            or table.released is not None
            or (table.id not in self.following and table.info.status is TableStatus.RUNNING)
        )

    def busy_elsewhere(self, table: LiveTable, seconds: float) -> bool:
        """Whether another process changed the dormant ``table`` in the last ``seconds``
        (then its game is being advanced there: nothing to resume here)."""
        last = self.dormant.get(table.id)
        return last is not None and time.monotonic() - last < seconds

    def replicas(self) -> dict[str, list[int]]:
        """Which tables this process follows (applies every change), which it holds dormant
        (their game as it stood when it stopped following them) and which it holds as their
        description only (their game let go, :meth:`LiveTable.release`): ``{"followed":
        [ids], "dormant": [ids], "described": [ids]}``, each ascending, none in two."""
        held = sorted(self.registry.tables.items())
        described = [i for i, table in held if table.released is not None]
        followed = [
            i for i, table in held
            if i in self.following and i not in self.dormant and table.released is None
        ]  # fmt: skip
        rest = set(followed) | set(described)
        return {
            "followed": followed,
            "dormant": [i for i, _table in held if i not in rest],
            "described": described,
        }

    async def _apply_later(
        self, info: TableInfo, entries: list[LogEntry], origin: str, online: set[int], seq: int
    ) -> None:
        table = self._replica(info.id)
        if table is None:
            if info.status not in (TableStatus.OPEN, TableStatus.RUNNING):
                return
            whole = len(entries) == seq and all(e.seq == i for i, e in enumerate(entries, start=1))
            # A new table's message holds its description and its whole log: no reading.
            table = self._adopt(info, entries) if whole else await self._load(info.id)
            if table is None:
                return
        async with table.lock:
            # Maybe loaded after the message arrived: who is connected there, in order.
            table.remote_online[origin] = online
            if entries and entries[0].seq > table.seq + 1:  # missed messages: read them
                await self.catch_up(table, None)
            self._apply(table, info, entries)

    def _apply(self, table: LiveTable, info: TableInfo, entries: list[LogEntry]) -> None:
        self._apply_info(table, info)
        for entry in entries:
            self._apply_entry(table, entry)
        self._apply_lifecycle(table, info)

    def _apply_lifecycle(self, table: LiveTable, info: TableInfo) -> None:
        """Take what another process changed besides actions: notes, take-overs (the
        clocks follow), and an end without an action (resignation, timeout, claim, agreed
        draw, abort, abandonment)."""
        current = table.info
        if table.released is not None:  # no game held here: nothing to restart or to show
            if current.status is TableStatus.RUNNING and info.status is TableStatus.FINISHED:
                self.registry.finished_elsewhere(table, info)
            else:
                current.notes = list(info.notes)
            return
        changed = len(info.notes) != len(current.notes)
        current.notes = list(info.notes)
        if current.status is TableStatus.RUNNING and info.status is TableStatus.FINISHED:
            reason = info.reason or ResultReason.NORMAL
            self.registry.finish(table, info.returns, info.finished_at, reason, remote=True)
            return
        if changed and current.status is TableStatus.RUNNING:
            table.start_clocks(utcnow())
            table.broadcast_table()
            table.broadcast(table.state_message)

    async def _taken_back(self, table: LiveTable) -> None:
        """Rebuild a replica whose log another process shortened (a takeback)."""
        async with table.lock:
            log_entries = await self.registry.storage.load_actions(table.id)
            info = await self.registry.storage.get_table(table.id)
            if info is None:
                return
            table.info.notes = list(info.notes)
            table.log = log_entries
            table.described = []
            table.state = rebuild(table.info, table.log, table.described)
            table.start_clocks(utcnow())
            keep = table.seq
            table.broadcast(lambda seats: {"type": "takeback", "table_id": table.id, "seq": keep})
            table.broadcast_table()
            table.broadcast(table.state_message)

    def _apply_info(self, table: LiveTable, info: TableInfo) -> None:
        """Take the stored seats and status of a table (the game's end comes with its last
        action instead): start the game, or drop an abandoned table."""
        current = table.info
        if info.seats == current.seats and (
            info.status is current.status or info.status is TableStatus.FINISHED
        ):
            return
        current.seats = list(info.seats)
        if info.status is TableStatus.RUNNING and table.state is None and table.released is None:
            current.status = TableStatus.RUNNING
            # The log may hold the first actions already (the description was read before
            # the start, the actions after it): the state is the log's.
            table.described = []
            table.state = rebuild(current, table.log, table.described)
            table.broadcast_table()
            table.broadcast(table.state_message)
        elif info.status is TableStatus.ABANDONED:
            current.status = TableStatus.ABANDONED
            table.broadcast_table()
            self.registry.tables.pop(table.id, None)
        else:
            table.broadcast_table()
        self.hub.publish(ReplicaChanged(table))

    def _apply_entry(self, table: LiveTable, entry: LogEntry) -> None:
        """Apply a stored action that follows on (older ones are skipped), then finish the
        game if it ended and broadcast the event."""
        if entry.seq <= table.seq or table.state is None:
            return
        if entry.seq != table.seq + 1:
            raise RuntimeError(f"table {table.id}: seq {entry.seq} after {table.seq}")
        table.apply_entry(entry)
        if not self._ended(table, entry):
            self.hub.publish(ReplicaChanged(table))
        table.broadcast_event(entry)

    def _ended(self, table: LiveTable, last: LogEntry) -> bool:
        """Finish ``table`` if its state, caught up to ``last``, is over (ended elsewhere:
        the database or another process's message said so); whether it was."""
        state = table.state
        if state is None or not state.is_terminal():
            return False
        returns = final_returns(state.game, state.returns(), table.info.notes)
        self.registry.finish(table, returns, last.created_at, remote=True)
        return True

    def _replica(self, table_id: int) -> LiveTable | None:
        return self.registry.tables.get(table_id) or self.registry.finished.get(table_id)

    def _adopt(self, info: TableInfo, log_entries: list[LogEntry]) -> LiveTable | None:
        """The replica of a table another process described with its whole log (a new
        table), built from the message alone; ``None`` when that log does not replay."""
        try:
            table = LiveTable(info, log_entries)
        except GameError as error:
            log.warning("table %s: its message does not replay (%s)", info.id, error)
            return None
        table = self.registry.tables.setdefault(info.id, table)
        self.hub.publish(ReplicaChanged(table))
        return table

    async def _load(self, table_id: int) -> LiveTable | None:
        """The replica of a table created by another process, read from the database."""
        if not 0 < table_id <= MAX_ID:  # no such row, and a database integer cannot hold it
            return None
        storage = self.registry.storage
        info = await storage.get_table(table_id)
        if info is None or info.status not in (TableStatus.OPEN, TableStatus.RUNNING):
            return None
        table = LiveTable(info, await storage.load_actions(table_id))
        table = self.registry.tables.setdefault(table_id, table)
        self.hub.publish(ReplicaChanged(table))
        return table

    async def active(self, table_id: int) -> LiveTable | None:
        """The replica of an open or running table, loading it if this process has not
        seen it yet (it was created elsewhere a moment ago)."""
        return self._replica(table_id) or await self._load(table_id)

    async def refresh(self, table: LiveTable) -> None:
        """Catch a replica up with the database before a viewer subscribes, following the
        table first (so nothing is missed between the two)."""
        await self.follow(table.id)
        async with table.lock:
            await self.catch_up(table, None)

    async def _resync(self) -> None:
        """After a lost connection: catch up every replica that has viewers."""
        for table in list(self.registry.tables.values()):
            if table.subscribers:
                await self.refresh(table)

    async def drive(self, turns: Callable[[LiveTable], Awaitable[None]], table: LiveTable) -> None:
        """Play ``table``'s computer seats (``turns(table)``) unless another process does."""
        async with self.coordinator.drive(table.id) as held:
            if held:
                await turns(table)

    def _spawn(self, coroutine: Coroutine[Any, Any, None]) -> None:
        # The coroutine itself is the task: cancelled before it starts (at close), it is
        # closed rather than left never awaited.
        task = asyncio.get_running_loop().create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[None]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("applying a cluster message failed", exc_info=task.exception())
