"""Table ids from the URL (issue 13, defect 5): an id that cannot name a table (too large for
the database, zero, negative, not a number) is ``404 not_found`` on every route and on the
WebSocket, signed in or not, and the server keeps serving."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from tests.server.serverhelpers import Player

BAD_IDS = [str(2**63), str(2**64), str(2**31), "-1", "0", "abc", "1e3", "007x"]

ROUTES = [
    ("GET", "/api/tables/{id}"),
    ("POST", "/api/tables/{id}/join"),
    ("POST", "/api/tables/{id}/leave"),
    ("POST", "/api/tables/{id}/hint"),
    ("POST", "/api/tables/{id}/abort"),
    ("POST", "/api/tables/{id}/resign"),
    ("POST", "/api/tables/{id}/draw"),
    ("POST", "/api/tables/{id}/takeback"),
    ("POST", "/api/tables/{id}/claim"),
    ("POST", "/api/tables/{id}/return"),
    ("POST", "/api/tables/{id}/rematch"),
    ("GET", "/api/tables/{id}/chat"),
    ("GET", "/api/tables/{id}/analysis"),
    ("GET", "/api/tables/{id}/analysis/stream"),
    ("GET", "/api/tables/{id}/analysis/explore"),
    ("POST", "/api/tables/{id}/chat"),
    ("GET", "/api/bot/game/stream/{id}"),
    ("POST", "/api/bot/game/{id}/move"),
    ("POST", "/api/bot/game/{id}/resign"),
    ("POST", "/api/bot/game/{id}/abort"),
    ("POST", "/api/bot/game/{id}/draw"),
    ("GET", "/api/tables/{id}/game"),
    ("GET", "/api/tables/{id}/record"),
    ("GET", "/api/tables/{id}/replay"),
    ("GET", "/tables/{id}"),
    ("GET", "/tables/{id}/replay"),
]


def test_every_route_with_a_table_id_is_checked(client: TestClient) -> None:
    """ROUTES lists every route that takes a table id (the API's from its OpenAPI schema)."""
    schema = client.get("/api/openapi.json").json()
    served = {
        (method.upper(), path.replace("{table_id}", "{id}"))
        for path, operations in schema["paths"].items()
        if "{table_id}" in path
        for method in operations
    }
    pages = {(method, path) for method, path in ROUTES if not path.startswith("/api/")}
    assert served | pages == set(ROUTES)


@pytest.mark.parametrize("table_id", BAD_IDS)
@pytest.mark.parametrize("signed_in", [False, True])
def test_impossible_ids_are_not_found_on_every_route(
    client: TestClient, table_id: str, signed_in: bool
) -> None:
    player = Player(client)
    if signed_in:
        player.signup("alice")
    for method, path in ROUTES:
        response = player.request(method, path.format(id=table_id), json={"seat": 0})
        assert response.status_code == 404, (method, path, response.text)
        assert response.json()["error"]["code"] == "not_found", (method, path)
    assert player.get("/api/lobby").status_code == 200  # still serving


@pytest.mark.parametrize("table_id", BAD_IDS)
def test_impossible_ids_are_not_found_on_the_websocket(client: TestClient, table_id: str) -> None:
    with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
        error = socket.receive_json()
        assert error["type"] == "error" and error["code"] == "not_found"
    # The handler survived: a real table still opens.
    alice = Player(client).signup("alice")
    table = alice.create_table(["me", "open"])
    with alice.connect(table["id"]) as socket:
        assert socket.receive_json()["type"] == "table"


def test_ids_in_range_that_name_no_table_are_not_found(client: TestClient) -> None:
    player = Player(client).signup("alice")
    for table_id in (1, 2**31 - 1):
        response = player.get(f"/api/tables/{table_id}")
        assert response.status_code == 404 and response.json()["error"]["code"] == "not_found"
