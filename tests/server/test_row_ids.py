"""Ids beyond the bounds (issue 30, item 6): every integer path parameter of every route (found
in the OpenAPI schema, so a new route is covered without being listed) is answered 404 or 422,
never 500, for ids a database integer cannot hold or no row can have; the schema states the
bounds. Table ids (strings in the schema) are in ``test_table_ids.py``."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from connect_arena.service.model import MAX_ID
from tests.server.serverhelpers import Player

BEYOND = [-(2**63) - 1, 2**63, 2**64, MAX_ID + 1, 0, -1]


def integer_path_routes(schema: dict[str, Any]) -> list[tuple[str, str, str]]:
    """(method, path, parameter) of every route with an integer path parameter."""
    found = []
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            for parameter in operation.get("parameters", []):
                if parameter["in"] == "path" and parameter["schema"].get("type") == "integer":
                    found.append((method.upper(), path, parameter["name"]))
    return found


def test_integer_path_parameters_state_their_bounds(client: TestClient) -> None:
    routes = integer_path_routes(client.get("/api/openapi.json").json())
    assert len(routes) >= 10  # tokens, challenges, seeks, tournaments
    schema = client.get("/api/openapi.json").json()
    for method, path, name in routes:
        operation = schema["paths"][path][method.lower()]
        (parameter,) = [p for p in operation["parameters"] if p["name"] == name]
        assert parameter["schema"].get("minimum") == 1, (method, path)
        assert parameter["schema"].get("maximum") == MAX_ID, (method, path)


@pytest.mark.parametrize("value", BEYOND)
def test_ids_beyond_the_bounds_are_refused_on_every_route(client: TestClient, value: int) -> None:
    player = Player(client).signup("alice")
    routes = integer_path_routes(client.get("/api/openapi.json").json())
    for method, path, name in routes:
        response = player.request(method, path.replace(f"{{{name}}}", str(value)), json={})
        assert response.status_code in (404, 422), (method, path, response.text)
        assert response.json()["error"]["code"] in ("not_found", "bad_request")
    assert player.get("/api/lobby").status_code == 200  # still serving


@pytest.mark.parametrize("value", [-(2**63) - 1, 2**63, 0])
def test_a_tournament_socket_beyond_the_bounds_is_refused(client: TestClient, value: int) -> None:
    with client.websocket_connect(f"/ws/tournaments/{value}") as socket:
        error = socket.receive_json()
        assert error["type"] == "error" and error["code"] == "not_found"
    assert Player(client).get("/api/lobby").status_code == 200
