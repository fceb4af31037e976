"""A closed connection leaves no reference cycle of ours behind.

The garbage-collector policy (``server/gcpolicy.py``) freezes what lives for more than a moment,
so a connection's objects are frozen while it is open; a cycle among them once it closes is
freed only by the full collection every 10 minutes, which stops the event loop for seconds at
500 tables (``docs/scaling.md``, session 50). Reference counting must free them instead.
"""

from __future__ import annotations

import asyncio
import collections
import gc
from pathlib import Path

import uvicorn
import uvloop
from websockets.asyncio.client import connect

from connect_arena.server import create_app
from connect_arena.server.http_protocol import PROTOCOL
from tests.scale.services import free_port
from tests.server.serverhelpers import fast_settings


def garbage_of_closed_sockets(tmp_path: Path, path: str, count: int) -> collections.Counter[str]:
    """The types of the cyclic garbage left by ``count`` WebSockets opened on ``path`` of a real
    uvicorn server (the protocols ``connect-arena serve`` runs: its httptools protocol, uvicorn's
    WebSocket protocol) and closed."""

    async def scenario() -> collections.Counter[str]:
        app = create_app(fast_settings(tmp_path, gc_freeze=0))
        port = free_port()
        config = uvicorn.Config(
            app, host="127.0.0.1", port=port, http=PROTOCOL, lifespan="on", log_level="warning",
        )  # fmt: skip
        server = uvicorn.Server(config)
        task = asyncio.create_task(server.serve())
        while not server.started:
            await asyncio.sleep(0.02)
        url = f"ws://127.0.0.1:{port}{path}"
        async with connect(url) as socket:  # a first one: the caches that live on
            await socket.recv()
        await asyncio.sleep(0.2)
        gc.collect()
        gc.disable()
        try:
            for _ in range(count):
                async with connect(url) as socket:
                    await socket.recv()
            for _ in range(500):  # until the server saw each close (its tasks ended too)
                if not server.server_state.connections and not server.server_state.tasks:
                    break
                await asyncio.sleep(0.01)
            assert not server.server_state.connections  # else the objects are merely alive
            gc.set_debug(gc.DEBUG_SAVEALL)
            gc.collect()
            found = collections.Counter(type(o).__name__ for o in gc.garbage)
        finally:
            gc.set_debug(0)
            gc.garbage.clear()
            gc.enable()
            server.should_exit = True
            await task
        return found

    return uvloop.run(asyncio.wait_for(scenario(), 60))  # the server's loop, as deployed


def test_a_closed_lobby_socket_leaves_no_cycle_of_its_protocol(tmp_path: Path) -> None:
    garbage = garbage_of_closed_sockets(tmp_path, "/ws/lobby", 10)
    # The scope held the server's send, a method of the protocol object that holds the scope.
    assert garbage["WebSocketsSansIOProtocol"] == 0, garbage
    assert garbage["ServerProtocol"] == 0, garbage
    # uvicorn's HTTP protocol kept its parser, whose callbacks are its own methods, after
    # handing the connection over to the WebSocket protocol.
    assert garbage["HttpToolsProtocol"] == 0, garbage
    assert sum(garbage.values()) == 0, garbage


def test_a_closed_table_socket_leaves_no_cycle(tmp_path: Path) -> None:
    garbage = garbage_of_closed_sockets(tmp_path, "/ws/tables/1", 10)  # no such table
    assert sum(garbage.values()) == 0, garbage
