"""Hot-seat tables: one user holds several seats and plays them all over one WebSocket.

The user acts for whichever of its seats may act (``seat`` picks one when several may); each of
its seats' observations comes in ``observations``; spectators stay read-only, other users cannot
act, and in a simultaneous phase a spectator still does not see the hidden choices.
"""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from tests.server.serverhelpers import Player, receive_until


def opening(socket: WebSocketTestSession) -> dict[str, Any]:
    """Read the opening messages up to the state; return the state."""
    assert socket.receive_json()["type"] == "table"
    return receive_until(socket, "state")


def act(socket: WebSocketTestSession, seq: int, action: str, **extra: Any) -> None:
    socket.send_json({"type": "action", "seq": seq, "action": action, **extra})


def test_the_creator_may_take_every_seat(client: TestClient) -> None:
    alice = Player(client).signup("alice")
    table = alice.create_table(["me", "me"])
    assert table["status"] == "running"  # every seat is filled: the game starts at once
    assert [seat["name"] for seat in table["seats"]] == ["alice", "alice"]
    described = alice.get(f"/api/tables/{table['id']}").json()
    assert described["you"] == [0, 1]
    lobby = alice.get("/api/lobby").json()["tables"]
    assert [row["id"] for row in lobby] == [table["id"]]
    games = {game["name"]: game for game in alice.get("/api/games").json()["games"]}
    assert games["quinque"]["private_information"] is False
    assert games["connnect"]["private_information"] is True


def test_one_user_plays_both_seats_of_a_quinque_game(client: TestClient) -> None:
    alice = Player(client).signup("alice")
    bob = Player(client).signup("bob")
    carol = Player(client)  # an anonymous spectator
    table_id = alice.create_table(["me", "me"])["id"]
    with (
        alice.connect(table_id) as hot,
        bob.connect(table_id) as other,
        carol.connect(table_id) as spectator,
    ):
        state = opening(hot)
        assert state["you"] == [0, 1]
        assert (
            list(state["legal_actions"]) == ["0"] and "add T0,0 0,0" in state["legal_actions"]["0"]
        )
        assert set(state["observations"]) == {"0", "1"}
        assert state["observation"] == state["observations"]["0"]
        for socket in (other, spectator):
            watched = opening(socket)
            assert watched["you"] == [] and watched["legal_actions"] == {}
            assert "observations" not in watched

        # Another user and a spectator cannot act, whichever seat they name.
        for socket, extra in [(other, {}), (other, {"seat": 0}), (spectator, {"seat": 0})]:
            act(socket, 1, "add T0,0 0,0", **extra)
            assert receive_until(socket, "error")["code"] == "not_seated"
        # The hot-seat user acts for the seat to move, named or not ...
        act(hot, 1, "add T0,0 0,0", seat=0)
        event = receive_until(hot, "event", seq=1)
        assert event["seat"] == 0 and event["simultaneous"] is False
        assert list(event["state"]["legal_actions"]) == ["1"]
        # ... but not for a seat that is not to move.
        act(hot, 2, "mark 1,0", seat=0)
        refused = receive_until(hot, "error")
        assert refused["code"] == "not_your_turn" and refused["seq"] == 1
        moves = [(2, "mark 1,0", {"seat": 1}), (3, "mark 0,1", {}), (4, "mark 1,1", {"seat": 1})]
        for seq, action, extra in moves:
            act(hot, seq, action, **extra)
            event = receive_until(hot, "event", seq=seq)
            assert receive_until(spectator, "event", seq=seq)["action"] == event["action"]
        assert event["seat"] == 1
        final = event["state"]
        assert final["terminal"] and final["returns"] == [0.0, 0.0]
        assert final["legal_actions"] == {}
    record = carol.get(f"/api/tables/{table_id}/record").json()
    assert record["actions"] == ["add T0,0 0,0", "mark 1,0", "mark 0,1", "mark 1,1"]
    assert record["players"] == ["alice", "alice"]


def test_a_simultaneous_phase_in_hot_seat(client: TestClient) -> None:
    alice = Player(client).signup("alice")
    carol = Player(client).signup("carol")
    table_id = alice.create_table(["me", "me"], options={}, game="connnect")["id"]
    with alice.connect(table_id) as hot, carol.connect(table_id) as spectator:
        state = opening(hot)
        watched = opening(spectator)
        # After the set-up chance outcomes both seats write at once: both may act, and each
        # seat's own observation comes along (a spectator sees neither seat's).
        assert set(state["to_move"]) == {0, 1} and set(state["legal_actions"]) == {"0", "1"}
        own = state["observations"]
        assert own["0"] != own["1"]
        assert own["0"]["you"]["seat"] == 0 and own["1"]["you"]["seat"] == 1
        assert watched["legal_actions"] == {} and "observations" not in watched
        seq = state["seq"] + 1
        choice = state["legal_actions"]["1"][0]
        act(hot, seq, choice, seat=1)
        mine = receive_until(hot, "event", seq=seq)
        assert mine["seat"] == 1 and mine["action"] == choice and mine["simultaneous"] is True
        seen = receive_until(spectator, "event", seq=seq)
        assert seen["action"] is None and seen["simultaneous"] is True  # hidden until the end
        # Seat 0 still acts in the same phase.
        assert "0" in mine["state"]["legal_actions"]
        act(hot, seq + 1, mine["state"]["legal_actions"]["0"][0], seat=0)
        assert receive_until(hot, "event", seq=seq + 1)["seat"] == 0
        # The spectator still cannot act for either seat.
        act(spectator, seq + 2, "done", seat=0)
        assert receive_until(spectator, "error")["code"] == "not_seated"
