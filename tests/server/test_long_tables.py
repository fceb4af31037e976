"""Long games open at once, with their history in pages (issue 13, defect 4), and a socket of a
table that is gone answers every frame (defect 6).

Random five-player full Connect 5 games reach 721-2,432 actions; opening such a table from
``since=0`` used to queue every event and overflow the viewer's queue (closed, "too far
behind"). Now the opening sends the state and only the latest events, and older ones come on
request: ``{"type": "history", "before": seq, "limit": n}``.
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from connect_arena.core import CHANCE, Action, State, load, sample_chance_outcome
from connect_arena.server import create_app
from connect_arena.server.db import SqlStorage, make_engine
from connect_arena.service import LogEntry
from connect_arena.service.live_table import RECENT_EVENTS
from tests.server.serverhelpers import Player, fast_settings, receive_until

LONG = 2_100
"""Actions in the long table (over the 2,000 messages a viewer may have queued)."""


def random_log(
    game: str, options: dict[str, Any], players: int, length: int, start: list[LogEntry]
) -> list[LogEntry]:
    """The first ``length`` actions of a seeded random game that begins with ``start`` (the
    chance outcomes the table drew) and lasts longer than that."""
    for seed in range(100):
        rng = random.Random(seed)
        state: State[Action] = load(game, players, **options).new_initial_state()
        for entry in start:
            state.apply_action(entry.action, entry.seat)
        log = list(start)
        while not state.is_terminal() and len(log) < length:
            if state.is_chance_node():
                seat, action = CHANCE, sample_chance_outcome(state, rng)
            else:
                active = state.active_players()
                seat = state.current_player if state.current_player >= 0 else min(active)
                action = rng.choice(state.legal_actions(seat))
            state.apply_legal_action(action, seat)
            log.append(LogEntry(len(log) + 1, seat, str(action)))
        if len(log) == length:
            return log
    raise AssertionError("no random game is that long")


def long_table(
    tmp_path: Path, game: str = "connect5", players: int = 5, options: Any = None
) -> tuple[int, list[LogEntry]]:
    """A running hot-seat table (default: five-player full Connect 5) whose log holds
    :data:`LONG` actions of a random game, stored directly in the database (as if played), to
    be served by a fresh app."""
    with TestClient(create_app(fast_settings(tmp_path))) as client:
        alice = Player(client).signup("alice")
        wanted = {"mode": "full"} if options is None else options
        table = alice.create_table(["me"] * players, wanted, game=game)

    async def store() -> list[LogEntry]:
        storage = SqlStorage(make_engine(f"sqlite:///{tmp_path / 'arena.sqlite3'}"))
        start = await storage.load_actions(table["id"])
        log = random_log(game, table["options"], players, LONG, start)
        for entry in log[len(start) :]:
            await storage.append_action(table["id"], entry)
        storage.close()
        return log

    return table["id"], asyncio.run(store())


def test_a_long_table_opens_with_the_state_and_its_history_comes_in_pages(
    tmp_path: Path,
) -> None:
    table_id, log = long_table(tmp_path)
    with TestClient(create_app(fast_settings(tmp_path))) as client:
        alice = Player(client)
        alice.post("/api/login", {"name": "alice", "password": "a long password"})
        with alice.connect(table_id, since=0) as socket:
            assert socket.receive_json()["type"] == "table"
            events = []
            while (message := socket.receive_json())["type"] == "event":
                events.append(message)
            assert message["type"] == "state" and message["seq"] == LONG
            assert [e["seq"] for e in events] == list(range(LONG - RECENT_EVENTS + 1, LONG + 1))
            before = events[0]["seq"]
            while before > 1:
                socket.send_json({"type": "history", "before": before, "limit": 500})
                page = receive_until(socket, "history")
                assert page["before"] == before and page["events"]
                assert [e["seq"] for e in page["events"]] == list(
                    range(max(1, before - 500), before)
                )
                events = page["events"] + events
                before = page["events"][0]["seq"]
            assert [(e["seq"], e["seat"], e["action"]) for e in events] == [
                (entry.seq, entry.seat, entry.action) for entry in log
            ]
            # The table still plays.
            socket.send_json({"type": "ping", "id": 1})
            assert receive_until(socket, "pong")["id"] == 1


def test_history_requests_are_bounded_and_checked(client: TestClient) -> None:
    alice, bob = Player(client).signup("alice"), Player(client).signup("bob")
    table = alice.create_table(["me", "open"])
    bob.post(f"/api/tables/{table['id']}/join", {"seat": 1})
    with alice.connect(table["id"]) as socket:
        receive_until(socket, "state")
        socket.send_json({"type": "action", "seq": 1, "action": "add 0,0"})
        receive_until(socket, "event", seq=1)
        socket.send_json({"type": "history", "before": 10**9, "limit": 10})
        assert [e["seq"] for e in receive_until(socket, "history")["events"]] == [1]
        socket.send_json({"type": "history", "before": 1})
        assert receive_until(socket, "history")["events"] == []
        for bad in ({"before": -1}, {"before": 2, "limit": 0}, {"before": 2, "limit": 10**6}):
            socket.send_json({"type": "history", **bad})
            assert receive_until(socket, "error")["code"] == "bad_message"


def test_every_frame_on_the_socket_of_an_abandoned_table_gets_an_answer(
    client: TestClient,
) -> None:
    """Alice opens a table, watches it, then leaves: the table is abandoned. Each frame she
    sends afterwards gets an error (or a pong), and the socket stays open."""
    alice = Player(client).signup("alice")
    table = alice.create_table(["me", "open"])
    with alice.connect(table["id"]) as socket:
        assert socket.receive_json()["type"] == "table"
        assert alice.post(f"/api/tables/{table['id']}/leave", {"seat": 0}).status_code == 200
        frames: list[dict[str, Any]] = [
            {"type": "action", "seq": 1, "action": "add 0,0", "id": "a"},
            {"type": "sync", "since": 0},
            {"type": "history", "before": 5, "limit": 5},
        ]
        for frame in frames:
            socket.send_json(frame)
            error = receive_until(socket, "error")
            assert error["code"] in ("not_found", "not_running"), error
            assert "abandoned" in error["message"]
        socket.send_json({"type": "ping", "id": 7})
        assert receive_until(socket, "pong")["id"] == 7
