"""Accounts: argon2id password hashes, names, guests and the sign-in rate limits.

Sessions and CSRF tokens are in :mod:`connect_arena.server.sessions`; every state-changing
HTTP request must echo the CSRF token in the ``X-CSRF-Token`` header (see ``docs/server.md``).
"""

from __future__ import annotations

import asyncio
import re
import secrets
import time
import unicodedata
from collections import deque
from collections.abc import Sequence

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from zxcvbn import zxcvbn  # type: ignore[import-untyped]

from connect_arena.server.errors import ApiError

NAME_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{2,19}")
"""Account names: 3 to 20 letters, digits, ``_``, ``.`` or ``-``, starting with a letter or
digit (so a name never needs escaping, although the UI escapes it anyway)."""
MIN_PASSWORD = 8
MAX_PASSWORD = 256
_ZXCVBN_LENGTH = 72
_FEW_GUESSES = 1e6
"""zxcvbn's estimate under which a password is refused (its scores 0 and 1: found in the
lists of common and breached passwords, or a pattern such a list's owner tries first)."""
CSRF_HEADER = "x-csrf-token"

_GUEST_WORDS = [
    "Falcon",
    "Otter",
    "Lynx",
    "Heron",
    "Badger",
    "Marten",
    "Kestrel",
    "Ibex",
    "Puffin",
    "Gecko",
    "Osprey",
    "Bison",
    "Raven",
    "Wombat",
    "Panda",
    "Koala",
    "Tapir",
    "Okapi",
    "Dingo",
    "Moose",
    "Swift",
    "Plover",
    "Stoat",
    "Egret",
]


def check_name(name: str) -> str | None:
    """Why ``name`` cannot be an account name, or ``None``."""
    if not NAME_PATTERN.fullmatch(name):
        return (
            "a name has 3 to 20 characters: letters, digits, '_', '.' or '-', "
            "starting with a letter or digit"
        )
    if name.casefold().startswith("guest"):
        return "names starting with 'guest' are kept for guests"
    return None


def normalize_password(password: str) -> str:
    """``password`` in Unicode NFKC (NIST SP 800-63B 5.1.1.2): the same password typed on
    another keyboard or system (full-width letters, composed accents) is the same; passwords
    are checked, hashed and verified in this form."""
    return unicodedata.normalize("NFKC", password)


def check_password(password: str, name: str = "") -> tuple[str, str] | None:
    """Why ``password`` (normalized: :func:`normalize_password`) is not acceptable, as
    ``(code, message)``, or ``None``. The codes: ``password_too_long`` (over
    :data:`MAX_PASSWORD` characters), ``password_control`` (a control or invisible format
    character: NUL, a line break, a zero-width space, a direction override), ``password_too_short``
    (under :data:`MIN_PASSWORD` characters once runs of spaces count as one and the ends are
    trimmed) and ``password_common`` (``zxcvbn`` guesses it in under a million tries: a common
    or breached password, a keyboard walk, a repeat, the account's ``name``)."""
    if len(password) > MAX_PASSWORD:
        return "password_too_long", f"a password has at most {MAX_PASSWORD} characters"
    if any(unicodedata.category(c) in ("Cc", "Cf", "Cs") for c in password):
        return "password_control", "a password has no control or invisible characters"
    if len(" ".join(password.split())) < MIN_PASSWORD:
        return "password_too_short", f"a password has at least {MIN_PASSWORD} characters"
    # zxcvbn reads at most 72 characters (its cost grows with the length); longer is not weak.
    guess = zxcvbn(password[:_ZXCVBN_LENGTH], user_inputs=[name] if name else None)
    if float(guess["guesses"]) < _FEW_GUESSES:
        return (
            "password_common",
            "this password is too easy to guess: a common one, a simple pattern or your name",
        )
    return None


async def acceptable_password(password: str, name: str = "") -> str:
    """``password`` normalized (NFKC) when it is acceptable for account ``name`` (``""``: not
    known yet); else 400 with
    the reason's own code (``auth.check_password``: the page words it in its language). The
    check (zxcvbn, ~10 ms) runs in a thread."""
    normalized = normalize_password(password)
    problem = await asyncio.to_thread(check_password, normalized, name)
    if problem:
        raise ApiError(400, problem[0], problem[1])
    return normalized


def guest_name() -> str:
    """A generated guest name such as ``Guest-Otter-4821``."""
    return f"Guest-{secrets.choice(_GUEST_WORDS)}-{secrets.randbelow(9000) + 1000}"


class Passwords:
    """argon2id hashing (argon2-cffi), run off the event loop.

    Args:
        time_cost: argon2 iterations.
        memory_kib: argon2 memory in KiB.
    """

    def __init__(self, time_cost: int = 3, memory_kib: int = 65536) -> None:
        self.hasher = PasswordHasher(time_cost=time_cost, memory_cost=memory_kib)
        self._dummy: str | None = None

    async def hash(self, password: str) -> str:
        """The encoded argon2id hash of ``password``."""
        return await asyncio.to_thread(self.hasher.hash, password)

    async def verify(self, encoded: str | None, password: str) -> bool:
        """Whether ``password`` matches ``encoded``; a missing hash costs the same time (so
        that response times do not tell which names exist)."""
        if encoded is None:
            if self._dummy is None:
                self._dummy = await self.hash(secrets.token_hex(16))
            encoded = self._dummy
            password = "\x00" + password

        def check() -> bool:
            try:
                return self.hasher.verify(encoded, password)
            except (VerificationError, InvalidHashError):
                return False

        return await asyncio.to_thread(check)

    async def matches(self, encoded: str | None, password: str) -> bool:
        """Whether ``password`` as typed matches ``encoded``: its NFKC form
        (:func:`normalize_password`, how passwords are hashed), or the text itself for a hash
        made before passwords were normalized."""
        normalized = normalize_password(password)
        if await self.verify(encoded, normalized):
            return True
        return normalized != password and await self.verify(encoded, password)


class RateLimiter:
    """At most ``count`` events per key in a sliding window of ``seconds`` (in memory).

    Every method that checks also counts, in one step (:meth:`take`, :func:`take_all`):
    requests arriving together cannot all pass a check made before any of them is counted,
    whatever a shared backend (:class:`~connect_arena.server.shared_limits.RedisRateLimiter`)
    awaits. The methods are coroutines for that backend; in memory nothing is awaited.

    Args:
        count: events allowed per window.
        seconds: the window.
    """

    def __init__(self, count: int, seconds: float) -> None:
        self.count = count
        self.seconds = seconds
        self._events: dict[str, deque[float]] = {}

    def _recent(self, key: str, now: float) -> deque[float]:
        events = self._events.setdefault(key, deque())
        while events and events[0] <= now - self.seconds:
            events.popleft()
        if not events:
            del self._events[key]
            events = self._events.setdefault(key, deque())
        return events

    def wait_here(self, key: str, now: float) -> float:
        """Seconds until ``key`` may count one more event in this process (0: now)."""
        events = self._recent(key, now)
        return events[0] + self.seconds - now if len(events) >= self.count else 0.0

    def count_here(self, key: str, now: float) -> None:
        """Count one event of ``key`` in this process."""
        self._recent(key, now).append(now)
        if len(self._events) > 100_000:  # forget the oldest keys rather than grow for ever
            for old in list(self._events)[:50_000]:
                del self._events[old]

    async def take(self, *keys: str) -> float:
        """Check and count one event for every key in one step: the seconds to wait when
        refused (nothing is counted then), 0.0 when taken."""
        return max(await self.take_many([(self, key) for key in keys]), default=0.0)

    async def take_many(self, limits: Sequence[tuple[RateLimiter, str]]) -> list[float]:
        """:func:`take_all` for limiters of this kind: in memory, nothing awaited between
        the check and the count."""
        return take_here(limits)

    async def forget_one(self, key: str) -> None:
        """Take back the latest event of ``key`` (it turned out not to count: a sign-in that
        succeeded)."""
        events = self._events.get(key)
        if events:
            events.pop()
            if not events:
                del self._events[key]

    async def clear(self, key: str) -> None:
        """Forget the events of ``key`` (after a successful sign-in)."""
        self._events.pop(key, None)


def take_here(limits: Sequence[tuple[RateLimiter, str]]) -> list[float]:
    """Check every ``(limiter, key)`` in this process's memory and count one event for each
    when none refuses: the seconds each asks to wait (all 0.0: taken)."""
    now = time.monotonic()
    waits = [limiter.wait_here(key, now) for limiter, key in limits]
    if not any(waits):
        for limiter, key in limits:
            limiter.count_here(key, now)
    return waits


async def take_all(limits: Sequence[tuple[RateLimiter, str]]) -> list[float]:
    """Check and count one event for every ``(limiter, key)`` in one step (a sign-in counts
    against its address's limit and its account's): counted in all when none refuses, in
    none otherwise. The limiters are of one kind (all in memory, or all on one Redis).

    Returns:
        The seconds each limit asks to wait, in order (all 0.0: taken).
    """
    if not limits:
        return []
    return await limits[0][0].take_many(limits)
