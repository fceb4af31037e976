"""Pure ASGI middleware: the ``Host`` allow-list, a request-body size limit, security headers
and static files' caching."""

from __future__ import annotations

import json
import logging

from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from connect_arena.server.errors import error_response

log = logging.getLogger(__name__)

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
)


class AllowedHosts:
    """Serve only requests and WebSockets whose ``Host`` is one of ``hosts``: Starlette's
    ``TrustedHostMiddleware`` decides, and its refusal is answered in the API's error shape
    (400 ``bad_host``).

    Without it a page of any site could reach this server through DNS rebinding (its name
    made to resolve to 127.0.0.1) and use the API as if it were the server's own page.

    Args:
        app: the wrapped application.
        hosts: allowed host names, without port (``*.example.com``: subdomains; ``*``: any).
    """

    PASSED = "connect_arena.host_allowed"
    SEND = "connect_arena.host_send"
    SOCKET_SEND = "connect_arena.socket_send"
    """Scope key of an allowed WebSocket's server send: the socket's pump sends each queued
    message through it, past Starlette's and the routes' per-message wrappers."""

    def __init__(self, app: ASGIApp, hosts: tuple[str, ...]) -> None:
        self.app = app
        self.hosts = hosts
        self.trusted = TrustedHostMiddleware(self._passed, list(hosts), www_redirect=False)

    async def _passed(self, scope: Scope, receive: Receive, _send: Send) -> None:
        scope[self.PASSED] = True
        # The server's own send: no wrapper around every later message (each WebSocket
        # message of a move's broadcast went through one).
        send = scope.pop(self.SEND)
        if scope["type"] == "websocket":
            scope[self.SOCKET_SEND] = send
        try:
            await self.app(scope, receive, send)
        finally:
            # The send is a method of the server's protocol object, which holds the scope:
            # left here, every closed socket would be a reference cycle, freed only by the
            # full collection of the GC policy (gcpolicy.py), every 10 minutes, for seconds.
            scope.pop(self.SOCKET_SEND, None)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """ASGI entry point: refuse a wrong host, else pass the request or WebSocket on."""
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return

        async def refused(_message: Message) -> None:
            return None  # Starlette's own refusal is dropped, ours follows

        scope[self.SEND] = send
        try:
            await self.trusted(scope, receive, refused)
        finally:
            scope.pop(self.SEND, None)  # no cycle through the scope (see _passed)
        if not scope.get(self.PASSED):
            message = "this server does not answer to that host name (see --allowed-hosts)"
            await error_response(400, "bad_host", message)(scope, receive, send)


class BodyLimit:
    """Refuse HTTP request bodies over ``limit`` bytes with 413, by their ``Content-Length`` or
    while they stream in.

    Args:
        app: the wrapped application.
        limit: the largest accepted body in bytes.
    """

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """ASGI entry point: HTTP requests pass through this middleware; others go straight on."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope["headers"]:
            if name == b"content-length" and value.isdigit() and int(value) > self.limit:
                await self._refuse(send)
                return
        received = 0
        started = False

        async def limited_receive() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.limit:
                    raise _TooLargeError
            return message

        async def tracking_send(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, limited_receive, tracking_send)
        except _TooLargeError:
            if not started:
                await self._refuse(send)

    async def _refuse(self, send: Send) -> None:
        body = json.dumps(
            {
                "error": {
                    "code": "too_large",
                    "message": f"the request body is larger than {self.limit} bytes",
                }
            }
        ).encode()
        headers = [(b"content-type", b"application/json"), (b"content-length", b"%d" % len(body))]
        await send({"type": "http.response.start", "status": 413, "headers": headers})
        await send({"type": "http.response.body", "body": body})


class _TooLargeError(Exception):
    pass


class SecurityHeaders:
    """Add a Content-Security-Policy and friends to every HTTP response, errors included, and
    ``Cache-Control: no-store`` to every API answer that sets no caching of its own (they
    carry the CSRF token or private data). The outermost layer: an exception that escapes the
    application is answered here, ``500 internal`` with the same headers, and logged; it is
    not re-raised, so the connection stays usable (Starlette's own handler would answer
    without these headers and let the server drop the connection).

    Args:
        app: the wrapped application.
    """

    HEADERS = (
        (b"content-security-policy", CSP.encode()),
        (b"x-content-type-options", b"nosniff"),
        (b"x-frame-options", b"DENY"),
        (b"referrer-policy", b"same-origin"),
    )

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """ASGI entry point: HTTP requests pass through this middleware; others go straight on."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        api = scope.get("path", "").startswith("/api/")
        started = False

        async def with_headers(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                headers = [*message.get("headers", []), *self.HEADERS]
                if api and not any(name.lower() == b"cache-control" for name, _ in headers):
                    headers.append((b"cache-control", b"no-store"))
                message["headers"] = headers
            await send(message)

        try:
            await self.app(scope, receive, with_headers)
        except Exception:
            log.exception("an unexpected failure answering %s", scope.get("path"))
            if started:  # part of the answer is sent: nothing better than ending it
                return
            answer = error_response(500, "internal", "the server failed: try again later")
            await answer(scope, receive, with_headers)


class StaticCaching:
    """Add a ``Cache-Control`` header to the successful answers of a static-files app.

    The wrapped app (Starlette's ``StaticFiles``) already sends an ``ETag`` and a
    ``Last-Modified`` and answers 304 to a matching ``If-None-Match``; this says how long a
    browser may reuse a file before it revalidates. Errors get no header: a 404 must not be
    kept (the table page falls back to the generic UI when a game has no module).

    Args:
        app: the wrapped application.
        max_age: seconds a file may be reused without asking; 0: ``no-cache`` (always
            revalidate).
    """

    def __init__(self, app: ASGIApp, max_age: int) -> None:
        self.app = app
        value = f"public, max-age={max_age}" if max_age > 0 else "no-cache"
        self.header = (b"cache-control", value.encode())

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """ASGI entry point: HTTP requests pass through this middleware; others go straight on."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_header(message: Message) -> None:
            if message["type"] == "http.response.start" and message["status"] in (200, 206, 304):
                kept = [h for h in message.get("headers", []) if h[0] != b"cache-control"]
                message["headers"] = [*kept, self.header]
            await send(message)

        await self.app(scope, receive, with_header)
