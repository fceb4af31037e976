"""Clocks across a crash: the real server killed with SIGKILL while a timed game runs. After
the restart each clock is its value at the table's last action (the downtime is charged to
nobody), and a flag still falls afterwards (``docs/lifecycle.md``, Clocks)."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from tests.server.live import free_port, server
from tests.server.test_crash import OPTIONS, Person, next_state

SETTINGS = {"time_control": {"kind": "realtime", "base": 2, "increment": 1}}
"""Three seconds per seat at the start, one more per action."""


def signed_in(port: int, name: str, action: str) -> Person:
    person = Person(port, name)
    person.post(f"/api/{action}", {"name": name, "password": "a long password"})
    return person


def move(person: Person, table_id: int, seat: int) -> dict[str, Any]:
    """``person`` plays their first legal action; returns the state after it."""
    with person.table_socket(table_id) as socket:
        state = next_state(socket)
        action = state["legal_actions"][str(seat)][0]
        socket.send(json.dumps({"type": "action", "seq": state["seq"] + 1, "action": action}))
        return next_state(socket, state["seq"] + 1)


def test_clocks_survive_kill_9_without_charging_the_downtime(tmp_path: Path) -> None:
    port = free_port()
    with server(tmp_path, port) as process:
        alice = signed_in(port, "alice", "signup")
        bob = signed_in(port, "bob", "signup")
        seats = [{"kind": "me"}, {"kind": "open"}]
        body = {"game": "quinque", "options": OPTIONS, "seats": seats, "settings": SETTINGS}
        table_id = alice.post("/api/tables", body)["table"]["id"]
        bob.post(f"/api/tables/{table_id}/join", {"seat": 1})
        move(alice, table_id, 0)
        move(bob, table_id, 1)
        before = move(alice, table_id, 0)  # Bob's clock runs
        assert before["running"] == [1]
        process.kill()  # SIGKILL: no shutdown, no flush
        process.wait(10)
    killed = time.monotonic()
    time.sleep(before["clocks"]["1"])  # dead for longer than Bob's whole time
    restarted = time.monotonic()
    with server(tmp_path, port):
        alice = signed_in(port, "alice", "login")
        with alice.table_socket(table_id) as socket:
            after = next_state(socket)
        down = time.monotonic() - killed
        assert after["seq"] == 3 and after["running"] == [1]
        assert after["clocks"]["0"] == before["clocks"]["0"]  # stopped: as it was
        # Bob's clock resumed from the restart: only the moments since then count, not
        # the downtime (which is longer than all his time).
        assert down > before["clocks"]["1"]
        # At most the time since the restart began was charged (however slow the start).
        since = time.monotonic() - restarted
        assert before["clocks"]["1"] - since - 0.5 < after["clocks"]["1"] <= before["clocks"]["1"]
        deadline = time.monotonic() + 20
        while True:  # Bob does not move: his flag falls
            table = alice.http.get(f"/api/tables/{table_id}").json()["table"]
            if table["status"] == "finished" or time.monotonic() > deadline:
                break
            time.sleep(0.2)
        assert table["reason"] == "timeout"
        assert table["returns"] == [1.0, -1.0]
        assert [note["kind"] for note in table["notes"]] == ["timeout"]
