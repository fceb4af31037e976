"""The computer players' pools (issue 31 item 3, issue 24 item 2): analyses run in a
background pool at the lowest CPU priority, never in live play's queue; with several worker
processes one MCTS move is searched by all of them at once (root parallelism)."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
from websockets.sync.client import connect

from connect_arena.core import load
from connect_arena.service.computer import ComputerPlayers, ThinkRequest, merge_parts
from tests.server.live import free_port, wait_until_answering

SMALL5 = {"board": "t1", "tokens": 5, "first_player": "0"}


def request(agent: str, seed: int = 7) -> ThinkRequest:
    return ThinkRequest(
        table_id=1,
        game="connect5",
        num_players=2,
        options=dict(SMALL5),
        actions=(),
        seat=0,
        agent=agent,
        seed=seed,
    )


def legal_first_actions() -> set[str]:
    state = load("connect5", 2, **SMALL5).new_initial_state()
    return {str(action) for action in state.legal_actions(0)}


def test_background_workers_run_at_the_lowest_cpu_priority() -> None:
    async def main() -> int:
        players = ComputerPlayers(1)
        try:
            return await players.background(os.nice, 0)
        finally:
            players.close()

    assert asyncio.run(main()) == 19


def test_a_computer_move_is_answered_while_analyses_hold_the_background_pool() -> None:
    release = threading.Event()

    async def main() -> str:
        players = ComputerPlayers(0)
        try:
            busy = [asyncio.ensure_future(players.background(release.wait, 30)) for _ in range(4)]
            await asyncio.sleep(0.05)
            move = await asyncio.wait_for(players.choose(request("random")), 20)
            assert not any(task.done() for task in busy)  # still analysing meanwhile
            release.set()
            await asyncio.gather(*busy)
            return move
        finally:
            release.set()
            players.close()

    assert asyncio.run(main()) in legal_first_actions()


def test_one_mcts_move_is_searched_by_every_worker_process() -> None:
    async def main() -> tuple[list[str], list[int]]:
        players = ComputerPlayers(2)
        try:
            parts = [players.parts_of(request(spec)) for spec in ("mcts:400", "random")]
            moves = [await players.choose(request("mcts:400")) for _ in range(2)]
            return moves, parts
        finally:
            players.close()

    moves, parts = asyncio.run(main())
    assert parts == [2, 1]
    assert moves[0] in legal_first_actions() and moves[0] == moves[1]  # reproducible
    assert ComputerPlayers(1).parts_of(request("mcts:400")) == 1
    assert ComputerPlayers(0).parts_of(request("mcts:400")) == 1


def test_parts_merge_by_summed_visits_proofs_first() -> None:
    assert merge_parts([{"a": (10, None), "b": (8, None)}, {"a": (1, None), "b": (8, None)}]) == "b"
    assert merge_parts([{"a": (30, None), "b": (1, 1.0)}, {"a": (30, None)}]) == "b"
    assert merge_parts([{"a": (30, -1.0), "b": (2, None)}, {"a": (30, None)}]) == "b"
    assert merge_parts([{"a": (3, -1.0)}, {"a": (4, -1.0)}]) == "a"  # lost anyway
    assert merge_parts([{"pass": (0, None)}, {"pass": (0, None)}]) == "pass"


def test_a_server_stopped_after_its_computers_played_leaves_no_semaphore(tmp_path: Path) -> None:
    # A person plays the computer, resigns, and stops the server a few seconds later. The
    # worker pools were shut down without waiting, and the interpreter exited while they were
    # still torn down: multiprocessing's resource tracker then printed "There appear to be 5
    # leaked semaphore objects to clean up at shutdown" (a newcomer's Ctrl+C showed it).
    port = free_port()
    env = {**os.environ, "CONNECT_ARENA_COMPUTER_WORKERS": "1"}
    errors = tmp_path / "stderr"
    command = [sys.executable, "-m", "connect_arena.cli.app", "serve", "--port", str(port)]
    with errors.open("wb") as sink:  # a process of its own, as a person starts it
        process = subprocess.Popen([*command, "--data-dir", str(tmp_path)], env=env, stderr=sink)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_answering(process, port)
        with httpx.Client(base_url=base, headers={"origin": base}) as browser:
            csrf = browser.get("/api/session").json()["csrf"]
            csrf = browser.post("/api/guest", json={}, headers={"x-csrf-token": csrf}).json()[
                "csrf"
            ]
            seats = [{"kind": "me"}, {"kind": "computer", "agent": "random"}]
            body = {"game": "quinque", "options": {"first_player": "1"}, "seats": seats}
            made = browser.post("/api/tables", json=body, headers={"x-csrf-token": csrf})
            assert made.status_code == 201, made.text
            table_id = made.json()["table"]["id"]
            cookie = "; ".join(f"{k}={v}" for k, v in browser.cookies.items())
            url = f"ws://127.0.0.1:{port}/ws/tables/{table_id}"
            with connect(url, additional_headers={"cookie": cookie, "origin": base}) as socket:
                # the computer, first to play, acts once its opponent is at the table
                while json.loads(socket.recv(timeout=30))["type"] != "event":
                    pass
                socket.send(json.dumps({"type": "resign"}))  # the game ends: it is scored
                while json.loads(socket.recv(timeout=30)).get("table", {}).get("status") != (
                    "finished"
                ):
                    pass
            time.sleep(6)  # as when a person stops the server a little later
    finally:
        process.terminate()
        process.wait(30)  # uvicorn ends by the signal, after its shutdown
    assert "leaked semaphore" not in errors.read_text()
