"""Tournaments over HTTP on a real server (issue 17): created, entered by computers, and
carried on after a ``kill -9`` between rounds; the records of every game in one download."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import threading
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx

from tests.server.live import free_port, server
from tests.server.test_crash import Person, next_state


def keep_playing(person: Person, stop: threading.Event) -> None:
    """A person entrant: whenever it is their turn at one of their tables, play the first
    legal action (through the table's WebSocket, as the page does); the server may be down
    for a while (killed and restarted), so every failure is retried."""
    while not stop.is_set():
        with contextlib.suppress(Exception):
            mine = person.http.get("/api/tables/mine").json()["tables"]
            for table in (t for t in mine if t["your_turn"]):
                with person.table_socket(table["id"]) as socket:
                    state = next_state(socket)
                    for seat, legal in state["legal_actions"].items():
                        frame = {"type": "action", "seq": state["seq"] + 1, "action": legal[0]}
                        frame["seat"] = int(seat)
                        socket.send(json.dumps(frame))
                        next_state(socket, state["seq"] + 1)
                        break
        time.sleep(0.1)


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


def test_a_swiss_of_people_and_computers_survives_a_kill_9_between_rounds(
    tmp_path: Path,
) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with server(tmp_path, port) as first:
        club = Organiser(base)
        starts = (datetime.now(UTC) + timedelta(seconds=4)).isoformat()
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
        people = [Person(port, name) for name in ("ann", "bob")]
        for person in people:
            person.post("/api/signup", {"name": person.name, "password": "a long password"})
        body["starts_at"] = (datetime.now(UTC) + timedelta(seconds=3)).isoformat()
        made = club.post("/api/tournaments", body)["tournament"]
        for person in people:
            person.post(f"/api/tournaments/{made['id']}/join", {})
        club.post(f"/api/tournaments/{made['id']}/computers", {"agent": "random", "count": 6})
        stop = threading.Event()
        players = [
            threading.Thread(target=keep_playing, args=(person, stop), daemon=True)
            for person in people
        ]
        for thread in players:
            thread.start()
        listed = httpx.get(f"{base}/api/tournaments").json()
        assert [t["name"] for t in listed["upcoming"]] == ["Thursday Swiss"]

        def first_round_over(t: dict[str, Any]) -> bool:
            games = t["games"]
            return t["round"] == 1 and len(games) == 4 and all(g["reason"] for g in games)

        wait_for(base, made["id"], first_round_over)
        os.kill(first.pid, signal.SIGKILL)
        first.wait(10)
    with server(tmp_path, port):
        try:
            done = wait_for(base, made["id"], lambda t: t["status"] == "finished")
        finally:
            stop.set()
            for thread in players:
                thread.join(10)
        assert [g["round"] for g in done["games"]] == [1] * 4 + [2] * 4 + [3] * 4
        assert len(done["standings"]) == 8 and done["standings"][0]["place"] == 1
        # The people played their games (no no-shows): every game ended by the rules.
        assert all(g["reason"] == "normal" for g in done["games"])
        assert {row["name"] for row in done["standings"]} >= {"ann", "bob"}
        records = httpx.get(f"{base}/api/tournaments/{made['id']}/records")
        lines = [json.loads(line) for line in records.text.splitlines()]
        assert len(lines) == 12 and all(r["game"] == "quinque" for r in lines)
