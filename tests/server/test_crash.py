"""Crash safety: the real server as a process, killed with SIGKILL in the middle of a game.

Every move the server acknowledged (broadcast with its seq) must be there after a restart, and
the game must go on from there.
"""

from __future__ import annotations

import json
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect

from tests.server.live import free_port, server

OPTIONS = {"parachutes": 6, "tiles": 3, "first_player": "0"}


class Person:
    """A player with an HTTP session on the live server."""

    def __init__(self, port: int, name: str) -> None:
        self.base = f"http://127.0.0.1:{port}"
        self.port = port
        self.http = httpx.Client(base_url=self.base, timeout=10)
        self.csrf = self.http.get("/api/session").json()["csrf"]
        self.name = name

    def post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        response = self.http.post(path, json=body, headers={"x-csrf-token": self.csrf})
        assert response.status_code < 300, response.text
        data: dict[str, Any] = response.json()
        self.csrf = data.get("csrf", self.csrf)
        return data

    def table_socket(self, table_id: int, since: int = 0) -> ClientConnection:
        cookie = "; ".join(f"{k}={v}" for k, v in self.http.cookies.items())
        url = f"ws://127.0.0.1:{self.port}/ws/tables/{table_id}?since={since}"
        return connect(url, additional_headers={"Cookie": cookie}, open_timeout=10)


def next_state(socket: ClientConnection, seq: int | None = None) -> dict[str, Any]:
    """Read until a state (or an event carrying one) at ``seq`` (any seq if ``None``)."""
    while True:
        message = json.loads(socket.recv(timeout=10))
        assert message["type"] != "error", message
        state = message.get("state") if message["type"] == "event" else message
        wanted = message["type"] in ("state", "event") and state is not None
        if wanted and (seq is None or state["seq"] == seq):
            return state


def play(people: list[Person], table_id: int, moves: int) -> list[str]:
    """Play ``moves`` acknowledged actions (the first legal one each time); return them."""
    with ExitStack() as stack:
        sockets = [stack.enter_context(person.table_socket(table_id)) for person in people]
        states = [next_state(s) for s in sockets]
        played = []
        for _ in range(moves):
            state = states[0]
            seat = state["to_move"][0]
            action = states[seat]["legal_actions"][str(seat)][0]
            message = {"type": "action", "seq": state["seq"] + 1, "action": action}
            sockets[seat].send(json.dumps(message))
            states = [next_state(s, state["seq"] + 1) for s in sockets]
            played.append(action)
        return played


def test_acknowledged_moves_survive_kill_9(tmp_path: Path) -> None:
    port = free_port()
    with server(tmp_path, port) as process:
        alice, bob = Person(port, "alice"), Person(port, "bob")
        alice.post("/api/signup", {"name": "alice", "password": "a long password"})
        bob.post("/api/signup", {"name": "bob", "password": "a long password"})
        seats = [{"kind": "me"}, {"kind": "open"}]
        table = alice.post("/api/tables", {"game": "quinque", "options": OPTIONS, "seats": seats})
        table_id = table["table"]["id"]
        bob.post(f"/api/tables/{table_id}/join", {"seat": 1})
        before = play([alice, bob], table_id, 7)
        process.kill()  # SIGKILL: no shutdown, no flush
        process.wait(10)
    with server(tmp_path, port):
        alice, bob = Person(port, "alice"), Person(port, "bob")
        alice.post("/api/login", {"name": "alice", "password": "a long password"})
        bob.post("/api/login", {"name": "bob", "password": "a long password"})
        record = alice.http.get(f"/api/tables/{table_id}/record").json()
        assert record["actions"] == before
        after = play([alice, bob], table_id, 2)
        record = alice.http.get(f"/api/tables/{table_id}/record").json()
        assert record["actions"] == before + after
