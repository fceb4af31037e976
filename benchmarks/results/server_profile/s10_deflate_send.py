"""CPU to send one state message through websockets' sans-I/O protocol, as uvicorn's
``websockets-sansio`` implementation does, plain and with permessage-deflate at uvicorn's
settings (window 12 bits, memLevel 5, context takeover), for the ``event`` messages of a real
Quinque game (scale10, issue 25). Prints µs of process CPU per message and its bytes on the
wire.

Run from the worktree: ``.venv/bin/python benchmarks/results/server_profile/s10_deflate_send.py``
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from websockets.client import ClientProtocol
from websockets.extensions.permessage_deflate import (
    ClientPerMessageDeflateFactory,
    ServerPerMessageDeflateFactory,
)
from websockets.server import ServerProtocol
from websockets.uri import parse_uri

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from tests.server.test_lifecycle import ALICE, BOB, move, new_table, run

from connect_arena.service import MatchService


def messages() -> list[str]:
    """The ``event`` messages both players received in the first 40 moves of a game."""
    sent: list[str] = []

    async def body(service: MatchService) -> float:
        table_id = await new_table(service, [ALICE, BOB], options={"first_player": "0"})
        viewers = [await service.watch(table_id, user.id) for user in (ALICE, BOB)]
        table = await service.get_table(table_id)
        for _ in range(40):
            assert table.state is not None
            seat = min(table.state.active_players())
            await move(service, table_id, ALICE if seat == 0 else BOB, pick=1)
        for viewer in viewers:
            while viewer.pending():
                text = await viewer.get()
                if text is not None and text.startswith('{"type":"event"'):
                    sent.append(text)
        return 0.0

    run(body)
    return sent


def server_protocol(deflate: bool) -> ServerProtocol:
    """An open server-side connection, with permessage-deflate agreed when ``deflate``."""
    offered = [ServerPerMessageDeflateFactory(12, 12, compress_settings={"memLevel": 5})]
    server = ServerProtocol(extensions=offered if deflate else [])
    client = ClientProtocol(
        parse_uri("ws://localhost/"), extensions=[ClientPerMessageDeflateFactory()]
    )
    client.send_request(client.connect())
    server.receive_data(b"".join(client.data_to_send()))
    request = server.events_received()[0]
    server.send_response(server.accept(request))  # type: ignore[arg-type]
    server.data_to_send()
    return server


def main() -> None:
    texts = messages()
    print(f"{len(texts)} event messages, {sum(map(len, texts)) / len(texts):.0f} characters each")
    for deflate in (False, True):
        server = server_protocol(deflate)
        sent = wire = 0
        start = time.process_time()
        for _ in range(200):
            for text in texts:
                server.send_text(text.encode())
                wire += len(b"".join(server.data_to_send()))
                sent += 1
        spent = time.process_time() - start
        label = "permessage-deflate" if deflate else "plain"
        print(f"{label:>18}: {spent / sent * 1e6:5.1f} µs a message, {wire / sent:6.0f} bytes")


if __name__ == "__main__":
    main()
