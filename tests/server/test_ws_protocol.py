"""The WebSocket subprotocol naming the protocol's version (``connect-arena.v1``): the pages
offer it (static/js/socket.js) and every socket answers with it; clients offering none are
served as before."""

from __future__ import annotations

import pytest

from connect_arena.server.websocket import PROTOCOL
from tests.server.serverhelpers import Player, TestClient


def test_the_pages_protocol_is_version_1() -> None:
    assert PROTOCOL == "connect-arena.v1"


@pytest.mark.parametrize(
    ("path", "first"),
    [
        ("/ws/lobby", "lobby"),
        ("/ws/user", None),  # nothing until an event
        ("/ws/tables/{table}", "table"),
        ("/ws/tournaments/999", "error"),  # accepted, then told there is no such tournament
    ],
)
def test_every_socket_answers_with_the_offered_protocol(
    client: TestClient, path: str, first: str | None
) -> None:
    table = Player(client).signup("ann").create_table(["me", "open"])
    url = path.format(table=table["id"])
    with client.websocket_connect(url, subprotocols=["other", PROTOCOL]) as socket:
        assert socket.accepted_subprotocol == PROTOCOL
        if first is not None:
            assert socket.receive_json()["type"] == first


def test_a_client_offering_no_protocol_is_served_without_one(client: TestClient) -> None:
    table = Player(client).signup("bea").create_table(["me", "open"])
    with client.websocket_connect(f"/ws/tables/{table['id']}") as socket:
        assert socket.accepted_subprotocol is None
        assert socket.receive_json()["type"] == "table"


def test_another_version_alone_gets_no_protocol_back(client: TestClient) -> None:
    # A browser fails such a handshake: a page of an incompatible version is not served.
    with client.websocket_connect("/ws/lobby", subprotocols=["connect-arena.v2"]) as socket:
        assert socket.accepted_subprotocol is None
