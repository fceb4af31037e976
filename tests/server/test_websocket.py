"""The table WebSocket: live play, catching up, and every refusal changing nothing."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

from tests.server.serverhelpers import Player, receive_until, wait_for_status


def running_table(client: TestClient) -> tuple[Player, Player, int]:
    """Alice (Red, to move) and Bob (Blue) at a started quick Quinque table."""
    alice, bob = Player(client).signup("alice"), Player(client).signup("bob")
    table = alice.create_table(["me", "open"])
    bob.post(f"/api/tables/{table['id']}/join", {"seat": 1})
    return alice, bob, table["id"]


def opening(socket: WebSocketTestSession) -> dict[str, Any]:
    """Read the opening messages up to the state; return the state."""
    assert socket.receive_json()["type"] == "table"
    return receive_until(socket, "state")


def act(socket: WebSocketTestSession, seq: int, action: str, **extra: Any) -> None:
    socket.send_json({"type": "action", "seq": seq, "action": action, **extra})


def test_a_whole_game_over_websockets(client: TestClient) -> None:
    alice, bob, table_id = running_table(client)
    carol = Player(client).signup("carol")
    with (
        alice.connect(table_id) as red,
        bob.connect(table_id) as blue,
        carol.connect(table_id) as spectator,
    ):
        state = opening(red)
        assert state["you"] == [0] and "add T0,0 0,0" in state["legal_actions"]["0"]
        assert opening(blue)["legal_actions"] == {}
        assert opening(spectator)["you"] == []
        moves = [(red, "add 0,0"), (blue, "mark 1,0"), (red, "mark 0,1"), (blue, "mark 1,1")]
        for seq, (socket, action) in enumerate(moves, start=1):
            act(socket, seq, action)
            for each in (red, blue, spectator):
                event = receive_until(each, "event", seq=seq)
                assert event["state"]["seq"] == seq
        assert event["state"]["terminal"] and event["state"]["returns"] == [0.0, 0.0]
        assert event["state"]["observation"]["outcome"] == "supplies_empty"
    record = carol.get(f"/api/tables/{table_id}/record").json()
    assert record["actions"] == ["add T0,0 0,0", "mark 1,0", "mark 0,1", "mark 1,1"]
    assert record["players"] == ["alice", "bob"]


def test_two_actions_at_the_same_seq_one_is_accepted(client: TestClient) -> None:
    alice, _bob, table_id = running_table(client)
    with alice.connect(table_id) as first, alice.connect(table_id) as second:
        opening(first), opening(second)
        act(first, 1, "add T0,0 0,0")
        act(second, 1, "add T0,0 1,1", id="late")
        assert receive_until(first, "event")["action"] == "add T0,0 0,0"
        error = receive_until(second, "error")
        assert error["code"] == "stale_seq" and error["id"] == "late" and error["seq"] == 1
        assert "the table is at seq 1" in error["message"]
        refreshed = receive_until(second, "state")  # the stale client is brought up to date
        assert refreshed["seq"] == 1 and refreshed["legal_actions"] == {}
    log = alice.get(f"/api/tables/{table_id}/record").json()["actions"]
    assert log == ["add T0,0 0,0"]


@pytest.mark.parametrize(
    ("frame", "code"),
    [
        ("this is not json", "bad_message"),
        (json.dumps({"type": "action", "seq": "one", "action": "pass"}), "bad_message"),
        (json.dumps({"type": "launch"}), "bad_message"),
        (json.dumps({"type": "action", "seq": 1, "action": "x" * 20_000}), "frame_too_large"),
        # The limit counts bytes: 9,000 two-byte characters are 18,000 bytes (review #5).
        (
            json.dumps({"type": "action", "seq": 1, "action": "é" * 9_000}, ensure_ascii=False),
            "frame_too_large",
        ),
        (json.dumps({"type": "action", "seq": 1, "action": "add T0,0 0,0", "seat": 1}), None),
        (json.dumps({"type": "action", "seq": 1, "action": "add T5,5 10,10"}), "illegal_action"),
        (json.dumps({"type": "action", "seq": 1, "action": "fly away"}), "invalid_action"),
        (json.dumps({"type": "action", "seq": 9, "action": "add T0,0 0,0"}), "stale_seq"),
    ],
)
def test_bad_frames_are_refused_and_change_nothing(
    client: TestClient, frame: str, code: str | None
) -> None:
    alice, _bob, table_id = running_table(client)
    with alice.connect(table_id) as socket:
        opening(socket)
        socket.send_text(frame)
        error = receive_until(socket, "error")
        assert error["code"] == (code or "not_seated"), error
        assert error["message"]
        socket.send_json({"type": "ping", "id": 7})
        assert receive_until(socket, "pong")["id"] == 7
    assert alice.get(f"/api/tables/{table_id}").json()["table"]["seq"] == 0


def test_only_a_seats_user_can_act_for_it(client: TestClient) -> None:
    alice, bob, table_id = running_table(client)
    mallory = Player(client).signup("mallory")
    anonymous = Player(client)
    for player, code in [
        (bob, "not_your_turn"),
        (mallory, "not_seated"),
        (anonymous, "not_seated"),
    ]:
        with player.connect(table_id) as socket:
            opening(socket)
            act(socket, 1, "add T0,0 0,0", seat=0 if player is mallory else None)
            assert receive_until(socket, "error")["code"] == code
    assert alice.get(f"/api/tables/{table_id}").json()["table"]["seq"] == 0


def test_a_reconnecting_client_catches_up_from_its_seq(client: TestClient) -> None:
    alice, bob, table_id = running_table(client)
    with alice.connect(table_id) as red:
        opening(red)
        act(red, 1, "add T0,0 0,0")
        receive_until(red, "event", seq=1)
    with bob.connect(table_id) as blue:
        opening(blue)
        act(blue, 2, "mark 1,1")
        receive_until(blue, "event", seq=2)
    with alice.connect(table_id, since=1) as red:
        assert red.receive_json()["type"] == "table"
        event = red.receive_json()
        assert (event["type"], event["seq"], event["action"]) == ("event", 2, "mark 1,1")
        state = red.receive_json()
        assert state["type"] == "state" and state["seq"] == 2
        assert "mark 0,1" in state["legal_actions"]["0"]
        red.send_json({"type": "sync", "since": 0})
        assert [red.receive_json()["seq"] for _ in range(3)] == [1, 2, 2]


def test_websockets_from_other_origins_are_refused(client: TestClient) -> None:
    alice, _bob, table_id = running_table(client)
    evil = {"origin": "https://evil.example"}
    with pytest.raises(WebSocketDisconnect), alice.connect(table_id, headers=evil) as socket:
        socket.receive_json()
    with alice.connect(table_id, headers={"origin": "http://testserver"}) as socket:
        assert socket.receive_json()["type"] == "table"


def test_unknown_tables_say_so(client: TestClient) -> None:
    with client.websocket_connect("/ws/tables/42") as socket:
        assert socket.receive_json()["code"] == "not_found"


def test_against_the_computer(client: TestClient) -> None:
    alice = Player(client).signup("alice")
    table = alice.create_table(["me", "computer"])
    with alice.connect(table["id"]) as socket:
        opening(socket)
        act(socket, 1, "add T0,0 0,0")
        computer = receive_until(socket, "event", seq=2)
        assert computer["seat"] == 1 and computer["action"].startswith("mark")
        act(socket, 3, computer["state"]["legal_actions"]["0"][0])
        receive_until(socket, "event", seq=4)
    wait_for_status(alice, table["id"], "finished")


def test_the_lobby_socket_follows_tables(client: TestClient) -> None:
    alice = Player(client).signup("alice")
    with client.websocket_connect("/ws/lobby") as lobby:
        first = {"type": "lobby", "tables": [], "seeks": [], "page": 1, "per_page": 20, "total": 0}
        assert lobby.receive_json() == first
        table = alice.create_table(["me", "open"])
        update = lobby.receive_json()
        assert [t["id"] for t in update["tables"]] == [table["id"]]
