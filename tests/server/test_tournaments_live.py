"""Tournaments over HTTP on a real server (issue 17): created, entered by computers, and
carried on after a ``kill -9`` between rounds; the records of every game in one download."""

from __future__ import annotations

import json
import os
import signal
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx

from tests.server.live import free_port, server


class Organiser:
    def __init__(self, base: str) -> None:
        self.http = httpx.Client(base_url=base, timeout=10)
        self.csrf = self.http.get("/api/session").json()["csrf"]
        self.csrf = self.post("/api/signup", {"name": "club", "password": "a long password"})[
            "csrf"
        ]

    def post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        response = self.http.post(path, json=body, headers={"x-csrf-token": self.csrf})
        assert response.status_code < 300, response.text
        data: dict[str, Any] = response.json()
        return data


def wait_for(base: str, tournament_id: int, test: Any, seconds: float = 120) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while True:
        body: dict[str, Any] = httpx.get(f"{base}/api/tournaments/{tournament_id}").json()[
            "tournament"
        ]
        if test(body):
            return body
        assert time.monotonic() < deadline, body
        time.sleep(0.2)


def test_a_swiss_survives_a_kill_9_between_rounds(tmp_path: Path) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with server(tmp_path, port) as first:
        club = Organiser(base)
        starts = (datetime.now(UTC) + timedelta(seconds=1)).isoformat()
        body = {
            "name": "Thursday Swiss",
            "game": "quinque",
            "options": {"parachutes": 2, "tiles": 1},
            "settings": {"time_control": {"kind": "realtime", "base": 60, "increment": 1}},
            "format": "swiss",
            "rounds": 3,
            "pause": 3,
            "starts_at": starts,
        }
        made = club.post("/api/tournaments", body)["tournament"]
        club.post(f"/api/tournaments/{made['id']}/computers", {"agent": "random", "count": 8})
        listed = httpx.get(f"{base}/api/tournaments").json()
        assert [t["name"] for t in listed["upcoming"]] == ["Thursday Swiss"]

        def first_round_over(t: dict[str, Any]) -> bool:
            games = t["games"]
            return t["round"] == 1 and len(games) == 4 and all(g["reason"] for g in games)

        wait_for(base, made["id"], first_round_over)
        os.kill(first.pid, signal.SIGKILL)
        first.wait(10)
    with server(tmp_path, port):
        done = wait_for(base, made["id"], lambda t: t["status"] == "finished")
        assert [g["round"] for g in done["games"]] == [1] * 4 + [2] * 4 + [3] * 4
        assert len(done["standings"]) == 8 and done["standings"][0]["place"] == 1
        records = httpx.get(f"{base}/api/tournaments/{made['id']}/records")
        lines = [json.loads(line) for line in records.text.splitlines()]
        assert len(lines) == 12 and all(r["game"] == "quinque" for r in lines)
