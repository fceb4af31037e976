"""CPU per move of the cluster's code path, summed over match services: one service without
Redis, one with Redis (the deployment of several, alone), and two sharing PostgreSQL and Redis
(the moves made on the first, both players watching there; the second holds the replicas).

Each mode runs 12 Quinque games move after move on a fresh database of one throwaway
PostgreSQL (durable defaults) and Redis, all services in this Python process, so the CPU time
of this process is the services' sum (PostgreSQL's and Redis's own are not counted). Prints
figures; asserts nothing. Ratios are meaningful within one run only (the machine is shared).

Modes ``append1`` and ``append4`` measure the storage alone: CPU per action appended through
``SqlStorage.append_action`` when 1 or 4 tables append at once (one transaction each time: the
group commit's fixed cost per transaction against its cost per action).

Run: ``.venv/bin/python benchmarks/bench_cluster_cpu.py [--games 12] [one solo two append1
append4 ...]``
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tests.scale.services import postgres, redis_server  # noqa: E402

from connect_arena.server.coordination import RedisCoordinator  # noqa: E402
from connect_arena.server.db import SqlStorage, make_engine, run_migrations  # noqa: E402
from connect_arena.service import MatchService, ServiceConfig  # noqa: E402
from connect_arena.service.model import LogEntry, Seat, SeatKind, SeatRequest, User  # noqa: E402

_numbers = itertools.count(1)


async def play(service: MatchService, users: list[User], games: int, rng: random.Random) -> int:
    """Play ``games`` games on ``service`` with both players watching; the moves made."""
    moves = 0
    for _ in range(games):
        seats = [SeatRequest("me"), SeatRequest("open")]
        info = await service.create_table(users[0], "quinque", seats)
        await service.join(info.id, users[1], 1)
        watchers = [await service.watch(info.id, user.id) for user in users]
        table = service.tables[info.id]
        while info.id in service.tables and table.state is not None:
            state = table.state
            if state.is_terminal():
                break
            seat = min(state.active_players())
            action = str(rng.choice(state.legal_actions(seat)))
            await service.submit(info.id, users[seat].id, table.seq + 1, action, seat)
            moves += 1
            for watcher in watchers:  # read what a socket would send
                while watcher.pending():
                    await watcher.get()
    return moves


async def appends(database_url: str, together: int, rounds: int = 400) -> float:
    """CPU ms per action appended, ``together`` tables appending at once, ``rounds`` times."""
    engine = make_engine(database_url)
    await asyncio.to_thread(run_migrations, engine)
    storage = SqlStorage(engine)
    user = await storage.create_user("u", None)
    seats = [Seat(0, SeatKind.HUMAN, user.id, "u"), Seat(1)]
    tables = [await storage.create_table("quinque", {}, seats, user.id, n) for n in range(together)]
    started = time.process_time()
    for seq in range(1, rounds + 1):
        entry = LogEntry(seq, 0, "add T0,0 0,0")
        await asyncio.gather(*(storage.append_action(t.id, entry) for t in tables))
    spent = time.process_time() - started
    storage.close()
    return 1000 * spent / (rounds * together)


async def measure(database_url: str, redis_url: str, mode: str, games: int) -> float:
    """CPU ms per move of ``mode`` (``one``, ``solo`` or ``two``; per action for
    ``append1`` / ``append4``)."""
    if mode.startswith("append"):
        return await appends(database_url, int(mode.removeprefix("append")))
    engine = make_engine(database_url)
    await asyncio.to_thread(run_migrations, engine)
    config = ServiceConfig(computer_workers=0, computer_delay=0)
    count = 2 if mode == "two" else 1
    storages = [SqlStorage(make_engine(database_url)) for _ in range(count)]
    services = [
        MatchService(s, config, None if mode == "one" else RedisCoordinator(redis_url))
        for s in storages
    ]
    for service in services:
        await service.start()
    made = [await storages[0].create_user(f"u{i}", None) for i in range(2)]
    users = [User(user.id, user.name) for user in made]
    rng = random.Random(1)
    await play(services[0], users, 2, rng)  # warm-up: caches, connections
    started = time.process_time()
    moves = await play(services[0], users, games, rng)
    await asyncio.sleep(0.5)  # the second service reads the last messages
    spent = time.process_time() - started - 0.0
    for service, storage in zip(services, storages, strict=True):
        await service.close()
        storage.close()
    engine.dispose()
    return 1000 * spent / moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("modes", nargs="*", default=["one", "solo", "two"])
    parser.add_argument("--games", type=int, default=12)
    args = parser.parse_args()
    with postgres(durable=True) as server, redis_server() as redis:
        for mode in args.modes:
            url = server.create_database(f"cpu_{next(_numbers)}")
            figure = asyncio.run(measure(url, redis.url(0), mode, args.games))
            what = "action appended" if mode.startswith("append") else "move, all services"
            print(f"{mode:>5}: {figure:.3f} ms of CPU per {what}", flush=True)


if __name__ == "__main__":
    main()
