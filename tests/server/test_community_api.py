"""Profiles, histories, their export, leaderboards and rating changes over HTTP (a real app on
SQLite): ``docs/community.md``."""

from __future__ import annotations

import json
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter
from sqlalchemy import delete

from connect_arena.server import create_app, protocol
from connect_arena.server.db.models import RatingRow, ScoredTableRow, UserGameRow
from connect_arena.service.ratings import PROVISIONAL_GAMES, Skill, recompute
from tests.server.serverhelpers import Player, TestClient, fast_settings
from tests.server.test_lifecycle_api import first_move

RATED = {"rated": True}


def play(
    client: TestClient, first: Player, second: Player, loser: Player, rated: bool = True
) -> dict[str, Any]:
    """A Quinque between ``first`` (seat 0) and ``second`` that ``loser`` resigns after a
    move each (before, it would be aborted); returns the finished table once scored."""
    table = first.create_table(["me", "open"], settings=RATED if rated else None)
    assert second.post(f"/api/tables/{table['id']}/join", {"seat": 1}).status_code == 200
    first_move(first, table["id"], 0)
    first_move(second, table["id"], 1)
    assert loser.post(f"/api/tables/{table['id']}/resign", {}).status_code == 200
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        arena = client.app.state.arena  # type: ignore[attr-defined]
        if client.portal.call(arena.ratings.outcome, table["id"]) is not None:  # type: ignore[union-attr]
            body: dict[str, Any] = first.get(f"/api/tables/{table['id']}").json()["table"]
            return body
        time.sleep(0.02)
    raise AssertionError(f"table {table['id']} was not scored")


def test_the_finished_table_shows_each_seats_rating_change(client: TestClient) -> None:
    alice, bob = Player(client).signup("alice"), Player(client).signup("bob")
    table = play(client, alice, bob, bob)
    changes = table["rating_changes"]
    assert changes[0] > 0 > changes[1]
    casual = play(client, alice, bob, bob, rated=False)
    assert casual["rating_changes"] is None


def test_profile(client: TestClient) -> None:
    alice, bob = Player(client).signup("alice"), Player(client).signup("bob")
    first = play(client, alice, bob, bob)
    play(client, alice, bob, alice)
    play(client, bob, alice, bob, rated=False)
    running = alice.create_table(["me", "open"])
    bob.post(f"/api/tables/{running['id']}/join", {"seat": 1})
    body = client.get("/api/users/ALICE").json()
    TypeAdapter(protocol.Profile).validate_python(body)  # the protocol's type, no key extra
    assert body["user"]["name"] == "alice" and body["user"]["joined"].startswith("20")
    assert not body["user"]["computer"]
    games = body["games"]["quinque"]
    assert (games["played"], games["wins"], games["losses"], games["draws"]) == (3, 2, 1, 0)
    assert games["places"] == {"2": {"1": 2, "2": 1}}  # places by the number of sides (27.9)
    rating = body["ratings"]["quinque"]
    assert rating["games"] == 2 and rating["provisional"]
    points = body["rating_history"]["quinque"]
    assert points[0]["table_id"] == first["id"] and len(points) == 2
    assert points[-1]["rating"] == rating["rating"]
    assert points[0]["change"] == first["rating_changes"][0]
    recent = body["recent"]
    assert len(recent) == 3 and recent[-1]["replay"] == f"/tables/{first['id']}/replay"
    assert recent[-1]["result"] == "win" and recent[-1]["change"] == first["rating_changes"][0]
    assert [p["name"] for p in recent[-1]["players"]] == ["alice", "bob"]
    assert [t["id"] for t in body["running"]] == [running["id"]]
    assert client.get("/api/users/nobody").status_code == 404


def test_history_filters_and_pages(client: TestClient) -> None:
    alice, bob, carol = (Player(client).signup(n) for n in ("alice", "bob", "carol"))
    play(client, alice, bob, bob)
    play(client, alice, carol, alice)
    play(client, alice, bob, alice, rated=False)

    def games(query: str) -> dict[str, Any]:
        response = client.get(f"/api/users/alice/games{query}")
        assert response.status_code == 200, response.text
        body: dict[str, Any] = response.json()
        TypeAdapter(protocol.HistoryPage).validate_python(body)
        return body

    everything = games("")
    assert everything["total"] == 3 and not everything["has_more"]
    assert [g["result"] for g in everything["games"]] == ["loss", "loss", "win"]  # newest first
    assert [g["rated"] for g in everything["games"]] == [False, True, True]
    assert games("?result=win")["total"] == 1
    against_bob = games("?opponent=bob")
    assert against_bob["total"] == 2
    assert {p["name"] for g in against_bob["games"] for p in g["players"]} == {"alice", "bob"}
    assert games("?opponent=carol&result=loss")["total"] == 1
    assert games("?game=quinque")["total"] == 3 and games("?game=connect5")["total"] == 0
    page = games("?per_page=2&page=2")
    assert page["total"] == 3 and len(page["games"]) == 1 and not page["has_more"]
    assert games("?per_page=2")["has_more"]
    tomorrow = (datetime.now(UTC) + timedelta(days=1)).date().isoformat()
    yesterday = (datetime.now(UTC) - timedelta(days=1)).date().isoformat()
    assert games(f"?since={yesterday}&until={tomorrow}")["total"] == 3
    assert games(f"?since={tomorrow}")["total"] == 0
    assert games(f"?until={yesterday}")["total"] == 0
    for bad in ("?result=lost", "?page=0", "?since=soon", "?per_page=101"):
        assert client.get(f"/api/users/alice/games{bad}").status_code == 422, bad
    backwards = client.get(f"/api/users/alice/games?since={tomorrow}&until={yesterday}")
    assert backwards.status_code == 400
    assert client.get("/api/users/alice/games?opponent=nobody").status_code == 404
    assert client.get("/api/users/alice/games?game=chess").status_code == 404


def test_export_streams_every_game_as_json_lines(client: TestClient) -> None:
    alice, bob = Player(client).signup("alice"), Player(client).signup("bob")
    ids = [play(client, alice, bob, loser)["id"] for loser in (bob, alice, bob)]
    response = client.get("/api/users/alice/games.jsonl")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("application/x-ndjson")
    lines = [json.loads(line) for line in response.text.splitlines()]
    assert [line["table_id"] for line in lines] == ids  # oldest first
    assert [line["result"] for line in lines] == ["win", "loss", "win"]
    assert all(line["settings"]["rated"] and line["options"] for line in lines)
    assert all(isinstance(line["moves"], list) for line in lines)
    assert client.get("/api/users/carol/games.jsonl").status_code == 404


def test_leaderboard_lists_established_active_people(client: TestClient) -> None:
    alice, bob = Player(client).signup("alice"), Player(client).signup("bob")
    carol, dave = Player(client).signup("carol"), Player(client).signup("dave")
    for round_ in range(PROVISIONAL_GAMES):
        play(client, alice, bob, bob if round_ % 3 else alice)
    play(client, carol, dave, dave)  # provisional: listed apart (issue 27.14)
    body = client.get("/api/leaderboard/quinque").json()
    TypeAdapter(protocol.Leaderboard).validate_python(body)
    names = [p["user"]["name"] for p in body["players"]]
    assert names == ["alice", "bob"]
    assert [(p["user"]["name"], p["games"]) for p in body["provisional"]] == [
        ("carol", 1),  # won: rated above dave
        ("dave", 1),
    ]
    assert client.get("/api/leaderboard/quinque?page=2").json()["provisional"] == []
    assert body["players"][0]["rating"] > body["players"][1]["rating"]
    assert [p["rank"] for p in body["players"]] == [1, 2] and not body["has_more"]
    assert client.get("/api/leaderboard/connect5").json()["players"] == []
    assert client.get("/api/leaderboard/chess").status_code == 404
    arena = client.app.state.arena  # type: ignore[attr-defined]
    later = datetime.now(UTC) + timedelta(days=91)
    stale = client.portal.call(arena.ratings.leaderboard, "quinque", 1, 50, later)  # type: ignore[union-attr]
    assert stale["players"] == []  # nobody played in the last 90 days


def test_leaderboard_reads_an_index_not_a_scan(client: TestClient) -> None:
    arena = client.app.state.arena  # type: ignore[attr-defined]
    plan = " | ".join(client.portal.call(arena.ratings.explain_leaderboard, "quinque"))  # type: ignore[union-attr]
    assert "ix_ratings_leaderboard" in plan, plan
    assert "TEMP B-TREE" not in plan.upper() and "SCAN ratings" not in plan, plan


def test_recomputing_every_rating_gives_the_stored_numbers(client: TestClient) -> None:
    players = [Player(client).signup(n) for n in ("alice", "bob", "carol")]
    for i in range(6):
        first, second = players[i % 3], players[(i + 1) % 3]
        play(client, first, second, second if i % 2 else first)
    arena = client.app.state.arena  # type: ignore[attr-defined]
    outcomes = client.portal.call(arena.ratings.outcomes)  # type: ignore[union-attr]
    stored = client.portal.call(arena.ratings.skills, "quinque")  # type: ignore[union-attr]
    assert len(stored) == 3
    assert recompute(outcomes) == {(a, "quinque"): s for a, s in stored.items()}
    assert all(isinstance(s, Skill) and s.games == 4 for s in stored.values())
    assert RatingRow.__tablename__ == "ratings"


def test_a_crash_before_the_rating_loses_nothing(tmp_path: Path) -> None:
    """The end is stored but not its scoring (the scoring rows removed, as after a crash
    between the two): the next start scores it, to the same numbers."""
    with TestClient(create_app(fast_settings(tmp_path))) as client:
        alice, bob = Player(client).signup("alice"), Player(client).signup("bob")
        table = play(client, alice, bob, bob)
        before = client.get("/api/users/alice").json()["ratings"]
        arena = client.app.state.arena  # type: ignore[attr-defined]
        engine = arena.storage.engine
    with engine.begin() as connection:
        for model in (UserGameRow, ScoredTableRow, RatingRow):
            connection.execute(delete(model))
    with TestClient(create_app(fast_settings(tmp_path))) as client:
        arena = client.app.state.arena  # type: ignore[attr-defined]
        client.portal.call(wait_for, arena.service.catching_up)  # type: ignore[union-attr]
        after = client.get("/api/users/alice").json()
        assert after["ratings"] == before
        again = client.get(f"/api/tables/{table['id']}").json()["table"]
        assert again["rating_changes"] == table["rating_changes"]


async def wait_for(task: Any) -> None:
    await task
