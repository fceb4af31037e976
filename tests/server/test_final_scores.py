"""Finished tables keep their final points (issue 27.8): Connect 5's ``36–5``, CO'NNN'ECT's
scores, Pairs' totals reach the lists (``scores``), Quinque's stay ``null``; migration 0012
fills them in for tables finished before it by replaying their logs."""

from __future__ import annotations

import asyncio
import json
import random
import time
from pathlib import Path
from typing import Any

from alembic import command
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from connect_arena.core import CHANCE, load
from connect_arena.server.db import SqlStorage, make_engine, run_migrations
from connect_arena.server.db.connection import alembic_config
from connect_arena.service import LogEntry, Seat, SeatKind
from connect_arena.service.settings import ResultReason
from tests.server.serverhelpers import Player, receive_until, wait_for_status

SMALL5 = {"board": "t1", "tokens": 5, "first_player": "0"}


def replayed_points(record: dict[str, Any]) -> list[float] | None:
    """The points of a downloaded record's final position, by the engine."""
    state = load(record["game"], len(record["players"]), **record["options"]).new_initial_state()
    for action in record["actions"]:
        seat, notation = (
            (action["seat"], action["action"])
            if isinstance(action, dict)
            else (state.current_player, action)
        )
        state.apply_action(state.parse_action(notation, seat), seat)
    assert state.is_terminal()
    return state.points()


def test_a_finished_connect5_table_lists_its_points(client: TestClient) -> None:
    alice = Player(client).signup("alice")
    table = alice.create_table(["computer", "computer"], SMALL5, game="connect5")
    wait_for_status(alice, table["id"], "finished", seconds=60)
    record = alice.get(f"/api/tables/{table['id']}/record").json()
    expected = replayed_points(record)
    assert expected is not None and len(expected) == 2
    finished = next(t for t in alice.get("/api/lobby").json()["finished"] if t["id"] == table["id"])
    assert finished["scores"] == expected
    described = alice.get(f"/api/tables/{table['id']}").json()["table"]
    assert described["scores"] == expected


def test_a_game_without_points_lists_none(client: TestClient) -> None:
    alice = Player(client).signup("alice")
    table = alice.create_table(["computer", "computer"])
    wait_for_status(alice, table["id"], "finished")
    finished = alice.get("/api/lobby").json()["finished"]
    assert finished[0]["id"] == table["id"] and finished[0]["scores"] is None


def random_game(seed: int) -> tuple[list[tuple[int, str]], list[float] | None]:
    """A whole small Connect 5 game of random moves: its log and final points."""
    rng = random.Random(seed)
    state = load("connect5", 2, **SMALL5).new_initial_state()
    log = []
    while not state.is_terminal():
        player = state.current_player
        if player == CHANCE:
            actions, weights = zip(*state.chance_outcomes(), strict=True)
            action = rng.choices(actions, weights)[0]
        else:
            action = rng.choice(state.legal_actions(player))
        log.append((player, str(action)))
        state.apply_action(action, player)
    return log, state.points()


def test_migration_0012_backfills_the_points_of_finished_tables(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'old.sqlite3'}")
    run_migrations(engine)
    log, points = random_game(7)
    assert points is not None

    async def older_tables() -> tuple[int, int]:
        db = SqlStorage(engine)
        user = await db.create_user("alice", None)
        seats = [Seat(0, SeatKind.HUMAN, user.id, "alice"), Seat(1, SeatKind.COMPUTER)]
        played = await db.create_table("connect5", dict(SMALL5), seats, user.id, 1)
        for seq, (seat, action) in enumerate(log, 1):
            ending = [0.0, 0.0] if seq == len(log) else None
            await db.append_action(played.id, LogEntry(seq, seat, action), ending)
        quinque = await db.create_table("quinque", {}, seats, user.id, 2)
        await db.end_table(quinque.id, [1.0, -1.0], ResultReason.RESIGNATION, played.created_at)
        db.close()
        return played.id, quinque.id

    played, quinque = asyncio.run(older_tables())
    config = alembic_config()
    # Back to the schema before 0012 (SQLite rebuilds the table: without foreign key checks).
    with create_engine(f"sqlite:///{tmp_path / 'old.sqlite3'}").begin() as connection:
        config.attributes["connection"] = connection
        command.downgrade(config, "0011")
    run_migrations(engine)
    with engine.connect() as connection:
        rows = dict(connection.execute(text("SELECT id, scores FROM tables")).all())
    assert rows[quinque] is None
    stored = rows[played]
    assert (json.loads(stored) if isinstance(stored, str) else stored) == points


def test_the_profile_history_shows_the_points(client: TestClient) -> None:
    alice = Player(client).signup("alice")
    # A bound on turns without progress keeps alice's first-legal-action game short.
    table = alice.create_table(["me", "computer"], {**SMALL5, "idle_limit": 10}, game="connect5")
    for _ in range(1000):  # a state on each connection: alice plays when it is her turn
        if alice.get(f"/api/tables/{table['id']}").json()["table"]["status"] == "finished":
            break
        with alice.connect(table["id"]) as socket:
            try:
                state = receive_until(socket, "state")
            except AssertionError:  # the computer's reply just ended the game: no state
                continue
            if state["legal_actions"].get("0"):
                action = state["legal_actions"]["0"][0]
                socket.send_json({"type": "action", "seq": state["seq"] + 1, "action": action})
                receive_until(socket, "event", seq=state["seq"] + 1)
    wait_for_status(alice, table["id"], "finished", seconds=30)
    expected = alice.get(f"/api/tables/{table['id']}").json()["table"]["scores"]
    assert expected is not None
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:  # the history is written once the game is scored
        games = alice.get("/api/users/alice/games").json()["games"]
        if games:
            break
        time.sleep(0.02)
    assert games[0]["table_id"] == table["id"] and games[0]["scores"] == expected
