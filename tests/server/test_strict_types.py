"""JSON types are not coerced (issue 13, defect 8): ``true`` is not seat 1, ``"3"`` is not
seq 3. Every request body and WebSocket frame is validated strictly; a wrong type gets a clear
error and changes nothing."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.server.serverhelpers import QUICK, Player
from tests.server.test_websocket import opening, running_table


def open_table(client: TestClient) -> tuple[Player, Player, int]:
    alice, bob = Player(client).signup("alice"), Player(client).signup("bob")
    return alice, bob, alice.create_table(["me", "open"])["id"]


@pytest.mark.parametrize("seat", [True, "1", 1.0, [1], None])
def test_a_seat_must_be_an_integer(client: TestClient, seat: Any) -> None:
    alice, bob, table_id = open_table(client)
    response = bob.post(f"/api/tables/{table_id}/join", {"seat": seat})
    assert response.status_code == 422, response.text
    error = response.json()["error"]
    assert error["code"] == "bad_request" and "seat" in error["message"]
    table = alice.get(f"/api/tables/{table_id}").json()["table"]
    assert table["status"] == "open" and table["seats"][1]["user_id"] is None
    assert bob.post(f"/api/tables/{table_id}/leave", {"seat": False}).status_code == 422
    assert bob.post(f"/api/tables/{table_id}/hint", {"seat": "0"}).status_code == 422


@pytest.mark.parametrize(
    "body",
    [
        {"name": "alice", "password": 1234567890},
        {"name": ["alice"], "password": "a long password"},
        {"name": True, "password": "a long password"},
    ],
)
def test_credentials_must_be_strings(client: TestClient, body: dict[str, Any]) -> None:
    player = Player(client)
    response = player.post("/api/signup", body)
    assert response.status_code == 422 and response.json()["error"]["code"] == "bad_request"
    assert player.get("/api/session").json()["user"] is None


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"options": {**QUICK, "parachutes": "2"}}, "parachutes"),
        ({"options": {**QUICK, "advanced": 1}}, "advanced"),
        ({"options": {**QUICK, "parachutes": True}}, "parachutes"),
        ({"seats": [{"kind": "me", "agent": 3}, {"kind": "open"}]}, "agent"),
        ({"seats": {"kind": "me"}}, "seats"),
        ({"game": 7}, "game"),
    ],
)
def test_new_tables_take_exact_types(
    client: TestClient, change: dict[str, Any], words: str
) -> None:
    alice = Player(client).signup("alice")
    body = {"game": "quinque", "options": QUICK, "seats": [{"kind": "me"}, {"kind": "open"}]}
    response = alice.post("/api/tables", {**body, **change})
    assert response.status_code == 422, response.text
    assert words in response.json()["error"]["message"]
    assert alice.get("/api/lobby").json()["tables"] == []


@pytest.mark.parametrize(
    "frame",
    [
        {"type": "action", "seq": "1", "action": "add T0,0 0,0"},
        {"type": "action", "seq": True, "action": "add T0,0 0,0"},
        {"type": "action", "seq": 1.0, "action": "add T0,0 0,0"},
        {"type": "action", "seq": 1, "action": "add T0,0 0,0", "seat": False},
        {"type": "action", "seq": 1, "action": "add T0,0 0,0", "seat": "0"},
        {"type": "action", "seq": 1, "action": ["add T0,0 0,0"]},
        {"type": "action", "seq": 1, "action": "add T0,0 0,0", "id": 1.5},
        {"type": "sync", "since": "0"},
        {"type": "sync", "since": False},
    ],
)
def test_websocket_frames_take_exact_types(client: TestClient, frame: dict[str, Any]) -> None:
    alice, _bob, table_id = running_table(client)
    with alice.connect(table_id) as socket:
        opening(socket)
        socket.send_text(json.dumps(frame))
        socket.send_json({"type": "ping", "id": "after"})
        replies = []
        while not replies or replies[-1]["type"] != "pong":
            replies.append(socket.receive_json())
        assert [reply["type"] for reply in replies] == ["error", "pong"], replies
        assert replies[0]["code"] == "bad_message" and replies[0]["message"]
    assert alice.get(f"/api/tables/{table_id}").json()["table"]["seq"] == 0
