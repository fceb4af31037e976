"""The bot API's requests (issue 18): tokens (scoped, revocable, hashed), bot accounts,
challenges (accept, decline, cancel, expiry, exactly once), moves and resignations over HTTP,
and the rate limit per token. The NDJSON streams and a whole game played by two bots are in
``test_bot_games.py`` (a real server)."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from connect_arena.server import create_app
from connect_arena.server.db.models import TokenRow
from tests.server.serverhelpers import Player, fast_settings

QUICK = {"first_player": "0"}


@pytest.fixture
def bot_client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(fast_settings(tmp_path, token_limit=(40, 60.0)))
    with TestClient(app) as client:
        yield client


def token_for(player: Player, scopes: list[str], name: str = "bot") -> str:
    answer = player.post("/api/tokens", {"name": name, "scopes": scopes})
    assert answer.status_code == 201, answer.text
    token: str = answer.json()["token"]
    return token


def bearer(client: TestClient, method: str, path: str, token: str, **kw: Any) -> httpx.Response:
    client.cookies.clear()  # a bot has no session cookie
    return client.request(method, path, headers={"Authorization": f"Bearer {token}"}, **kw)


def make_bot(client: TestClient, name: str) -> tuple[Player, str]:
    person = Player(client).signup(name)
    token = token_for(person, ["bot:play", "challenge:write"])
    answer = bearer(client, "POST", "/api/bot/account/upgrade", token)
    assert answer.status_code == 200, answer.text
    return person, token


def test_tokens_are_shown_once_stored_hashed_listed_and_revoked(bot_client: TestClient) -> None:
    alice = Player(bot_client).signup("alice")
    token = token_for(alice, ["challenge:write"], "laptop")
    assert token.startswith("ca_")
    listed = alice.get("/api/tokens").json()["tokens"]
    assert [(t["name"], t["scopes"]) for t in listed] == [("laptop", ["challenge:write"])]
    assert "token" not in listed[0]
    engine = bot_client.app.state.arena.storage.engine  # type: ignore[attr-defined]
    with engine.connect() as connection:
        stored = connection.execute(select(TokenRow.hash)).scalars().all()
    assert stored == [hashlib.sha256(token.encode()).hexdigest()]  # never the secret itself
    me = bearer(bot_client, "GET", "/api/account", token).json()
    assert me["name"] == "alice" and me["bot"] is False
    assert alice.request("DELETE", f"/api/tokens/{listed[0]['id']}").status_code == 200
    refused = bearer(bot_client, "GET", "/api/account", token)
    assert refused.status_code == 401 and refused.json()["error"]["code"] == "bad_token"
    assert alice.request("DELETE", f"/api/tokens/{listed[0]['id']}").status_code == 404


def test_token_refusals_scopes_and_guests(bot_client: TestClient) -> None:
    guest = Player(bot_client)
    assert guest.post("/api/guest", {}).status_code == 200
    answer = guest.post("/api/tokens", {"name": "x", "scopes": ["bot:play"]})
    assert answer.status_code == 403  # guests cannot hold tokens
    alice = Player(bot_client).signup("alice")
    assert alice.post("/api/tokens", {"name": "x", "scopes": ["admin"]}).status_code == 422
    challenge_only = token_for(alice, ["challenge:write"])
    # Least privilege: a token without bot:play cannot stream or play.
    answer = bearer(bot_client, "GET", "/api/bot/stream/event", challenge_only)
    assert answer.status_code == 403 and answer.json()["error"]["code"] == "scope"
    for header in ("Bearer", "Basic abc", "Bearer nope"):
        bot_client.cookies.clear()
        answer = bot_client.get("/api/account", headers={"Authorization": header})
        assert answer.status_code == 401, header
    # A person's token is not a bot's: the bot endpoints say how to become one.
    person_token = token_for(alice, ["bot:play"])
    alice.create_table(["me", "open"], options=QUICK)  # alice has played: no bot any more
    answer = bearer(bot_client, "POST", "/api/bot/game/1/move", person_token, json={"action": "x"})
    assert answer.status_code == 403 and answer.json()["error"]["code"] == "not_a_bot"
    answer = bearer(bot_client, "POST", "/api/bot/account/upgrade", person_token)
    assert answer.status_code == 409


def test_requests_per_token_are_limited(bot_client: TestClient) -> None:
    alice = Player(bot_client).signup("alice")
    token = token_for(alice, ["challenge:write"])
    codes = [bearer(bot_client, "GET", "/api/account", token).status_code for _ in range(45)]
    assert codes[:40] == [200] * 40
    assert set(codes[40:]) == {429}
    other = token_for(alice, ["challenge:write"], "other")  # the limit is per token
    assert bearer(bot_client, "GET", "/api/account", other).status_code == 200


def test_a_challenge_accepted_starts_a_table_and_bots_play_over_http(
    bot_client: TestClient,
) -> None:
    alice = Player(bot_client).signup("alice")
    _bot, token = make_bot(bot_client, "robo")
    body = {"game": "quinque", "options": QUICK, "seats": [{"kind": "me"}, {"kind": "open"}]}
    made = alice.post("/api/challenge/robo", body)
    assert made.status_code == 201, made.text
    challenge = made.json()["challenge"]
    assert challenge["challenged"] == {"id": 2, "name": "robo", "bot": True}
    waiting = bearer(bot_client, "GET", "/api/challenges", token).json()
    assert [c["id"] for c in waiting["in"]] == [challenge["id"]] and waiting["out"] == []
    # Only the challenged accepts; exactly once.
    assert alice.post(f"/api/challenge/{challenge['id']}/accept").status_code == 403
    accepted = bearer(bot_client, "POST", f"/api/challenge/{challenge['id']}/accept", token)
    assert accepted.status_code == 200, accepted.text
    table_id = accepted.json()["table_id"]
    again = bearer(bot_client, "POST", f"/api/challenge/{challenge['id']}/accept", token)
    assert again.status_code == 404
    table = alice.get(f"/api/tables/{table_id}").json()["table"]
    assert table["status"] == "running"
    assert [(s["name"], s["bot"]) for s in table["seats"]] == [("alice", False), ("robo", True)]
    # Alice (seat 0) moves; the bot answers over HTTP without giving a seq.
    with alice.connect(table_id) as socket:
        state = _until(socket, "state")
        action = state["legal_actions"]["0"][0]
        socket.send_json({"type": "action", "seq": state["seq"] + 1, "action": action})
        _until(socket, "event")
    state = _state_for(bot_client, table_id, token, 1)
    moved = bearer(
        bot_client,
        "POST",
        f"/api/bot/game/{table_id}/move",
        token,
        json={"action": state["legal_actions"]["1"][0]},
    )
    assert moved.status_code == 200, moved.text
    wrong = bearer(
        bot_client, "POST", f"/api/bot/game/{table_id}/move", token, json={"action": "zz"}
    )
    assert wrong.status_code >= 400
    resigned = bearer(bot_client, "POST", f"/api/bot/game/{table_id}/resign", token)
    assert resigned.status_code == 200
    over = alice.get(f"/api/tables/{table_id}").json()["table"]
    assert over["status"] == "finished" and over["reason"] == "resignation"
    assert over["returns"] == [1.0, -1.0]


def _until(socket: Any, kind: str) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = socket.receive_json()
        if message["type"] == kind:
            return message


def _state_for(client: TestClient, table_id: int, token: str, seat: int) -> dict[str, Any]:
    """The bot's state through the service (the stream is tested on a real server)."""
    arena = client.app.state.arena  # type: ignore[attr-defined]
    table = arena.service.registry.live(table_id)
    message = table.state_message((seat,))
    assert message is not None
    return message


def test_challenges_declined_cancelled_refused_and_expired(bot_client: TestClient) -> None:
    alice = Player(bot_client).signup("alice")
    bob = Player(bot_client).signup("bob")
    body = {"game": "quinque", "options": QUICK, "seats": [{"kind": "me"}, {"kind": "open"}]}
    assert alice.post("/api/challenge/alice", body).status_code == 400  # oneself
    assert alice.post("/api/challenge/nobody", body).status_code == 404
    no_open = {**body, "seats": [{"kind": "me"}, {"kind": "computer"}]}
    assert alice.post("/api/challenge/bob", no_open).status_code == 400
    bad = {**body, "options": {"first_player": "9"}}
    assert alice.post("/api/challenge/bob", bad).status_code == 400
    first = alice.post("/api/challenge/bob", body).json()["challenge"]["id"]
    assert bob.post(f"/api/challenge/{first}/decline", {"reason": "later"}).status_code == 200
    assert bob.post(f"/api/challenge/{first}/accept").status_code == 404
    second = alice.post("/api/challenge/bob", body).json()["challenge"]["id"]
    assert second != first  # ids are never reused
    assert bob.post(f"/api/challenge/{second}/cancel").status_code == 403  # not his
    assert alice.post(f"/api/challenge/{second}/decline").status_code == 403  # not hers
    assert alice.post(f"/api/challenge/{second}/cancel").status_code == 200
    third = alice.post("/api/challenge/bob", body).json()["challenge"]
    service = bot_client.app.state.arena.service  # type: ignore[attr-defined]
    later = service.challenges.now() + timedelta(minutes=11)
    service.challenges.now = lambda: later
    assert bob.get("/api/challenges").json() == {"in": [], "out": []}
    assert bob.post(f"/api/challenge/{third['id']}/accept").status_code == 404


def test_bots_enter_tournaments_with_their_token(bot_client: TestClient) -> None:
    club = Player(bot_client).signup("club")
    _bot, token = make_bot(bot_client, "robo")
    later = "2099-01-01T00:00:00+00:00"
    body = {
        "name": "Bots welcome",
        "game": "quinque",
        "settings": {"time_control": {"kind": "realtime", "base": 180, "increment": 2}},
        "format": "swiss",
        "starts_at": later,
    }
    made = club.post("/api/tournaments", body)
    assert made.status_code == 201, made.text
    tournament_id = made.json()["tournament"]["id"]
    joined = bearer(bot_client, "POST", f"/api/tournaments/{tournament_id}/join", token)
    assert joined.status_code == 200, joined.text
    (entrant,) = joined.json()["tournament"]["entrants"]
    assert entrant["name"] == "robo" and entrant["bot"] is True
    guest = Player(bot_client)
    assert guest.post("/api/guest", {}).status_code == 200
    assert guest.post("/api/tournaments", body).status_code == 403
    untimed = {**body, "settings": {}}
    assert club.post("/api/tournaments", untimed).status_code == 400


def test_two_bots_following_the_doc_play_connnect_with_no_refusal(tmp_path: Path) -> None:
    """Issue 26, item 3: in the simultaneous Fill and Claim phases each bot acts on the state
    it was sent, with that state's ``seq + 1`` (``docs/bot-api.md``); both act on the same
    state, and neither is refused ``stale_seq``."""
    app = create_app(fast_settings(tmp_path, token_limit=(100_000, 60.0)))
    with TestClient(app) as client:
        _first, blue = make_bot(client, "blue-bot")
        _second, red = make_bot(client, "red-bot")
        for seed in (7, 8, 9):
            _play_connnect_by_the_doc(client, blue, red, random.Random(seed))


def _play_connnect_by_the_doc(
    bot_client: TestClient, blue: str, red: str, rng: random.Random
) -> None:
    body = {"game": "connnect", "options": {}, "seats": [{"kind": "me"}, {"kind": "open"}]}
    made = bearer(bot_client, "POST", "/api/challenge/red-bot", blue, json=body)
    assert made.status_code == 201, made.text
    challenge = made.json()["challenge"]["id"]
    accepted = bearer(bot_client, "POST", f"/api/challenge/{challenge}/accept", red)
    table_id = accepted.json()["table_id"]
    arena = bot_client.app.state.arena  # type: ignore[attr-defined]
    table = arena.service.registry.live(table_id)
    bots = [(0, blue), (1, red)]
    refusals: list[str] = []
    simultaneous_moves = 0
    for _ in range(2000):
        if table.info.status.value != "running":
            break
        # Each bot reads its state first (both may hold the same seq), then acts on it.
        states = [
            (seat, token, _state_for(bot_client, table_id, token, seat)) for seat, token in bots
        ]
        for seat, token, state in states:
            legal = state["legal_actions"].get(str(seat))
            if not legal:
                continue
            simultaneous_moves += len(state["to_move"]) > 1
            path = f"/api/bot/game/{table_id}/move"
            answer = bearer(
                bot_client,
                "POST",
                path,
                token,
                json={"action": rng.choice(legal), "seq": state["seq"] + 1},
            )
            if answer.status_code != 200:
                refusals.append(answer.text)
    assert table.info.status.value == "finished", (table.seq, refusals[:3], table.log[-5:])
    assert simultaneous_moves > 20  # both acted on one state, many times
    assert refusals == []


def test_a_challenge_takes_players_as_openspiel_and_pettingzoo_count_them(
    bot_client: TestClient,
) -> None:
    alice = Player(bot_client).signup("alice")
    Player(bot_client).signup("bob")
    made = alice.post("/api/challenge/bob", {"game": "connect5", "players": 3})
    assert made.status_code == 201, made.text
    seats = [seat["kind"] for seat in made.json()["challenge"]["seats"]]
    assert seats == ["me", "open", "open"]  # you, the challenged's, one more for anyone
    both = {"game": "quinque", "players": 3, "seats": [{"kind": "me"}, {"kind": "open"}]}
    answer = alice.post("/api/challenge/bob", both)
    assert answer.status_code == 422 and "'players' is 3 but 'seats' has 2" in answer.text
    answer = alice.post("/api/challenge/bob", {"game": "quinque"})
    assert answer.status_code == 422 and "give 'seats'" in answer.text


def test_a_stale_csrf_answer_tells_a_script_where_the_token_is(bot_client: TestClient) -> None:
    alice = Player(bot_client).signup("alice")
    body = {"name": "x", "scopes": ["bot:play"]}
    script = alice.request("POST", "/api/tokens", json=body, headers={"x-csrf-token": "stale"})
    assert script.status_code == 403 and script.json()["error"]["code"] == "csrf"
    assert "GET /api/session" in script.json()["error"]["message"]
    headers = {"x-csrf-token": "stale", "sec-fetch-mode": "cors"}
    browser = alice.request("POST", "/api/tokens", json=body, headers=headers)
    assert "reload the page" in browser.json()["error"]["message"]
