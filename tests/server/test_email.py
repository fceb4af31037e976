"""E-mail end to end against a local SMTP server (aiosmtpd): verify an address, reset a
forgotten password by a single-use expiring link, the "your turn" mail; without an SMTP URL
the site says e-mail is not available."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from email.message import Message
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import update

from connect_arena.server import create_app
from connect_arena.server.db.models import EmailTokenRow
from connect_arena.server.mail import Mailer
from tests.server.mailhelpers import Inbox, link
from tests.server.serverhelpers import Player, fast_settings, receive_until

PASSWORD = "a long password"


@pytest.fixture
def mail_client(tmp_path: Path, inbox: tuple[Inbox, int]) -> Iterator[TestClient]:
    url = f"smtp://127.0.0.1:{inbox[1]}?from=arena@example.org"
    settings = fast_settings(tmp_path, smtp_url=url, public_url="https://arena.example.org")
    with TestClient(create_app(settings)) as client:
        yield client


def verified(client: TestClient, inbox: Inbox, name: str, address: str) -> Player:
    player = Player(client).signup(name, PASSWORD)
    answer = player.post("/api/account/email", {"email": address})
    assert answer.status_code == 200, answer.text
    [mail] = inbox.to(address)
    assert mail["From"] == "arena@example.org"
    token = link(mail, "/verify-email")
    opened = player.client.get(f"/verify-email?token={token}", follow_redirects=False)
    assert opened.status_code == 303 and opened.headers["location"] == "/?email=verified"
    return player


def test_without_smtp_the_site_says_email_is_not_available(client: TestClient) -> None:
    alice = Player(client).signup("alice")
    assert alice.get("/api/account/email").json()["available"] is False
    answer = alice.post("/api/account/email", {"email": "alice@example.org"})
    assert answer.status_code == 503
    assert answer.json()["error"]["code"] == "email_unavailable"
    assert alice.post("/api/password/forgot", {"name": "alice"}).status_code == 503


def test_an_address_is_verified_by_its_link_once(
    mail_client: TestClient, inbox: tuple[Inbox, int]
) -> None:
    alice = verified(mail_client, inbox[0], "alice", "alice@example.org")
    status = alice.get("/api/account/email").json()
    assert status == {
        "available": True, "email": "alice@example.org", "verified": True, "turn_emails": False,
    }  # fmt: skip
    assert alice.post("/api/account/email", {"email": "not an address"}).status_code == 400
    again = mail_client.get("/verify-email?token=nonsense", follow_redirects=False)
    assert again.headers["location"] == "/?email=invalid"


def test_a_forgotten_password_is_reset_by_a_single_use_link(
    mail_client: TestClient, inbox: tuple[Inbox, int]
) -> None:
    box = inbox[0]
    alice = verified(mail_client, box, "alice", "alice@example.org")
    stranger = Player(mail_client)
    for name in ("alice", "nobody-here"):  # the same answer for a name that does not exist
        answer = stranger.post("/api/password/forgot", {"name": name})
        assert answer.status_code == 200 and answer.json() == {"ok": True}
    resets = [m for m in box.to("alice@example.org") if "reset" in m["Subject"]]
    assert len(resets) == 1 and len(box.messages) == 2
    token = link(resets[0], "/reset-password")
    assert (
        stranger.post("/api/password/reset", {"token": token, "password": "short"}).status_code
        == 400
    )
    done = stranger.post("/api/password/reset", {"token": token, "password": "a new passphrase"})
    assert done.status_code == 200, done.text
    assert alice.get("/api/session").json()["user"] is None  # every session ended
    reused = stranger.post("/api/password/reset", {"token": token, "password": "another one!"})
    assert reused.status_code == 400 and reused.json()["error"]["code"] == "bad_token"
    old = Player(mail_client).post("/api/login", {"name": "alice", "password": PASSWORD})
    assert old.status_code == 401
    new = Player(mail_client).post("/api/login", {"name": "alice", "password": "a new passphrase"})
    assert new.status_code == 200


def test_an_expired_reset_link_changes_nothing(
    mail_client: TestClient, inbox: tuple[Inbox, int]
) -> None:
    box = inbox[0]
    verified(mail_client, box, "alice", "alice@example.org")
    Player(mail_client).post("/api/password/forgot", {"name": "alice"})
    token = link(box.messages[-1], "/reset-password")
    arena = mail_client.app.state.arena  # type: ignore[attr-defined]

    def expire(session: Any) -> None:
        past = datetime.now(UTC) - timedelta(minutes=1)
        session.execute(update(EmailTokenRow).values(expires_at=past))

    mail_client.portal.call(arena.storage._run, expire)  # type: ignore[union-attr]
    answer = Player(mail_client).post("/api/password/reset", {"token": token, "password": "x" * 12})
    assert answer.status_code == 400
    login = Player(mail_client).post("/api/login", {"name": "alice", "password": PASSWORD})
    assert login.status_code == 200


def test_your_turn_mail_for_an_absent_player_at_a_turn_based_table(
    mail_client: TestClient, inbox: tuple[Inbox, int]
) -> None:
    box = inbox[0]
    alice = Player(mail_client).signup("alice", PASSWORD)
    bob = verified(mail_client, box, "bob", "bob@example.org")
    assert (
        Player(mail_client)
        .signup("carol")
        .post("/api/account/turn-emails", {"on": True})
        .status_code
        == 409
    )
    assert bob.post("/api/account/turn-emails", {"on": True}).json() == {
        "ok": True,
        "turn_emails": True,
    }
    settings = {"time_control": {"kind": "turn", "days": 1}}
    table = alice.create_table(["me", "open"], settings=settings)
    assert bob.post(f"/api/tables/{table['id']}/join", {"seat": 1}).status_code == 200
    with alice.connect(table["id"]) as socket:
        state = receive_until(socket, "state")
        action = state["legal"]["0"][0]["notation"]
        socket.send_json({"type": "action", "seq": state["seq"] + 1, "action": action})
        event = receive_until(socket, "event", seq=state["seq"] + 1)
        assert event["state"]["legal_actions"] == {}  # bob's turn now (one tile: one action)
    mails: list[Message] = []
    for _ in range(100):  # the mail goes in the background
        mails = [m for m in box.to("bob@example.org") if "your turn" in m["Subject"]]
        if mails:
            break
        mail_client.portal.call(asyncio.sleep, 0.05)  # type: ignore[union-attr]
    assert len(mails) == 1
    assert f"https://arena.example.org/tables/{table['id']}" in str(mails[0].get_payload())
    assert box.to("alice@example.org") == []


def test_the_smtp_url_is_parsed() -> None:
    plain = Mailer.from_url("smtp://relay.local")
    assert (plain.host, plain.port, plain.tls, plain.user) == ("relay.local", 25, "none", None)
    tls = Mailer.from_url("smtps://me%40x.org:p%40ss@mail.x.org?from=a@x.org")
    assert (tls.port, tls.tls, tls.user, tls.password, tls.sender) == (
        465, "tls", "me@x.org", "p@ss", "a@x.org",
    )  # fmt: skip
    assert Mailer.from_url("smtp://h:587?starttls=1").tls == "starttls"
    with pytest.raises(ValueError, match="smtp://"):
        Mailer.from_url("http://example.org")
