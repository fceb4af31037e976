"""Throwaway launcher (session 47, issue 25): the arena's app on Granian instead of uvicorn,
with ``connect-arena serve``'s environment, for ``bench_server.py --runner granian``.

Usage: ``python s47_granian_serve.py --port P --data-dir D [--log-level L] [--runtime-threads N]
[--task-impl asyncio|rust]`` (defaults from ``S47_RUNTIME_THREADS``, ``S47_TASK_IMPL``).
One worker process (Granian's main process supervises it; the benchmark sums the CPU of the
process tree), the ASGI interface with lifespan, WebSockets on, backpressure lifted above the
benchmark's 1,000+ sockets (Granian's default is backlog/workers = 1,024 concurrent requests,
each socket holding one). uvicorn's settings it cannot mirror: the 64 KiB frame limit (Granian
keeps tungstenite's defaults) and declining permessage-deflate (Granian never offers it).
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from granian.constants import Interfaces, Loops, TaskImpl
from granian.log import LogLevels
from granian.server import Server

from connect_arena.cli.serve import APP_FACTORY


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--data-dir", type=Path, required=True)
    parser.add_argument("--log-level", default="warning")
    parser.add_argument(
        "--runtime-threads", type=int, default=int(os.environ.get("S47_RUNTIME_THREADS", "1"))
    )
    parser.add_argument("--task-impl", default=os.environ.get("S47_TASK_IMPL", "asyncio"))
    args = parser.parse_args()
    os.environ["CONNECT_ARENA_DATA_DIR"] = str(args.data_dir.resolve())
    os.environ.setdefault("CONNECT_ARENA_COMPUTER_WORKERS", "1")
    os.environ.setdefault("CONNECT_ARENA_PUBLIC_URL", f"http://localhost:{args.port}")
    Server(
        APP_FACTORY,
        address=args.host,
        port=args.port,
        interface=Interfaces.ASGI,
        workers=1,
        runtime_threads=args.runtime_threads,
        loop=Loops.auto,
        task_impl=TaskImpl(args.task_impl),
        websockets=True,
        backlog=4096,
        backpressure=100_000,
        log_level=LogLevels(args.log_level),
        factory=True,
    ).serve()


if __name__ == "__main__":
    main()
