"""CPU of one batch of appends on PostgreSQL, on the thread that writes it (issue 25, s49).

``SqlStorage._write_batch`` called directly, batch after batch, on a throwaway durable
PostgreSQL (``tests/scale/services.py``): for each batch size, ``--batches`` batches of
appends that end no game (each on its own table), measured with ``time.thread_time()``
(the calling thread: SQLAlchemy, the pool, psycopg and libpq all run on it). The event loop,
the acknowledgements and the window are left out: this is the database thread's fixed cost
per batch and its cost per action. Prints µs of CPU per batch and per action.

Run from the pgappend worktree, alternating the code under test:
``PYTHONPATH=<tree>/src .venv/bin/python
benchmarks/results/server_profile/s49_pgappend/write_batch_cpu.py [--batches 1500]``.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[4]))
from tests.scale.services import postgres

from connect_arena.server.db import SqlStorage, make_engine, run_migrations
from connect_arena.server.db import storage as storage_module
from connect_arena.service import LogEntry, Seat, SeatKind


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--batches", type=int, default=1500)
    parser.add_argument("--sizes", type=int, nargs="+", default=[1, 2, 5, 10])
    args = parser.parse_args()
    print(f"storage: {storage_module.__file__}")
    with postgres(durable=True) as server:
        engine = make_engine(server.create_database("bench"))
        run_migrations(engine)
        db = SqlStorage(engine)

        async def tables() -> list[int]:
            user = await db.create_user("bench", None)
            seats = [Seat(0, SeatKind.HUMAN, user.id, "bench"), Seat(1)]
            return [
                (await db.create_table("quinque", {}, seats, user.id, n)).id
                for n in range(max(args.sizes))
            ]

        ids = asyncio.run(tables())
        seqs = dict.fromkeys(ids, 0)

        def batch(size: int) -> list[Any]:
            items = []
            for table_id in ids[:size]:
                seqs[table_id] += 1
                entry = LogEntry(seqs[table_id], 0, f"add T0,0 0,{seqs[table_id]}")
                items.append(
                    storage_module._Append(table_id, entry, None, None, None, None, None, None)  # type: ignore[arg-type]
                )
            return items

        for size in args.sizes:
            for _ in range(50):  # warm up: connections, caches, prepared statements
                assert db._write_batch(batch(size)) == [None] * size
            cpu = 0.0
            for _ in range(args.batches):
                items = batch(size)
                start = time.thread_time()
                errors = db._write_batch(items)
                cpu += time.thread_time() - start
                assert errors == [None] * size
            per_batch = cpu / args.batches * 1e6
            print(
                f"batch {size:>3}: {per_batch:7.0f} µs a batch, "
                f"{per_batch / size:6.0f} µs an action"
            )
        db.close()


if __name__ == "__main__":
    main()
