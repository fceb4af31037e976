"""The server's shared objects and the FastAPI dependencies that reach them."""

from __future__ import annotations

import re
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Annotated

from fastapi import Depends, Path, Request
from starlette.requests import HTTPConnection

from connect_arena.server import logcontext
from connect_arena.server.auth import CSRF_HEADER, Passwords, RateLimiter
from connect_arena.server.config import Settings
from connect_arena.server.coordination import RedisCoordinator
from connect_arena.server.db import SqlStorage, StoredUser
from connect_arena.server.db.bots import SqlBots
from connect_arena.server.db.rating_store import SqlRatings
from connect_arena.server.errors import ApiError
from connect_arena.server.mail import Mailer
from connect_arena.server.metrics import Metrics
from connect_arena.server.protocol import UserInfo
from connect_arena.server.sessions import Sessions, cookie_token
from connect_arena.server.signins import SignInLimits
from connect_arena.service import MatchService, User
from connect_arena.service.model import MAX_ID

if TYPE_CHECKING:  # ratelimit.py's route dependencies import this module
    from connect_arena.server.ratelimit import Buckets

USER_CACHE = 10_000
USER_TTL = 10.0
"""Seconds an account stays cached: a change made by another process or by
``connect-arena admin`` (a role, a mute) applies within this time."""
"""Users kept in memory by id (the oldest dropped first)."""
_TABLE_ID = re.compile(r"[1-9][0-9]{0,9}")


PUZZLE_LIMIT = (60, 60.0)
"""Puzzle attempts and solutions asked per client address and per user in a minute (an
uncached one may search for the opponent's reply: tens of milliseconds of CPU)."""
ANALYSIS_LIMIT = (6, 60.0)
"""Game analyses asked per client address and per user in a minute (each may search up to
120 positions; a cached one is cheap, but counts the same)."""
EXPLORE_LIMIT = (40, 60.0)
""""Analyse from here" positions (one search each) per client address and per user in a
minute."""


@dataclass
class Arena:
    """Everything a request handler may need.

    Attributes:
        settings: the server settings.
        storage: the database.
        service: the match service.
        passwords: password hashing.
        login_limiter: failed sign-ins per address.
        signin_limits: failed sign-ins per account and device, per account, site-wide.
        signup_limiter: accounts created per address.
        sessions: the signed-in sessions and every visitor's CSRF token.
        frame_limiter: WebSocket frames per client address.
        replay_limiter: replay uploads per client address.
        bots: API tokens, bot accounts and challenges in the database.
        token_limiter: requests per API token.
        chat_limiter: chat messages per user.
        ratings: ratings, scored tables and players' histories in the database.
        report_limiter: reports per user.
        mailer: the SMTP server, when e-mail is configured.
        email_limiter: e-mails asked for per user, resets per address.
        metrics: this process's metrics (``/metrics``).
        coordinator: the Redis shared by the processes, when configured.
        analysis_limiter: game analyses per client address and per user
            (:data:`ANALYSIS_LIMIT`).
        explore_limiter: "analyse from here" positions per client address and per user
            (:data:`EXPLORE_LIMIT`).
        puzzle_limiter: puzzle attempts and solutions per client address and per user
            (:data:`PUZZLE_LIMIT`; shared by every process with Redis).
    """

    settings: Settings
    storage: SqlStorage
    service: MatchService
    passwords: Passwords
    login_limiter: RateLimiter
    signin_limits: SignInLimits
    signup_limiter: RateLimiter
    sessions: Sessions
    frame_limiter: Buckets
    replay_limiter: RateLimiter
    bots: SqlBots
    token_limiter: RateLimiter
    chat_limiter: RateLimiter
    ratings: SqlRatings
    report_limiter: RateLimiter = field(default_factory=lambda: RateLimiter(10, 3600.0))
    mailer: Mailer | None = None
    email_limiter: RateLimiter = field(default_factory=lambda: RateLimiter(5, 3600.0))
    metrics: Metrics = field(default_factory=Metrics)
    coordinator: RedisCoordinator | None = None
    analysis_limiter: RateLimiter = field(default_factory=lambda: RateLimiter(*ANALYSIS_LIMIT))
    explore_limiter: RateLimiter = field(default_factory=lambda: RateLimiter(*EXPLORE_LIMIT))
    puzzle_limiter: RateLimiter = field(default_factory=lambda: RateLimiter(*PUZZLE_LIMIT))
    _users: OrderedDict[int, tuple[float, StoredUser]] = field(default_factory=OrderedDict)

    async def user(self, user_id: int) -> StoredUser | None:
        """The account ``user_id`` (cached; :meth:`forget_user` after a change)."""
        now = time.monotonic()
        cached = self._users.get(user_id)
        if cached is not None and cached[0] > now:
            return cached[1]
        found = await self.storage.user_by_id(user_id)
        self._users.pop(user_id, None)
        if found is not None:
            self._users[user_id] = (now + USER_TTL, found)
            while len(self._users) > USER_CACHE:
                self._users.popitem(last=False)
        return found

    def forget_user(self, user_id: int) -> None:
        """Drop the cached account ``user_id`` (its password changed)."""
        self._users.pop(user_id, None)


def get_arena(connection: HTTPConnection) -> Arena:
    """The arena of the application serving ``connection``."""
    arena: Arena = connection.app.state.arena
    return arena


async def session_user(connection: HTTPConnection) -> StoredUser | None:
    """The signed-in user of a request or WebSocket, or ``None`` (no session, or one that was
    revoked or has expired)."""
    arena = get_arena(connection)
    user_id = await arena.sessions.user_id(cookie_token(connection))
    logcontext.user_id.set(user_id)  # the log lines of this request name the user
    return None if user_id is None else await arena.user(user_id)


async def require_user(connection: HTTPConnection) -> StoredUser:
    """The signed-in user, or a 401 error."""
    user = await session_user(connection)
    if user is None:
        raise ApiError(401, "not_signed_in", "sign in (or play as a guest) first")
    return user


async def arena_of(connection: HTTPConnection) -> Arena:
    """:func:`get_arena` as a dependency: a coroutine, so FastAPI calls it on the event loop
    (a plain function dependency is run in its thread pool, a hand-over to a worker thread
    and back for every request)."""
    return get_arena(connection)


async def require_csrf(request: Request) -> None:
    """:func:`check_csrf` as a dependency (a coroutine: see :func:`arena_of`)."""
    check_csrf(request)


def check_csrf(request: Request) -> None:
    """Refuse a state-changing request without the session's CSRF token (403). A browser
    (it sends ``Sec-Fetch-Mode``) is told to reload the page; a script, where to read the
    current token."""
    arena = get_arena(request)
    if not arena.sessions.csrf_ok(cookie_token(request), request.headers.get(CSRF_HEADER)):
        if "sec-fetch-mode" in request.headers:
            advice = "reload the page and try again"
        else:
            advice = (
                "GET /api/session with this session's cookie gives the current token (its "
                '"csrf"); signing up, in or out changes it, so read it again after those'
            )
        raise ApiError(403, "csrf", f"missing or wrong X-CSRF-Token header: {advice}")


def parse_table_id(text: str) -> int | None:
    """The table id written in ``text`` (decimal digits, 1 to :data:`MAX_ID`), or
    ``None`` when ``text`` cannot name a table."""
    if not _TABLE_ID.fullmatch(text):
        return None
    table_id = int(text)
    return table_id if table_id <= MAX_ID else None


async def table_id_param(table_id: str) -> int:
    """The ``{table_id}`` of a route's path; 404 ``not_found`` when it cannot name a table
    (so that no id reaches the database as an overflowing integer). A coroutine: see
    :func:`arena_of`."""
    parsed = parse_table_id(table_id)
    if parsed is None:
        raise ApiError(404, "not_found", f"there is no table {table_id[:32]!r}")
    return parsed


def service_user(user: StoredUser) -> User:
    """The match service's view of an account."""
    return User(user.id, user.name, user.bot)


def user_json(user: StoredUser | None) -> UserInfo | None:
    """The public description of an account."""
    if user is None:
        return None
    return {
        "id": user.id,
        "name": user.name,
        "guest": user.guest,
        "bot": user.bot,
        "moderator": user.role == "moderator",
    }


ArenaDep = Annotated[Arena, Depends(arena_of)]
UserDep = Annotated[StoredUser, Depends(require_user)]
MaybeUserDep = Annotated[StoredUser | None, Depends(session_user)]
CsrfDep = Depends(require_csrf)
TableId = Annotated[int, Depends(table_id_param)]
RowId = Annotated[int, Path(ge=1, le=MAX_ID, description="a row's id, 1 to 2**31 - 1")]
"""The id of a stored row in a route's path (a token, challenge, seek, tournament): beyond the
bounds a database integer (and every row) has, 422 ``bad_request`` before any query."""
