"""Rate limits shared by every process of the arena: :class:`RedisRateLimiter`, the
:class:`~connect_arena.server.auth.RateLimiter` interface on Redis.

Each key's recent events are a Redis sorted set (``<prefix><name>:<key>``, scored by Redis's own
clock in milliseconds, expiring a window after its last event); checking and counting for every
key of a call is one Lua script, so requests arriving together at several processes cannot all
pass a check made before any of them is counted (the chat limit of issue 31 at cluster scale).

The interface stays synchronous (``take``, ``retry_after``, ``hit``, ``forget_one``,
``clear``): its callers check and count with nothing awaited between, and a second helper's
sign-in throttling uses it as is. So each call is one blocking round trip to Redis (about
0.1-0.2 ms on a loopback or LAN connection) on the event loop; the limiters guard sign-ins,
sign-ups, replays, bot API requests and chat lines, not the per-frame path (WebSocket frames
go through :class:`~connect_arena.server.ratelimit.Buckets`, per process). When Redis cannot
be reached the process falls back to its own in-memory window for that call (logged): the
limit then holds per process until Redis is back, rather than every request failing.
"""

from __future__ import annotations

import logging
import secrets

import redis
from redis.exceptions import RedisError

from connect_arena.server.auth import RateLimiter

log = logging.getLogger(__name__)

# KEYS: the keys' sorted sets. ARGV: count, window (ms), a member unique to this call, and the
# mode: "take" (check, then count if allowed), "check" (count nothing) or "hit" (count only).
# Returns the milliseconds to wait (0: allowed).
_LIMIT = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local count, window, mode = tonumber(ARGV[1]), tonumber(ARGV[2]), ARGV[4]
local wait = 0
for _, key in ipairs(KEYS) do
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
  if mode ~= 'hit' and redis.call('ZCARD', key) >= count then
    local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
    wait = math.max(wait, tonumber(oldest[2]) + window - now, 1)
  end
end
if mode == 'hit' or (mode == 'take' and wait == 0) then
  for _, key in ipairs(KEYS) do
    redis.call('ZADD', key, now, ARGV[3])
    redis.call('PEXPIRE', key, window)
  end
end
return wait
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
        self.redis: redis.Redis = redis.Redis.from_url(url, socket_timeout=1)
        self.prefix = f"{prefix}{name}:"
        self._script = self.redis.register_script(_LIMIT)
        self._window_ms = max(1, round(seconds * 1000))

    def _run(self, keys: tuple[str, ...], mode: str) -> float | None:
        """The script over ``keys``: seconds to wait, or ``None`` when Redis failed."""
        if not keys:
            return 0.0
        names = [self.prefix + key for key in keys]
        args: list[int | str] = [self.count, self._window_ms, secrets.token_hex(8), mode]
        try:
            waited = self._script(keys=names, args=args)
        except RedisError as error:
            log.warning("rate limit in Redis failed (%s): counted in this process", error)
            return None
        return int(waited) / 1000

    def take(self, *keys: str) -> float:
        """See :meth:`RateLimiter.take`: one atomic step across every process."""
        wait = self._run(keys, "take")
        return super().take(*keys) if wait is None else wait

    def retry_after(self, *keys: str) -> float:
        """See :meth:`RateLimiter.retry_after`."""
        wait = self._run(keys, "check")
        return super().retry_after(*keys) if wait is None else wait

    def hit(self, *keys: str) -> None:
        """See :meth:`RateLimiter.hit`."""
        if self._run(keys, "hit") is None:
            super().hit(*keys)

    def forget_one(self, key: str) -> None:
        """See :meth:`RateLimiter.forget_one`: the key's latest event is taken back."""
        try:
            self.redis.zpopmax(self.prefix + key)
        except RedisError as error:
            log.warning("rate limit in Redis failed (%s)", error)
            super().forget_one(key)

    def clear(self, key: str) -> None:
        """See :meth:`RateLimiter.clear`."""
        try:
            self.redis.delete(self.prefix + key)
        except RedisError as error:
            log.warning("rate limit in Redis failed (%s)", error)
            super().clear(key)

    def close(self) -> None:
        """Close the connection pool."""
        self.redis.close()
