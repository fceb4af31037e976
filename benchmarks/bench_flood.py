"""A WebSocket flood against the real server: how long does a move on another table wait?

It starts ``connect-arena serve`` on a fresh SQLite database, plays ``--history`` random moves
at a hot-seat Quinque table (the flooded table, so that a ``sync`` has a history to re-send)
and opens a second hot-seat table (the measured one). Then, ``--trials`` times: an anonymous
spectator socket on the flooded table sends ``--frames`` ``{"type": "sync", "since": 0}``
frames back to back, and right after the last one the player of the measured table sends a
move; the delay is the time from sending the move to receiving its event. The same move
delay is measured without a flood for comparison. For each flood it also reports what the
flooding socket got back (messages, error codes, the close code). Prints figures; asserts
nothing.

Run: ``.venv/bin/python benchmarks/bench_flood.py [--frames 1000] [--history 60]
[--trials 5]``
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

import httpx
import websockets


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def start_server(data_dir: Path, port: int) -> subprocess.Popen[bytes]:
    env = {**os.environ, "CONNECT_ARENA_COMPUTER_DELAY": "0"}
    command = [sys.executable, "-m", "connect_arena.cli.app", "serve", "--port", str(port)]
    command += ["--data-dir", str(data_dir), "--log-level", "warning"]
    return subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL)


async def wait_ready(http: httpx.AsyncClient, process: subprocess.Popen[bytes]) -> None:
    for _ in range(300):
        if process.poll() is not None:
            raise SystemExit("the server exited")
        try:
            await http.get("/api/session")
            return
        except httpx.TransportError:
            await asyncio.sleep(0.1)
    raise SystemExit("the server did not start")


class Player:
    """A guest playing hot-seat tables over one WebSocket per table."""

    def __init__(self, http: httpx.AsyncClient, ws_base: str) -> None:
        self.http = http
        self.ws_base = ws_base
        self.csrf = ""

    async def sign_in(self) -> None:
        self.csrf = (await self.http.get("/api/session")).json()["csrf"]
        self.csrf = (await self.post("/api/guest", {}))["csrf"]

    async def post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        response = await self.http.post(path, json=body, headers={"x-csrf-token": self.csrf})
        response.raise_for_status()
        data: dict[str, Any] = response.json()
        return data

    async def table(self) -> int:
        body = {"game": "quinque", "options": {}, "seats": [{"kind": "me"}, {"kind": "me"}]}
        table_id: int = (await self.post("/api/tables", body))["table"]["id"]
        return table_id

    def connect(self, table_id: int) -> Any:
        cookie = "; ".join(f"{k}={v}" for k, v in self.http.cookies.items())
        url = f"{self.ws_base}/ws/tables/{table_id}"
        return websockets.connect(url, additional_headers={"Cookie": cookie}, compression=None)


async def next_state(ws: Any) -> dict[str, Any]:
    """Read until a state (alone or in an event); return it."""
    while True:
        message = json.loads(await ws.recv())
        if message["type"] == "state":
            return message
        if message["type"] == "event" and message.get("state"):
            state: dict[str, Any] = message["state"]
            return state


async def move(ws: Any, state: dict[str, Any], rng: random.Random) -> tuple[float, dict[str, Any]]:
    """Play a random legal move; the seconds until its event, and the new state."""
    seat, actions = next((s, a) for s, a in state["legal_actions"].items() if a)
    frame = {"type": "action", "seq": state["seq"] + 1, "action": rng.choice(actions)}
    frame["seat"] = int(seat)
    started = time.perf_counter()
    await ws.send(json.dumps(frame))
    while True:
        message = json.loads(await ws.recv())
        if message["type"] == "event" and message["seq"] == frame["seq"]:
            return time.perf_counter() - started, message["state"]
        if message["type"] == "error":
            raise SystemExit(f"move refused: {message}")


async def flood(ws_base: str, table_id: int, frames: int) -> tuple[asyncio.Task[Any], Any]:
    """Open an anonymous socket and send the frames; returns the reader task and socket."""
    ws = await websockets.connect(f"{ws_base}/ws/tables/{table_id}", compression=None)

    async def read() -> tuple[int, Counter[str], int | None]:
        count, codes = 0, Counter[str]()
        try:
            async for raw in ws:
                count += 1
                message = json.loads(raw)
                if message["type"] == "error":
                    codes[message["code"]] += 1
        except websockets.ConnectionClosed:
            pass
        return count, codes, ws.close_code

    reader = asyncio.create_task(read())
    frame = json.dumps({"type": "sync", "since": 0})
    for _ in range(frames):
        await ws.send(frame)
    return reader, ws


async def run(base: str, frames: int, history: int, trials: int) -> None:
    ws_base = base.replace("http://", "ws://")
    rng = random.Random(1)
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        alice = Player(http, ws_base)
        await alice.sign_in()
        flooded, measured = await alice.table(), await alice.table()
        async with alice.connect(flooded) as ws:
            state = await next_state(ws)
            for _ in range(history):
                if state["terminal"]:
                    break
                _delay, state = await move(ws, state, rng)
                await asyncio.sleep(0.12)  # a person's pace: within the frame rate limit
        print(f"flooded table: {state['seq']} actions of history")
        async with alice.connect(measured) as ws:
            state = await next_state(ws)
            quiet = []
            for _ in range(trials):
                delay, state = await move(ws, state, rng)
                quiet.append(delay)
            flooded_delays = []
            for trial in range(trials):
                reader, flooder = await flood(ws_base, flooded, frames)
                delay, state = await move(ws, state, rng)
                flooded_delays.append(delay)
                try:
                    count, codes, close = await asyncio.wait_for(reader, 60)
                except TimeoutError:
                    count, codes, close = -1, Counter(), None
                await flooder.close()
                print(
                    f"flood {trial + 1}: move delay {delay * 1000:7.1f} ms; the flooder got "
                    f"{count} messages, errors {dict(codes)}, close code {close}"
                )
                await asyncio.sleep(1.0)  # the per-address allowance refills
    print(
        f"move delay without a flood: median {statistics.median(quiet) * 1000:.1f} ms, "
        f"max {max(quiet) * 1000:.1f} ms"
    )
    median, worst = statistics.median(flooded_delays), max(flooded_delays)
    print(
        f"move delay during a {frames}-frame flood: median {median * 1000:.1f} ms, "
        f"max {worst * 1000:.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--frames", type=int, default=1000)
    parser.add_argument("--history", type=int, default=60, help="moves of the flooded table")
    parser.add_argument("--trials", type=int, default=5)
    args = parser.parse_args()
    port = free_port()
    with tempfile.TemporaryDirectory() as data_dir:
        process = start_server(Path(data_dir), port)
        try:

            async def ready() -> None:
                async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}") as http:
                    await wait_ready(http, process)

            asyncio.run(ready())
            asyncio.run(run(f"http://127.0.0.1:{port}", args.frames, args.history, args.trials))
        finally:
            process.kill()
            process.wait(10)


if __name__ == "__main__":
    main()
