"""Server-side sessions: the cookie holds only a random token, the database its SHA-256.

* A token is 256 random bits (``secrets.token_urlsafe(32)``); the ``sessions`` table stores
  ``sha256(token)`` with the user, the times and the browser's ``User-Agent``, so a copy of the
  table signs nobody in.
* Signing in creates a session (a fresh token: no fixation); signing out deletes it, "sign out
  everywhere" deletes all of the user's, a password change all but the current one. A deleted
  or expired token is only an anonymous visitor's; WebSockets opened with it are closed (1008).
* Sessions slide: each use pushes the expiry to 30 days after it (written at most hourly).
* Anonymous visitors get a token too (never stored): the CSRF token every ``POST`` must echo is
  an HMAC of the cookie's token under the server's secret key, so it changes with the session
  and a page of another site can neither read nor compute it.

The cookie is ``HttpOnly``, ``SameSite=Lax``, ``Path=/``, 30 days, and ``Secure`` when the
request came over HTTPS or ``secure_cookies`` is set. See ``docs/server.md``.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

from starlette.requests import HTTPConnection
from starlette.responses import Response

from connect_arena.server.db import SqlStorage
from connect_arena.service.cluster import Relay

COOKIE = "arena_session"
LIFETIME = timedelta(days=30)
"""A session ends this long after its last use."""
TOUCH = timedelta(hours=1)
"""A session's last use (and so its expiry) is written at most this often."""
AGENT_LENGTH = 256
_TOKEN = re.compile(r"[A-Za-z0-9_-]{22,64}")


def new_token() -> str:
    """A fresh session token: 256 random bits, URL-safe base64 (43 characters)."""
    return secrets.token_urlsafe(32)


def session_id(token: str) -> str:
    """The stored id of the session of ``token``: its SHA-256, hex (64 characters)."""
    return hashlib.sha256(token.encode()).hexdigest()


def cookie_token(connection: HTTPConnection) -> str | None:
    """The session token of a request or WebSocket, or ``None`` (no cookie, or not one of
    ours: such values never reach the database)."""
    token = connection.cookies.get(COOKIE)
    return token if token is not None and _TOKEN.fullmatch(token) else None


class Sessions:
    """Sessions of signed-in users, and the CSRF tokens of every visitor.

    Args:
        storage: the database.
        secret: the server's secret key (CSRF tokens are HMACs under a key derived from it).
        secure: always mark the cookie ``Secure`` (else only over HTTPS).
        lifetime: how long after its last use a session ends.
        relay: the other processes (several only): a revocation closes the session's
            WebSockets on every process (:meth:`revoked` there).
    """

    def __init__(
        self,
        storage: SqlStorage,
        secret: str,
        secure: bool = False,
        lifetime: timedelta = LIFETIME,
        relay: Relay | None = None,
    ) -> None:
        self.storage = storage
        self.relay = relay
        self.secure = secure
        self.lifetime = lifetime
        self._csrf_key = hashlib.sha256(b"connect-arena csrf\0" + secret.encode()).digest()
        self._sockets: dict[str, tuple[int, set[Callable[[], None]]]] = {}

    # ----- CSRF ---------------------------------------------------------------------------------
    def csrf(self, token: str) -> str:
        """The CSRF token of the session (or anonymous visit) of ``token``."""
        digest = hmac.new(self._csrf_key, token.encode(), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest[:24]).decode()

    def csrf_ok(self, token: str | None, header: str | None) -> bool:
        """Whether ``header`` is the CSRF token of ``token``."""
        if token is None or header is None:
            return False
        return hmac.compare_digest(self.csrf(token), header)

    # ----- sessions -----------------------------------------------------------------------------
    async def start(self, user_id: int, agent: str | None) -> str:
        """Sign ``user_id`` in: store a new session and return its token (for the cookie)."""
        token = new_token()
        now = datetime.now(UTC)
        agent = agent[:AGENT_LENGTH] if agent else None
        await self.storage.create_session(
            session_id(token), user_id, now, now + self.lifetime, agent
        )
        return token

    async def user_id(self, token: str | None) -> int | None:
        """The user signed in by ``token``, or ``None`` (anonymous, revoked or expired); a
        use pushes the expiry back (sliding)."""
        if token is None:
            return None
        found = await self.storage.session_by_id(session_id(token))
        now = datetime.now(UTC)
        if found is None or found.expires_at <= now:
            return None
        if now - found.last_seen_at >= TOUCH:
            await self.storage.touch_session(found.id, now, now + self.lifetime)
        return found.user_id

    async def end(self, token: str | None) -> None:
        """Revoke the session of ``token`` (if any) and close its WebSockets."""
        if token is None:
            return
        ended = session_id(token)
        await self.storage.delete_session(ended)
        self._close(lambda sid, _user: sid == ended)
        if self.relay is not None:
            self.relay.send("revoke", {"session": ended})

    async def end_all(self, user_id: int, keep: str | None = None) -> None:
        """Revoke every session of ``user_id`` but the one of token ``keep``, closing their
        WebSockets."""
        kept = None if keep is None else session_id(keep)
        await self.storage.delete_user_sessions(user_id, kept)
        self._close(lambda sid, user: user == user_id and sid != kept)
        if self.relay is not None:
            self.relay.send("revoke", {"user_id": user_id, "keep": kept})

    async def revoked(self, body: dict[str, Any]) -> None:
        """Another process revoked sessions: ``{"session": id}`` (one) or ``{"user_id",
        "keep": id or None}`` (all of a user's but one); close their WebSockets here."""
        if "session" in body:
            ended = str(body["session"])
            self._close(lambda sid, _user: sid == ended)
        else:
            user_id, kept = int(body["user_id"]), body.get("keep")
            self._close(lambda sid, user: user == user_id and sid != kept)

    # ----- live WebSockets ----------------------------------------------------------------------
    def watch(self, token: str, user_id: int, close: Callable[[], None]) -> Callable[[], None]:
        """Call ``close()`` when the session of ``token`` is revoked; returns the function
        that stops watching (call it when the socket closes)."""
        sid = session_id(token)
        _user, closers = self._sockets.setdefault(sid, (user_id, set()))
        closers.add(close)

        def unwatch() -> None:
            closers.discard(close)
            if not closers:
                self._sockets.pop(sid, None)

        return unwatch

    def _close(self, revoked: Callable[[str, int], bool]) -> None:
        for sid, (user, closers) in list(self._sockets.items()):
            if revoked(sid, user):
                del self._sockets[sid]
                for close in list(closers):
                    close()

    # ----- the cookie ---------------------------------------------------------------------------
    def set_cookie(self, connection: HTTPConnection, response: Response, token: str) -> None:
        """Send ``token`` as the session cookie (``Secure`` over HTTPS)."""
        response.set_cookie(
            COOKIE,
            token,
            max_age=int(self.lifetime.total_seconds()),
            path="/",
            httponly=True,
            samesite="lax",
            secure=self.secure or connection.url.scheme == "https",
        )
