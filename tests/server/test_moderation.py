"""Reports, moderators and their audit log, closing an account and downloading its data."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from typer.testing import CliRunner, Result

from connect_arena.cli.app import app
from connect_arena.server.db.models import RatingRow
from connect_arena.server.db.moderation import SqlModeration
from tests.server.serverhelpers import Player, receive_until
from tests.server.test_community_api import play


def moderator(client: TestClient, name: str) -> Player:
    """A signed-up player given the moderator role (as ``connect-arena admin`` does)."""
    player = Player(client).signup(name)
    arena = client.app.state.arena  # type: ignore[attr-defined]
    client.portal.call(SqlModeration(arena.storage).set_role, name, "moderator")  # type: ignore[union-attr]
    arena.forget_user(player.user["id"])  # type: ignore[index]
    return player


def chat_line(player: Player, table_id: int, text: str) -> int:
    answer = player.post(f"/api/tables/{table_id}/chat", {"text": text})
    assert answer.status_code == 201, answer.text
    message_id: int = answer.json()["message"]["id"]
    return message_id


def open_reports(mod: Player) -> list[dict[str, Any]]:
    answer = mod.get("/api/moderation/reports")
    assert answer.status_code == 200, answer.text
    reports: list[dict[str, Any]] = answer.json()["reports"]
    return reports


def test_a_report_reaches_the_moderators_with_its_chat(client: TestClient) -> None:
    alice = Player(client).signup("alice")
    bob = Player(client).signup("bob")
    mod = moderator(client, "mod")
    table = alice.create_table(["me", "open"])
    assert bob.post(f"/api/tables/{table['id']}/join", {"seat": 1}).status_code == 200
    chat_line(alice, table["id"], "good luck")
    rude = chat_line(bob, table["id"], "you are terrible")
    answer = alice.post(
        "/api/reports",
        {"user_id": bob.user["id"], "reason": "abuse", "text": "insults", "chat_id": rude},  # type: ignore[index]
    )
    assert answer.status_code == 201, answer.text
    assert answer.json()["report"]["status"] == "open"
    assert alice.get("/api/moderation/reports").status_code == 403  # players cannot read them
    [report] = open_reports(mod)
    assert report["user"]["name"] == "bob" and report["reporter"]["name"] == "alice"
    assert report["table_id"] == table["id"] and report["reason"] == "abuse"
    assert [line["text"] for line in report["context"]] == ["good luck", "you are terrible"]
    assert [line["reported"] for line in report["context"]] == [False, True]


def test_bad_reports_are_refused_and_store_nothing(client: TestClient) -> None:
    alice = Player(client).signup("alice")
    bob = Player(client).signup("bob")
    carol = Player(client).signup("carol")
    mod = moderator(client, "mod")
    table = alice.create_table(["me", "open"])
    assert bob.post(f"/api/tables/{table['id']}/join", {"seat": 1}).status_code == 200
    bobs = chat_line(bob, table["id"], "hi")
    bob_id = bob.user["id"]  # type: ignore[index]
    refused = [
        ({"user_id": alice.user["id"], "reason": "abuse"}, 400),  # type: ignore[index]
        ({"user_id": bob_id, "reason": "other"}, 400),  # other needs words
        ({"user_id": 999_999, "reason": "abuse"}, 404),
        ({"user_id": bob_id, "reason": "abuse", "table_id": 999_999}, 404),
        ({"user_id": bob_id, "reason": "abuse", "chat_id": 999_999}, 404),
        ({"user_id": carol.user["id"], "reason": "abuse", "chat_id": bobs}, 400),  # type: ignore[index]
        ({"user_id": bob_id, "reason": "spam"}, 422),
        ({"user_id": "bob", "reason": "abuse"}, 422),
        ({"user_id": -9223372036854775809, "reason": "abuse"}, 422),
        ({"user_id": bob_id, "reason": "abuse", "text": "x" * 501}, 400),
    ]
    for body, status in refused:
        assert alice.post("/api/reports", body).status_code == status, body
    guest = Player(client)
    guest.post("/api/guest", {})
    assert guest.post("/api/reports", {"user_id": bob_id, "reason": "abuse"}).status_code == 403
    assert open_reports(mod) == []
    # Refusals did not use the allowance: ten good reports pass, the eleventh is limited.
    for index in range(10):
        body = {"user_id": bob_id, "reason": "cheating", "text": f"game {index}"}
        assert alice.post("/api/reports", body).status_code == 201
    limited = alice.post("/api/reports", {"user_id": bob_id, "reason": "cheating"})
    assert limited.status_code == 429 and int(limited.headers["retry-after"]) > 0
    assert len(open_reports(mod)) == 10


def test_a_mute_is_logged_enforced_and_told(client: TestClient) -> None:
    alice = Player(client).signup("alice")
    bob = Player(client).signup("bob")
    mod = moderator(client, "mod")
    table = alice.create_table(["me", "open"])
    assert bob.post(f"/api/tables/{table['id']}/join", {"seat": 1}).status_code == 200
    bob_id = bob.user["id"]  # type: ignore[index]
    alice.post("/api/reports", {"user_id": bob_id, "reason": "abuse", "text": "spam"})
    [report] = open_reports(mod)
    with alice.connect_user() as alice_events, bob.connect_user() as bob_events:
        decision = {"action": "mute", "reason": "spamming the chat", "minutes": 60}
        assert bob.post(f"/api/moderation/reports/{report['id']}", decision).status_code == 403
        answer = mod.post(f"/api/moderation/reports/{report['id']}", decision)
        assert answer.status_code == 200, answer.text
        assert answer.json()["report"]["status"] == "handled"
        notice = receive_until(bob_events, "moderation")
        assert notice["action"] == "mute" and notice["reason"] == "spamming the chat"
        assert notice["until"] is not None
        handled = receive_until(alice_events, "reportHandled")
        assert handled["report_id"] == report["id"]
    again = mod.post(f"/api/moderation/reports/{report['id']}", {"action": "warn", "reason": "x"})
    assert again.status_code == 409  # one decision per report
    muted = bob.post(f"/api/tables/{table['id']}/chat", {"text": "hello?"})
    assert muted.status_code == 403 and muted.json()["error"]["code"] == "muted"
    assert alice.post(f"/api/tables/{table['id']}/chat", {"text": "hi"}).status_code == 201
    [line] = mod.get("/api/moderation/log").json()["log"]
    assert (line["moderator"], line["user"], line["action"]) == ("mod", "bob", "mute")
    assert line["reason"] == "spamming the chat" and line["report_id"] == report["id"]
    assert open_reports(mod) == []


def test_a_cheater_leaves_the_leaderboard(client: TestClient) -> None:
    alice = Player(client).signup("alice")
    bob = Player(client).signup("bob")
    mod = moderator(client, "mod")
    arena = client.app.state.arena  # type: ignore[attr-defined]
    now = datetime.now(UTC)

    def rate(session: Any) -> None:
        for user in (alice, bob):
            session.add(
                RatingRow(
                    user_id=user.user["id"], game="quinque", mu=30.0, sigma=2.0,  # type: ignore[index]
                    rating=1600, games=20, last_game_at=now,
                )
            )  # fmt: skip

    client.portal.call(arena.storage._run, rate)  # type: ignore[union-attr]

    def board() -> list[str]:
        players = mod.get("/api/leaderboard/quinque").json()["players"]
        return [p["user"]["name"] for p in players]

    assert sorted(board()) == ["alice", "bob"]
    alice.post("/api/reports", {"user_id": bob.user["id"], "reason": "cheating"})  # type: ignore[index]
    [report] = open_reports(mod)
    decision = {"action": "cheater", "reason": "engine moves"}
    assert mod.post(f"/api/moderation/reports/{report['id']}", decision).status_code == 200
    assert board() == ["alice"]


def test_marking_a_cheater_refunds_the_rating_its_victims_lost(client: TestClient) -> None:
    alice = Player(client).signup("alice")
    bob = Player(client).signup("bob")
    mallory = Player(client).signup("mallory")
    mod = moderator(client, "mod")
    play(client, alice, bob, bob)  # an honest game: it stays counted
    before = {name: rating(client, name) for name in ("alice", "bob")}
    first = play(client, mallory, alice, alice)
    second = play(client, bob, mallory, bob)
    carol = Player(client).signup("carol")
    play(client, carol, mallory, mallory)  # carol beat the cheater: she keeps her gain
    carols = rating(client, "carol")
    assert first["rating_changes"][1] < 0 and second["rating_changes"][0] < 0
    lost = {"alice": -first["rating_changes"][1], "bob": -second["rating_changes"][0]}
    after_games = {name: rating(client, name) for name in ("alice", "bob")}
    assert after_games == {name: before[name] - lost[name] for name in lost}
    board = provisional(mod)
    assert "mallory" in board
    mallory_id = mallory.user["id"]  # type: ignore[index]
    for text in ("engine moves", "again"):
        alice.post("/api/reports", {"user_id": mallory_id, "reason": "cheating", "text": text})
    first_report, second_report = open_reports(mod)
    decision = {"action": "cheater", "reason": "engine moves"}
    answer = mod.post(f"/api/moderation/reports/{first_report['id']}", decision)
    assert answer.status_code == 200, answer.text
    refunded = {name: rating(client, name) for name in ("alice", "bob")}
    for name in lost:  # each got back what the cheater took (the rounding aside)
        assert abs(refunded[name] - before[name]) <= 1, (name, refunded, before)
    assert rating(client, "mallory") == board["mallory"]  # the cheater's own is not touched
    assert rating(client, "carol") == carols
    changed = provisional(mod)
    assert "mallory" not in changed
    assert {name: changed[name] for name in lost} == refunded
    [line, *_] = mod.get("/api/moderation/log").json()["log"]
    assert line["action"] == "cheater" and "refunded" in line["reason"]
    assert "alice" in line["reason"] and "bob" in line["reason"]
    assert "carol" not in line["reason"]
    again = mod.post(f"/api/moderation/reports/{second_report['id']}", decision)
    assert again.status_code == 200, again.text
    assert {name: rating(client, name) for name in lost} == refunded  # nothing twice
    [line, *_] = mod.get("/api/moderation/log").json()["log"]
    assert "already marked" in line["reason"]


def rating(client: TestClient, name: str) -> int:
    """``name``'s displayed Quinque rating (from the profile)."""
    value: int = client.get(f"/api/users/{name}").json()["ratings"]["quinque"]["rating"]
    return value


def provisional(player: Player) -> dict[str, int]:
    """The Quinque leaderboard's provisional list: name → rating."""
    rows = player.get("/api/leaderboard/quinque").json()["provisional"]
    return {row["user"]["name"]: row["rating"] for row in rows}


def test_a_closed_account_cannot_sign_in_and_its_games_stay(client: TestClient) -> None:
    alice = Player(client).signup("alice")
    bob = Player(client).signup("bob")
    mod = moderator(client, "mod")
    table = alice.create_table(["me", "open"])
    assert bob.post(f"/api/tables/{table['id']}/join", {"seat": 1}).status_code == 200
    token = bob.post("/api/tokens", {"name": "bot", "scopes": ["bot:play"]})
    assert token.status_code == 201, token.text
    bearer = {"authorization": f"Bearer {token.json()['token']}"}
    assert client.get("/api/account", headers=bearer).status_code == 200
    bob_id = bob.user["id"]  # type: ignore[index]
    alice.post("/api/reports", {"user_id": bob_id, "reason": "abuse", "table_id": table["id"]})
    [report] = open_reports(mod)
    with bob.connect(table["id"]) as bob_socket:
        receive_until(bob_socket, "state")
        answer = mod.post(
            f"/api/moderation/reports/{report['id']}", {"action": "close", "reason": "threats"}
        )
        assert answer.status_code == 200, answer.text
        for _ in range(50):  # messages may come first; then the server closes the socket
            if bob_socket.receive()["type"] == "websocket.close":
                break
        else:
            raise AssertionError("the closed account's socket stayed open")
    assert bob.get("/api/session").json()["user"] is None  # signed out everywhere
    client.cookies.clear()
    assert client.get("/api/account", headers=bearer).status_code == 401  # the token is revoked
    signin = Player(client).post("/api/login", {"name": "bob", "password": "a long password"})
    assert signin.status_code == 401
    assert (
        Player(client)
        .post("/api/signup", {"name": "Bob", "password": "a long password"})
        .status_code
        == 409
    )
    assert alice.get("/api/users/bob").status_code == 404
    seats = alice.get(f"/api/tables/{table['id']}").json()["table"]["seats"]
    assert seats[1]["name"] == f"closed#{bob_id}"


def test_closing_ones_own_account_and_downloading_its_data(client: TestClient) -> None:
    alice = Player(client).signup("alice")
    bob = Player(client).signup("bob")
    table = alice.create_table(["me", "open"])
    assert bob.post(f"/api/tables/{table['id']}/join", {"seat": 1}).status_code == 200
    chat_line(alice, table["id"], "have fun")
    data = alice.get("/api/account/data")
    assert data.status_code == 200
    assert "attachment" in data.headers["content-disposition"]
    body = data.json()
    assert body["account"]["name"] == "alice"
    assert [line["text"] for line in body["chat"]] == ["have fun"]
    assert body["sessions"] and "id" not in body["sessions"][0]  # no session secret
    assert "password_hash" not in data.text
    wrong = alice.post("/api/account/close", {"password": "not it"})
    assert wrong.status_code == 403
    assert alice.get("/api/session").json()["user"]["name"] == "alice"  # nothing changed
    closed = alice.post("/api/account/close", {"password": "a long password"})
    assert closed.status_code == 200
    assert alice.get("/api/session").json()["user"] is None
    assert (
        Player(client)
        .post("/api/login", {"name": "alice", "password": "a long password"})
        .status_code
        == 401
    )


def test_the_admin_command_gives_the_role_and_closes(client: TestClient, tmp_path: Path) -> None:
    Player(client).signup("dora")
    where = ["--data-dir", str(tmp_path)]

    def admin(*args: str) -> Result:  # in this process: a subprocess costs seconds to start
        return CliRunner().invoke(
            app, ["admin", *args, *where], env={"CONNECT_ARENA_DATABASE_URL": None}
        )

    done = admin("moderator", "dora")
    assert done.exit_code == 0, done.output
    assert "dora is a moderator" in done.stdout
    missing = admin("moderator", "nobody")
    assert missing.exit_code == 1 and "no open account" in missing.stderr
    assert "no open reports" in admin("reports").stdout
    closed = admin("close", "dora", "--reason", "asked by e-mail")
    assert closed.exit_code == 0, closed.output
    again = admin("close", "dora", "--reason", "twice")
    assert again.exit_code == 1
