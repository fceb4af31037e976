"""The typed wire protocol: its JSON Schema is served, the checked-in schema and the generated
JS types are up to date, and what the server really sends fits the types (no key missing, none
extra)."""

from __future__ import annotations

import json
import shutil
import subprocess
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from pydantic import TypeAdapter, ValidationError

from connect_arena.server.protocol import MESSAGES, SCHEMA_FILE, SCHEMA_URL, schema_text
from connect_arena.service import protocol
from tests.server.serverhelpers import Player

ROOT = Path(__file__).resolve().parents[2]
TYPES_FILE = SCHEMA_FILE.with_name("protocol.d.ts")
GENERATOR = ROOT / "tools" / "protocol" / "gen-types.mjs"

BY_TYPE: dict[str, Any] = {
    "state": protocol.StateMessage,
    "event": protocol.EventMessage,
    "table": protocol.TableMessage,
    "offers": protocol.OffersMessage,
    "presence": protocol.PresenceMessage,
    "history": protocol.HistoryMessage,
    "takeback": protocol.TakebackMessage,
    "rematch": protocol.RematchMessage,
    "chat": protocol.ChatMessage,
    "pong": protocol.PongMessage,
    "error": protocol.ErrorMessage,
    "lobby": protocol.LobbyMessage,
    "challenge": protocol.ChallengeEvent,
    "gameStart": protocol.GameEventOfUser,
    "gameFinish": protocol.GameEventOfUser,
    "seekMatched": protocol.SeekMatchedEvent,
    "tournament": protocol.TournamentMessage,
}
"""The type of each socket message and user event, by its ``type``."""


def fits(kind: Any, body: Any) -> None:
    """Fail with pydantic's explanation unless ``body`` has exactly the shape ``kind``."""
    try:
        TypeAdapter(kind).validate_python(body)
    except ValidationError as error:  # pragma: no cover - the failure message
        pytest.fail(f"{getattr(kind, '__name__', kind)} does not fit {body!r}:\n{error}")


def fits_message(message: dict[str, Any]) -> None:
    fits(BY_TYPE[message["type"]], message)


def test_the_checked_in_schema_is_up_to_date() -> None:
    assert SCHEMA_FILE.read_text(encoding="utf-8") == schema_text(), (
        "run: python tools/protocol/generate.py && node tools/protocol/gen-types.mjs"
    )


def test_the_schema_names_every_message_type() -> None:
    schema = json.loads(schema_text())
    assert set(MESSAGES) <= set(schema["$defs"])
    assert schema["anyOf"] == [{"$ref": f"#/$defs/{name}"} for name in MESSAGES]
    assert schema["$defs"]["StateMessage"]["additionalProperties"] is False
    legal = schema["$defs"]["StateMessage"]["properties"]["legal"]
    assert legal["additionalProperties"]["items"] == {"$ref": "#/$defs/LegalAction"}


def test_the_generated_types_are_up_to_date(tmp_path: Path) -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is missing: the JS types cannot be generated (python3 dev.py test)")
    if not (ROOT / "node_modules" / "json-schema-to-typescript").exists():
        pytest.skip("node_modules lacks json-schema-to-typescript: run npm ci")
    schema = tmp_path / "protocol.schema.json"
    schema.write_text(schema_text(), encoding="utf-8")
    out = tmp_path / "protocol.d.ts"
    subprocess.run([node, str(GENERATOR), str(schema), str(out)], check=True, cwd=ROOT)
    assert out.read_text(encoding="utf-8") == TYPES_FILE.read_text(encoding="utf-8"), (
        "run: node tools/protocol/gen-types.mjs"
    )
    check = subprocess.run([node, str(GENERATOR), "--check"], cwd=ROOT, capture_output=True)
    assert check.returncode == 0, check.stderr


def test_the_server_serves_the_checked_in_schema(client: TestClient) -> None:
    response = client.get(SCHEMA_URL)
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("application/schema+json")
    assert response.text == SCHEMA_FILE.read_text(encoding="utf-8")
    assert set(MESSAGES) <= set(response.json()["$defs"])


def read_until(socket: Any, kind: str, seen: list[dict[str, Any]], **match: Any) -> dict[str, Any]:
    """Read messages until one of type ``kind`` (with the given fields) arrives; every message
    read is added to ``seen``."""
    for _ in range(200):
        message: dict[str, Any] = socket.receive_json()
        seen.append(message)
        if message["type"] == kind and all(message.get(k) == v for k, v in match.items()):
            return message
    raise AssertionError(f"no {kind} message {match}")


def test_a_game_over_the_socket_sends_only_typed_messages(client: TestClient) -> None:
    alice, bob = Player(client).signup("alice"), Player(client).signup("bob")
    seen: list[dict[str, Any]] = []
    with alice.connect_user() as events:
        table = alice.create_table(["me", "open"])
        table_id = table["id"]
        fits(protocol.Table, table)
        bob.post(f"/api/tables/{table_id}/join", {"seat": 1})
        assert read_until(events, "gameStart", seen)["game"]["you"] == [0]
        with alice.connect(table_id) as red, bob.connect(table_id) as blue:
            read_until(red, "state", seen)
            read_until(blue, "state", seen)
            red.send_json({"type": "action", "seq": 1, "action": "nonsense"})
            read_until(red, "error", seen)
            red.send_json({"type": "ping", "id": 7})
            read_until(red, "pong", seen)
            moves = [(red, "add 0,0"), (blue, "mark 1,0"), (red, "mark 0,1"), (blue, "mark 1,1")]
            for seq, (socket, action) in enumerate(moves, start=1):
                socket.send_json({"type": "action", "seq": seq, "action": action})
                read_until(red, "event", seen, seq=seq)
            red.send_json({"type": "history", "before": 3})
            read_until(red, "history", seen)
        read_until(events, "gameFinish", seen)
    kinds = {message["type"] for message in seen}
    assert {"table", "state", "event", "error", "pong", "history", "gameStart"} <= kinds
    for message in seen:
        fits_message(message)
    state = next(message for message in seen if message["type"] == "state")
    assert state["legal"]["0"][0]["parts"]["kind"]
    fits(protocol.TableMessage, alice.get(f"/api/tables/{table_id}").json())
    fits(protocol.LobbyMessage, {"type": "lobby", **alice.get("/api/lobby").json()})
    fits(protocol.Replay, alice.get(f"/api/tables/{table_id}/replay").json())
    frames = alice.get(f"/api/tables/{table_id}/replay?from=1&to=3").json()
    fits(protocol.ReplayFrames, frames)
    assert (frames["from"], frames["to"], len(frames["frames"])) == (1, 3, 3)


def test_http_bodies_fit_their_types(client: TestClient) -> None:
    from connect_arena.server import protocol as server

    visitor = Player(client)
    fits(server.Session, visitor.get("/api/session").json())
    alice = Player(client).signup("alice")
    fits(server.Session, alice.get("/api/session").json())
    fits(server.SeekList, alice.get("/api/seeks").json())
    fits(server.HttpError, alice.get("/api/tables/999999").json())
    created = alice.post(
        "/api/tables", {"game": "quinque", "seats": [{"kind": "me"}, {"kind": "computer"}]}
    )
    fits(server.TableBody, created.json())
    table = created.json()["table"]
    posted = alice.post(f"/api/tables/{table['id']}/chat", {"text": "hello"}).json()
    fits(server.ChatPosted, posted)
    fits(server.ChatHistory, alice.get(f"/api/tables/{table['id']}/chat").json())
    fits(protocol.TableGameInfo, alice.get(f"/api/tables/{table['id']}/game").json())
    fits(server.MyTables, alice.get("/api/tables/mine").json())
    made = alice.post("/api/tokens", {"name": "bot", "scopes": ["bot:play"]})
    assert made.status_code == 201, made.text
    fits(server.BotToken, made.json())
    fits(server.BotTokens, alice.get("/api/tokens").json())
    fits(server.UserInfo, alice.get("/api/account").json())
    fits(server.ChallengeList, alice.get("/api/challenges").json())
    fits(protocol.TutorialInfo, alice.get("/api/tutorials/quinque").json())
    refused = alice.get("/api/tutorials/quinque/steps?attempt=nonsense").json()
    fits(protocol.TutorialProgress, refused)
    assert refused["refusal"]["kind"] == "illegal"
    catalogue = alice.get("/api/games").json()
    fits(server.Catalogue, catalogue)
    assert {game["name"] for game in catalogue["games"]} >= {"quinque", "connect5"}


def test_tournament_bodies_fit_their_types(client: TestClient) -> None:
    from connect_arena.server import protocol as server

    club = Player(client).signup("club")
    starts = (datetime.now(UTC) + timedelta(hours=1)).isoformat()
    body = {
        "name": "Quick Swiss",
        "game": "quinque",
        "options": {"parachutes": 2, "tiles": 1},
        "settings": {"time_control": {"kind": "realtime", "base": 60, "increment": 1}},
        "format": "swiss",
        "rounds": 1,
        "starts_at": starts,
    }
    made = club.post("/api/tournaments", body).json()["tournament"]
    club.post(f"/api/tournaments/{made['id']}/computers", {"agent": "random", "count": 2})
    fits(protocol.Tournament, made)
    fits(server.TournamentBody, club.get(f"/api/tournaments/{made['id']}").json())
    listing = club.get("/api/tournaments").json()
    fits(protocol.TournamentListing, listing)
    assert listing["upcoming"][0]["entrants"] == 2
    with club.client.websocket_connect(f"/ws/tournaments/{made['id']}") as socket:
        fits_message(socket.receive_json())
