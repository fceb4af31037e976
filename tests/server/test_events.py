"""Structured events and static game info reach the page: every action's description as an
event ``{key, params}`` (hidden like the action), refusals with their event, and the table's
game info (declaration and geometry) once, cacheable."""

from __future__ import annotations

import pytest

from connect_arena.core import Event, IllegalActionError, load
from tests.server.serverhelpers import Player, TestClient, receive_until


def _running_quinque(client: TestClient) -> tuple[Player, Player, int]:
    alice = Player(client).signup("alice")
    bob = Player(client).signup("bob")
    table_id = alice.create_table(
        ["me", "open"], options={"first_player": "0"}, settings={"hints": "allowed"}
    )["id"]
    assert bob.post(f"/api/tables/{table_id}/join", {"seat": 1}).status_code == 200
    return alice, bob, table_id


def test_each_event_carries_the_engines_description(client: TestClient) -> None:
    alice, _bob, table_id = _running_quinque(client)
    with alice.connect(table_id) as socket:
        state = receive_until(socket, "state")
        action = state["legal_actions"]["0"][0]
        socket.send_json({"type": "action", "seq": state["seq"] + 1, "action": action})
        event = receive_until(socket, "event", seq=state["seq"] + 1)
    # The same description the engine gives for that action in that position.
    engine = load("quinque", first_player="0").new_initial_state()
    expected = engine.describe_action(engine.parse_action(action, 0), 0).to_json()
    assert event["event"] == expected
    assert isinstance(event["event"]["key"], str) and isinstance(event["event"]["params"], dict)
    # A viewer arriving later gets the same description with the history.
    with alice.connect(table_id, since=0) as socket:
        again = receive_until(socket, "event", seq=state["seq"] + 1)
    assert again["event"] == expected


def test_hidden_simultaneous_actions_hide_their_description(client: TestClient) -> None:
    alice = Player(client).signup("alice")
    bob = Player(client).signup("bob")
    table_id = alice.create_table(
        ["me", "open"], options={}, game="connnect", settings={"hints": "allowed"}
    )["id"]
    assert bob.post(f"/api/tables/{table_id}/join", {"seat": 1}).status_code == 200
    with alice.connect(table_id) as socket:
        state = receive_until(socket, "state")
        choice = state["legal_actions"]["0"][0]
        socket.send_json({"type": "action", "seq": state["seq"] + 1, "action": choice})
        mine = receive_until(socket, "event", seq=state["seq"] + 1)
    assert mine["event"] is not None
    with bob.connect(table_id) as socket:
        theirs = receive_until(socket, "event", seq=state["seq"] + 1)
    assert theirs["action"] is None and theirs["event"] is None


def test_a_refusal_carries_the_engines_event(client: TestClient) -> None:
    alice, _bob, table_id = _running_quinque(client)
    engine = load("quinque", first_player="0").new_initial_state()
    with pytest.raises(IllegalActionError) as refused:
        engine.parse_action("pass", 0)  # the seat has legal actions: it must act
    event = refused.value.event
    expected = event.to_json() if isinstance(event, Event) else None
    with alice.connect(table_id) as socket:
        state = receive_until(socket, "state")
        socket.send_json({"type": "action", "seq": state["seq"] + 1, "action": "pass"})
        error = receive_until(socket, "error")
    assert error["code"] == "illegal_action"
    assert error["message"] == str(refused.value)
    assert error.get("event") == expected


def test_core_refusals_are_events() -> None:
    engine = load("quinque", first_player="0").new_initial_state()
    with pytest.raises(IllegalActionError) as refused:
        engine.apply_action(engine.legal_actions()[0], 1)
    assert refused.value.event == Event.of("core.not_your_turn", seat=1)
    assert str(refused.value) == "it is not Blue's turn"


def test_hint_lines_are_described(client: TestClient) -> None:
    alice, _bob, table_id = _running_quinque(client)
    answer = alice.post(f"/api/tables/{table_id}/hint", {"seat": 0})
    assert answer.status_code == 200, answer.text
    engine = load("quinque", first_player="0").new_initial_state()
    for line in answer.json()["lines"]:
        action = engine.parse_action(line["action"], 0)
        assert line["event"] == engine.describe_action(action, 0).to_json()
        assert line["principal_events"][0] == line["event"]
        assert len(line["principal_events"]) <= len(line["principal"])


def test_game_info_once_and_cacheable(client: TestClient) -> None:
    alice, _bob, table_id = _running_quinque(client)
    reply = alice.get(f"/api/tables/{table_id}/game")
    assert reply.status_code == 200
    body = reply.json()
    assert body["game"] == "quinque"
    assert body["game_type"]["short_name"] == "quinque"
    assert body["game_type"]["player_counts"] == [2]
    assert body["geometry"] == load("quinque", first_player="0").geometry()
    assert "max-age" in reply.headers["cache-control"]
    etag = reply.headers["etag"]
    again = alice.request("GET", f"/api/tables/{table_id}/game", headers={"If-None-Match": etag})
    assert again.status_code == 304
    assert alice.get("/api/tables/999999/game").status_code == 404
