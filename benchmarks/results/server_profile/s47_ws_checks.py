"""What the arena's sockets rely on, checked on a running server (session 47): run it against
``connect-arena serve`` (uvicorn) and the Granian launcher and compare the lines.

Usage: ``python s47_ws_checks.py uvicorn|granian``. Starts the server on a fresh data directory,
then: the subprotocol answered when offered and none when not; a foreign Origin refused at the
handshake (HTTP 403); an unknown table closed with 1008 and its reason; a 20 KiB frame answered
with the handler's error; a 100 KiB frame (over uvicorn's 64 KiB limit, 1009); the client
address the rate limits see (``/metrics`` answers only loopback); the lifespan's start (an API
answer) and stop (exit code of SIGTERM, within 20 s).
"""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "benchmarks"))
from bench_server import free_port  # noqa: E402


async def checks(base: str) -> None:
    ws = base.replace("http://", "ws://")
    async with httpx.AsyncClient(base_url=base) as http:
        print("session", (await http.get("/api/session")).status_code)
        print("metrics from loopback", (await http.get("/metrics")).status_code)
    async with connect(f"{ws}/ws/lobby", subprotocols=["connect-arena.v1"]) as socket:
        print("subprotocol offered ->", socket.subprotocol)
    async with connect(f"{ws}/ws/lobby") as socket:
        print("none offered ->", socket.subprotocol)
    try:
        async with connect(f"{ws}/ws/lobby", origin="http://evil.example"):
            print("foreign origin: accepted (WRONG)")
    except InvalidStatus as error:
        print("foreign origin: HTTP", error.response.status_code)
    async with connect(f"{ws}/ws/tables/999999") as socket:
        print("unknown table first message", (await socket.recv())[:60])
        try:
            await socket.recv()
        except ConnectionClosed as closed:
            print(
                "unknown table close",
                closed.rcvd.code if closed.rcvd else None,
                closed.rcvd.reason if closed.rcvd else None,
            )
    async with connect(f"{ws}/ws/lobby", max_size=None) as socket:
        await socket.recv()
        await socket.send("x" * (20 * 1024))
        try:
            print("20 KiB frame ->", (await asyncio.wait_for(socket.recv(), 5))[:80])
        except ConnectionClosed as closed:
            print("20 KiB frame -> closed", closed.rcvd.code if closed.rcvd else None)
        except TimeoutError:
            print("20 KiB frame -> no answer in 5 s")
    async with connect(f"{ws}/ws/lobby", max_size=None) as socket:
        await socket.recv()
        await socket.send("x" * (100 * 1024))
        try:
            while True:
                answer = await asyncio.wait_for(socket.recv(), 5)
                print("100 KiB frame ->", answer[:80])
        except ConnectionClosed as closed:
            print("100 KiB frame -> closed", closed.rcvd.code if closed.rcvd else None)
        except TimeoutError:
            print("100 KiB frame -> no close in 5 s")


def main() -> None:
    runner = sys.argv[1]
    port = free_port()
    with tempfile.TemporaryDirectory() as data:
        if runner == "granian":
            command = [sys.executable, str(Path(__file__).with_name("s47_granian_serve.py"))]
        else:
            command = [sys.executable, "-m", "connect_arena.cli.app", "serve"]
        command += ["--port", str(port), "--data-dir", data, "--log-level", "warning"]
        server = subprocess.Popen(command, env={**os.environ, "CONNECT_ARENA_COMPUTER_DELAY": "0"})
        base = f"http://127.0.0.1:{port}"
        for _ in range(300):
            try:
                httpx.get(f"{base}/api/session")
                break
            except httpx.TransportError:
                time.sleep(0.1)
        try:
            asyncio.run(checks(base))
        finally:
            started = time.monotonic()
            server.send_signal(signal.SIGTERM)
            code = server.wait(30)
            print(f"SIGTERM -> exit {code} in {time.monotonic() - started:.1f} s")


if __name__ == "__main__":
    main()
