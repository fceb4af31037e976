"""A socket's frames are read in a task of their own (issue 25, CPU per move): a task resumes
through every frame of its coroutine stack, and the ASGI call that opened the socket is
dozens of frames deep. The reader and the pump end with the connection either way: the
client leaves, or the ASGI call is cancelled (a server shutting down)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from starlette.types import Message

from connect_arena.server.ratelimit import Buckets, FrameLimit
from connect_arena.server.websocket import Connection, _serve
from connect_arena.service import Subscription


class Socket:
    """What ``_serve`` uses of a Starlette WebSocket: ``receive`` hands out ``frames`` (then
    waits for ever, unless ``leave``), ``send_text`` and ``close`` record."""

    def __init__(self, frames: list[str], leave: bool) -> None:
        self.scope: dict[str, Any] = {}
        self.incoming: asyncio.Queue[Message] = asyncio.Queue()
        for text in frames:
            self.incoming.put_nowait({"type": "websocket.receive", "text": text})
        if leave:
            self.incoming.put_nowait({"type": "websocket.disconnect", "code": 1000})
        self.sent: list[str] = []
        self.closed: list[int] = []

    async def receive(self) -> Message:
        return await self.incoming.get()

    async def send_text(self, text: str) -> None:
        self.sent.append(text)

    async def close(self, code: int, reason: str = "") -> None:
        self.closed.append(code)


def connection() -> Connection:
    return Connection(Subscription(None), FrameLimit(30, 3.0, Buckets(300, 3.0), "a"))


def test_frames_are_handled_in_a_reader_task_that_ends_when_the_client_leaves() -> None:
    async def main() -> None:
        socket = Socket(['{"n":1}', '{"n":2}'], leave=True)
        conn = connection()
        handled: list[tuple[str, asyncio.Task[Any] | None]] = []

        async def handle(text: str) -> None:
            handled.append((text, asyncio.current_task()))
            conn.subscription.push(text.upper())

        caller = asyncio.current_task()
        await _serve(socket, conn, handle)  # type: ignore[arg-type]
        assert [text for text, _ in handled] == ['{"n":1}', '{"n":2}']
        readers = {task for _, task in handled}
        assert len(readers) == 1 and caller not in readers
        (reader,) = readers
        assert reader is not None and reader.done()
        assert reader.get_coro().__qualname__ == "_read"  # type: ignore[union-attr]
        assert asyncio.all_tasks() == {caller}  # the pump ended too

    asyncio.run(main())


def test_cancelling_the_socket_cancels_its_reader_and_pump() -> None:
    async def main() -> None:
        socket = Socket(['{"n":1}'], leave=False)  # the client stays
        conn = connection()
        reached = asyncio.Event()

        async def handle(text: str) -> None:
            reached.set()

        served = asyncio.create_task(_serve(socket, conn, handle))  # type: ignore[arg-type]
        await reached.wait()
        others = asyncio.all_tasks() - {asyncio.current_task(), served}
        assert len(others) == 2  # the reader and the pump
        served.cancel()
        await asyncio.gather(served, return_exceptions=True)
        assert served.cancelled()
        assert all(task.done() for task in others)
        assert asyncio.all_tasks() == {asyncio.current_task()}

    asyncio.run(main())


def test_an_error_in_a_frames_handling_reaches_the_asgi_call() -> None:
    async def main() -> None:
        socket = Socket(['{"n":1}'], leave=False)

        async def handle(text: str) -> None:
            raise RuntimeError("broken handler")

        with pytest.raises(RuntimeError, match="broken handler"):
            await _serve(socket, connection(), handle)  # type: ignore[arg-type]
        assert asyncio.all_tasks() == {asyncio.current_task()}

    asyncio.run(main())
