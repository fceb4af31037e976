"""A socket's messages are written as they are pushed (issue 25, CPU per move): the server's
WebSocket send writes to the transport without waiting while the transport takes more, so a
broadcast need not wake the socket's pump task for every message. A send that must wait (the
transport's buffer is full) holds the later messages back, in order, until it is done; a send
that fails ends the subscription (the socket closes, the client reconnects)."""

from __future__ import annotations

import asyncio
from typing import Any

from starlette.types import Message

from connect_arena.server.middleware import AllowedHosts
from connect_arena.server.ratelimit import Buckets, FrameLimit
from connect_arena.server.websocket import Connection, _serve
from connect_arena.service import Subscription


class Server:
    """The server's own ASGI send of one socket: it waits while ``writable`` is clear (as
    uvicorn's does while the transport is paused), then records the text."""

    def __init__(self) -> None:
        self.writable = asyncio.Event()
        self.writable.set()
        self.sent: list[str] = []
        self.failing = False

    async def send(self, message: Message) -> None:
        await self.writable.wait()
        if self.failing:
            raise OSError("the client is gone")
        assert message["type"] == "websocket.send"
        self.sent.append(message["text"])


class Socket:
    """What ``_serve`` uses of a Starlette WebSocket; the client stays until ``leave``."""

    def __init__(self, server: Server) -> None:
        self.scope: dict[str, Any] = {AllowedHosts.SOCKET_SEND: server.send}
        self.incoming: asyncio.Queue[Message] = asyncio.Queue()
        self.closed: list[tuple[int, str]] = []

    def leave(self) -> None:
        self.incoming.put_nowait({"type": "websocket.disconnect", "code": 1000})

    async def receive(self) -> Message:
        return await self.incoming.get()

    async def send_text(self, text: str) -> None:  # pragma: no cover - the server's send is used
        raise AssertionError("sent past the server's own send")

    async def close(self, code: int, reason: str = "") -> None:
        self.closed.append((code, reason))


async def until(condition: Any) -> None:
    for _ in range(200):
        if condition():
            return
        await asyncio.sleep(0)
    raise AssertionError("never happened")


async def ignore(_text: str) -> None:
    return None


async def serving() -> tuple[Server, Socket, Connection, asyncio.Task[None]]:
    """A socket served (``_serve``) through a :class:`Server`, once the message queued before
    its pump started was sent."""
    server = Server()
    socket = Socket(server)
    connection = Connection(Subscription(None), FrameLimit(30, 3.0, Buckets(300, 3.0), "a"))
    connection.subscription.push("queued before the pump")
    task = asyncio.create_task(_serve(socket, connection, ignore))  # type: ignore[arg-type]
    await until(lambda: server.sent == ["queued before the pump"])
    return server, socket, connection, task


def test_a_message_is_written_as_it_is_pushed_once_the_queue_is_empty() -> None:
    async def main() -> None:
        server, socket, connection, task = await serving()
        connection.subscription.push("a")
        connection.subscription.push("b")
        assert server.sent[1:] == ["a", "b"]  # written within push: no turn of the loop
        assert connection.subscription.pending() == 0
        socket.leave()
        await task

    asyncio.run(main())


def test_a_send_that_waits_holds_the_later_messages_back_in_order() -> None:
    async def main() -> None:
        server, socket, connection, task = await serving()
        subscription = connection.subscription
        server.writable.clear()  # the transport is full
        for text in ("a", "b", "c"):
            subscription.push(text)
        await asyncio.sleep(0.01)
        assert server.sent == ["queued before the pump"]
        assert subscription.pending() == 2  # "a" is being sent
        server.writable.set()
        await until(lambda: len(server.sent) == 4)
        assert server.sent[1:] == ["a", "b", "c"]
        subscription.push("d")
        assert server.sent[-1] == "d"  # at once again
        socket.leave()
        await task

    asyncio.run(main())


def test_a_waiting_send_ends_with_the_socket() -> None:
    async def main() -> None:
        server, socket, connection, task = await serving()
        server.writable.clear()
        connection.subscription.push("never sent")
        socket.leave()
        await asyncio.wait_for(task, 1)
        assert server.sent == ["queued before the pump"]
        assert asyncio.all_tasks() == {asyncio.current_task()}

    asyncio.run(main())


def test_a_failed_send_ends_the_subscription_and_closes_the_socket() -> None:
    async def main() -> None:
        server, socket, connection, task = await serving()
        server.failing = True
        connection.subscription.push("lost")  # the broadcast goes on to the other viewers
        assert connection.subscription.closed
        await until(lambda: socket.closed)
        assert socket.closed[0][0] == 1008
        socket.leave()
        await task

    asyncio.run(main())
