"""The match service's :class:`~connect_arena.service.cluster.Coordinator` on Redis.

* **Table lease**: the key ``<prefix>lease:<table>`` set with ``SET NX PX`` to a random token
  (6 s); renewed (``PEXPIRE`` if the token is still ours) once a third of its time has passed
  since the last renewal, checked every sixth, so an event loop paused for up to about two
  thirds of the lease (4 s) keeps it;
  released by token (``DEL`` if still ours), so a holder whose lease expired can never release
  the next holder's. Taking and releasing are one Lua script each: one round trip.
* **Known seq**: ``<prefix>seq:<table>``, the table's last committed seq, recorded when its
  lease is let go; taking the lease returns it, so a replica knows whether to catch up, and
  deletes it: while a process holds the lease the seq is its own, and a holder that dies
  leaves it unknown (the next holder reads the database) rather than stale.
* **Operations' ends**: an operation under a lease kept here whose message no other process
  needs (nobody else follows the table) ends without any command; otherwise one script (with
  the other ends of that turn of the event loop, in one pipeline) publishes its message and
  renews or lets go. A process that starts following a table tells the lease's holder, which
  publishes from then on, beginning with its last unpublished message.
* **Broadcasts**: the release also ``PUBLISH``es the holder's message: a table's actions on
  its own channel ``<prefix>table:<id>``, which a process subscribes to only while it has
  interest in the table (:meth:`RedisCoordinator.follow`); a change every process needs (a
  table's seats or status, for the lobby) on ``<prefix>events``, which every process
  subscribes to. One subscription connection carries both, so a process gets them in the
  order they were published. A table's own message is published only when a process other
  than the holder follows the table (``<prefix>followers:<table>``, a set of processes that
  each joins once subscribed): a table played and watched in one process costs no message.
* **Computer seats**: ``<prefix>drive:<table>``, a longer claim with the same rules, held by the
  one process that plays a table's computer seats.

Why Redis keys rather than PostgreSQL advisory locks: an advisory lock belongs to a database
session, so each held lease would pin a pooled connection (and a database thread) for its
duration, and a process that hangs keeps its locks; a Redis key expires on its own, costs one
round trip to a server that also carries the broadcasts, and the database stays busy with the
appends only. The database's unique ``(table_id, seq)`` remains the last line of defence.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import secrets
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from dataclasses import dataclass
from typing import Any

import redis
import redis.asyncio as aioredis
from redis.asyncio.client import PubSub
from redis.commands.core import AsyncScript
from redis.driver_info import DriverInfo
from redis.exceptions import NoScriptError, RedisError

from connect_arena.service.cluster import CoordinationError, Grant, honour_cancel

log = logging.getLogger(__name__)

# Shared by the scripts below. ``others``: 1 when a process other than ``origin`` is in a
# table's followers set, or the set is unknown (expired, or Redis restarted empty), else 0.
# ``holder_origin``: the origin of the process holding a lease, from its token ``origin/n``.
_LUA = """
local function others(followers, origin)
  local count = redis.call('SCARD', followers)
  if count == 0 or count > redis.call('SISMEMBER', followers, origin) then return 1 end
  return 0
end
local function holder_origin(lease)
  local holder = redis.call('GET', lease)
  return holder and string.match(holder, '^(.-)/')
end
"""

# Take a lease: ``{1, known seq or -1, others}`` or ``{0, ms left, mine}``. A table lease's
# (KEYS[3]: its request to let go) known seq is handed to the new holder and deleted: it is
# recorded again when the lease is let go (_DONE, _RELEASE), so a holder that dies leaves it
# unknown (the next holder asks the database) rather than stale. ``others``: whether a
# process other than this one (ARGV[5]) follows the table (KEYS[4]), or the set is unknown.
_ACQUIRE = (
    _LUA
    + """
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then
  local seq = tonumber(redis.call('GET', KEYS[2]) or '-1')
  if not KEYS[3] then return {1, seq, 0} end
  redis.call('DEL', KEYS[2])
  return {1, seq, others(KEYS[4], ARGV[5])}
end
local mine = 0
if KEYS[3] then  -- a table lease: ask its holder to let go (see RedisCoordinator.lease)
  local origin = holder_origin(KEYS[1])
  if origin and origin == ARGV[5] then
    mine = 1  -- this process's own: its operation keeps it for the next one, no asking
  else
    redis.call('SET', KEYS[3], '1', 'PX', ARGV[2])
    -- and tell it now, on its own channel (ARGV[3] .. its origin): a holder keeping the
    -- lease idle would otherwise notice only at its next renewal, up to a second later
    if origin and ARGV[3] then
      redis.call('PUBLISH', ARGV[3] .. origin, ARGV[4])
    end
  end
end
return {0, redis.call('PTTL', KEYS[1]), mine}
"""
)

# Renew a held key: ``{0, 0}`` (not ours any more), ``{1, others}`` or, when another process
# asked for it (KEYS[2]), ``{2, others}``; ``others`` as in _ACQUIRE (KEYS[3], ARGV[3]).
_RENEW = (
    _LUA
    + """
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return {0, 0} end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
if not KEYS[2] then return {1, 0} end
if redis.call('EXISTS', KEYS[2]) == 1 then return {2, others(KEYS[3], ARGV[3])} end
return {1, others(KEYS[3], ARGV[3])}
"""
)


# The end of an operation under a lease this process keeps, when it must reach Redis (its
# message is for other processes, or the lease is let go): publish the message, then let go
# if another process asked for it (KEYS[4]) or ARGV[5] is '1' (recording the seq), else renew
# it. Returns ``{1, others}`` (still held), ``{0, others}`` (let go) or ``{-1, others}`` (it
# was no longer ours). On a table's own channel (KEYS[5]: the set of the processes following
# it) the message is published only when ``others``: a process other than this one (ARGV[7])
# follows the table, or the set is unknown: this process's own message would only come back
# to it.
_DONE = (
    _LUA
    + """
local published = KEYS[5] and others(KEYS[5], ARGV[7]) or 1  -- the shared channel: always
if ARGV[3] ~= '' and published == 1 then
  redis.call('PUBLISH', KEYS[3], ARGV[3])
end
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return {-1, published} end
if ARGV[5] == '1' or redis.call('EXISTS', KEYS[4]) == 1 then
  redis.call('DEL', KEYS[1], KEYS[4])
  if tonumber(ARGV[2]) >= 0 then redis.call('SET', KEYS[2], ARGV[2], 'PX', ARGV[4]) end
  return {0, published}
end
redis.call('PEXPIRE', KEYS[1], ARGV[6])
return {1, published}
"""
)

# Let go of a held key (by token): record the seq (ARGV[2], when >= 0) and publish ARGV[3]
# (when given; with KEYS[4], a table's followers set, only when a process other than ARGV[5]
# follows it, as _DONE). Returns 1 (let go) or 0 (not ours any more: nothing done).
_RELEASE = (
    _LUA
    + """
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
if tonumber(ARGV[2]) >= 0 then redis.call('SET', KEYS[2], ARGV[2], 'PX', ARGV[4]) end
if ARGV[3] ~= '' and (not KEYS[4] or others(KEYS[4], ARGV[5]) == 1) then
  redis.call('PUBLISH', KEYS[3], ARGV[3])
end
return redis.call('DEL', KEYS[1])
"""
)

# Join a table's followers set (KEYS[1]) as ARGV[1], kept ARGV[2] ms; then tell the table
# lease's holder (KEYS[2]), when another process, on its own channel (ARGV[3] .. its origin):
# its operations' ends must publish from now on (see RedisCoordinator.follow).
_FOLLOW = (
    _LUA
    + """
redis.call('SADD', KEYS[1], ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
local origin = holder_origin(KEYS[2])
if origin and origin ~= ARGV[1] then
  redis.call('PUBLISH', ARGV[3] .. origin, 'followed ' .. ARGV[4])
end
return 1
"""
)

# A named claim (a tournament's owner): take it when free, renew it when this process's
# token holds it. Returns 1 (held now) or 0 (another process holds it).
_CLAIM = """
local holder = redis.call('GET', KEYS[1])
if holder == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return 1
end
if holder then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1
"""

MAX_CONNECTIONS = 512
"""Connections to Redis a process opens at most (each concurrent lease step holds one)."""

KEEP_IDLE = 1.0
"""Seconds a process keeps a table's lease after its last operation there (a bot table moves
every ~0.3 s: its operations then cost one script instead of two). Another process that
wants the lease asks for it and gets it at the holder's next operation or renewal."""

CONTENDED_SECONDS = 10.0
"""Seconds a table counts as *contended* here after its lease was last wanted by another
process or had to be waited for (its players' sockets are on two processes): such a table's
lease is let go at the end of each operation instead of kept idle, so the other process takes
it at its first try instead of asking for it and waiting (split routing, issue 25)."""

SEQ_KEEP_MS = 6 * 3600 * 1000
"""How long a table's known seq is kept after its last move (then it is read from the
database again: an unknown seq only costs one query)."""

FOLLOWERS_KEEP_MS = 6 * 3600 * 1000
"""How long a table's set of following processes (``<prefix>followers:<table>``) is kept
after a process last joined it (or renewed its place). A process that died while following a
table stays in the set until it expires, which only costs messages nobody reads; an expired
set means "unknown": every move is published again."""

FOLLOWERS_REFRESH = 60.0
"""Seconds between a process's renewals of its place in the sets of the tables it follows
(one pipeline, two commands a table): a set never expires while a live process follows the
table, and a join that failed (Redis unreachable for a moment) is made within a minute."""


@dataclass(slots=True)
class _Held:
    """A table lease this process keeps between operations."""

    token: str
    seq: int | None
    valid_until: float
    """Monotonic time until which the lease is surely still ours."""
    idle: asyncio.TimerHandle | None = None
    busy: bool = True
    renewed_at: float = 0.0
    """Monotonic time of the last renewal (an operation's end renews it too)."""
    ending: bool = False
    """An operation's end is deciding whether to keep it or let go (a renewal that finds it
    gone meanwhile is not a lost lease)."""
    others: bool = True
    """Whether a process other than this one follows the table (or that is unknown): then
    each operation's message must be published. When not, an operation's end costs no
    Redis command at all (:meth:`RedisCoordinator.lease`)."""
    unpublished: str | None = None
    """The message of the last operation that ended without reaching Redis, while no other
    process followed the table: published when one starts following it (it may have read the
    database before that operation's commit) or when the lease is let go."""


class RedisCoordinator:
    """Leases, known seqs and broadcasts in one Redis server.

    Args:
        url: ``redis://host:port/db`` (or ``rediss://``, ``unix://``).
        prefix: prefix of every key and channel (several arenas may share one Redis).
        lease_ms: a table lease's expiry: how long a dead process can hold up its tables,
            and about how long (two thirds of it) this process's event loop may be kept
            waiting without losing a lease it holds.
        drive_ms: a computer-seat claim's expiry.
    """

    def __init__(
        self, url: str, prefix: str = "arena:", lease_ms: int = 6000, drive_ms: int = 6000
    ) -> None:
        # A blocking pool: beyond its connections a command waits for one (up to 5 s) instead
        # of failing with "Too many connections" (redis-py's default pool holds 100, which a
        # busy process's concurrent leases can exceed).
        # The library's version named once: without it every new connection of a pool made
        # here looked it up in the installed packages' metadata (~0.3 ms each, tens of ms on
        # a busy machine, while the loop waited).
        pool = aioredis.BlockingConnectionPool.from_url(
            url,
            max_connections=MAX_CONNECTIONS,
            timeout=5,
            socket_timeout=5,
            driver_info=DriverInfo(lib_version=redis.__version__),
        )
        self.redis: aioredis.Redis = aioredis.Redis(connection_pool=pool)
        self.origin = secrets.token_hex(8)
        self._serial = itertools.count(1)
        self.prefix = prefix
        self.lease_ms = lease_ms
        self.drive_ms = drive_ms
        self.channel = f"{prefix}events"
        self.wants = f"{prefix}process:{self.origin}"
        """This process's own channel: another process that finds a table lease held here
        publishes the table's id on it (:meth:`_wanted`)."""
        self._acquire = self.redis.register_script(_ACQUIRE)
        self._renew = self.redis.register_script(_RENEW)
        self._release = self.redis.register_script(_RELEASE)
        self._done = self.redis.register_script(_DONE)
        self._claim = self.redis.register_script(_CLAIM)
        self._follow = self.redis.register_script(_FOLLOW)
        self._reader: asyncio.Task[None] | None = None
        self._refresher: asyncio.Task[None] | None = None
        self._renewer: asyncio.Task[None] | None = None
        """Renews every kept table lease in one pipeline a round (:meth:`_renewing`)."""
        self._held: dict[int, _Held] = {}
        self._pubsub: PubSub | None = None
        self.following: set[int] = set()
        """The tables whose channel this process subscribes to (see :meth:`follow`)."""
        self._confirmations: dict[tuple[str, str], list[asyncio.Future[None]]] = {}
        """(``subscribe`` or ``unsubscribe``, channel) → the calls waiting for Redis's reply."""
        self._letting_go: set[asyncio.Task[None]] = set()
        self._endings: list[tuple[list[str], list[Any], asyncio.Future[Any]]] = []
        """Operations' ends waiting to go to Redis together (:meth:`_end`)."""
        self._sending: set[asyncio.Task[None]] = set()
        self._contended: dict[int, float] = {}
        self._followed: dict[int, float] = {}
        """Table id → monotonic time another process last said it follows the table."""
        """Table id → monotonic time its lease was last wanted elsewhere or waited for."""
        self._closing = False

    # ----- leases -------------------------------------------------------------------------------
    async def _take(
        self,
        key: str,
        seq_key: str,
        token: str,
        ms: int,
        table_id: int | None = None,
    ) -> tuple[bool, int, bool]:
        """One attempt: ``(True, known seq or -1, others)`` or ``(False, ms left on the
        holder's, whether the holder is this process)``. With ``table_id`` (a table lease) a
        failed one sets the table's request to let go and publishes ``table_id`` on the
        holder's own channel (:attr:`wants`), unless the holder is this process (another
        operation here); a successful one hands over the known seq (deleted until the lease
        is let go) and tells whether another process follows the table (``others``)."""
        keys = [key, seq_key]
        args: list[Any] = [token, ms]
        if table_id is not None:
            keys += [f"{self.prefix}want:{table_id}", self.followers_key(table_id)]
            args += [f"{self.prefix}process:", table_id, self.origin]
        answer = await self._acquire(keys=keys, args=args)
        return bool(answer[0]), int(answer[1]), bool(answer[2])

    def _token(self) -> str:
        """A new holder token, ``<origin>/<serial>``: unique across processes by the random
        :attr:`origin` (the acquire script reads it), within this one by the serial. Not
        drawn from ``secrets`` each time: a lease is taken for most operations of a table
        that is not kept here, and each draw was a system call."""
        return f"{self.origin}/{next(self._serial)}"

    def _contended_now(self, table_id: int) -> bool:
        """Whether ``table_id``'s lease was wanted elsewhere or waited for lately
        (:data:`CONTENDED_SECONDS`)."""
        since = self._contended.get(table_id)
        if since is None:
            return False
        if time.monotonic() - since < CONTENDED_SECONDS:
            return True
        del self._contended[table_id]
        return False

    def _contend(self, table_id: int) -> None:
        """Note that ``table_id``'s lease is contended now (forgetting old notes first when
        there are many: one per table ever contended would otherwise pile up)."""
        now = time.monotonic()
        if len(self._contended) >= 4096:
            old = [t for t, since in self._contended.items() if now - since >= CONTENDED_SECONDS]
            for stale in old:
                del self._contended[stale]
        self._contended[table_id] = now

    def _wanted(self, table_id: int) -> None:
        """Another process waits for ``table_id``'s lease: let it go now if it is kept idle
        here (an operation under way lets go at its end, seeing the request)."""
        self._contend(table_id)
        held = self._held.get(table_id)
        if held is not None:
            self._let_go_soon(table_id, held)

    def _keys(self, table_id: int, shared: bool = False) -> list[str]:
        """A table lease's keys: the lease, the known seq, the channel (the table's own, or
        the shared one when ``shared``), the request to let go; with the table's own channel
        also the set of the processes following it (:meth:`followers_key`)."""
        p = self.prefix
        channel = self.channel if shared else self.table_channel(table_id)
        keys = [f"{p}lease:{table_id}", f"{p}seq:{table_id}", channel, f"{p}want:{table_id}"]
        return keys if shared else [*keys, self.followers_key(table_id)]

    def followers_key(self, table_id: int) -> str:
        """The set of the processes (their :attr:`origin`) that follow ``table_id``:
        ``<prefix>followers:<id>``. A process joins it once its subscription to the table's
        channel is confirmed and leaves it when it unfollows; the end of an operation
        publishes on the table's channel only when a process other than its own is in it (or
        the set is unknown), so a table followed only where it is played costs no message."""
        return f"{self.prefix}followers:{table_id}"

    def table_channel(self, table_id: int) -> str:
        """The channel of ``table_id``'s actions: ``<prefix>table:<id>``."""
        return f"{self.prefix}table:{table_id}"

    def holds(self, table_id: int) -> bool:
        """Whether this process holds (keeps or uses) ``table_id``'s lease now."""
        return table_id in self._held

    def _surely_ours(self, until: float) -> float:
        """When a lease renewed now (``until``: the request's time) stops being surely ours:
        three quarters of its expiry, for the round trip's and the clocks' sake."""
        return until + 0.75 * self.lease_ms / 1000

    @contextlib.asynccontextmanager
    async def lease(self, table_id: int) -> AsyncIterator[Grant]:
        """See :meth:`connect_arena.service.cluster.Coordinator.lease`.

        The lease is kept for :data:`KEEP_IDLE` seconds after the block (renewed), so the
        next operation of an active table needs no script to take it; a process that finds
        it taken asks the holder to let go (``<prefix>want:<table>``), which the holder hears
        on its own channel (:attr:`wants`) and does at once when idle, else at the end of its
        current operation (or at its next renewal, should the message be lost). A contended
        table's lease (:data:`CONTENDED_SECONDS`) is let go at the end of each operation.

        An operation whose lease is kept, whose message is for the table's followers alone
        and which no other process follows (:attr:`_Held.others`, from the take, each
        renewal, and the notice :meth:`follow` sends the holder) ends without any Redis
        command: its seq is recorded when the lease is let go, the lease is renewed with the
        process's other kept leases (:meth:`_renewing`), and its message is kept to be
        published should another process start following the table (:meth:`_others_follow`).
        With sticky routing that is most moves: each cost one script before
        (``docs/scaling.md``, session 58)."""
        held = await self._take_lease(table_id)
        grant = Grant(held.seq)
        try:
            yield grant
        finally:
            let_go = self._closing or self._contended_now(table_id)
            if not (let_go or grant.shared or held.others):
                self._quiet_end(table_id, held, grant)
            else:
                await self._loud_end(table_id, held, grant, let_go)

    def _quiet_end(self, table_id: int, held: _Held, grant: Grant) -> None:
        """End an operation without Redis (see :meth:`lease`): the lease stays kept."""
        held.busy = False
        if grant.message:
            held.unpublished = grant.message
        self._kept(table_id, held, grant)

    def _kept(self, table_id: int, held: _Held, grant: Grant) -> None:
        """The lease stays kept after an operation: note the seq it leaves, and let it go
        once idle for :data:`KEEP_IDLE`."""
        if grant.seq is not None:
            held.seq = grant.seq
        loop = asyncio.get_running_loop()
        held.idle = loop.call_later(KEEP_IDLE, self._let_go_soon, table_id, held)

    async def _loud_end(self, table_id: int, held: _Held, grant: Grant, let_go: bool) -> None:
        """End an operation with :data:`_DONE`: publish its message (or the last one not
        published yet, for a follower that may have missed it), then keep or let go."""
        keys = self._keys(table_id, grant.shared)
        message = grant.message or ("" if grant.shared else held.unpublished or "")
        args: list[Any] = [held.token, -1 if grant.seq is None else grant.seq]
        args += [message, SEQ_KEEP_MS, "1" if let_go else "0", self.lease_ms, self.origin]
        sent = time.monotonic()
        held.ending = True
        try:
            kept, others = await self._end(keys, args)
        except RedisError as error:  # it expires by itself; what was committed stays
            log.warning("releasing table %s's lease failed: %s", table_id, error)
            kept, others = 0, 1
        held.busy = held.ending = False
        if kept == 0 and not let_go:  # another process asked for it meanwhile
            self._contend(table_id)
        if kept == 1:
            held.valid_until = self._surely_ours(sent)
            held.renewed_at = sent
            if others or grant.shared:  # published (or there is nobody to publish to)
                held.unpublished = None
            elif grant.message:
                held.unpublished = grant.message
            held.others = bool(others) or self._followed_since(table_id, sent)
            self._kept(table_id, held, grant)
        else:
            self._forget(table_id, held)

    async def _end(self, keys: list[str], args: list[Any]) -> tuple[int, int]:
        """:data:`_DONE` for an operation's end (the seq, the message, the lease kept or let
        go), sent in one pipeline with the other ends of this turn of the event loop: a
        database batch's acknowledgements resume its moves one after another, and each move's
        end was a round trip of its own (a pool checkout, a socket write, a reply: ~130 µs of
        the loop a move at 400 tables, ``docs/scaling.md``, session 57). The same scripts, in
        the same order, each with its own answer.

        Raises:
            RedisError: Redis failed; this end's outcome is unknown.
        """
        loop = asyncio.get_running_loop()
        answer: asyncio.Future[Any] = loop.create_future()
        self._endings.append((keys, args, answer))
        if len(self._endings) == 1:  # the others of this turn queue before it runs
            loop.call_soon(self._send_endings)
        kept, others = await answer
        return int(kept), int(others)

    def _send_endings(self) -> None:
        batch, self._endings = self._endings, []
        task = asyncio.get_running_loop().create_task(self._run_endings(batch))
        self._sending.add(task)
        task.add_done_callback(self._sending.discard)

    async def _run_endings(
        self, batch: list[tuple[list[str], list[Any], asyncio.Future[Any]]]
    ) -> None:
        """Run the ends of ``batch`` (:meth:`_end`) and hand each its answer or error."""
        try:
            if len(batch) == 1:
                keys, args, _ = batch[0]
                answers: list[Any] = [await self._done(keys=keys, args=args)]
            else:
                answers = await self._scripts(self._done, [(k, a) for k, a, _ in batch])
        except Exception as error:  # every end of the batch failed
            answers = [error] * len(batch)
        except BaseException:  # cancelled (the loop is closing): nobody waits any more
            for _, _, answer in batch:
                answer.cancel()
            raise
        for (_, _, answer), outcome in zip(batch, answers, strict=True):
            if answer.done():  # its operation was cancelled meanwhile
                continue
            if isinstance(outcome, Exception):
                answer.set_exception(outcome)
            else:
                answer.set_result(outcome)

    async def _scripts(
        self, script: AsyncScript, calls: list[tuple[list[str], list[Any]]]
    ) -> list[Any]:
        """``script`` once for each ``(keys, args)`` of ``calls``, in one pipeline (``EVALSHA``
        alone: no ``SCRIPT EXISTS`` first): each answer, or its error. When Redis lacks the
        script (it restarted), it is loaded once and those calls run again together.

        Raises:
            redis.exceptions.RedisError: the pipeline itself failed (the connection).
        """

        async def run(part: list[tuple[list[str], list[Any]]]) -> list[Any]:
            async with self.redis.pipeline(transaction=False) as pipe:
                for keys, args in part:
                    pipe.evalsha(script.sha, len(keys), *keys, *args)
                return list(await pipe.execute(raise_on_error=False))

        answers = await run(calls)
        lost = [i for i, answer in enumerate(answers) if isinstance(answer, NoScriptError)]
        if lost:
            await self.redis.script_load(script.script)
            again = await run([calls[i] for i in lost])
            for i, answer in zip(lost, again, strict=True):
                answers[i] = answer
        return answers

    async def _take_lease(self, table_id: int) -> _Held:
        """The table's lease for one operation: the one kept here, or taken (waiting while
        another process holds it, at most until it expires).

        Raises:
            CoordinationError: it stayed taken past its expiry; Redis is unreachable.
        """
        keys = self._keys(table_id)
        token = self._token()
        deadline = time.monotonic() + self.lease_ms / 1000 + 1.0
        pause = 0.001
        try:
            while True:
                held = self._held.get(table_id)
                if held is not None and not held.busy:
                    if time.monotonic() < held.valid_until:
                        if held.idle is not None:
                            held.idle.cancel()
                            held.idle = None
                        held.busy = True
                        return held
                    self._forget(table_id, held)  # not surely ours any more: take it again
                sent = time.monotonic()
                got, value, flag = await self._take(
                    keys[0], keys[1], token, self.lease_ms, table_id
                )
                if got and table_id not in self._held:
                    break
                if not got and not flag:  # held by another process: the players are split
                    self._contend(table_id)
                if got:  # a concurrent operation here keeps it: give this token's back
                    await self._release(keys=keys[:3], args=[token, value, "", SEQ_KEEP_MS])
                    value = 1
                if time.monotonic() > deadline:
                    raise CoordinationError(f"table {table_id}'s lease stayed taken")
                # Short waits first (a pipeline step takes milliseconds), never past the expiry.
                await asyncio.sleep(min(pause, max(value, 1) / 1000))
                pause = min(pause * 2, 0.05)
        except RedisError as error:
            raise CoordinationError(f"Redis: {error}") from None
        others = flag or self._followed_since(table_id, sent)
        held = _Held(token, None if value < 0 else value, self._surely_ours(sent), others=others)
        held.renewed_at = sent
        self._held[table_id] = held
        if self._renewer is None or self._renewer.done():
            self._renewer = asyncio.get_running_loop().create_task(self._renewing())
        return held

    def _let_go_soon(self, table_id: int, held: _Held) -> None:
        """Idle for :data:`KEEP_IDLE`, or another process needs it: release the kept lease
        (in the background) unless an operation uses it (that one's end decides)."""
        if self._held.get(table_id) is held and not held.busy:
            self._forget(table_id, held)
            task = asyncio.get_running_loop().create_task(self._let_go(table_id, held))
            self._letting_go.add(task)
            task.add_done_callback(self._letting_go.discard)

    async def _let_go(self, table_id: int, held: _Held) -> None:
        """Release a kept lease: record its seq, and publish the last message not published
        yet when another process follows the table (:data:`_RELEASE`)."""
        keys = self._keys(table_id)
        seq = -1 if held.seq is None else held.seq
        args: list[Any] = [held.token, seq, held.unpublished or "", SEQ_KEEP_MS, self.origin]
        try:
            await self._release(keys=[*keys[:3], keys[4]], args=args)
        except RedisError as error:  # it expires by itself
            log.warning("releasing table %s's lease failed: %s", table_id, error)

    def _others_follow(self, table_id: int) -> None:
        """Another process follows ``table_id`` now (its notice from :meth:`follow`, or a
        renewal): its operations' ends publish from now on. A message kept unpublished is
        let go at once when the lease is idle (the release publishes it, in order before any
        later holder's): the follower may have read the database before that operation's
        commit, and the table may stay idle. An operation under way publishes it at its end."""
        now = time.monotonic()
        if len(self._followed) >= 4096:  # forget old notices (a take or renewal knows them)
            old = [t for t, at in self._followed.items() if now - at >= CONTENDED_SECONDS]
            for stale in old:
                del self._followed[stale]
        self._followed[table_id] = now
        held = self._held.get(table_id)
        if held is None:
            return
        held.others = True
        if held.unpublished is not None:
            self._let_go_soon(table_id, held)

    def _followed_since(self, table_id: int, sent: float) -> bool:
        """Whether another process's notice that it follows ``table_id`` arrived after a
        command sent at ``sent``: that command's answer may predate the follow (two
        connections), so its "no other follower" is out of date."""
        return self._followed.get(table_id, -1.0) >= sent

    def _forget(self, table_id: int, held: _Held) -> None:
        """Stop keeping ``held`` (renewals, the idle timer)."""
        if self._held.get(table_id) is held:
            del self._held[table_id]
        if held.idle is not None:
            held.idle.cancel()

    async def _renewing(self) -> None:
        """Renew the kept table leases, all in one pipeline a round: every sixth of a lease's
        expiry (1 s), those last renewed a third of it ago (an operation's published end
        renews it too), so each is renewed by half its life at the latest and a late event
        loop has more of it left. Each answer also notes until when the lease is surely ours,
        whether another process follows the table, and whether one asked for it (then an
        idle lease is let go). Before (session 57), each kept lease had a task of its own and
        each renewal was a round trip: 100 a second at 200 tables."""
        tick = self.lease_ms / 6000
        while True:
            await asyncio.sleep(tick)
            honour_cancel()  # the last round's Redis client may have swallowed it
            sent = time.monotonic()
            due = [
                (table_id, held)
                for table_id, held in self._held.items()
                if sent - held.renewed_at >= self.lease_ms / 3000
            ]
            if not due:
                continue
            calls: list[tuple[list[str], list[Any]]] = []
            for table_id, held in due:
                keys = self._keys(table_id)
                calls.append(
                    ([keys[0], keys[3], keys[4]], [held.token, self.lease_ms, self.origin])
                )
            try:
                answers = await self._scripts(self._renew, calls)
            except RedisError as error:  # the next round tries again
                log.warning("renewing the kept leases failed: %s", error)
                continue
            except Exception:  # never end the renewals: each kept lease would expire
                log.exception("renewing the kept leases failed")
                continue
            for (table_id, held), answer in zip(due, answers, strict=True):
                if self._held.get(table_id) is held and not isinstance(answer, Exception):
                    self._renewed(table_id, held, sent, int(answer[0]), int(answer[1]))

    def _renewed(self, table_id: int, held: _Held, sent: float, renewed: int, others: int) -> None:
        """Take a renewal's answer (:data:`_RENEW`) for the kept lease ``held``."""
        held.renewed_at = sent
        if not renewed:
            if not held.ending:  # else let go by the operation ending now
                log.warning("lost table %s's lease while holding it", table_id)
            held.valid_until = 0.0  # the next operation takes it again
            if not held.busy:
                self._forget(table_id, held)
            return
        held.valid_until = self._surely_ours(sent)
        if renewed == 2:  # wanted elsewhere (its notice lost): let go now, or at the end
            self._contend(table_id)  # of the operation under way (a contended one lets go)
            self._let_go_soon(table_id, held)
        elif others and not held.others:  # its notice was lost (a reconnection)
            self._others_follow(table_id)
        elif not others and not self._followed_since(table_id, sent):
            held.others = False  # the followers left: ends are quiet again

    def _keep(self, key: str, token: str, ms: int) -> asyncio.Task[None]:
        """Renew a held claim (a table's computer seats) every third of its expiry until
        cancelled."""

        async def renew() -> None:
            while True:
                await asyncio.sleep(ms / 3000)
                honour_cancel()  # the last renewal's Redis client may have swallowed it
                with contextlib.suppress(RedisError):
                    renewed, _ = await self._renew(keys=[key], args=[token, ms])
                    if not renewed:
                        log.warning("lost %s while holding it", key)
                        return

        return asyncio.get_running_loop().create_task(renew())

    @contextlib.asynccontextmanager
    async def drive(self, table_id: int) -> AsyncIterator[bool]:
        """See :meth:`connect_arena.service.cluster.Coordinator.drive`."""
        key = f"{self.prefix}drive:{table_id}"
        token = self._token()
        try:
            got, _, _ = await self._take(key, f"{self.prefix}seq:{table_id}", token, self.drive_ms)
        except RedisError as error:
            log.warning("claiming table %s's computer seats failed: %s", table_id, error)
            got = False
        if not got:
            yield False
            return
        keeper = self._keep(key, token, self.drive_ms)
        try:
            yield True
        finally:
            keeper.cancel()
            with contextlib.suppress(RedisError):
                await self._release(
                    keys=[key, f"{key}:none", self.channel], args=[token, -1, "", 1]
                )

    # ----- named claims ---------------------------------------------------------------------------
    async def claim(self, name: str, ms: int) -> bool:
        """See :meth:`connect_arena.service.cluster.Coordinator.claim`: the key
        ``<prefix>claim:<name>`` holds this process's :attr:`origin` (one Lua script)."""
        try:
            held = await self._claim(keys=[f"{self.prefix}claim:{name}"], args=[self.origin, ms])
        except RedisError as error:
            raise CoordinationError(f"Redis: {error}") from None
        return bool(held)

    async def unclaim(self, name: str) -> None:
        """See :meth:`connect_arena.service.cluster.Coordinator.unclaim` (by token, as a
        table lease's release)."""
        key = f"{self.prefix}claim:{name}"
        try:
            await self._release(
                keys=[key, f"{key}:none", self.channel], args=[self.origin, -1, "", 1]
            )
        except RedisError as error:  # it expires by itself
            log.warning("letting go of %s failed: %s", key, error)

    # ----- broadcasts ---------------------------------------------------------------------------
    async def publish(self, text: str) -> None:
        """See :meth:`connect_arena.service.cluster.Coordinator.publish`."""
        try:
            await self.redis.publish(self.channel, text)
        except RedisError as error:
            raise CoordinationError(f"Redis: {error}") from None

    async def start(
        self, receive: Callable[[str], None], resync: Callable[[], Awaitable[None]]
    ) -> None:
        """See :meth:`connect_arena.service.cluster.Coordinator.start`. Returns once
        subscribed; a lost connection is re-established (then ``resync`` runs)."""
        loop = asyncio.get_running_loop()
        subscribed = loop.create_future()
        self._reader = loop.create_task(self._read(receive, resync, subscribed))
        await subscribed
        self._refresher = loop.create_task(self._refresh())

    async def _read(
        self,
        receive: Callable[[str], None],
        resync: Callable[[], Awaitable[None]],
        subscribed: asyncio.Future[None],
    ) -> None:
        pause = 0.1
        wants = self.wants.encode()
        while True:
            pubsub = self.redis.pubsub()
            try:
                following = sorted(self.following)
                channels = map(self.table_channel, following)
                await pubsub.subscribe(self.channel, self.wants, *channels)
                self._pubsub = pubsub
                missed = self.following.difference(following)  # followed meanwhile
                if missed:
                    await pubsub.subscribe(*map(self.table_channel, sorted(missed)))
                if subscribed.done():
                    # Redis may have restarted empty: the followers sets too
                    await self._join(sorted(self.following), notify=True)
                    await resync()
                else:
                    subscribed.set_result(None)
                pause = 0.1
                while True:
                    message = await pubsub.get_message(timeout=None)
                    honour_cancel()
                    if message is None:
                        continue
                    if message["type"] == "message":
                        data = message["data"]
                        text = data.decode() if isinstance(data, bytes) else str(data)
                        if message["channel"] in (wants, self.wants):
                            with contextlib.suppress(ValueError):
                                if text.startswith("followed "):
                                    self._others_follow(int(text[9:]))
                                else:
                                    self._wanted(int(text))
                        else:
                            receive(text)
                    elif message["type"] in ("subscribe", "unsubscribe"):
                        self._confirmed(message["type"], message["channel"])
            except (RedisError, OSError) as error:
                log.warning("Redis subscription lost (%s); reconnecting", error)
            finally:
                self._pubsub = None
                with contextlib.suppress(Exception):
                    await pubsub.aclose()  # type: ignore[no-untyped-call]
            if not subscribed.done():
                subscribed.set_exception(CoordinationError("cannot subscribe to Redis"))
                return
            await asyncio.sleep(pause)
            pause = min(pause * 2, 5.0)

    def _confirmed(self, kind: str, channel: bytes | str) -> None:
        """Redis confirmed a ``subscribe`` or an ``unsubscribe``: wake the oldest
        :meth:`follow` or :meth:`unfollow` waiting for it."""
        key = (kind, channel.decode() if isinstance(channel, bytes) else channel)
        waiting = self._confirmations.get(key)
        if waiting:
            future = waiting.pop(0)
            if not waiting:
                del self._confirmations[key]
            if not future.done():
                future.set_result(None)

    @contextlib.asynccontextmanager
    async def _confirmation(self, kind: str, channel: str) -> AsyncIterator[None]:
        """Send ``kind`` for ``channel`` in the body, then wait (5 s at most) for Redis to
        confirm it.

        Raises:
            TimeoutError: no confirmation in 5 s (the connection lost meanwhile).
        """
        confirmed = asyncio.get_running_loop().create_future()
        waiting = self._confirmations.setdefault((kind, channel), [])
        waiting.append(confirmed)
        try:
            yield
            # asyncio.timeout, not wait_for: on Python 3.11 wait_for swallows a cancel that
            # arrives in the turn the confirmation lands
            async with asyncio.timeout(5):
                await confirmed
        finally:
            if confirmed in waiting:  # never confirmed: not left for a later reply
                waiting.remove(confirmed)
                if not waiting:
                    self._confirmations.pop((kind, channel), None)

    async def follow(self, table_id: int) -> None:
        """See :meth:`connect_arena.service.cluster.Coordinator.follow`: subscribe to the
        table's channel, then join its followers set (:meth:`followers_key`), and return
        once Redis confirmed both: every move ended after that is published, and reaches this
        process. Kept across a lost connection (subscribed and joined again).

        Raises:
            CoordinationError: Redis did not confirm it (unreachable, or in 5 s).
        """
        if table_id in self.following:
            return
        self.following.add(table_id)
        pubsub = self._pubsub
        channel = self.table_channel(table_id)
        try:
            if pubsub is not None:  # else not started, or reconnecting: subscribed then
                async with self._confirmation("subscribe", channel):
                    await pubsub.subscribe(channel)
            # Joined once subscribed: from then on the table's moves are published here.
            await self._join([table_id], notify=True)
        except (RedisError, OSError, TimeoutError) as error:
            raise CoordinationError(f"Redis: cannot subscribe to {channel}: {error}") from None

    async def _join(self, table_ids: Iterable[int], notify: bool = False) -> None:
        """Put this process in the followers sets of ``table_ids`` (one pipeline), each set
        kept :data:`FOLLOWERS_KEEP_MS` from now; with ``notify``, also tell each table's
        lease holder, when another process (:data:`_FOLLOW`): its operations may have been
        ending without publishing (:meth:`lease`).

        Raises:
            redis.exceptions.RedisError: Redis did not answer.
        """
        ids = list(table_ids)
        if not ids:
            return
        if notify:
            channels = f"{self.prefix}process:"
            calls: list[tuple[list[str], list[Any]]] = [
                (
                    [self.followers_key(table_id), f"{self.prefix}lease:{table_id}"],
                    [self.origin, FOLLOWERS_KEEP_MS, channels, table_id],
                )
                for table_id in ids
            ]
            answers = await self._scripts(self._follow, calls)
        else:
            async with self.redis.pipeline(transaction=False) as pipe:
                for table_id in ids:
                    pipe.sadd(self.followers_key(table_id), self.origin)
                    pipe.pexpire(self.followers_key(table_id), FOLLOWERS_KEEP_MS)
                answers = list(await pipe.execute(raise_on_error=False))
        for answer in answers:
            if isinstance(answer, Exception):
                raise answer

    async def _leave(self, table_ids: Iterable[int]) -> None:
        """Take this process out of the followers sets of ``table_ids`` (one pipeline). A
        failure is left alone: until the sets expire the tables' moves are only published
        for nobody."""
        with contextlib.suppress(RedisError, OSError):
            pipe = self.redis.pipeline(transaction=False)
            for table_id in table_ids:
                pipe.srem(self.followers_key(table_id), self.origin)
            if len(pipe):
                await pipe.execute()

    async def _refresh(self) -> None:
        """Every :data:`FOLLOWERS_REFRESH` seconds, renew this process's place in the
        followers sets of the tables it follows (they would expire while followed)."""
        while True:
            await asyncio.sleep(FOLLOWERS_REFRESH)
            try:
                await self._join(sorted(self.following))
            except RedisError as error:  # the next round, or the reconnection, joins again
                log.warning("renewing the followed tables failed: %s", error)
            honour_cancel()

    async def unfollow(self, table_id: int) -> None:
        """See :meth:`connect_arena.service.cluster.Coordinator.unfollow`: unsubscribe from
        the table's channel and return once Redis confirmed it (no message published after
        that reaches this process; one published before may still arrive after). A lost
        connection is not re-subscribed to it."""
        if table_id not in self.following:
            return
        self.following.discard(table_id)
        await self._leave([table_id])
        pubsub = self._pubsub
        if pubsub is not None:
            channel = self.table_channel(table_id)
            with contextlib.suppress(RedisError, OSError, TimeoutError):
                async with self._confirmation("unsubscribe", channel):
                    await pubsub.unsubscribe(channel)

    async def ping(self) -> None:
        """Ask Redis for ``PONG`` (readiness).

        Raises:
            redis.exceptions.RedisError: Redis does not answer.
        """
        await self.redis.ping()

    async def close(self) -> None:
        """Let go of the kept leases, stop the subscription and close the connection pool."""
        self._closing = True
        for table_id, held in list(self._held.items()):
            self._forget(table_id, held)  # busy too: no renewal may outlive the process's end
            if not held.busy:
                await self._let_go(table_id, held)
        for task in (self._renewer, self._refresher, self._reader):
            if task is not None:
                task.cancel()
                with contextlib.suppress(BaseException):
                    await task
        await self._leave(sorted(self.following))
        await self.redis.aclose()
