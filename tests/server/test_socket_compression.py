"""The server declines WebSocket compression (``cli/serve.py``'s ``WS_PER_MESSAGE_DEFLATE``):
deflating each message cost more CPU than the rest of its send (issue 25). A client offering
permessage-deflate, as browsers do, is served the same text,
uncompressed."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import websockets

from tests.server.live import free_port, server


def test_a_client_offering_compression_is_served_uncompressed(tmp_path: Path) -> None:
    port = free_port()

    async def lobby() -> tuple[str | None, dict[str, object]]:
        url = f"ws://127.0.0.1:{port}/ws/lobby"
        async with websockets.connect(url, compression="deflate") as socket:
            assert socket.response is not None
            extensions = socket.response.headers.get("Sec-WebSocket-Extensions")
            async with asyncio.timeout(20):
                message = json.loads(await socket.recv())
            return extensions, message

    with server(tmp_path, port):
        extensions, message = asyncio.run(lobby())
    assert extensions is None  # no permessage-deflate agreed
    assert message["type"] == "lobby"
