"""Table chat (issue 16, part 6): rooms for players and spectators, kept with the table;
length and rate limits; text kept as text (the page escapes it); presets; mutes; guests
read but do not write at rated tables."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from connect_arena.server import create_app
from tests.server.serverhelpers import Player, fast_settings


def _until(socket: Any, kind: str) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = socket.receive_json()
        if message["type"] == kind:
            return message


def _running(client: TestClient, rated: bool = False) -> tuple[Player, Player, int]:
    alice = Player(client).signup("alice")
    bob = Player(client).signup("bob")
    settings = {"rated": rated}
    table_id = alice.create_table(["me", "open"], settings=settings)["id"]
    assert bob.post(f"/api/tables/{table_id}/join", {"seat": 1}).status_code == 200
    return alice, bob, table_id


def test_players_and_spectators_have_their_own_rooms_until_the_end(client: TestClient) -> None:
    alice, bob, table_id = _running(client)
    carol = Player(client).signup("carol")
    markup = "<b>gg</b> & <script>alert(1)</script>"
    with bob.connect(table_id) as bob_socket, carol.connect(table_id) as carol_socket:
        _until(bob_socket, "state")
        _until(carol_socket, "state")
        said = alice.post(f"/api/tables/{table_id}/chat", {"text": markup})
        assert said.status_code == 201, said.text
        heard = _until(bob_socket, "chat")
        assert heard["text"] == markup and heard["room"] == "players"  # stored as typed
        assert carol.post(f"/api/tables/{table_id}/chat", {"preset": "hello"}).status_code == 201
        rail = _until(carol_socket, "chat")
        assert rail["room"] == "spectators" and rail["preset"] == "hello"
        bob_socket.send_json({"type": "ping", "id": "p"})
        assert _until(bob_socket, "pong")["id"] == "p"  # no spectator chat reached bob
    assert [m["room"] for m in bob.get(f"/api/tables/{table_id}/chat").json()["messages"]] == [
        "players"
    ]
    assert [m["room"] for m in carol.get(f"/api/tables/{table_id}/chat").json()["messages"]] == [
        "spectators"
    ]
    assert alice.post(f"/api/tables/{table_id}/resign", {}).status_code == 200
    after = carol.get(f"/api/tables/{table_id}/chat").json()["messages"]
    assert [m["room"] for m in after] == ["players", "spectators"]  # kept with the table


def test_refusals_limits_and_mutes(tmp_path: Path) -> None:
    app = create_app(fast_settings(tmp_path, chat_limit=(3, 60.0)))
    with TestClient(app) as client:
        alice, bob, table_id = _running(client, rated=True)
        path = f"/api/tables/{table_id}/chat"
        assert alice.post(path, {"text": "x" * 301}).status_code == 400
        assert alice.post(path, {"text": " \n\t "}).status_code == 400
        assert alice.post(path, {"preset": "rude"}).status_code == 400
        assert alice.post(path, {"text": "hi", "preset": "hello"}).status_code == 400
        assert alice.post(path, {}).status_code == 400
        guest = Player(client)
        assert guest.post("/api/guest", {}).status_code == 200
        refused = guest.post(path, {"text": "hello"})
        assert refused.status_code == 400 and refused.json()["error"]["code"] == "not_allowed"
        assert guest.get(path).status_code == 200  # guests read
        assert Player(client).post(path, {"text": "anonymous"}).status_code == 401
        for words in ("one", "two\u0007 bell", "three"):
            assert alice.post(path, {"text": words}).status_code == 201
        assert alice.post(path, {"text": "four"}).status_code == 429
        texts = [m["text"] for m in bob.get(path).json()["messages"]]
        assert texts == ["one", "two bell", "three"]  # control characters removed
        alice_id = alice.get("/api/session").json()["user"]["id"]
        assert bob.post("/api/mutes", {"user_id": alice_id}).status_code == 200
        assert bob.get(path).json()["messages"] == []
        assert bob.post("/api/mutes", {"user_id": alice_id, "on": False}).status_code == 200
        assert len(bob.get(path).json()["messages"]) == 3
        me = bob.get("/api/session").json()["user"]["id"]
        assert bob.post("/api/mutes", {"user_id": me}).status_code == 400


def test_the_chat_limit_holds_for_messages_sent_at_once(tmp_path: Path) -> None:
    """Issue 31, item 1: forty messages sent at the same moment are limited like forty sent
    one after another (the check and the count are one step)."""
    import asyncio

    import httpx

    from tests.server.live import free_port, server

    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with server(tmp_path, port):

        async def main() -> list[int]:
            async with httpx.AsyncClient(base_url=base, timeout=30) as http:
                csrf = (await http.get("/api/session")).json()["csrf"]
                body = {"name": "talker", "password": "a long password"}
                signed = await http.post("/api/signup", json=body, headers={"x-csrf-token": csrf})
                csrf = signed.json()["csrf"]
                headers = {"x-csrf-token": csrf}
                seats = {"game": "quinque", "seats": [{"kind": "me"}, {"kind": "open"}]}
                table = (await http.post("/api/tables", json=seats, headers=headers)).json()
                path = f"/api/tables/{table['table']['id']}/chat"
                answers = await asyncio.gather(
                    *(http.post(path, json={"text": f"hi {i}"}, headers=headers) for i in range(40))
                )
                return [answer.status_code for answer in answers]

        codes = asyncio.run(main())
    assert codes.count(201) == 5  # CONNECT_ARENA_CHAT_LIMIT's default: 5 per 10 s
    assert codes.count(429) == 35
