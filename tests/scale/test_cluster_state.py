"""What two server processes share besides tables (issue 25, issue 30 item 9): a revocation
on one process closes the session's sockets on the other, a chat line reaches a spectator on the
other every time, a user's events reach their socket on the other, and the rate limits (chat,
sign-in) are one budget for the two."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from tests.scale.test_processes import Player, Server, arena, play

Ports = tuple[int, int]


@pytest.fixture(scope="module")
def ports(
    tmp_path_factory: pytest.TempPathFactory, module_database_url: str, module_redis_url: str
) -> Iterator[Ports]:
    """Two processes shared by the module's tests (starting a pair takes seconds): each test
    uses accounts of its own, and the one budget kept per address (failed sign-ins) gets a
    pair of its own (``fresh_ports``)."""
    servers: list[Server]
    with arena(
        tmp_path_factory.mktemp("cluster"), module_database_url, module_redis_url
    ) as servers:
        yield servers[0].port, servers[1].port


@pytest.fixture
def fresh_ports(tmp_path: Path, database_url: str, redis_url: str) -> Iterator[Ports]:
    """Two processes on a new database and Redis of their own."""
    servers: list[Server]
    with arena(tmp_path, database_url, redis_url) as servers:
        yield servers[0].port, servers[1].port


def socket(player: Player, port: int, path: str) -> ClientConnection:
    cookie = "; ".join(f"{k}={v}" for k, v in player.http.cookies.items())
    url = f"ws://127.0.0.1:{port}{path}"
    return connect(url, additional_headers={"Cookie": cookie}, open_timeout=10)


def messages_until(ws: ClientConnection, done: Any, limit: float = 10) -> list[dict[str, Any]]:
    """Messages read until one satisfies ``done`` (within ``limit`` seconds of silence)."""
    seen = []
    while True:
        message = json.loads(ws.recv(timeout=limit))
        seen.append(message)
        if done(message):
            return seen


def closed_within(ws: ClientConnection, limit: float) -> bool:
    """Whether the server closes ``ws`` within ``limit`` seconds (messages are skipped)."""
    try:
        while True:
            ws.recv(timeout=limit)
    except ConnectionClosed:
        return True
    except TimeoutError:
        return False


def test_sign_out_everywhere_on_one_process_closes_the_sockets_on_the_other(
    ports: Ports,
) -> None:
    one, two = ports
    alice = Player(one)
    table = alice.post(
        "/api/tables", {"game": "quinque", "seats": [{"kind": "me"}, {"kind": "open"}]}
    )["table"]["id"]
    with (
        socket(alice, two, f"/ws/tables/{table}") as table_socket,
        socket(alice, two, "/ws/user") as user_socket,
    ):
        messages_until(table_socket, lambda m: m["type"] == "table")
        alice.post("/api/logout-all", {})  # on the first process
        assert closed_within(table_socket, 5)
        assert closed_within(user_socket, 5)


def test_sign_out_on_one_process_closes_that_sessions_socket_on_the_other(ports: Ports) -> None:
    one, two = ports
    alice = Player(one)
    with socket(alice, two, "/ws/user") as user_socket:
        alice.post("/api/logout", {})
        assert closed_within(user_socket, 5)


def test_a_chat_line_reaches_a_spectator_on_the_other_process_every_time(ports: Ports) -> None:
    one, two = ports
    alice, bob = Player(one), Player(two)
    seats = [{"kind": "me"}, {"kind": "open"}]
    table = alice.post("/api/tables", {"game": "quinque", "seats": seats})["table"]["id"]
    bob.post(f"/api/tables/{table}/join", {"seat": 1})
    writer, reader = Player(one), Player(two)  # spectators, one on each process
    with socket(reader, two, f"/ws/tables/{table}") as ws:
        messages_until(ws, lambda m: m["type"] == "state")
        for number in range(8):
            said = writer.http.post(
                f"/api/tables/{table}/chat",
                json={"text": f"line {number}"},
                headers={"x-csrf-token": writer.csrf},
            )
            if said.status_code == 429:  # the chat limit (5 per 10 s): another writer
                writer = Player(one)
                said = writer.http.post(
                    f"/api/tables/{table}/chat",
                    json={"text": f"line {number}"},
                    headers={"x-csrf-token": writer.csrf},
                )
            assert said.status_code == 201, said.text
            got = messages_until(ws, lambda m: m["type"] == "chat")
            assert got[-1]["text"] == f"line {number}"


def test_a_users_events_reach_their_socket_on_the_other_process(ports: Ports) -> None:
    one, two = ports
    alice, bob = Player(one), Player(two)
    with socket(alice, one, "/ws/user") as alice_events:
        seats = [{"kind": "me"}, {"kind": "open"}]
        table = alice.post("/api/tables", {"game": "quinque", "seats": seats})["table"]["id"]
        bob.post(f"/api/tables/{table}/join", {"seat": 1})  # the game starts on process two
        started = messages_until(alice_events, lambda m: m["type"] == "gameStart")
        assert started[-1]["game"]["id"] == table


def test_the_chat_limit_is_one_budget_for_both_processes(ports: Ports) -> None:
    one, two = ports
    alice = Player(one)
    table = alice.post(
        "/api/tables", {"game": "quinque", "seats": [{"kind": "me"}, {"kind": "open"}]}
    )["table"]["id"]
    cookies = dict(alice.http.cookies.items())
    via_two = httpx.Client(base_url=f"http://127.0.0.1:{two}", cookies=cookies, timeout=10)
    codes = []
    for number in range(8):  # alternating processes; the limit is 5 per 10 s
        client = alice.http if number % 2 == 0 else via_two
        response = client.post(
            f"/api/tables/{table}/chat",
            json={"text": f"line {number}"},
            headers={"x-csrf-token": alice.csrf},
        )
        codes.append(response.status_code)
    assert codes == [201] * 5 + [429] * 3


def test_the_sign_in_limit_is_one_budget_for_both_processes(fresh_ports: Ports) -> None:
    one, two = fresh_ports
    clients = [Player(one), Player(two)]  # guests, for a CSRF token each
    codes = []
    for attempt in range(12):  # the limits: 10 failures per address in 5 minutes, and
        player = clients[attempt % 2]  # 3 per account and device in 30 s (server/signins.py)
        response = player.http.post(
            "/api/login",
            json={"name": "nobody", "password": f"wrong password {attempt}"},
            headers={"x-csrf-token": player.csrf},
        )
        codes.append(response.status_code)
    # One budget: two processes with their own would have let 3 failures through each.
    assert codes == [401] * 3 + [429] * 9
    for attempt in range(12):  # other names from the same address: the address's budget
        player = clients[attempt % 2]
        response = player.http.post(
            "/api/login",
            json={"name": f"nobody{attempt}", "password": "wrong password"},
            headers={"x-csrf-token": player.csrf},
        )
        codes.append(response.status_code)
    assert codes[12:] == [401] * 7 + [429] * 5  # 10 per address in all, 3 used above


def test_a_seek_on_one_process_is_matched_by_a_seeker_on_the_other(ports: Ports) -> None:
    one, two = ports
    for pair in range(12):
        first, second = (one, two) if pair % 2 == 0 else (two, one)
        alice, bob = Player(first), Player(second)
        with socket(alice, first, "/ws/user") as alice_events:
            waiting = alice.post("/api/seeks", {"game": "quinque"})
            assert waiting["table"] is None
            matched = bob.post("/api/seeks", {"game": "quinque"})  # on the other process
            assert matched["table"] is not None, f"pair {pair} never met"
            table = matched["table"]["id"]
            told = messages_until(alice_events, lambda m: m["type"] == "seekMatched")
            assert told[-1] == {
                "type": "seekMatched",
                "seek": waiting["seek"]["id"],
                "table_id": table,
            }


def replicas(port: int) -> dict[str, Any]:
    answer: dict[str, Any] = httpx.get(f"http://127.0.0.1:{port}/api/cluster/replicas").json()
    return answer


def described_count(port: int) -> float:
    """``connect_arena_tables_described`` as the process's ``/metrics`` reports it."""
    text = httpx.get(f"http://127.0.0.1:{port}/metrics").text
    name = "connect_arena_tables_described"
    lines = [line for line in text.splitlines() if line.startswith(name)]
    assert len(lines) == 1, lines
    return float(lines[0].split()[-1])


def wait_until(check: Any, limit: float = 10.0) -> None:
    deadline = time.monotonic() + limit
    while not check():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def test_a_table_with_no_viewer_on_a_process_is_not_replicated_there(ports: Ports) -> None:
    one, two = ports
    alice, bob = Player(one), Player(one)
    seats = [{"kind": "me"}, {"kind": "open"}]
    table = alice.post("/api/tables", {"game": "quinque", "seats": seats})["table"]["id"]
    bob.post(f"/api/tables/{table}/join", {"seat": 1})
    players = [alice, bob]
    for player in players:  # both watch through the first process only
        player.connect(one, table)
        player.read_until(lambda p=player: bool(p.state.get("to_move")))
    play(players, 6)
    assert table in replicas(one)["followed"]
    held = replicas(two)  # the moves were not applied there, and the game is let go
    assert table in held["dormant"] + held["described"] and table not in held["followed"]
    wait_until(lambda: table in replicas(two)["described"])  # at its next review (1 s)
    # The metric says as much (other tests' tables may be let go meanwhile: read twice).
    wait_until(lambda: described_count(two) == len(replicas(two)["described"]))
    carol = Player(two)  # a spectator on the second process: it reads the game back, follows
    carol.connect(two, table)
    assert carol.state["seq"] == alice.state["seq"]
    held = replicas(two)
    assert table in held["followed"] and table not in held["dormant"] + held["described"]
    play(players, 2)
    carol.read_until(lambda: carol.state["seq"] == alice.state["seq"])
    assert carol.seen == {s: a for s, a in alice.seen.items() if s in carol.seen}
