"""Memory soak of the web server: ``bench_server``'s bot tables (100 by default, on SQLite)
for a long time, with the server's resident memory sampled and ``tracemalloc`` heap snapshots.

The server runs under a small launcher (:data:`LAUNCHER`) that runs ``connect-arena serve``,
starts ``tracemalloc`` after ``--trace-after`` seconds (``--frames`` deep, 2 by default:
tracing the start-up and 25 frames slowed a loaded server past the clients' 30 s timeouts)
and dumps a snapshot every ``--snapshot`` seconds. At the end the script prints the resident
memory curve (every ``--sample`` seconds, from ``bench_server``) and, comparing the first
snapshot with the last, the 15 allocating lines whose live memory grew the most: a cache
that is never bounded shows there. ``tracemalloc`` slows the server and adds its own memory,
so the RSS figures are higher than without it; the traced figure is the Python heap only.

Run: ``.venv/bin/python benchmarks/soak_memory.py [--tables 100] [--minutes 30]
[--sample 60] [--snapshot 300] [--think 1] [--frames 2] [--trace-after 180]``. Prints
figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

import httpx
import websockets

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench_server

LAUNCHER = """
import os, sys, threading, time, tracemalloc
folder, every = os.environ["SOAK_SNAPSHOTS"], float(os.environ["SOAK_EVERY"])
def dump():
    time.sleep(float(os.environ["SOAK_DELAY"]))
    tracemalloc.start(int(os.environ["SOAK_FRAMES"]))
    n = 0
    while True:
        time.sleep(every)
        traced, _peak = tracemalloc.get_traced_memory()
        tracemalloc.take_snapshot().dump(os.path.join(folder, f"{n:04d}.snap"))
        with open(os.path.join(folder, "traced.txt"), "a") as out:
            out.write(f"{n} {traced}\\n")
        n += 1
threading.Thread(target=dump, daemon=True).start()
from connect_arena.cli.app import main
sys.argv = ["connect-arena", *sys.argv[1:]]
main()
"""
"""Runs ``connect-arena serve`` (its arguments) under ``tracemalloc``, dumping snapshots."""


def start_traced(folder: Path, every: float, frames: int, delay: float) -> None:
    """Make ``bench_server`` start its server under :data:`LAUNCHER`."""

    def start_server(data_dir: Path, port: int, env: dict[str, str]) -> subprocess.Popen[bytes]:
        command = [sys.executable, "-c", LAUNCHER, "serve", "--port", str(port)]
        command += ["--data-dir", str(data_dir), "--log-level", "warning"]
        extra = {
            "SOAK_SNAPSHOTS": str(folder),
            "SOAK_EVERY": str(every),
            "SOAK_FRAMES": str(frames),
            "SOAK_DELAY": str(delay),
        }
        return subprocess.Popen(
            command, env={**os.environ, **env, **extra}, stdout=subprocess.DEVNULL
        )

    bench_server.start_server = start_server
    bench_server.START_SECONDS = 600.0  # imports are slow under tracemalloc
    bench_server.table_loop = patient_table_loop


_table_loop = bench_server.table_loop


async def patient_table_loop(
    pair: tuple[bench_server.Guest, bench_server.Guest],
    think: float,
    stats: bench_server.Stats,
    deadline: float,
    n: int,
) -> None:
    """``bench_server``'s table loop, going on after a request timed out or a socket broke
    (counted as errors): on a shared machine a traced server can be starved for 30 s, and a
    soak must keep its load rather than lose a table for good."""
    while time.perf_counter() < deadline:
        try:
            await _table_loop(pair, think, stats, deadline, n)
            return
        except (httpx.HTTPError, OSError, websockets.exceptions.WebSocketException):
            stats.errors += 1
            await asyncio.sleep(1.0)


def report(folder: Path) -> None:
    """Print the traced heap per snapshot and the allocations that grew most."""
    found = folder / "traced.txt"
    traced = found.read_text().split("\n") if found.exists() else []
    print("snapshot  traced heap MiB")
    for line in filter(None, traced):
        n, size = line.split()
        print(f"{int(n):8d}  {int(size) / 2**20:10.1f}")
    snaps = sorted(folder.glob("*.snap"))
    if len(snaps) < 2:
        print("fewer than two snapshots: nothing to compare")
        return
    ignore = [tracemalloc.Filter(False, tracemalloc.__file__)]
    first = tracemalloc.Snapshot.load(str(snaps[0])).filter_traces(ignore)
    last = tracemalloc.Snapshot.load(str(snaps[-1])).filter_traces(ignore)
    print(f"growth from {snaps[0].name} to {snaps[-1].name}, by allocating line:")
    for stat in last.compare_to(first, "lineno")[:15]:
        print(f"  {stat.size_diff / 1024:+9.0f} KiB {stat.count_diff:+8d} blocks  {stat.traceback}")
    print("the three largest growths by full traceback (innermost project frames):")
    for stat in last.compare_to(first, "traceback")[:3]:
        print(f"  {stat.size_diff / 1024:+9.0f} KiB")
        frames = [f for f in stat.traceback if "connect_arena" in f.filename][-6:]
        for frame in frames:
            print(f"      {frame.filename}:{frame.lineno}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--minutes", type=float, default=30.0)
    parser.add_argument("--sample", type=float, default=60.0, help="RSS every S seconds")
    parser.add_argument("--snapshot", type=float, default=300.0, help="heap every S seconds")
    parser.add_argument("--think", type=float, default=1.0, help="mean think time (s)")
    parser.add_argument("--frames", type=int, default=2, help="traceback depth traced")
    parser.add_argument(
        "--trace-after", type=float, default=180.0, help="start tracing after S seconds"
    )
    parser.add_argument("--clients", type=int, default=1)
    parser.add_argument("--keep", type=Path, help="keep the snapshots in this folder")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as temporary:
        folder = options.keep or Path(temporary)
        folder.mkdir(parents=True, exist_ok=True)
        start_traced(folder, options.snapshot, options.frames, options.trace_after)
        args = argparse.Namespace(
            seconds=options.minutes * 60,
            warmup=10.0,
            think=options.think,
            database="sqlite",
            sample=options.sample,
            clients=options.clients,
        )
        print(
            f"soak: {options.tables} Quinque bot tables, SQLite, {options.minutes:g} min, "
            "server under tracemalloc; columns as in bench_server",
            flush=True,
        )
        bench_server.measure(args, options.tables, 1)
        report(folder)


if __name__ == "__main__":
    main()
