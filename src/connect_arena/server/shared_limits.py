"""Rate limits shared by every process of the arena: :class:`RedisRateLimiter`, the
:class:`~connect_arena.server.auth.RateLimiter` interface on Redis.

Each key's recent events are a Redis sorted set (``<prefix><name>:<key>``, scored by Redis's own
clock in milliseconds, expiring a window after its last event); checking and counting every key
of a call — of one limiter (:meth:`RedisRateLimiter.take`) or of several
(:func:`~connect_arena.server.auth.take_all`: a sign-in's address, account and device limits)
— is one Lua script, so requests arriving together at several processes cannot all pass a check
made before any of them is counted (the chat limit of issue 31 at cluster scale).

The client is ``redis.asyncio``: a call awaits its one round trip (about 0.1-0.2 ms on a
loopback or LAN connection) and the event loop serves other requests meanwhile, and since the
check and the count are one script, nothing a caller awaits can come between them. When Redis
cannot be reached the process falls back to its own in-memory window for that call (logged):
the limit then holds per process until Redis is back, rather than every request failing.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Sequence

import redis.asyncio as aioredis
from redis.exceptions import RedisError

from connect_arena.server.auth import RateLimiter, take_here

log = logging.getLogger(__name__)

# KEYS: the keys' sorted sets. ARGV: a member unique to this call, then each key's count and
# window (ms). Counts one event in every key when none is full. Returns each key's wait in ms
# (0: room).
_LIMIT = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local waits, refused = {}, false
for i, key in ipairs(KEYS) do
  local count, window = tonumber(ARGV[2 * i]), tonumber(ARGV[2 * i + 1])
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
  local wait = 0
  if redis.call('ZCARD', key) >= count then
    local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
    wait = math.max(tonumber(oldest[2]) + window - now, 1)
    refused = true
  end
  waits[i] = wait
end
if not refused then
  for i, key in ipairs(KEYS) do
    redis.call('ZADD', key, now, ARGV[1])
    redis.call('PEXPIRE', key, tonumber(ARGV[2 * i + 1]))
  end
end
return waits
"""


class RedisRateLimiter(RateLimiter):
    """At most ``count`` events per key in a sliding window of ``seconds``, counted in Redis
    across every process (see the module's docstring).

    Args:
        url: ``redis://host:port/db``.
        name: the limiter's name in its keys (``login``, ``chat``…): limiters never share
            counts.
        count: events allowed per window.
        seconds: the window.
        prefix: prefix of every key (several arenas may share one Redis).
    """

    def __init__(
        self, url: str, name: str, count: int, seconds: float, prefix: str = "arena:limit:"
    ) -> None:
        super().__init__(count, seconds)
        self.url = url
        self.redis: aioredis.Redis = aioredis.Redis.from_url(url, socket_timeout=1)
        self.prefix = f"{prefix}{name}:"
        self._script = self.redis.register_script(_LIMIT)
        self._window_ms = max(1, round(seconds * 1000))

    async def take_many(self, limits: Sequence[tuple[RateLimiter, str]]) -> list[float]:
        """See :func:`~connect_arena.server.auth.take_all`: one script for every limit.

        Raises:
            ValueError: a limiter is not a :class:`RedisRateLimiter` on this one's Redis.
        """
        names: list[str] = []
        args: list[int | str] = [secrets.token_hex(8)]
        for limiter, key in limits:
            if not isinstance(limiter, RedisRateLimiter) or limiter.url != self.url:
                raise ValueError("limits taken together must share one Redis")
            names.append(limiter.prefix + key)
            args += [limiter.count, limiter._window_ms]
        try:
            waits = await self._script(keys=names, args=args)
        except RedisError as error:
            log.warning("rate limit in Redis failed (%s): counted in this process", error)
            return take_here(limits)
        return [int(wait) / 1000 for wait in waits]

    async def forget_one(self, key: str) -> None:
        """See :meth:`RateLimiter.forget_one`: the key's latest event is taken back."""
        try:
            await self.redis.zpopmax(self.prefix + key)
        except RedisError as error:
            log.warning("rate limit in Redis failed (%s)", error)
            await super().forget_one(key)

    async def clear(self, key: str) -> None:
        """See :meth:`RateLimiter.clear`."""
        try:
            await self.redis.delete(self.prefix + key)
        except RedisError as error:
            log.warning("rate limit in Redis failed (%s)", error)
            await super().clear(key)

    async def close(self) -> None:
        """Close the connection pool."""
        await self.redis.aclose()
