"""Every error of the HTTP API has the documented shape ``{"error": {"code", "message"}}``
(issue 13, defect 9): malformed bodies, wrong types, missing fields, unknown routes and
methods included."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from connect_arena.server import create_app
from tests.server.serverhelpers import Player, fast_settings


def error_of(response: httpx.Response) -> dict[str, Any]:
    """The ``error`` object of a response, checking the whole body's shape."""
    body = response.json()
    assert set(body) == {"error"}, body
    error: dict[str, Any] = body["error"]
    assert set(error) == {"code", "message"}, body
    assert isinstance(error["code"], str) and error["code"]
    assert isinstance(error["message"], str) and error["message"]
    return error


def test_malformed_json_is_a_bad_request(client: TestClient) -> None:
    player = Player(client)
    response = player.request(
        "POST",
        "/api/signup",
        content=b'{"name": "alice", "password": ',
        headers={"content-type": "application/json"},
    )
    assert response.status_code == 422
    error = error_of(response)
    assert error["code"] == "bad_request" and "not valid JSON" in error["message"]


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"name": "alice"}, "password"),  # a missing field
        ({"name": 12345, "password": "a long password"}, "name"),  # a wrong type
        ({"name": "alice", "password": "a long password", "admin": True}, "admin"),  # extra
        ([1, 2, 3], "object"),  # not an object
    ],
)
def test_invalid_bodies_name_the_field(client: TestClient, body: Any, words: str) -> None:
    response = Player(client).post("/api/signup", body)
    assert response.status_code == 422
    error = error_of(response)
    assert error["code"] == "bad_request" and words in error["message"].lower()


def test_unknown_routes_and_methods(client: TestClient) -> None:
    for path in ("/api/nothing", "/nothing", "/api/tables/1/explode", "/static/none.js"):
        response = client.get(path)
        assert response.status_code == 404, path
        assert error_of(response)["code"] == "not_found"
    wrong = client.delete("/api/session")
    assert wrong.status_code == 405 and "GET" in wrong.headers["allow"]
    assert error_of(wrong)["code"] == "method_not_allowed"
    assert error_of(client.put("/api/tables"))["code"] == "method_not_allowed"


def test_an_unexpected_failure_is_a_500_in_the_same_shape(tmp_path: Path) -> None:
    app = create_app(fast_settings(tmp_path))

    async def broken() -> None:
        raise RuntimeError("a bug that leaks /secret/paths")

    app.add_api_route("/api/broken", broken)
    with TestClient(app, raise_server_exceptions=False) as client:
        response = client.get("/api/broken")
    assert response.status_code == 500
    error = error_of(response)
    assert error["code"] == "internal" and "secret" not in error["message"]
