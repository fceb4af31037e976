"""Two server processes (``connect-arena serve`` on two loopback ports) sharing one PostgreSQL
and one Redis: players on different processes play a game through, and ``kill -9`` of one of
them mid-game, repeated, loses nothing acknowledged.

A player's *acknowledged* actions are the events its socket received; after every kill the
players reconnect (to the survivor, or the restarted process) with the last seq they saw and
catch up. At the end the stored log must hold every acknowledged action at its seq, seqs
1..n once each, and both players must have seen the same action at each seq.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import httpx
import psycopg
import pytest
from websockets.sync.client import ClientConnection, connect

from tests.scale.services import free_port
from tests.server.live import ServerProcess, run_cli, spawn

SECRET = "a shared session key, so that a cookie works on every process"


class Server:
    """One ``connect-arena serve`` process of the arena, restartable on its port."""

    def __init__(self, data_dir: Path, database_url: str, redis_url: str) -> None:
        self.port = free_port()
        self.data_dir = data_dir
        self.env = {
            **os.environ,
            "CONNECT_ARENA_DATABASE_URL": database_url,
            "CONNECT_ARENA_REDIS_URL": redis_url,
            "CONNECT_ARENA_SECRET_KEY": SECRET,
            "CONNECT_ARENA_COMPUTER_WORKERS": "0",
            "CONNECT_ARENA_COMPUTER_DELAY": "0",
            "CONNECT_ARENA_SIGNUP_LIMIT": "1000/1",
            # Players here move as fast as the machine allows: the frame limits (10 a second
            # per connection) are tested on their own (tests/server/test_rate_limits.py).
            "CONNECT_ARENA_WS_LIMIT": "100000/1",
            "CONNECT_ARENA_WS_ADDRESS_LIMIT": "100000/1",
            # A process lets go of a game it has no interest in at its next review (every
            # second), so that every test here also plays through games read back.
            "CONNECT_ARENA_RELEASE_AFTER": "0",
        }
        self.process: ServerProcess | None = None

    def start(self) -> None:
        options = ["--port", str(self.port), "--data-dir", str(self.data_dir)]
        self.process = spawn([*options, "--log-level", "warning"], self.env)
        deadline = time.monotonic() + 90  # a start took 30+ s at load 12 (session 41)
        while True:
            try:
                httpx.get(f"http://127.0.0.1:{self.port}/api/session", timeout=1)
                return
            except httpx.TransportError:
                assert self.process.poll() is None, "the server exited"
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.05)

    def kill(self) -> None:
        """SIGKILL: no shutdown, no lease released, nothing flushed."""
        assert self.process is not None
        self.process.kill()
        self.process.wait(10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)


@contextmanager
def arena(tmp_path: Path, database_url: str, redis_url: str) -> Iterator[list[Server]]:
    servers = [Server(tmp_path / f"p{i}", database_url, redis_url) for i in range(2)]
    try:
        for server in servers:
            server.start()
        yield servers
    finally:
        for server in servers:
            server.stop()


class Player:
    """A guest with an HTTP session, a table socket on some process, and what it has seen."""

    def __init__(self, port: int) -> None:
        self.http = httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=10)
        self.csrf = self.http.get("/api/session").json()["csrf"]
        self.csrf = self.post("/api/guest", {})["csrf"]
        self.socket: ClientConnection | None = None
        self._sockets = ExitStack()
        self.seen: dict[int, str | None] = {}  # seq → action, from events: the acknowledged
        self.state: dict[str, Any] = {}

    def close(self) -> None:
        """Close the table socket (if its server is gone, nothing more happens)."""
        self._sockets.close()
        self.socket = None

    def post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        response = self.http.post(path, json=body, headers={"x-csrf-token": self.csrf})
        assert response.status_code < 300, response.text
        data: dict[str, Any] = response.json()
        return data

    def connect(self, port: int, table_id: int) -> None:
        """Open the table socket on ``port`` with the last seq seen; read the catch-up."""
        cookie = "; ".join(f"{k}={v}" for k, v in self.http.cookies.items())
        since = max(self.seen, default=0)
        self.state = {}
        url = f"ws://127.0.0.1:{port}/ws/tables/{table_id}?since={since}"
        self.close()
        self._sockets = ExitStack()
        self.socket = self._sockets.enter_context(
            connect(url, additional_headers={"Cookie": cookie}, open_timeout=10)
        )
        self.read_until(lambda: self.state.get("seq", -1) >= since)

    def read(self) -> None:
        """One message: record events, keep the newest state."""
        assert self.socket is not None
        message = json.loads(self.socket.recv(timeout=10))
        if message["type"] == "event":
            seq = message["seq"]
            assert self.seen.get(seq, message["action"]) == message["action"], message
            self.seen[seq] = message["action"]
        state = message.get("state") if message["type"] == "event" else message
        if message["type"] in ("state", "event") and state is not None:
            self.state = state

    def read_until(self, done: Any, limit: float = 15) -> None:
        deadline = time.monotonic() + limit
        while not done():
            assert time.monotonic() < deadline, f"timed out at {self.state.get('seq')}"
            self.read()

    def my_move(self) -> str | None:
        """A legal action of this player's seat if it is to move, else ``None``."""
        for seat, actions in self.state.get("legal_actions", {}).items():
            if int(seat) in self.state["to_move"] and actions:
                return str(actions[0])
        return None

    def send(self, action: str) -> None:
        assert self.socket is not None
        frame = {"type": "action", "seq": self.state["seq"] + 1, "action": action}
        self.socket.send(json.dumps(frame))


def settle(players: list[Player]) -> None:
    """Read until every player's state is at the newest seq any of them has seen."""
    newest = max(p.state.get("seq", 0) for p in players)
    for player in players:
        player.read_until(lambda p=player: p.state.get("seq", -1) >= newest)


def play(players: list[Player], moves: int) -> None:
    """``moves`` acknowledged actions (fewer if the game ends): the player to move sends one,
    both wait for its event."""
    for _ in range(moves):
        settle(players)
        if players[0].state.get("terminal"):
            return
        mover = next(p for p in players if p.my_move() is not None)
        target = mover.state["seq"] + 1
        mover.send(str(mover.my_move()))
        for player in players:
            player.read_until(lambda p=player, t=target: p.state["seq"] >= t)


def stored_log(database_url: str, table_id: int) -> list[tuple[int, str]]:
    with psycopg.connect(database_url) as connection:
        rows = connection.execute(
            "SELECT seq, action FROM actions WHERE table_id = %s ORDER BY seq, id", (table_id,)
        ).fetchall()
    return [(int(seq), str(action)) for seq, action in rows]


def check_log(database_url: str, table_id: int, players: list[Player]) -> int:
    """Every acknowledged action is stored at its seq; seqs are 1..n, once each; players
    agree. Returns n."""
    log = stored_log(database_url, table_id)
    seqs = [seq for seq, _ in log]
    assert seqs == list(range(1, len(log) + 1))
    actions = dict(log)
    for player in players:
        for seq, action in player.seen.items():
            assert actions[seq] == action
    common = players[0].seen.keys() & players[1].seen.keys()
    assert all(players[0].seen[s] == players[1].seen[s] for s in common)
    return len(log)


def new_table(red: Player, blue: Player, options: dict[str, Any]) -> int:
    seats = [{"kind": "me"}, {"kind": "open"}]
    body = {"game": "quinque", "options": options, "seats": seats}
    table_id: int = red.post("/api/tables", body)["table"]["id"]
    blue.post(f"/api/tables/{table_id}/join", {"seat": 1})  # on the other process
    return table_id


def test_players_on_two_processes_play_a_game_through(
    tmp_path: Path, database_url: str, redis_url: str
) -> None:
    with arena(tmp_path, database_url, redis_url) as (one, two):
        alice, bob = Player(one.port), Player(two.port)
        # The default game (a chance draw first) cut at 12 turns by its anti-endless option:
        # a whole game's moves cross the processes (each action half a second: the lease
        # goes to the other process); a longer one would only repeat them.
        table_id = new_table(alice, bob, {"max_turns": 12})
        alice.connect(one.port, table_id)
        bob.connect(two.port, table_id)
        players = [alice, bob]
        for player in players:
            player.read_until(lambda p=player: bool(p.state.get("to_move")))
        play(players, 400)
        assert alice.state["terminal"] and bob.state["terminal"]
        n = check_log(database_url, table_id, players)
        assert set(alice.seen) == set(bob.seen) == set(range(1, n + 1))
        record = bob.http.get(f"/api/tables/{table_id}/record").json()
        assert record["actions"] == [alice.seen[s] for s in range(1, n + 1)]
        lobby = httpx.get(f"http://127.0.0.1:{one.port}/api/lobby").json()
        assert table_id in [t["id"] for t in lobby["finished"]]


@pytest.mark.parametrize("rounds", [3])
def test_kill_9_of_either_process_mid_game_loses_nothing_acknowledged(
    tmp_path: Path, database_url: str, redis_url: str, rounds: int
) -> None:
    with arena(tmp_path, database_url, redis_url) as servers:
        alice, bob = Player(servers[0].port), Player(servers[1].port)
        players = [alice, bob]
        # Three rounds of six moves (either process killed, then the restarted one again),
        # then the rest of a game bounded at 16 turns (about 27 actions: the rounds take 18).
        table_id = new_table(alice, bob, {"first_player": "0", "max_turns": 16})
        home = {id(alice): servers[0], id(bob): servers[1]}
        for player in players:
            player.connect(home[id(player)].port, table_id)
        for round_ in range(rounds):
            play(players, 3)
            victim = servers[round_ % 2]
            survivor = servers[1 - round_ % 2]
            mover = next(p for p in players if p.my_move() is not None)
            mover.send(str(mover.my_move()))  # in flight: maybe stored, maybe not
            victim.kill()
            for player in players:
                if home[id(player)] is victim:
                    home[id(player)] = survivor
                    player.connect(survivor.port, table_id)
            # Both now on the survivor: whatever was stored is seen; the game goes on.
            play(players, 2)
            victim.start()
            moved = players[round_ % 2]  # back to the restarted process, alternately
            home[id(moved)] = victim
            moved.connect(victim.port, table_id)
            check_log(database_url, table_id, players)
        play(players, 400)
        assert alice.state["terminal"] and bob.state["terminal"]
        n = check_log(database_url, table_id, players)
        assert set(alice.seen) == set(bob.seen) == set(range(1, n + 1))


def test_workers_need_postgresql_and_redis(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("CONNECT_ARENA_")}
    command = ["serve", "--workers", "2", "--data-dir", str(tmp_path), "--port", str(free_port())]
    result = run_cli(command, env, timeout=60)
    assert result.returncode != 0
    assert "CONNECT_ARENA_REDIS_URL" in result.stderr
    env["CONNECT_ARENA_REDIS_URL"] = "redis://127.0.0.1:1/0"
    result = run_cli(command, env, timeout=60)
    assert result.returncode != 0
    assert "CONNECT_ARENA_DATABASE_URL" in result.stderr
