"""The group commit under a busy event loop (issue 25: the `stored` phase of a move).

One process, the SQL storage on a fresh SQLite file (WAL, ``synchronous=NORMAL``): N tables,
each a task that thinks (an exponential sleep, mean ``--think`` s), then keeps the event loop
busy for ``--work`` ms (standing in for the engine, the JSON and the sends of a move in a
server), then appends one action and waits for its acknowledgement. It measures what a server's
``stored`` phase measures: from the append to the acknowledged commit, with the event loop's
own lag (a 10 ms timer) beside it, and the process's CPU time (all threads) per append. Unlike
``bench_server.py`` it has no load generator and no sockets, so its figures depend much less on
the other jobs sharing the machine; run the code to compare with ``PYTHONPATH=<its src>``.
Prints figures; asserts nothing.

Run: ``.venv/bin/python benchmarks/bench_group_commit.py [--tables 500] [--seconds 15]
[--think 0.3] [--work 0.3] [--database sqlite|postgres]``
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from connect_arena.server.db import SqlStorage, make_engine, run_migrations
from connect_arena.server.db import storage as storage_module
from connect_arena.service import LogEntry, Seat, SeatKind

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tests.scale.services import postgres  # noqa: E402


def busy(seconds: float) -> None:
    """Keep this thread (and the GIL) busy, as a move's own work on the event loop does."""
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        sum(range(50))


def quantile(values: list[float], q: float) -> float:
    """The q-quantile of ``values`` (nearest rank), 0 when empty."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def run(args: argparse.Namespace, url: str) -> None:
    engine = make_engine(url)
    run_migrations(engine)
    batches: list[int] = []
    db = SqlStorage(engine, on_batch=batches.append)
    writes: list[float] = []
    write_batch = db._write_batch

    def timed_write(batch: list[Any]) -> list[Exception | None]:
        started = time.perf_counter()
        try:
            return write_batch(batch)
        finally:
            if measuring:
                writes.append(time.perf_counter() - started)

    db._write_batch = timed_write  # type: ignore[method-assign]
    user = await db.create_user("bench", None)
    seats = [Seat(0, SeatKind.HUMAN, user.id, "bench"), Seat(1)]
    tables = [
        (await db.create_table("quinque", {}, seats, user.id, n)).id for n in range(args.tables)
    ]
    stored: list[float] = []
    lags: list[float] = []
    measuring = False
    stop = False

    async def table(table_id: int) -> None:
        seq = 0
        rng = random.Random(table_id)
        while not stop:
            await asyncio.sleep(rng.expovariate(1 / args.think))
            busy(args.work / 1000)
            seq += 1
            started = time.perf_counter()
            await db.append_action(table_id, LogEntry(seq, seq % 2, f"add T0,0 0,{seq}"))
            if measuring:
                stored.append(time.perf_counter() - started)

    async def lag() -> None:
        while not stop:
            due = time.perf_counter() + 0.01
            await asyncio.sleep(0.01)
            if measuring:
                lags.append(time.perf_counter() - due)

    tasks = [asyncio.create_task(table(t)) for t in tables] + [asyncio.create_task(lag())]
    await asyncio.sleep(args.warmup)
    measuring = True
    batches.clear()
    cpu, wall = time.process_time(), time.perf_counter()
    await asyncio.sleep(args.seconds)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    measuring = False
    moves = len(stored)
    stop = True
    await asyncio.gather(*tasks)
    db.close()
    print(
        f"{args.tables:>6} {args.work:>5.2f} {moves / wall:>8.0f} "
        f"{1000 * statistics.median(stored):>7.1f} {1000 * quantile(stored, 0.99):>7.1f} "
        f"{1000 * max(stored):>7.1f} {1000 * quantile(lags, 0.99):>7.1f} "
        f"{1000 * cpu / max(1, moves):>7.3f} {sum(batches) / max(1, len(batches)):>6.1f} "
        f"{1000 * quantile(writes, 0.5):>7.2f} {1000 * quantile(writes, 0.99):>7.2f} "
        f"{1000 * max(writes, default=0):>7.1f}",
        flush=True,
    )


@contextmanager
def database(kind: str) -> Iterator[str]:
    """A fresh database's URL."""
    if kind == "postgres":
        with postgres(durable=True) as server:
            yield server.create_database("bench")
        return
    with tempfile.TemporaryDirectory() as folder:
        yield f"sqlite:///{Path(folder) / 'arena.sqlite3'}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--warmup", type=float, default=3.0)
    parser.add_argument("--think", type=float, default=0.3, help="mean think time (s)")
    parser.add_argument("--work", type=float, default=0.3, help="loop work per move (ms)")
    parser.add_argument("--database", choices=["sqlite", "postgres"], default="sqlite")
    args = parser.parse_args()
    print(f"storage: {storage_module.__file__}; {args.database}")
    print(
        f"{'tables':>6} {'work':>5} {'moves/s':>8} {'p50 ms':>7} {'p99 ms':>7} {'max ms':>7} "
        f"{'lag p99':>7} {'cpu ms':>7} {'batch':>6} {'w p50':>7} {'w p99':>7} {'w max':>7}"
        "\n(p50/p99/max: stored, from the append to its acknowledgement; lag: the event "
        "loop's; cpu: the process's, all threads, per append; batch: appends per transaction; "
        "w: one batch's transaction on the database thread, ms)"
    )
    with database(args.database) as url:
        asyncio.run(run(args, url))


if __name__ == "__main__":
    main()
