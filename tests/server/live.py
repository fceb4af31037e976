"""The real server in a child process (``connect-arena serve``), for crash and browser tests."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextmanager
def server(data_dir: Path, port: int) -> Iterator[subprocess.Popen[bytes]]:
    """``connect-arena serve`` in a child process, ready to answer."""
    env = {
        **os.environ,
        "CONNECT_ARENA_COMPUTER_WORKERS": "0",
        "CONNECT_ARENA_COMPUTER_DELAY": "0",
    }
    command = [sys.executable, "-m", "connect_arena.cli.app", "serve"]
    options = ["--port", str(port), "--data-dir", str(data_dir), "--log-level", "warning"]
    process = subprocess.Popen([*command, *options], env=env, stdout=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 90  # a start took 30+ s at load 12 (session 41)
        while True:
            try:
                httpx.get(f"http://127.0.0.1:{port}/api/session", timeout=1)
                break
            except httpx.TransportError:
                assert process.poll() is None, "the server exited"
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.1)
        yield process
    finally:
        if process.poll() is None:
            process.kill()
        process.wait(10)
