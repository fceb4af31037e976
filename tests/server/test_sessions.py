"""Server-side sessions (issue 13, defect 2): the cookie holds only a random session id, and
signing out, signing out everywhere and changing the password revoke sessions for good — a
copied cookie then creates, joins and plays nothing. Sessions expire (sliding 30 days)."""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select, update
from starlette.websockets import WebSocketDisconnect

from connect_arena.server import create_app
from connect_arena.server.db.models import SessionRow
from tests.server.serverhelpers import Player, fast_settings, receive_until
from tests.server.test_websocket import act, opening

PASSWORD = "a long password"


def copy_of(client: TestClient, player: Player) -> Player:
    """Someone else holding a copy of ``player``'s cookie and CSRF token."""
    thief = Player(client)
    thief.cookies = httpx.Cookies(player.cookies)
    thief.csrf = player.csrf
    return thief


def second_device(client: TestClient, name: str, password: str = PASSWORD) -> Player:
    """``name`` signed in again from another device (a session of its own)."""
    device = Player(client)
    response = device.post("/api/login", {"name": name, "password": password})
    assert response.status_code == 200, response.text
    return device


def token(player: Player) -> str:
    value = player.cookies.get("arena_session")
    assert value
    return value


def sessions_of(client: TestClient) -> list[SessionRow]:
    engine = client.app.state.arena.storage.engine  # type: ignore[attr-defined]
    from sqlalchemy.orm import Session

    with Session(engine) as session:
        return list(session.scalars(select(SessionRow)))


def can_create(player: Player) -> int:
    body = {"game": "quinque", "seats": [{"kind": "me"}, {"kind": "open"}]}
    return player.post("/api/tables", body).status_code


def test_sign_out_revokes_a_copied_cookie(client: TestClient) -> None:
    alice = Player(client).signup("alice")
    bob = Player(client).signup("bob")
    table = bob.create_table(["me", "open"])
    thief = copy_of(client, alice)
    assert thief.get("/api/session").json()["user"]["name"] == "alice"  # the copy works...
    assert alice.post("/api/logout").json()["user"] is None
    assert thief.get("/api/session").json()["user"] is None  # ...until alice signs out
    assert can_create(thief) == 401
    joined = thief.post(f"/api/tables/{table['id']}/join", {"seat": 1})
    assert joined.status_code == 401 and joined.json()["error"]["code"] == "not_signed_in"
    assert bob.get(f"/api/tables/{table['id']}").json()["table"]["status"] == "open"


def test_sign_out_revokes_the_websocket(client: TestClient) -> None:
    alice, bob = Player(client).signup("alice"), Player(client).signup("bob")
    table_id = alice.create_table(["me", "open"])["id"]
    bob.post(f"/api/tables/{table_id}/join", {"seat": 1})
    thief = copy_of(client, alice)
    with thief.connect(table_id) as before:
        assert opening(before)["you"] == [0]
        alice.post("/api/logout")
        with pytest.raises(WebSocketDisconnect) as closed:  # an open socket is closed
            receive_until(before, "never")
        assert closed.value.code == 1008
    with thief.connect(table_id) as after:  # a new one is a spectator's
        assert after.receive_json()["you"] == []
        act(after, 1, "add T0,0 0,0")
        assert receive_until(after, "error")["code"] == "not_seated"
    assert bob.get(f"/api/tables/{table_id}").json()["table"]["seq"] == 0


def test_sign_out_everywhere(client: TestClient) -> None:
    laptop = Player(client).signup("alice")
    phone = second_device(client, "alice")
    bob = Player(client).signup("bob")
    assert Player(client).post("/api/logout-all").status_code == 401  # nobody to sign out
    forged = copy_of(client, laptop)
    forged.csrf = "forged"
    assert forged.post("/api/logout-all").status_code == 403  # CSRF-protected
    response = laptop.post("/api/logout-all")
    assert response.status_code == 200 and response.json()["user"] is None
    for device in (laptop, phone):
        assert device.get("/api/session").json()["user"] is None
        assert can_create(device) == 401
    assert can_create(bob) == 201  # other users keep their sessions
    assert can_create(second_device(client, "alice")) == 201  # signing in again works


def test_password_change_revokes_the_other_sessions(client: TestClient) -> None:
    laptop = Player(client).signup("alice")
    phone = second_device(client, "alice")
    change = {"old_password": "not my password", "new_password": "a new long password"}
    wrong = phone.post("/api/password", change)
    assert wrong.status_code == 401 and wrong.json()["error"]["code"] == "bad_credentials"
    short = phone.post("/api/password", {"old_password": PASSWORD, "new_password": "short"})
    assert short.status_code == 400 and "at least 8" in short.json()["error"]["message"]
    assert can_create(laptop) == 201  # nothing changed yet
    change["old_password"] = PASSWORD
    changed = phone.post("/api/password", change)
    assert changed.status_code == 200 and changed.json()["user"]["name"] == "alice"
    assert can_create(phone) == 201  # this device stays signed in
    assert can_create(laptop) == 401 and laptop.get("/api/session").json()["user"] is None
    old = Player(client).post("/api/login", {"name": "alice", "password": PASSWORD})
    assert old.status_code == 401
    assert can_create(second_device(client, "alice", "a new long password")) == 201


def test_password_change_needs_a_password_account(client: TestClient) -> None:
    change = {"old_password": PASSWORD, "new_password": "a new long password"}
    assert Player(client).post("/api/password", change).status_code == 401
    guest = Player(client)
    guest.post("/api/guest")
    refused = guest.post("/api/password", change)
    assert refused.status_code == 400 and "guest" in refused.json()["error"]["message"]
    assert can_create(guest) == 201  # guests keep working


def test_guests_sign_out_for_good(client: TestClient) -> None:
    guest = Player(client)
    assert guest.post("/api/guest").json()["user"]["guest"]
    thief = copy_of(client, guest)
    assert can_create(thief) == 201
    guest.post("/api/logout")
    assert can_create(thief) == 401


def test_the_cookie_holds_a_random_id_stored_hashed(client: TestClient) -> None:
    alice = Player(client).signup("alice")
    value = token(alice)
    assert len(value) >= 22 and "." not in value  # 128 bits or more, nothing signed inside
    rows = sessions_of(client)
    assert len(rows) == 1 and rows[0].user_id == alice.user["id"]  # type: ignore[index]
    assert rows[0].id == hashlib.sha256(value.encode()).hexdigest() != value
    assert rows[0].user_agent
    second_device(client, "alice")
    assert len({row.id for row in sessions_of(client)}) == 2
    alice.post("/api/logout")
    assert len(sessions_of(client)) == 1


def test_sessions_expire_and_slide(client: TestClient) -> None:
    alice = Player(client).signup("alice")
    engine = client.app.state.arena.storage.engine  # type: ignore[attr-defined]
    now = datetime.now(UTC)
    with engine.begin() as connection:  # last seen two days ago: the expiry slides on use
        connection.execute(
            update(SessionRow).values(
                last_seen_at=now - timedelta(days=2), expires_at=now + timedelta(days=1)
            )
        )
    assert alice.get("/api/session").json()["user"]["name"] == "alice"
    (row,) = sessions_of(client)
    expires = row.expires_at.replace(tzinfo=row.expires_at.tzinfo or UTC)
    assert expires > now + timedelta(days=29)
    with engine.begin() as connection:  # expired: signed out
        connection.execute(update(SessionRow).values(expires_at=now - timedelta(seconds=1)))
    assert alice.get("/api/session").json()["user"] is None
    assert can_create(alice) == 401


def test_cookies_are_secure_over_https(tmp_path: Path) -> None:
    app = create_app(fast_settings(tmp_path))
    with TestClient(app, base_url="https://testserver") as client:
        header = client.get("/api/session").headers["set-cookie"].lower()
        assert "secure" in header and "httponly" in header and "samesite=lax" in header
    with TestClient(app) as client:
        assert "secure" not in client.get("/api/session").headers["set-cookie"].lower()


def test_revocation_closes_every_socket_and_the_tokens(client: TestClient) -> None:
    """Issue 30, item 2: after "sign out everywhere", the user's event socket and a
    tournament's socket close too (not only the table's), and the account's API tokens stop
    working; a password change revokes the tokens as well."""
    alice = Player(client).signup("alice")
    body = {
        "name": "Friday",
        "game": "quinque",
        "settings": {"time_control": {"kind": "realtime", "base": 180, "increment": 2}},
        "format": "swiss",
        "starts_at": "2099-01-01T00:00:00+00:00",
    }
    tournament = alice.post("/api/tournaments", body).json()["tournament"]["id"]
    token = alice.post("/api/tokens", {"name": "bot", "scopes": ["bot:play"]}).json()["token"]
    thief = copy_of(client, alice)
    with thief.connect_user() as events:
        thief.client.cookies = thief.cookies
        with client.websocket_connect(f"/ws/tournaments/{tournament}") as live:
            receive_until(live, "tournament")
            alice.post("/api/logout-all")
            for socket in (events, live):
                with pytest.raises(WebSocketDisconnect) as closed:
                    receive_until(socket, "never")
                assert closed.value.code == 1008
    client.cookies.clear()
    answer = client.get("/api/account", headers={"Authorization": f"Bearer {token}"})
    assert answer.status_code == 401  # the token went with the sessions
    bob = Player(client).signup("bob")
    token = bob.post("/api/tokens", {"name": "bot", "scopes": ["bot:play"]}).json()["token"]
    change = {"old_password": "a long password", "new_password": "another long password"}
    assert bob.post("/api/password", change).status_code == 200
    client.cookies.clear()
    answer = client.get("/api/account", headers={"Authorization": f"Bearer {token}"})
    assert answer.status_code == 401
