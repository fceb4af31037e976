"""How every game ends (``docs/lifecycle.md``) over HTTP and the WebSocket: table settings,
each verb and its refusals, the messages every viewer gets, "my tables", and records."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from tests.server.serverhelpers import Player, receive_until

TIMED = {"time_control": {"kind": "realtime", "base": 300, "increment": 3}}


def running_table(
    client: TestClient,
    settings: dict[str, Any] | None = None,
    people: tuple[Player, Player] | None = None,
) -> tuple[Player, Player, int]:
    """Alice (seat 0, to move) and Bob (seat 1) at a started quick Quinque table (new
    accounts unless ``people`` are given)."""
    alice, bob = people or (Player(client).signup("alice"), Player(client).signup("bob"))
    table = alice.create_table(["me", "open"], settings=settings)
    assert bob.post(f"/api/tables/{table['id']}/join", {"seat": 1}).status_code == 200
    return alice, bob, table["id"]


def first_move(player: Player, table_id: int, seat: int) -> None:
    """``player`` plays the first legal action of ``seat`` over a WebSocket."""
    with player.connect(table_id) as socket:
        state = receive_until(socket, "state")
        action = state["legal_actions"][str(seat)][0]
        socket.send_json({"type": "action", "seq": state["seq"] + 1, "action": action})
        receive_until(socket, "event", seq=state["seq"] + 1)


def table_of(player: Player, table_id: int) -> dict[str, Any]:
    body: dict[str, Any] = player.get(f"/api/tables/{table_id}").json()["table"]
    return body


def error_of(response: Any) -> tuple[int, str]:
    return response.status_code, response.json()["error"]["code"]


def test_settings_are_offered_chosen_and_shown(client: TestClient) -> None:
    offered = client.get("/api/games").json()["settings"]
    assert offered["realtime_presets"] == [[3, 2], [5, 3], [10, 5], [15, 10]]
    assert offered["turn_days"] == [1, 2, 3, 5, 7]
    assert offered["default"]["time_control"]["kind"] == "unlimited"
    alice = Player(client).signup("alice")
    chosen = {**TIMED, "hints": "off", "takeover": "mcts:easy", "rated": True}
    table = alice.create_table(["me", "open"], settings=chosen)
    settings = table["settings"]
    assert settings["time_control"]["label"] == "5+3"
    chosen_back = (settings["hints"], settings["takeover"], settings["rated"])
    assert chosen_back == ("off", "mcts:easy", True)
    assert settings["grace"] == 60 and table["hints_allowed"] is False
    turn = alice.create_table(
        ["me", "open"], settings={"time_control": {"kind": "turn", "days": 2}}
    )
    assert turn["settings"]["time_control"]["label"] == "2d"
    assert turn["settings"]["grace"] == 3 * 86_400
    assert table_of(alice, table["id"])["settings"] == settings


def test_bad_settings_are_refused(client: TestClient) -> None:
    alice = Player(client).signup("alice")
    body = {"game": "quinque", "seats": [{"kind": "me"}, {"kind": "open"}]}
    for settings in (
        {"time_control": {"kind": "realtime", "base": 0, "increment": 0}},
        {"time_control": {"kind": "turn", "days": 4}},
        {"time_control": {"kind": "realtime", "base": 99_999, "increment": 1}},
        {"takeover": "god"},
        {"rated": True, "hints": "allowed"},
        {"grace": 0},
        {"colour": "red"},
    ):
        response = alice.post("/api/tables", {**body, "settings": settings})
        assert response.status_code in (400, 422), (settings, response.text)
    assert alice.get("/api/tables/mine").json()["tables"] == []


def test_a_connect5_web_table_without_clock_is_bounded(client: TestClient) -> None:
    alice = Player(client).signup("alice")
    table = alice.create_table(["me", "open"], {"board": "t1"}, game="connect5")
    assert table["options"]["idle_limit"] == 200  # GameType.anti_endless_default
    timed = alice.create_table(["me", "open"], {"board": "t1"}, game="connect5", settings=TIMED)
    assert timed["options"]["idle_limit"] == 0


def test_abort_and_resign_over_http(client: TestClient) -> None:
    alice, bob, table_id = running_table(client)
    carol = Player(client).signup("carol")
    assert error_of(carol.post(f"/api/tables/{table_id}/abort")) == (403, "not_seated")
    assert alice.post(f"/api/tables/{table_id}/abort").json() == {"ok": True}
    table = table_of(carol, table_id)
    assert (table["status"], table["reason"], table["returns"]) == ("finished", "aborted", None)
    assert error_of(bob.post(f"/api/tables/{table_id}/resign", {})) == (409, "not_running")

    alice, bob, table_id = running_table(client, people=(alice, bob))
    first_move(alice, table_id, 0)
    first_move(bob, table_id, 1)
    assert error_of(alice.post(f"/api/tables/{table_id}/abort")) == (400, "not_allowed")
    no_token = {"x-csrf-token": ""}
    response = alice.request("POST", f"/api/tables/{table_id}/resign", json={}, headers=no_token)
    assert response.status_code == 403  # no CSRF token: refused, nothing changed
    assert alice.post(f"/api/tables/{table_id}/resign", {"seat": 0}).json() == {"ok": True}
    table = table_of(bob, table_id)
    assert (table["reason"], table["returns"]) == ("resignation", [-1.0, 1.0])
    assert [note["kind"] for note in table["notes"]] == ["resign"]


def test_draw_and_takeback_over_http(client: TestClient) -> None:
    alice, bob, table_id = running_table(client)
    assert error_of(alice.post(f"/api/tables/{table_id}/draw", {"op": "request"})) == (
        400,
        "bad_request",
    )
    assert error_of(alice.post(f"/api/tables/{table_id}/takeback", {"op": "request"})) == (
        400,
        "not_allowed",
    )
    first_move(alice, table_id, 0)
    assert alice.post(f"/api/tables/{table_id}/takeback", {"op": "request"}).status_code == 200
    assert table_of(alice, table_id)["offers"]["takeback"] == {"seat": 0, "to": 0, "accepted": []}
    assert bob.post(f"/api/tables/{table_id}/takeback", {"op": "accept"}).status_code == 200
    assert table_of(alice, table_id)["seq"] == 0
    first_move(alice, table_id, 0)
    first_move(bob, table_id, 1)  # a draw before every person moved would be an abort
    assert alice.post(f"/api/tables/{table_id}/draw", {"op": "offer"}).status_code == 200
    assert table_of(bob, table_id)["offers"]["draw"] == [0]
    assert bob.post(f"/api/tables/{table_id}/draw", {"op": "accept"}).status_code == 200
    table = table_of(bob, table_id)
    assert (table["reason"], table["returns"]) == ("draw_agreed", [0.0, 0.0])


def test_a_rated_table_refuses_takebacks(client: TestClient) -> None:
    alice, _bob, table_id = running_table(client, {"rated": True})
    first_move(alice, table_id, 0)
    response = alice.post(f"/api/tables/{table_id}/takeback", {"op": "request"})
    assert error_of(response) == (400, "not_allowed")


def test_claim_and_return_refusals_over_http(client: TestClient) -> None:
    alice, bob, table_id = running_table(client, {"grace": 30})
    first_move(alice, table_id, 0)  # Bob must act and has no connection, for 30 s
    assert error_of(alice.post(f"/api/tables/{table_id}/claim", {"seat": 1})) == (
        400,
        "not_allowed",
    )
    assert error_of(alice.post(f"/api/tables/{table_id}/claim", {"seat": 9})) == (
        400,
        "bad_request",
    )
    assert alice.post(f"/api/tables/{table_id}/claim", {"seat": -1}).status_code == 422
    assert error_of(bob.post(f"/api/tables/{table_id}/return", {"seat": 1})) == (
        400,
        "not_allowed",
    )
    presence = table_of(alice, table_id)["presence"]
    assert presence["1"]["online"] is False and 0 < presence["1"]["claimable_in"] <= 30


def test_rematch_over_http_and_the_websocket(client: TestClient) -> None:
    alice, bob, table_id = running_table(client, TIMED)
    first_move(alice, table_id, 0)
    first_move(bob, table_id, 1)
    with bob.connect(table_id) as blue:
        receive_until(blue, "state")
        assert bob.post(f"/api/tables/{table_id}/resign", {}).status_code == 200
        assert receive_until(blue, "table")["table"]["reason"] == "resignation"
        assert alice.post(f"/api/tables/{table_id}/rematch", {"op": "offer"}).json() == {
            "rematch_table": None
        }
        assert receive_until(blue, "offers")["rematch"] == [0]
        blue.send_json({"type": "rematch", "op": "accept"})
        new_id = receive_until(blue, "rematch", table_id=table_id)["rematch_table"]
    new = table_of(alice, new_id)
    assert [seat["name"] for seat in new["seats"]] == ["bob", "alice"]
    assert new["status"] == "running" and new["settings"]["time_control"]["label"] == "5+3"
    assert new["options"] == table_of(alice, table_id)["options"]
    again = alice.post(f"/api/tables/{table_id}/rematch", {"op": "accept"}).json()
    assert again == {"rematch_table": new_id}


def lifecycle_error(socket: WebSocketTestSession, message: dict[str, Any]) -> dict[str, Any]:
    socket.send_json({**message, "id": "req"})
    return receive_until(socket, "error", id="req")


def test_websocket_verbs_and_their_refusals(client: TestClient) -> None:
    alice, bob, table_id = running_table(client)
    carol = Player(client).signup("carol")
    with (
        alice.connect(table_id) as red,
        bob.connect(table_id) as blue,
        carol.connect(table_id) as spectator,
    ):
        for each in (red, blue, spectator):
            receive_until(each, "state")
        for message in (
            {"type": "abort"},
            {"type": "resign"},
            {"type": "draw", "op": "offer"},
            {"type": "takeback", "op": "request"},
            {"type": "claim", "seat": 0},
            {"type": "return", "seat": 0},
            {"type": "rematch", "op": "offer"},
        ):
            assert lifecycle_error(spectator, message)["code"] == "not_seated", message
        red.send_json({"type": "draw", "op": "maybe"})
        assert receive_until(red, "error")["code"] == "bad_message"
        assert lifecycle_error(red, {"type": "takeback", "op": "request"})["code"] == (
            "not_allowed"
        )
        red.send_json({"type": "draw", "op": "offer"})
        assert receive_until(blue, "offers")["draw"] == [0]
        blue.send_json({"type": "draw", "op": "decline"})
        offers = receive_until(red, "offers", declined={"kind": "draw", "seat": 1})
        assert offers["draw"] == []
        red.send_json({"type": "abort"})
        for each in (red, blue, spectator):
            assert receive_until(each, "table")["table"]["reason"] == "aborted"
        assert lifecycle_error(blue, {"type": "resign"})["code"] == "not_running"


def test_presence_over_the_websocket(client: TestClient) -> None:
    alice, bob, table_id = running_table(client)
    with alice.connect(table_id) as red:
        opening = receive_until(red, "table")["table"]
        assert opening["presence"]["0"]["online"] is True
        assert opening["presence"]["1"]["online"] is False
        with bob.connect(table_id) as blue:
            receive_until(blue, "state")
            assert receive_until(red, "presence")["seats"]["1"]["online"] is True
        seats = receive_until(red, "presence")["seats"]
        assert seats["1"]["online"] is False and seats["1"]["claimable_in"] is None


def test_timed_state_messages_carry_the_clocks(client: TestClient) -> None:
    alice, _bob, table_id = running_table(client, TIMED)
    with alice.connect(table_id) as red:
        state = receive_until(red, "state")
        assert state["running"] == [0]
        assert 300 < state["clocks"]["0"] <= 303 and state["clocks"]["1"] == 303
        red.send_json({"type": "action", "seq": 1, "action": state["legal_actions"]["0"][0]})
        after = receive_until(red, "event", seq=1)["state"]
        assert after["running"] == [1] and 303 < after["clocks"]["0"] <= 306


def test_my_tables(client: TestClient) -> None:
    alice, bob, first = running_table(client)
    second = alice.create_table(["me", "open"])["id"]
    assert bob.post(f"/api/tables/{second}/join", {"seat": 1}).status_code == 200
    first_move(alice, first, 0)  # Bob to act at the first table, Alice at the second
    rows = alice.get("/api/tables/mine").json()["tables"]
    assert [(row["id"], row["your_turn"]) for row in rows] == [(second, True), (first, False)]
    rows = bob.get("/api/tables/mine").json()["tables"]
    assert [(row["id"], row["your_turn"]) for row in rows] == [(first, True), (second, False)]
    assert Player(client).get("/api/tables/mine").status_code in (200, 401)


def test_records_keep_the_lifecycle_and_older_records_still_replay(client: TestClient) -> None:
    alice, bob, table_id = running_table(client, TIMED)
    first_move(alice, table_id, 0)
    first_move(bob, table_id, 1)
    assert bob.post(f"/api/tables/{table_id}/resign", {}).status_code == 200
    record = alice.get(f"/api/tables/{table_id}/record").json()
    meta = record["meta"]
    assert meta["reason"] == "resignation" and meta["settings"]["time_control"]["base"] == 300
    assert [note["kind"] for note in meta["notes"]] == ["resign"]
    assert [t["clock"] is not None for t in meta["timing"]] == [True, True]
    replayed = alice.post("/api/replay", {"record": record})
    assert replayed.status_code == 200, replayed.text
    old = {**record, "meta": {k: v for k, v in meta.items() if k in ("table", "date", "status")}}
    replayed = alice.post("/api/replay", {"record": old})
    assert replayed.status_code == 200, replayed.text
    assert replayed.json()["positions"] == len(record["actions"]) + 1


def test_a_flag_falls_on_a_zero_plus_one_clock(client: TestClient) -> None:
    settings = {"time_control": {"kind": "realtime", "base": 0, "increment": 1}}
    alice, bob, table_id = running_table(client, settings)
    assert table_of(alice, table_id)["settings"]["time_control"]["label"] == "0+1"
    first_move(alice, table_id, 0)
    first_move(bob, table_id, 1)
    with bob.connect(table_id) as blue:  # Alice does not move: her flag falls
        ended = receive_until(blue, "table")
        while ended["table"]["status"] != "finished":
            ended = receive_until(blue, "table")
    table = ended["table"]
    assert (table["reason"], table["returns"]) == ("timeout", [-1.0, 1.0])
    assert [(note["kind"], note["seat"]) for note in table["notes"]] == [("timeout", 0)]
