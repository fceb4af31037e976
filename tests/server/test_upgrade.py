"""A guest turns into an account in place (issue 15): ``POST /api/upgrade`` keeps the user id,
so the guest's tables and seats stay its own, the session goes on, and sign-up's name and
password rules and rate limit apply."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from connect_arena.server import create_app
from tests.server.serverhelpers import Player, fast_settings, receive_until

PASSWORD = "a long password"


def guest(client: TestClient) -> Player:
    player = Player(client)
    response = player.post("/api/guest")
    assert response.status_code == 200, response.text
    return player


def test_the_guest_keeps_its_tables_and_seats(client: TestClient) -> None:
    player = guest(client)
    assert player.user is not None and player.user["guest"]
    guest_id = player.user["id"]
    table = player.create_table(["me", "open"])
    response = player.post("/api/upgrade", {"name": "otter", "password": PASSWORD})
    assert response.status_code == 200, response.text
    assert response.json()["user"] == {
        "id": guest_id,
        "name": "otter",
        "guest": False,
        "bot": False,
        "moderator": False,
    }
    # The session goes on: the same person is signed in, and may act at its table.
    session = player.get("/api/session").json()
    assert session["user"] == {
        "id": guest_id,
        "name": "otter",
        "guest": False,
        "bot": False,
        "moderator": False,
    }
    described = player.get(f"/api/tables/{table['id']}").json()
    assert described["you"] == [0]
    assert described["table"]["seats"][0]["user_id"] == guest_id
    assert player.post(f"/api/tables/{table['id']}/leave", {"seat": 0}).status_code == 200
    # The new name and password sign in elsewhere, to the same user.
    other = Player(client)
    signed = other.post("/api/login", {"name": "otter", "password": PASSWORD})
    assert signed.status_code == 200, signed.text
    assert signed.json()["user"]["id"] == guest_id


def test_its_seats_take_the_new_name_live_and_stored(client: TestClient) -> None:
    player = guest(client)
    earlier = player.create_table(["me", "me"])
    live = player.create_table(["me", "open"])
    spectator = Player(client)
    with spectator.connect(live["id"]) as socket:
        receive_until(socket, "table")
        upgraded = player.post("/api/upgrade", {"name": "osprey", "password": PASSWORD})
        assert upgraded.status_code == 200
        told = receive_until(socket, "table")  # the table's viewers are told
        assert told["table"]["seats"][0]["name"] == "osprey"
    for table in (earlier, live):
        described = spectator.get(f"/api/tables/{table['id']}").json()["table"]
        assert described["seats"][0]["name"] == "osprey"
    listed = spectator.get("/api/lobby").json()["tables"]
    assert {t["seats"][0]["name"] for t in listed} == {"osprey"}
    storage = client.app.state.arena.storage  # type: ignore[attr-defined]
    stored = client.portal.call(storage.get_table, earlier["id"])  # type: ignore[union-attr]
    assert [seat.name for seat in stored.seats] == ["osprey", "osprey"]


def test_a_started_game_goes_on_after_the_upgrade(client: TestClient) -> None:
    player = guest(client)
    table = player.create_table(["me", "me"])
    assert player.post("/api/upgrade", {"name": "heron", "password": PASSWORD}).status_code == 200
    with player.connect(table["id"]) as socket:
        state = receive_until(socket, "state")
        assert state["legal_actions"], "the upgraded user still plays its seats"
        socket.send_json({"type": "action", "seq": 1, "action": "add T0,0 0,0"})
        assert receive_until(socket, "event", seq=1)["action"] == "add T0,0 0,0"


def test_the_sign_up_rules_apply(client: TestClient) -> None:
    taken = Player(client).signup("marten")
    assert taken.user is not None
    player = guest(client)
    before = player.user
    cases = [
        ({"name": "x", "password": PASSWORD}, 400),  # too short a name
        ({"name": "Guest-Me", "password": PASSWORD}, 400),  # kept for guests
        ({"name": "lynx", "password": "short"}, 400),
        ({"name": "MARTEN", "password": PASSWORD}, 409),  # taken, case-insensitively
        ({"name": "lynx"}, 422),
    ]
    for body, status in cases:
        response = player.post("/api/upgrade", body)
        assert response.status_code == status, (body, response.text)
    # Nothing changed: still the same guest.
    assert player.get("/api/session").json()["user"] == before


def test_only_a_signed_in_guest_upgrades(client: TestClient) -> None:
    anonymous = Player(client)
    response = anonymous.post("/api/upgrade", {"name": "puffin", "password": PASSWORD})
    assert response.status_code == 401
    account = Player(client).signup("gecko")
    response = account.post("/api/upgrade", {"name": "puffin", "password": PASSWORD})
    assert response.status_code == 400
    assert account.get("/api/session").json()["user"]["name"] == "gecko"
    player = guest(client)
    response = player.request(
        "POST",
        "/api/upgrade",
        json={"name": "puffin", "password": PASSWORD},
        headers={"x-csrf-token": "wrong"},
    )
    assert response.status_code == 403
    assert player.post("/api/upgrade", {"name": "puffin", "password": PASSWORD}).status_code == 200
    # Once an account, never again.
    again = player.post("/api/upgrade", {"name": "puffin2", "password": PASSWORD})
    assert again.status_code == 400


def test_upgrades_are_rate_limited_like_sign_ups(tmp_path: Path) -> None:
    settings = fast_settings(tmp_path, signup_limit=(2, 600))
    with TestClient(create_app(settings)) as client:
        player = guest(client)  # the first of two new accounts allowed
        guest(client)  # the second
        refused = player.post("/api/upgrade", {"name": "ibex", "password": PASSWORD})
        assert refused.status_code == 429, refused.text
        assert refused.headers["retry-after"]
        assert player.get("/api/session").json()["user"]["guest"]
