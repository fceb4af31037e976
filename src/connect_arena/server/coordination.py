"""The match service's :class:`~connect_arena.service.cluster.Coordinator` on Redis.

* **Table lease**: the key ``<prefix>lease:<table>`` set with ``SET NX PX`` to a random token;
  renewed (``PEXPIRE`` if the token is still ours) every third of its time while held;
  released by token (``DEL`` if still ours), so a holder whose lease expired can never release
  the next holder's. Taking and releasing are one Lua script each: one round trip.
* **Known seq**: ``<prefix>seq:<table>``, the highest committed seq, raised (never lowered) at
  each release; taking the lease returns it, so a replica knows whether to catch up.
* **Broadcasts**: the release also ``PUBLISH``es the holder's message on ``<prefix>events``,
  which every process subscribes to.
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
import logging
import secrets
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import redis.asyncio as aioredis
from redis.exceptions import RedisError

from connect_arena.service.cluster import CoordinationError, Grant

log = logging.getLogger(__name__)

_ACQUIRE = """
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then
  return {1, tonumber(redis.call('GET', KEYS[2]) or '-1')}
end
return {0, redis.call('PTTL', KEYS[1])}
"""

_RENEW = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return 0
"""

_RELEASE = """
local seq = tonumber(ARGV[2])
if seq >= 0 and seq > tonumber(redis.call('GET', KEYS[2]) or '-1') then
  redis.call('SET', KEYS[2], seq, 'PX', ARGV[4])
end
if ARGV[3] ~= '' then
  redis.call('PUBLISH', KEYS[3], ARGV[3])
end
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0
"""

SEQ_KEEP_MS = 6 * 3600 * 1000
"""How long a table's known seq is kept after its last move (then it is read from the
database again: an unknown seq only costs one query)."""


class RedisCoordinator:
    """Leases, known seqs and broadcasts in one Redis server.

    Args:
        url: ``redis://host:port/db`` (or ``rediss://``, ``unix://``).
        prefix: prefix of every key and channel (several arenas may share one Redis).
        lease_ms: a table lease's expiry: how long a dead process can hold up its tables.
        drive_ms: a computer-seat claim's expiry.
    """

    def __init__(
        self, url: str, prefix: str = "arena:", lease_ms: int = 2000, drive_ms: int = 6000
    ) -> None:
        self.redis: aioredis.Redis = aioredis.Redis.from_url(url, socket_timeout=5)
        self.origin = secrets.token_hex(8)
        self.prefix = prefix
        self.lease_ms = lease_ms
        self.drive_ms = drive_ms
        self.channel = f"{prefix}events"
        self._acquire = self.redis.register_script(_ACQUIRE)
        self._renew = self.redis.register_script(_RENEW)
        self._release = self.redis.register_script(_RELEASE)
        self._reader: asyncio.Task[None] | None = None

    # ----- leases -------------------------------------------------------------------------------
    async def _take(self, key: str, seq_key: str, token: str, ms: int) -> tuple[bool, int]:
        """One attempt: ``(True, known seq or -1)`` or ``(False, ms left on the holder's)``."""
        got, value = await self._acquire(keys=[key, seq_key], args=[token, ms])
        return bool(got), int(value)

    @contextlib.asynccontextmanager
    async def lease(self, table_id: int) -> AsyncIterator[Grant]:
        """See :meth:`connect_arena.service.cluster.Coordinator.lease`."""
        key, seq_key = f"{self.prefix}lease:{table_id}", f"{self.prefix}seq:{table_id}"
        token = secrets.token_hex(8)
        deadline = time.monotonic() + self.lease_ms / 1000 + 1.0
        pause = 0.001
        try:
            while True:
                got, value = await self._take(key, seq_key, token, self.lease_ms)
                if got:
                    break
                if time.monotonic() > deadline:
                    raise CoordinationError(f"table {table_id}'s lease stayed taken")
                # Short waits first (a pipeline step takes milliseconds), never past the expiry.
                await asyncio.sleep(min(pause, max(value, 1) / 1000))
                pause = min(pause * 2, 0.05)
        except RedisError as error:
            raise CoordinationError(f"Redis: {error}") from None
        grant = Grant(None if value < 0 else value)
        keeper = self._keep(key, token, self.lease_ms)
        try:
            yield grant
        finally:
            keeper.cancel()
            args: list[Any] = [token, -1 if grant.seq is None else grant.seq]
            args += [grant.message or "", SEQ_KEEP_MS]
            try:
                await self._release(keys=[key, seq_key, self.channel], args=args)
            except RedisError as error:  # it expires by itself; what was committed stays
                log.warning("releasing table %s's lease failed: %s", table_id, error)

    def _keep(self, key: str, token: str, ms: int) -> asyncio.Task[None]:
        """Renew a held key every third of its expiry until cancelled."""

        async def renew() -> None:
            while True:
                await asyncio.sleep(ms / 3000)
                with contextlib.suppress(RedisError):
                    if not await self._renew(keys=[key], args=[token, ms]):
                        log.warning("lost %s while holding it", key)
                        return

        return asyncio.get_running_loop().create_task(renew())

    @contextlib.asynccontextmanager
    async def drive(self, table_id: int) -> AsyncIterator[bool]:
        """See :meth:`connect_arena.service.cluster.Coordinator.drive`."""
        key = f"{self.prefix}drive:{table_id}"
        token = secrets.token_hex(8)
        try:
            got, _ = await self._take(key, f"{self.prefix}seq:{table_id}", token, self.drive_ms)
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

    # ----- broadcasts ---------------------------------------------------------------------------
    async def start(
        self, receive: Callable[[str], None], resync: Callable[[], Awaitable[None]]
    ) -> None:
        """See :meth:`connect_arena.service.cluster.Coordinator.start`. Returns once
        subscribed; a lost connection is re-established (then ``resync`` runs)."""
        subscribed = asyncio.get_running_loop().create_future()
        self._reader = asyncio.get_running_loop().create_task(
            self._read(receive, resync, subscribed)
        )
        await subscribed

    async def _read(
        self,
        receive: Callable[[str], None],
        resync: Callable[[], Awaitable[None]],
        subscribed: asyncio.Future[None],
    ) -> None:
        pause = 0.1
        while True:
            pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(self.channel)
                if subscribed.done():
                    await resync()
                else:
                    subscribed.set_result(None)
                pause = 0.1
                while True:
                    message = await pubsub.get_message(timeout=None)
                    if message is not None and message["type"] == "message":
                        data = message["data"]
                        receive(data.decode() if isinstance(data, bytes) else str(data))
            except (RedisError, OSError) as error:
                log.warning("Redis subscription lost (%s); reconnecting", error)
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()  # type: ignore[no-untyped-call]
            if not subscribed.done():
                subscribed.set_exception(CoordinationError("cannot subscribe to Redis"))
                return
            await asyncio.sleep(pause)
            pause = min(pause * 2, 5.0)

    async def ping(self) -> None:
        """Ask Redis for ``PONG`` (readiness).

        Raises:
            redis.exceptions.RedisError: Redis does not answer.
        """
        await self.redis.ping()

    async def close(self) -> None:
        """Stop the subscription and close the connection pool."""
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(BaseException):
                await self._reader
        await self.redis.aclose()
