"""Rate limits (issue 13, defect 3 and part of 11): WebSocket frames per connection and per
client address (token buckets: an error frame, then a 1008 close if the flood goes on), a
``sync`` re-sends a bounded history, a flood on one table does not keep another table's move
from being broadcast, and anonymous replay uploads are limited per address."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

from connect_arena.server import Settings, create_app
from connect_arena.server.ratelimit import TokenBucket
from connect_arena.service import viewing
from tests.server.serverhelpers import Player, fast_settings, receive_until
from tests.server.test_websocket import act, opening, running_table


def drain(socket: WebSocketTestSession) -> tuple[list[dict[str, Any]], int]:
    """Every message until the server closes the socket, and the close code."""
    messages = []
    try:
        while True:
            messages.append(socket.receive_json())
    except WebSocketDisconnect as closed:
        return messages, closed.code


def test_a_token_bucket_allows_its_burst_then_its_rate() -> None:
    now = [100.0]
    bucket = TokenBucket(3, 1.0, clock=lambda: now[0])  # 3 at once, then 3 per second
    assert [bucket.take() for _ in range(4)] == [True, True, True, False]
    now[0] += 0.34  # a little over a third of a second: one token
    assert [bucket.take() for _ in range(2)] == [True, False]
    now[0] += 100
    assert sum(bucket.take() for _ in range(10)) == 3  # never more than the burst


def test_the_limits_are_configurable() -> None:
    env = {
        "CONNECT_ARENA_WS_LIMIT": "5/1",
        "CONNECT_ARENA_WS_ADDRESS_LIMIT": "50/2",
        "CONNECT_ARENA_REPLAY_LIMIT": "3/60",
    }
    settings = Settings.from_env(env)
    assert settings.ws_limit == (5, 1.0) and settings.ws_address_limit == (50, 2.0)
    assert settings.replay_limit == (3, 60.0)


def test_a_sync_flood_is_limited_and_closed_and_other_tables_play_on(tmp_path: Path) -> None:
    # A burst of 30 frames refilled over ten minutes: the count below is the burst's on any
    # machine (the default's 3 s refill let a slow run serve one more).
    settings = fast_settings(tmp_path, ws_limit=(30, 600.0))
    with TestClient(create_app(settings)) as client:
        alice, bob, table_id = running_table(client)
        carol = Player(client).signup("carol")
        flooded = carol.create_table(["me", "me"])["id"]  # a hot-seat table with some history
        with carol.connect(flooded) as own:
            state = opening(own)
            for seq in (1, 2):
                seat, actions = next((s, a) for s, a in state["legal_actions"].items() if a)
                act(own, seq, actions[0], seat=int(seat))
                state = receive_until(own, "event", seq=seq)["state"]
        with (
            alice.connect(table_id) as red,
            bob.connect(table_id) as blue,
            client.websocket_connect(f"/ws/tables/{flooded}") as flooder,
        ):
            opening(red), opening(blue), opening(flooder)
            for _ in range(1000):
                flooder.send_text('{"type": "sync", "since": 0}')
            act(red, 1, "add T0,0 0,0")
            assert receive_until(blue, "event", seq=1)["action"] == "add T0,0 0,0"
            assert receive_until(red, "event", seq=1)["state"]["seq"] == 1
            messages, code = drain(flooder)
        assert code == 1008
        errors = [m for m in messages if m["type"] == "error"]
        assert (
            errors and errors[0]["code"] == "rate_limited" and "slow down" in errors[0]["message"]
        )
        assert len(errors) == 1  # one warning, then silence until the close
        served = sum(m["type"] == "state" for m in messages)
        assert 1 <= served <= 30  # the burst, not a thousand re-sent histories


def test_frames_at_a_normal_pace_are_never_limited(client: TestClient) -> None:
    alice, _bob, table_id = running_table(client)
    with alice.connect(table_id) as socket:
        opening(socket)
        for n in range(25):  # within the burst
            socket.send_json({"type": "ping", "id": n})
            assert receive_until(socket, "pong")["id"] == n


def test_frames_are_limited_per_address_across_connections(tmp_path: Path) -> None:
    settings = fast_settings(tmp_path, ws_limit=(30, 600.0), ws_address_limit=(50, 600.0))
    with TestClient(create_app(settings)) as client:
        alice, _bob, table_id = running_table(client)
        with (
            alice.connect(table_id) as first,
            alice.connect(table_id) as second,
            alice.connect(table_id) as third,
        ):
            for socket in (first, second, third):
                opening(socket)
            for socket in (first, second):  # 21 each: within a connection's 30 and the 50
                for n in range(20):
                    socket.send_json({"type": "ping", "id": n})
                socket.send_json({"type": "sync", "since": 99})
                assert not [m for m in until_state(socket) if m["type"] == "error"]
            for n in range(20):  # the address's 50 run out at the ninth
                third.send_json({"type": "ping", "id": n})
            assert receive_until(third, "error")["code"] == "rate_limited"


def until_state(socket: WebSocketTestSession) -> list[dict[str, Any]]:
    """Messages up to the next state (or the close)."""
    messages = []
    try:
        while not messages or messages[-1]["type"] != "state":
            messages.append(socket.receive_json())
    except WebSocketDisconnect:
        pass
    return messages


def test_a_sync_resends_a_bounded_history(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No frame makes the server re-send an unbounded history: a ``sync`` (like opening the
    table) sends at most the latest ``RECENT_EVENTS`` events and the state; older ones come in
    pages on request (``history``)."""
    monkeypatch.setattr(viewing, "RECENT_EVENTS", 2)
    with TestClient(create_app(fast_settings(tmp_path))) as client:
        alice, bob, table_id = running_table(client)
        with alice.connect(table_id) as red, bob.connect(table_id) as blue:
            opening(red), opening(blue)
            act(red, 1, "add T0,0 0,0")
            receive_until(blue, "event", seq=1)
            act(blue, 2, "mark 1,1")
            receive_until(red, "event", seq=2)
            act(red, 3, "mark 0,1")
            receive_until(blue, "event", seq=3)
            blue.send_json({"type": "sync", "since": 1})  # two events: served
            assert [m.get("seq") for m in until_state(blue)] == [2, 3, 3]
            blue.send_json({"type": "sync", "since": 0})  # three: the latest two only
            assert [m.get("seq") for m in until_state(blue)] == [2, 3, 3]
            blue.send_json({"type": "history", "before": 2, "limit": 5})  # the rest on request
            page = receive_until(blue, "history")
            assert [event["seq"] for event in page["events"]] == [1]


def test_replay_uploads_are_limited_per_address(tmp_path: Path) -> None:
    record = {
        "format": "connect-arena/record@1",
        "game": "quinque",
        "players": ["a", "b"],
        "actions": ["add T0,0 0,0"],
        "options": {"parachutes": 2, "tiles": 1, "first_player": "0"},
    }
    with TestClient(create_app(fast_settings(tmp_path, replay_limit=(3, 60.0)))) as client:
        first, second = Player(client), Player(client)  # anonymous, from one address
        codes = [p.post("/api/replay", {"record": record}).status_code for p in (first, second)]
        codes += [first.post("/api/replay", {"record": record}).status_code for _ in range(2)]
        assert codes == [200, 200, 200, 429]
        refused = second.post("/api/replay", {"record": record})
        assert refused.status_code == 429
        assert refused.json()["error"]["code"] == "rate_limited"
        assert int(refused.headers["retry-after"]) > 0
        assert json.loads(second.get("/api/games").text)["games"]  # the rest still answers


def test_opening_sockets_counts_against_the_address(tmp_path: Path) -> None:
    """A reconnect re-sends the history the client asks for: connections are limited too."""
    settings = fast_settings(tmp_path, ws_address_limit=(3, 600.0))
    with TestClient(create_app(settings)) as client:
        for _ in range(3):
            with client.websocket_connect("/ws/lobby") as lobby:
                assert lobby.receive_json()["type"] == "lobby"
        with pytest.raises(WebSocketDisconnect) as refused, client.websocket_connect("/ws/lobby"):
            pass
        assert refused.value.code == 1008
        with pytest.raises(WebSocketDisconnect), client.websocket_connect("/ws/tables/1"):
            pass
