"""WebSockets: ``/ws/lobby`` (the live lobby) and ``/ws/tables/{id}`` (a live table).

The handlers stay thin: they check the origin, read the session user, turn frames into calls
of the match service and pump the viewer's queue out. The protocol is in ``docs/server.md``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Awaitable, Callable, Coroutine, Generator
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from fastapi import APIRouter, WebSocket
from pydantic import TypeAdapter, ValidationError
from starlette.types import Message
from starlette.websockets import WebSocketDisconnect

from connect_arena.server.dependencies import (
    Arena,
    get_arena,
    parse_table_id,
    service_user,
    session_user,
)
from connect_arena.server.middleware import AllowedHosts
from connect_arena.server.ratelimit import FrameLimit, Verdict
from connect_arena.server.routes_relations import refuse_blocked_rematch
from connect_arena.server.schemas import (
    AbortMessage,
    ActionMessage,
    ClaimMessage,
    ClientMessage,
    DrawMessage,
    HistoryMessage,
    LifecycleMessage,
    PingMessage,
    RematchMessage,
    ResignMessage,
    ReturnMessage,
    TakebackMessage,
)
from connect_arena.server.sessions import cookie_token
from connect_arena.service import ErrorCode, ServiceError, Subscription, User
from connect_arena.service.live_table import Writer
from connect_arena.service.viewing import error_message

router = APIRouter()
MESSAGES: TypeAdapter[Any] = TypeAdapter(ClientMessage)
POLICY_VIOLATION = 1008
PROTOCOL = "connect-arena.v1"
"""The WebSocket subprotocol naming this protocol's version; the pages offer it (static/js/
socket.js) and the server answers with it. Clients that offer none are served the same."""


def origin_allowed(websocket: WebSocket, arena: Arena) -> bool:
    """Whether the handshake's ``Origin`` is this server (or an allowed origin).

    Browsers always send ``Origin`` on WebSockets, so a page of another site cannot use a
    visitor's cookie here (cross-site WebSocket hijacking); clients that are not browsers
    send none and must bring the session cookie themselves.
    """
    origin = websocket.headers.get("origin")
    if origin is None:
        return True
    if origin in arena.settings.allowed_origins:
        return True
    return urlsplit(origin).netloc.lower() == websocket.headers.get("host", "").lower()


@dataclass
class Connection:
    """What the handlers know of one open WebSocket.

    Attributes:
        subscription: the viewer's outgoing queue.
        limit: the connection's frame rate limit.
        close_reason: sent with the close (1008) once the subscription has ended.
        ended: the server ended the connection (its session was revoked, say): later frames
            are ignored.
    """

    subscription: Subscription
    limit: FrameLimit
    close_reason: str = "too far behind: reconnect"
    ended: bool = False

    def end(self, reason: str) -> None:
        """Close the connection after the messages already queued."""
        if not self.ended:
            self.ended = True
            self.close_reason = reason
            self.subscription.close()


def close_on_sign_out(
    arena: Arena, websocket: WebSocket, connection: Connection, user_id: int | None
) -> Callable[[], None] | None:
    """End ``connection`` (after what is queued) when the session it was opened with is
    revoked: a sign-out, "sign out everywhere", a password change. Every socket that serves a
    signed-in person uses it. Returns the function that stops watching (call it when the
    socket closes), or ``None`` for an anonymous socket."""
    token = cookie_token(websocket)
    if user_id is None or token is None:
        return None
    return arena.sessions.watch(token, user_id, lambda: connection.end("signed out"))


async def accept(websocket: WebSocket) -> None:
    """Accept the handshake, answering with :data:`PROTOCOL` when the client offers it.

    A browser fails a handshake whose answer names none of the subprotocols it offered, so a
    page of another protocol version (offering only ``connect-arena.v2``, say) is refused.
    """
    offered = websocket.scope.get("subprotocols", [])
    await websocket.accept(subprotocol=PROTOCOL if PROTOCOL in offered else None)


def _admitted(websocket: WebSocket, arena: Arena) -> bool:
    """Whether to open a WebSocket: its origin is allowed and its address within its frame
    allowance (opening one counts as a frame: a connection may ask for a whole history)."""
    address = websocket.client.host if websocket.client else "unknown"
    return origin_allowed(websocket, arena) and arena.frame_limiter.take(address)


async def _pump(websocket: WebSocket, connection: Connection) -> None:
    """Send the viewer's messages until the subscription closes. When :class:`AllowedHosts`
    handed over the server's own ASGI send, each message goes straight to it (a broadcast's
    text is encoded once per view, then each socket's message costs one call, not the four
    layers of ``send_text``: Starlette's state checks and the routes' exception wrappers),
    written within the broadcast itself (:func:`_writer`); else through ``send_text``."""
    subscription = connection.subscription
    send = websocket.scope.get(AllowedHosts.SOCKET_SEND)
    if send is None:
        while (text := await subscription.get()) is not None:
            await websocket.send_text(text)
    else:
        await subscription.pump(_writer(send))
    await websocket.close(POLICY_VIOLATION, connection.close_reason)


def _writer(send: Callable[[Message], Coroutine[Any, Any, None]]) -> Writer:
    """A writer for :meth:`Subscription.pump` from the server's ASGI send: it steps the send's
    coroutine at once, and the send of a WebSocket message does not wait while the transport
    takes more (uvicorn's waits only while the transport is paused), so a broadcast writes
    each viewer's message itself instead of waking the viewer's pump task (``docs/scaling.md``,
    session 57). A send that does wait is returned as :class:`_Rest`, which the pump awaits
    before anything else is sent."""

    def write(text: str) -> Awaitable[None] | None:
        step = send({"type": "websocket.send", "text": text})
        try:
            waiting = step.send(None)
        except StopIteration:
            return None
        return _Rest(step, waiting)

    return write


class _Rest:
    """The rest of a coroutine stepped once outside a task, which then waited for ``waiting``
    (what it yielded): awaiting this hands ``waiting`` to the awaiting task, as the coroutine
    would have, then runs the coroutine on to its end. Cancelling the task raises the
    ``CancelledError`` in the coroutine, where it waits."""

    def __init__(self, step: Any, waiting: Any) -> None:
        self.step = step
        self.waiting = waiting

    def __await__(self) -> Generator[Any, Any, None]:
        waiting = self.waiting
        while True:
            try:
                sent = yield waiting
            except BaseException as error:
                try:
                    waiting = self.step.throw(error)
                except StopIteration:
                    return
            else:
                try:
                    waiting = self.step.send(sent)
                except StopIteration:
                    return


def _connection(arena: Arena, websocket: WebSocket, subscription: Subscription) -> Connection:
    """The state of a new connection, with its rate limit."""
    address = websocket.client.host if websocket.client else "unknown"
    burst, seconds = arena.settings.ws_limit
    return Connection(subscription, FrameLimit(burst, seconds, arena.frame_limiter, address))


async def _serve(websocket: WebSocket, connection: Connection, handle: Any) -> None:
    """Run the pump and the reader (:func:`_read`) until the client leaves, each a task of its
    own: a task resumes through every frame of its coroutine stack, and the ASGI call that
    opened the socket is ~26 frames deep (the middlewares, the routers), while the reader
    resumes at least three times a move (the frame, the stored action, the ``sleep(0)``
    after it; ``docs/scaling.md``, session 56). The ASGI call only waits for the reader;
    cancelling it cancels both."""
    pump = asyncio.create_task(_pump(websocket, connection))
    reader = asyncio.create_task(_read(websocket, connection, handle))
    try:
        await reader
    finally:
        reader.cancel()
        pump.cancel()
        with contextlib.suppress(BaseException):
            await pump


async def _read(websocket: WebSocket, connection: Connection, handle: Any) -> None:
    """Read frames until the client leaves, handing each text frame within the rate limits to
    ``handle``; frames over them are dropped before they are decoded."""
    try:
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            if connection.ended:
                continue
            verdict = connection.limit.check()
            if verdict is not Verdict.SERVE:
                if verdict is Verdict.WARN:
                    _error(
                        connection.subscription, ErrorCode.RATE_LIMITED, connection.limit.message()
                    )
                elif verdict is Verdict.CLOSE:
                    connection.end("rate limited")
                continue
            text = message.get("text")
            if text is None:
                text = (message.get("bytes") or b"").decode("utf-8", "replace")
            await handle(text)
            # Frames that arrived together are read without waiting: let other tasks run
            # between them, so one busy socket cannot hold the event loop.
            await asyncio.sleep(0)
    except WebSocketDisconnect:
        pass


@router.websocket("/ws/lobby")
async def lobby_socket(websocket: WebSocket) -> None:
    """The live lobby: a ``lobby`` message now and after every change."""
    arena = get_arena(websocket)
    if not _admitted(websocket, arena):
        await websocket.close(POLICY_VIOLATION)
        return
    await accept(websocket)
    subscription = arena.service.lobby.watch(None)

    async def ignore(_text: str) -> None:
        return None

    try:
        await _serve(websocket, _connection(arena, websocket, subscription), ignore)
    finally:
        arena.service.lobby.unwatch(subscription)


@router.websocket("/ws/tables/{table_id}")
async def table_socket(websocket: WebSocket, table_id: str, since: int = 0) -> None:
    """A live table: ``table``, missed ``event``s after ``since`` and the ``state`` first, then
    every event as it happens; actions come in as ``{"type": "action", ...}``. An id that
    cannot name a table is ``not_found``, like an unknown table."""
    arena = get_arena(websocket)
    if not _admitted(websocket, arena):
        await websocket.close(POLICY_VIOLATION)
        return
    user = await session_user(websocket)
    user_id = None if user is None else user.id
    account = None if user is None else service_user(user)
    await accept(websocket)
    try:
        number = parse_table_id(table_id)
        if number is None:
            raise ServiceError(ErrorCode.NOT_FOUND, f"there is no table {table_id[:32]!r}")
        subscription = await arena.service.watch(number, user_id, since)
    except ServiceError as error:
        await websocket.send_text(json.dumps(error.to_json()))
        await websocket.close(POLICY_VIOLATION, error.code.value)
        return
    connection = _connection(arena, websocket, subscription)
    unwatch_session = close_on_sign_out(arena, websocket, connection, user_id)

    async def handle(text: str) -> None:
        await _handle_frame(arena, number, connection, text, account)

    try:
        await _serve(websocket, connection, handle)
    finally:
        arena.service.unwatch(number, subscription)
        if unwatch_session is not None:
            unwatch_session()


def _error(subscription: Subscription, code: ErrorCode, message: str) -> None:
    subscription.push_json(error_message(code, message))


def _request_id(text: str) -> str | int | None:
    """The ``id`` of a refused frame, to echo in the error when it is a JSON object with a
    string or integer ``id`` (so a client can tell which of its requests failed)."""
    try:
        frame = json.loads(text)
    except (ValueError, RecursionError):  # not JSON, or nested deeper than Python parses
        return None
    ref = frame.get("id") if isinstance(frame, dict) else None
    return ref if isinstance(ref, str | int) and not isinstance(ref, bool) else None


async def _handle_frame(
    arena: Arena, table_id: int, connection: Connection, text: str, user: User | None = None
) -> None:
    """One frame from a client: an action, a lifecycle request (resign, draw...), a sync or
    history request, or a ping."""
    subscription = connection.subscription
    limit = arena.settings.max_frame
    if len(text.encode()) > limit:  # bytes, not characters
        _error(subscription, ErrorCode.FRAME_TOO_LARGE, f"messages are at most {limit} bytes")
        return
    try:
        message = MESSAGES.validate_json(text)
    except ValidationError as error:
        problem = error.errors()[0]
        where = ".".join(str(p) for p in problem["loc"]) or "message"
        subscription.push_json(
            error_message(
                ErrorCode.BAD_MESSAGE,
                f"not a valid message ({where}: {problem['msg']}); see docs/server.md",
                _request_id(text),
            )
        )
        return
    if isinstance(message, PingMessage):
        subscription.push_json({"type": "pong", "id": message.id})
    elif isinstance(message, ActionMessage):
        with arena.metrics.timed_move():
            await arena.service.act(
                table_id, subscription, message.seq, message.action, message.seat, message.id
            )
    elif isinstance(message, LifecycleMessage):
        await _lifecycle(arena, table_id, subscription, message, user)
    elif isinstance(message, HistoryMessage):
        await arena.service.history(table_id, subscription, message.before, message.limit)
    else:  # a sync: the latest events and the state again (bounded, see service.viewing)
        await arena.service.resync(table_id, subscription, message.since)


def _rematch_made(arena: Arena, table_id: int) -> bool:
    """Whether the table's rematch already exists (a rematch frame then changes nothing and
    gets the ``rematch`` message as its answer)."""
    table = arena.service.tables.get(table_id) or arena.service.finished.get(table_id)
    if table is None:
        return False
    notes = [n for n in table.info.notes if n.kind.value == "rematch"]
    return table.offers.rematch_table is not None or bool(notes)


async def _lifecycle(
    arena: Arena,
    table_id: int,
    subscription: Subscription,
    message: LifecycleMessage,
    user: User | None,
) -> None:
    """A lifecycle request (``docs/lifecycle.md``); its effect reaches every viewer, a
    refusal only this one (an ``error`` message with ``id`` echoed)."""
    service = arena.service
    user_id = None if user is None else user.id
    try:
        if isinstance(message, AbortMessage):
            await service.abort(table_id, user_id)
        elif isinstance(message, ResignMessage):
            await service.resign(table_id, user_id, message.seat)
        elif isinstance(message, DrawMessage):
            await service.draw(table_id, user_id, message.op)
        elif isinstance(message, TakebackMessage):
            await service.takeback(table_id, user_id, message.op)
        elif isinstance(message, ClaimMessage):
            await service.claim(table_id, user_id, message.seat)
        elif isinstance(message, ReturnMessage):
            await service.return_to_seat(table_id, user_id, message.seat)
        elif isinstance(message, RematchMessage):
            if user is None:
                raise ServiceError(ErrorCode.NOT_SEATED, "sign in to ask for a rematch")
            await refuse_blocked_rematch(arena, table_id, user.id, message.op)
            existed = _rematch_made(arena, table_id)
            made = await service.rematch(table_id, user, message.op)
            if made is not None and existed:  # nothing was broadcast: say where it is
                subscription.push_json(
                    {"type": "rematch", "table_id": table_id, "rematch_table": made}
                )
    except ServiceError as error:
        subscription.push_json(
            error_message(error.code, error.message, message.id, event=error.event)
        )
