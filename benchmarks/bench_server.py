"""Load benchmark of the web server: N concurrent Quinque tables of computer players over
WebSockets on loopback, bounded in time.

It starts ``connect-arena serve`` on a fresh SQLite database in a temporary directory, signs up
two guests per table, opens the tables and connects every player's WebSocket. Each player is a
bot that, when the server's state gives it legal actions, waits a think time and sends a random
one with the seq it claims; the move→broadcast latency is the time from sending the action to
receiving its event (with the new state) on the same socket. Finished games are replaced by new
tables so that the load stays constant. Prints figures; asserts nothing.

Run: ``.venv/bin/python benchmarks/bench_server.py [--tables 50 200] [--seconds 20]
[--think 0.3]`` (``--think 0`` measures saturation: every table always has a move in flight).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets

OPTIONS: dict[str, Any] = {}
"""The default Quinque (18 parachutes, 9 tiles): random games last about 110 actions."""


@dataclass
class Stats:
    """What the bots measured."""

    latencies: list[float] = field(default_factory=list)
    accepted: int = 0
    errors: int = 0
    games: int = 0
    measuring: bool = False


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def start_server(data_dir: Path, port: int) -> subprocess.Popen[bytes]:
    env = {
        **os.environ,
        "CONNECT_ARENA_SIGNUP_LIMIT": "1000000/1",
        # Every bot connects from 127.0.0.1: lift the per-address frame limit.
        "CONNECT_ARENA_WS_ADDRESS_LIMIT": "1000000/1",
        "CONNECT_ARENA_COMPUTER_DELAY": "0",
    }
    command = [sys.executable, "-m", "connect_arena.cli.app", "serve", "--port", str(port)]
    command += ["--data-dir", str(data_dir), "--log-level", "warning"]
    return subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL)


async def wait_ready(base: str, process: subprocess.Popen[bytes]) -> None:
    async with httpx.AsyncClient(base_url=base) as client:
        for _ in range(300):
            if process.poll() is not None:
                raise SystemExit("the server exited")
            try:
                await client.get("/api/session")
                return
            except httpx.TransportError:
                await asyncio.sleep(0.1)
    raise SystemExit("the server did not start")


class Guest:
    """A guest account with its own cookies."""

    def __init__(self, base: str) -> None:
        # Idle connections are dropped before uvicorn's 5 s keep-alive timeout closes them.
        limits = httpx.Limits(keepalive_expiry=1.0)
        self.http = httpx.AsyncClient(base_url=base, timeout=30, limits=limits)
        self.csrf = ""

    async def sign_in(self) -> None:
        self.csrf = (await self.http.get("/api/session")).json()["csrf"]
        self.csrf = (await self.post("/api/guest", {}))["csrf"]

    async def post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        response = await self.http.post(path, json=body, headers={"x-csrf-token": self.csrf})
        response.raise_for_status()
        data: dict[str, Any] = response.json()
        return data

    def cookie(self) -> str:
        return "; ".join(f"{k}={v}" for k, v in self.http.cookies.items())


async def open_table(red: Guest, blue: Guest) -> int:
    seats = [{"kind": "me"}, {"kind": "open"}]
    body = {"game": "quinque", "options": OPTIONS, "seats": seats}
    table_id: int = (await red.post("/api/tables", body))["table"]["id"]
    await blue.post(f"/api/tables/{table_id}/join", {"seat": 1})
    return table_id


async def bot(
    guest: Guest, table_id: int, ws_base: str, think: float, stats: Stats, rng: random.Random
) -> None:
    """Play one seat of one table until the game ends."""
    url = f"{ws_base}/ws/tables/{table_id}"
    sent: dict[int, float] = {}
    headers = {"Cookie": guest.cookie()}
    async with websockets.connect(url, additional_headers=headers, compression=None) as ws:
        async for raw in ws:
            message = json.loads(raw)
            kind = message["type"]
            if kind == "error":
                stats.errors += 1
                continue
            if kind == "event" and message["seq"] in sent and stats.measuring:
                stats.latencies.append(time.perf_counter() - sent.pop(message["seq"]))
                stats.accepted += 1
            state = message.get("state") if kind == "event" else message
            if kind not in ("event", "state") or state is None:
                continue
            if state["terminal"]:
                return
            for seat, actions in state["legal_actions"].items():
                if int(seat) in state["to_move"] and actions:
                    if think:
                        await asyncio.sleep(rng.expovariate(1 / think))
                    seq = state["seq"] + 1
                    sent[seq] = time.perf_counter()
                    frame = {"type": "action", "seq": seq, "action": rng.choice(actions)}
                    await ws.send(json.dumps(frame))


async def table_loop(
    pair: tuple[Guest, Guest], ws_base: str, think: float, stats: Stats, deadline: float, n: int
) -> None:
    """Keep one table busy until the deadline, opening a new one when a game ends."""
    rng = random.Random(n)
    while time.perf_counter() < deadline:
        table_id = await open_table(*pair)
        players = [bot(guest, table_id, ws_base, think, stats, rng) for guest in pair]
        remaining = deadline - time.perf_counter()
        try:
            await asyncio.wait_for(asyncio.gather(*players), timeout=max(remaining, 0.01))
            stats.games += 1
        except TimeoutError:
            return


async def run(base: str, tables: int, seconds: float, think: float, warmup: float) -> Stats:
    ws_base = base.replace("http://", "ws://")
    guests = [Guest(base) for _ in range(2 * tables)]
    for start in range(0, len(guests), 50):
        await asyncio.gather(*(g.sign_in() for g in guests[start : start + 50]))
    stats = Stats()
    gc.collect()
    gc.freeze()  # fewer and shorter collector pauses in the measuring client
    deadline = time.perf_counter() + warmup + seconds
    pairs = [(guests[2 * i], guests[2 * i + 1]) for i in range(tables)]
    loops = [table_loop(p, ws_base, think, stats, deadline, i) for i, p in enumerate(pairs)]

    async def measure() -> None:
        await asyncio.sleep(warmup)
        stats.measuring = True

    await asyncio.gather(measure(), *loops)
    for guest in guests:
        await guest.http.aclose()
    return stats


def percentile(values: list[float], fraction: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[50, 200])
    parser.add_argument("--seconds", type=float, default=20.0, help="measured time per run")
    parser.add_argument("--warmup", type=float, default=3.0, help="unmeasured start per run")
    parser.add_argument("--think", type=float, default=0.3, help="mean think time (s) per move")
    args = parser.parse_args()
    print(f"Quinque tables of two bots, think time ~{args.think:g} s, SQLite, loopback")
    print(
        f"{'tables':>6} {'moves':>7} {'moves/s':>8} {'p50 ms':>7} {'p99 ms':>7} "
        f"{'max ms':>7} {'games':>6} {'errors':>6}"
    )
    for tables in args.tables:
        with tempfile.TemporaryDirectory() as data_dir:
            port = free_port()
            process = start_server(Path(data_dir), port)
            base = f"http://127.0.0.1:{port}"
            try:
                asyncio.run(wait_ready(base, process))
                stats = asyncio.run(run(base, tables, args.seconds, args.think, args.warmup))
            finally:
                process.terminate()
                process.wait(10)
        ms = [1000 * value for value in stats.latencies]
        print(
            f"{tables:>6} {stats.accepted:>7} {stats.accepted / args.seconds:>8.0f} "
            f"{statistics.median(ms) if ms else float('nan'):>7.1f} {percentile(ms, 0.99):>7.1f} "
            f"{max(ms, default=float('nan')):>7.1f} {stats.games:>6} {stats.errors:>6}",
            flush=True,
        )


if __name__ == "__main__":
    main()
