"""Rate limits of WebSocket frames and replay uploads (in memory, per process), and the route
dependencies that answer 429 with ``Retry-After`` beyond a limit.

WebSocket frames go through two token buckets: one per connection and one per client address
(shared by all the address's connections). A frame over either limit is dropped: the first of
a run gets a ``rate_limited`` error frame, and a connection that keeps sending (``STRIKES``
dropped frames in a row) is closed with 1008. The check comes before the frame is even
decoded, so a flood costs the event loop next to nothing. See ``docs/server.md``.
"""

from __future__ import annotations

import enum
import math
import time
from collections.abc import Callable, Coroutine
from typing import Any

from fastapi import Depends, Request

from connect_arena.server.auth import RateLimiter
from connect_arena.server.db import StoredUser
from connect_arena.server.dependencies import Arena, ArenaDep, MaybeUserDep
from connect_arena.server.errors import ApiError

STRIKES = 20
"""Frames dropped in a row before the connection is closed."""
MAX_KEYS = 100_000
"""Addresses remembered at most (the oldest half is forgotten beyond)."""


class TokenBucket:
    """At most ``burst`` events at once, refilled at ``burst / seconds`` per second.

    Args:
        burst: the bucket's size (events allowed back to back).
        seconds: the time to refill an empty bucket.
        clock: monotonic seconds (for tests).
    """

    def __init__(
        self, burst: int, seconds: float, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.burst = burst
        self.rate = burst / seconds
        self.clock = clock
        self.tokens = float(burst)
        self.updated = clock()

    def take(self) -> bool:
        """Spend a token if there is one; whether the event is allowed."""
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.updated) * self.rate)
        self.updated = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class Buckets:
    """A :class:`TokenBucket` per key (a client address).

    Args:
        burst: each bucket's size.
        seconds: the time to refill an empty bucket.
    """

    def __init__(self, burst: int, seconds: float) -> None:
        self.burst = burst
        self.seconds = seconds
        self._buckets: dict[str, TokenBucket] = {}

    def take(self, key: str) -> bool:
        """Spend a token of ``key``'s bucket if there is one."""
        bucket = self._buckets.get(key)
        if bucket is None:
            if len(self._buckets) >= MAX_KEYS:  # forget the oldest rather than grow for ever
                for old in list(self._buckets)[: MAX_KEYS // 2]:
                    del self._buckets[old]
            bucket = self._buckets[key] = TokenBucket(self.burst, self.seconds)
        return bucket.take()


class Verdict(enum.Enum):
    """What to do with a frame."""

    SERVE = "serve"
    WARN = "warn"  # drop it and send a rate_limited error
    DROP = "drop"  # drop it silently
    CLOSE = "close"  # drop it and close the connection


class FrameLimit:
    """The limits of one WebSocket connection.

    Args:
        burst: frames the connection may send back to back.
        seconds: the time to refill the connection's allowance.
        addresses: the shared per-address buckets.
        address: the connection's client address.
    """

    def __init__(self, burst: int, seconds: float, addresses: Buckets, address: str) -> None:
        self.bucket = TokenBucket(burst, seconds)
        self.addresses = addresses
        self.address = address
        self.dropped = 0

    def check(self) -> Verdict:
        """Count a frame that just arrived and say what to do with it."""
        # Both buckets are asked: a connection within its own limit still counts for its address.
        allowed = self.bucket.take() & self.addresses.take(self.address)
        if allowed:
            self.dropped = 0
            return Verdict.SERVE
        self.dropped += 1
        if self.dropped == 1:
            return Verdict.WARN
        return Verdict.CLOSE if self.dropped >= STRIKES else Verdict.DROP

    def message(self) -> str:
        """The text of the ``rate_limited`` error."""
        per_second = self.bucket.rate
        return (
            f"too many messages: at most {self.bucket.burst} at once and {per_second:g} per "
            "second; slow down or the connection is closed"
        )


def limited_error(wait: float, what: str) -> ApiError:
    """429 ``rate_limited`` with ``Retry-After`` (whole seconds, at least 1)."""
    seconds = max(1, math.ceil(wait))
    return ApiError(
        429,
        "rate_limited",
        f"too many {what}: try again in {seconds} s",
        {"Retry-After": str(seconds)},
    )


def client_address(request: Request) -> str:
    """The client's address (``unknown`` when the server does not know it)."""
    return request.client.host if request.client else "unknown"


async def limit_replays(request: Request) -> None:
    """Count a replay upload of the client's address; 429 beyond the limit (a replay runs the
    game's engine over the whole record: the most expensive anonymous request)."""
    limiter: RateLimiter = request.app.state.arena.replay_limiter
    wait = await limiter.take(client_address(request))  # checked and counted in one step
    if wait:
        raise limited_error(wait, "replays from your address")


ReplayLimitDep = Depends(limit_replays)


def limit_per_address_and_user(
    limiter: Callable[[Arena], RateLimiter], what: str
) -> Callable[[Request, StoredUser | None, Arena], Coroutine[Any, Any, None]]:
    """A route dependency counting one request of the client's address and, signed in, of its
    user in one step (``RateLimiter.take``) on ``limiter(arena)``; beyond the limit 429
    ``rate_limited`` with ``Retry-After`` ("too many ``what``").

    Args:
        limiter: picks the limiter of the arena (``lambda arena: arena.analysis_limiter``).
        what: the requests counted, plural, for the error's message ("analyses").
    """

    async def limit(request: Request, user: MaybeUserDep, arena: ArenaDep) -> None:
        keys = [f"address:{client_address(request)}"]
        if user is not None:
            keys.append(f"user:{user.id}")
        wait = await limiter(arena).take(*keys)
        if wait:
            raise limited_error(wait, what)

    return limit
