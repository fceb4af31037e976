"""A tournament round's start is crash-safe (issue 30, item 1): the server is killed with
``kill -9`` at every step of a round's start (the pairing stored, each table created, each
table recorded, the round started) and restarts into one consistent round: every table of
the tournament is one of its games, nobody sits at two tables of a round, and the event
plays to its end."""

from __future__ import annotations

import json
import sqlite3
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from tests.server.live import free_port, server
from tests.server.test_tournaments_live import Organiser, wait_for

CRASH = "CONNECT_ARENA_TOURNAMENT_CRASH"

STEPS = ["paired:1", "created:1:1", "recorded:1:1", "created:1:3", "started:1", "paired:2"]
"""Where the first server kills itself: ``paired:R`` (round R's pairing stored),
``created:R:T`` (its T-th table stored, not yet in the tournament), ``recorded:R:T`` (that
table in the tournament), ``started:R`` (every table of round R recorded)."""


def tournament_tables(data_dir: Path, tournament_id: int) -> set[int]:
    """The ids of every stored table made for the tournament (read from the database)."""
    with sqlite3.connect(data_dir / "arena.sqlite3") as db:
        rows = db.execute("SELECT id, settings FROM tables").fetchall()
    return {
        int(table_id)
        for table_id, settings in rows
        if settings and json.loads(settings).get("tournament") == tournament_id
    }


@pytest.mark.parametrize("step", STEPS)
def test_a_kill_9_at_every_step_of_a_round_start_restarts_into_one_consistent_round(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, step: str
) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    monkeypatch.setenv(CRASH, step)
    with server(tmp_path, port) as first:
        club = Organiser(base)
        body: dict[str, Any] = {
            "name": "Crash Swiss",
            "game": "quinque",
            "options": {"parachutes": 2, "tiles": 1},
            "settings": {"time_control": {"kind": "realtime", "base": 60, "increment": 1}},
            "format": "swiss",
            "rounds": 2,
            "pause": 0,
            "starts_at": (datetime.now(UTC) + timedelta(seconds=2)).isoformat(),
        }
        made = club.post("/api/tournaments", body)["tournament"]
        club.post(f"/api/tournaments/{made['id']}/computers", {"agent": "random", "count": 7})
        assert first.wait(60) == -9  # it killed itself at the step
    monkeypatch.delenv(CRASH)
    with server(tmp_path, port):
        done = wait_for(base, made["id"], lambda t: t["status"] == "finished")
    games = done["games"]
    # Every table made for the tournament is one of its games: no orphan left running.
    assert tournament_tables(tmp_path, made["id"]) == {g["table_id"] for g in games}
    assert all(g["reason"] for g in games)
    for number in (1, 2):
        seated = Counter(e for g in games if g["round"] == number for e in g["entrants"])
        byes = [index for r, index in done["byes"] if r == number]
        assert len(seated) + len(byes) == 7, (number, games, done["byes"])
        assert max(seated.values()) == 1 and not set(seated) & set(byes)
    assert sorted(g["round"] for g in games) == [1, 1, 1, 2, 2, 2]
