"""Memory a process holds for the running tables it has no interest in, before and after it
lets their games go (``CONNECT_ARENA_RELEASE_AFTER``, ``docs/scaling.md``), and what reading a
game back costs.

A first match service plays ``--tables`` Quinque tables ``--actions`` actions each (random
legal actions, both seats one user's) on a throwaway PostgreSQL (durable defaults) and Redis.
A second service then starts on the same database and Redis, as a process does after a
restart or a deployment: it loads every running table, whole. Measured in that second service
(``tracemalloc``: the Python objects allocated since just before it started):

* the memory held once the tables are loaded, and once its first review let go of the games
  it has no interest in (all of them: nobody watches there);
* reading a game back on use (``TableRegistry.get``: the log read from PostgreSQL, replayed
  off the event loop): wall time, median and p90, and the process's CPU each;
* a review of the tables' interest once nothing is left to let go: CPU per table.

Prints figures; asserts nothing. All services run in this Python process.

Run: ``.venv/bin/python benchmarks/bench_release.py [--tables 300] [--actions 80]``
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import random
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tests.scale.services import postgres, redis_server  # noqa: E402

from connect_arena.server.coordination import RedisCoordinator  # noqa: E402
from connect_arena.server.db import SqlStorage, make_engine, run_migrations  # noqa: E402
from connect_arena.service import MatchService, ServiceConfig  # noqa: E402
from connect_arena.service.model import SeatRequest, User  # noqa: E402

MiB = 1024 * 1024


async def play(service: MatchService, user: User, actions: int, rng: random.Random) -> int:
    """One table where ``user`` holds both seats, played ``actions`` random actions (fewer if
    the game ends first); its id."""
    seats = [SeatRequest("me"), SeatRequest("me")]
    info = await service.create_table(user, "quinque", seats)
    table = service.tables[info.id]
    for _ in range(actions):
        state = table.state
        if state is None or state.is_terminal() or info.id not in service.tables:
            break
        seat = min(state.active_players())
        action = str(rng.choice(state.legal_actions(seat)))
        await service.submit(info.id, user.id, table.seq + 1, action, seat)
    return info.id


def traced() -> int:
    """Bytes of Python objects allocated since ``tracemalloc.start()`` and still alive."""
    gc.collect()
    return tracemalloc.get_traced_memory()[0]


async def measure(url: str, redis_url: str, tables: int, actions: int) -> None:
    """Play ``tables`` tables of ``actions`` actions on one service, start a second on the
    same database (``url``) and Redis, and print what the module docstring lists."""
    engine = make_engine(url)
    await asyncio.to_thread(run_migrations, engine)
    first_storage, second_storage = SqlStorage(make_engine(url)), SqlStorage(make_engine(url))
    never = ServiceConfig(computer_workers=0, computer_delay=0, release_after=1e9)
    first = MatchService(first_storage, never, RedisCoordinator(redis_url))
    await first.start()
    made = await first_storage.create_user("player", None)
    user = User(made.id, made.name)
    rng = random.Random(1)
    ids: list[int] = []
    for start in range(0, tables, 50):  # 50 tables at once: the group commit batches them
        batch = range(start, min(tables, start + 50))
        ids += await asyncio.gather(*(play(first, user, actions, rng) for _ in batch))
    running = [i for i in ids if i in first.tables]
    held_actions = sum(first.tables[i].seq for i in running)
    print(
        f"{len(running)} running Quinque tables, {held_actions} actions "
        f"({held_actions / max(1, len(running)):.1f} a table)",
        flush=True,
    )

    config = ServiceConfig(computer_workers=0, computer_delay=0, release_after=0.0)
    second = MatchService(second_storage, config, RedisCoordinator(redis_url))
    tracemalloc.start()
    before = traced()
    await second.start()  # loads every running table, whole
    loaded = traced() - before
    cluster = second.cluster
    assert cluster is not None
    # Its start took each table's lease (to resume its game) and followed it: the reviews,
    # every second, stop following once the lease lapses, then let the game go.
    waited = time.perf_counter()
    while len(cluster.replicas()["described"]) < len(running):
        await asyncio.sleep(0.1)
        if time.perf_counter() - waited > 60:
            break
    kept = traced() - before
    tracemalloc.stop()
    described = len(cluster.replicas()["described"])
    count = max(1, len(running))
    print(
        f"second process, every table loaded: {loaded / MiB:.2f} MiB "
        f"({loaded / count / 1024:.1f} KiB a table)\n"
        f"{time.perf_counter() - waited:.1f} s later, {described} games let go: "
        f"{kept / MiB:.2f} MiB ({kept / count / 1024:.1f} KiB a table)",
        flush=True,
    )

    walls, cpus = [], []
    for table_id in running[:100]:
        wall, cpu = time.perf_counter(), time.process_time()
        await second.registry.get(table_id)
        walls.append((time.perf_counter() - wall) * 1000)
        cpus.append((time.process_time() - cpu) * 1000)
    walls.sort()
    print(
        f"a game read back on use ({len(walls)} tables): wall median {statistics.median(walls):.2f}"
        f" ms, p90 {walls[int(len(walls) * 0.9)]:.2f} ms; CPU median "
        f"{statistics.median(cpus):.2f} ms",
        flush=True,
    )
    for table_id in running[:100]:  # the viewers left: let them go again
        for subscriber in second.tables[table_id].subscribers:
            subscriber.close()
    await cluster.review()
    cpu = time.process_time()
    rounds = 20
    for _ in range(rounds):
        await cluster.review()
    per_table = (time.process_time() - cpu) / rounds / max(1, len(second.tables)) * 1e6
    print(f"a review with nothing to let go: {per_table:.1f} us of CPU a table", flush=True)
    for service, storage in ((second, second_storage), (first, first_storage)):
        await service.close()
        storage.close()
    engine.dispose()


def main() -> None:
    """Parse the options; run :func:`measure` on a throwaway PostgreSQL and Redis."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=300)
    parser.add_argument("--actions", type=int, default=80, help="actions a table, at most")
    args = parser.parse_args()
    with postgres(durable=True) as server, redis_server() as redis:
        url = server.create_database("release")
        asyncio.run(measure(url, redis.url(0), args.tables, args.actions))


if __name__ == "__main__":
    main()
