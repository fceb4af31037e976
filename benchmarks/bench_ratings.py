"""Benchmark of ratings: the end-of-game rating update and the leaderboard query at scale.

It fills a fresh database (SQLite in a temporary directory, or a throwaway PostgreSQL) with
``--users`` accounts (10,000) and ``--games`` finished, scored games (100,000: Quinque between
two players, and one in five a five-player Connect 5), rated one by one with OpenSkill as the
server does, the games spread over the last ``--days`` days (365) so that only part of the
players are active. Then it measures, through :class:`~connect_arena.server.db.rating_store.SqlRatings`
(the database thread included):

* the end-of-game update: scoring one new rated table (read the accounts' ratings, rate,
  write ratings, placings and the mark in one transaction), 2 and 5 players, and the pure
  OpenSkill computation alone;
* the leaderboard query (page 1 and page 20 of Quinque), with the database's plan
  (``EXPLAIN``): it must walk ``ix_ratings_leaderboard``, not scan and sort;
* a profile and a history page of a typical player.

Prints figures; asserts nothing.

Run: ``.venv/bin/python benchmarks/bench_ratings.py [--users 10000] [--games 100000]
[--database sqlite|postgres] [--repeat 200]``.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, insert

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tests.scale.services import postgres  # noqa: E402

from connect_arena.server.db import SqlStorage, make_engine, run_migrations  # noqa: E402
from connect_arena.server.db.models import (  # noqa: E402
    RatingRow,
    ScoredTableRow,
    SeatRow,
    TableRow,
    UserGameRow,
    UserRow,
)
from connect_arena.server.db.rating_store import HistoryFilter, SqlRatings  # noqa: E402
from connect_arena.service.ratings import (  # noqa: E402
    Outcome,
    Placing,
    Skill,
    apply_outcome,
    result_word,
)

CHUNK = 5_000


def placings(accounts: list[int], ranks: list[int]) -> tuple[Placing, ...]:
    """One seat per account, each its own side."""
    return tuple(
        Placing(seat, seat, account, rank, result_word(ranks, seat, len(ranks)))
        for seat, (account, rank) in enumerate(zip(accounts, ranks, strict=True))
    )


def fill(engine: Engine, users: int, games: int, days: int, seed: int = 7) -> int:
    """Fill the database; returns the next free table id."""
    rng = random.Random(seed)
    now = datetime.now(UTC)
    start = now - timedelta(days=days)
    with engine.begin() as connection:
        connection.execute(
            insert(UserRow),
            [
                {
                    "id": i,
                    "name": f"player{i}",
                    "name_key": f"player{i}",
                    "password_hash": "x",
                    "guest": False,
                    "created_at": start,
                    "bot": False,
                    "computer": False,
                }
                for i in range(1, users + 1)
            ],
        )
    skill = [0.5 + rng.random() for _ in range(users + 1)]  # hidden strengths: who wins
    ratings: dict[tuple[int, str], Skill] = {}
    last: dict[tuple[int, str], datetime] = {}
    tables: list[dict[str, Any]] = []
    seats: list[dict[str, Any]] = []
    marks: list[dict[str, Any]] = []
    rows: list[dict[str, Any]] = []

    def flush() -> None:
        with engine.begin() as connection:
            for model, batch in (
                (TableRow, tables),
                (SeatRow, seats),
                (ScoredTableRow, marks),
                (UserGameRow, rows),
            ):
                if batch:
                    connection.execute(insert(model), batch)
                batch.clear()

    for table_id in range(1, games + 1):
        finished = start + timedelta(seconds=days * 86_400 * table_id / games)
        many = table_id % 5 == 0
        game, count = ("connect5", 5) if many else ("quinque", 2)
        accounts = rng.sample(range(1, users + 1), count)
        order = sorted(accounts, key=lambda a: -skill[a] * rng.random())
        ranks = [order.index(a) + 1 for a in accounts]
        outcome = Outcome(
            table_id, game, finished, "normal", True, count, placings(accounts, ranks)
        )
        current = {a: ratings.get((a, game), Skill()) for a in accounts}
        rated, new = apply_outcome(outcome, current)
        for account, value in new.items():
            ratings[(account, game)] = value
            last[(account, game)] = finished
        tables.append(
            {
                "id": table_id,
                "game": game,
                "options": {},
                "num_players": count,
                "status": "finished",
                "created_by": accounts[0],
                "seed": table_id,
                "created_at": finished,
                "finished_at": finished,
                "returns": [1.0 if r == 1 else -1.0 for r in ranks],
                "settings": {"rated": True},
                "reason": "normal",
            }
        )
        marks.append(
            {
                "table_id": table_id,
                "game": game,
                "finished_at": finished,
                "reason": "normal",
                "rated": True,
                "sides": count,
            }
        )
        for p in rated.placings:
            assert p.before is not None and p.after is not None
            seats.append(
                {
                    "table_id": table_id,
                    "seat": p.seat,
                    "kind": "human",
                    "user_id": p.account,
                    "name": f"player{p.account}",
                    "bot": False,
                }
            )
            rows.append(
                {
                    "table_id": table_id,
                    "seat": p.seat,
                    "side": p.side,
                    "user_id": p.account,
                    "game": game,
                    "finished_at": finished,
                    "rated": True,
                    "rank": p.rank,
                    "result": p.result,
                    "mu_before": p.before.mu,
                    "sigma_before": p.before.sigma,
                    "games_before": p.before.games,
                    "mu": p.after.mu,
                    "sigma": p.after.sigma,
                    "rating": p.after.rating,
                    "change": p.change,
                }
            )
        if len(tables) >= CHUNK:
            flush()
    flush()
    with engine.begin() as connection:
        connection.execute(
            insert(RatingRow),
            [
                {
                    "user_id": account,
                    "game": game,
                    "mu": value.mu,
                    "sigma": value.sigma,
                    "rating": value.rating,
                    "games": value.games,
                    "last_game_at": last[(account, game)],
                }
                for (account, game), value in ratings.items()
            ],
        )
        if engine.dialect.name == "postgresql":
            connection.exec_driver_sql("ANALYZE")
            connection.exec_driver_sql(
                "SELECT setval('tables_id_seq', (SELECT max(id) FROM tables))"
            )
    return games + 1


async def timed(run: Callable[[], Awaitable[Any]], repeat: int) -> tuple[float, float]:
    """Median and 95th percentile of ``repeat`` runs, in milliseconds."""
    times = []
    for _ in range(repeat):
        began = time.perf_counter()
        await run()
        times.append((time.perf_counter() - began) * 1000)
    times.sort()
    return statistics.median(times), times[int(len(times) * 0.95) - 1]


async def measure_update(
    engine: Engine,
    ratings: SqlRatings,
    users: int,
    game: str,
    count: int,
    first_id: int,
    repeat: int,
    rng: random.Random,
) -> tuple[float, float, float]:
    """Score ``repeat`` new rated tables of ``count`` players (ids from ``first_id``): the
    median and p95 of one update in ms, and the OpenSkill computation alone in ms."""
    now = datetime.now(UTC)
    with engine.begin() as connection:
        connection.execute(
            insert(TableRow),
            [
                {
                    "id": i,
                    "game": game,
                    "options": {},
                    "num_players": count,
                    "status": "finished",
                    "created_by": 1,
                    "seed": i,
                    "created_at": now,
                    "finished_at": now,
                    "settings": {"rated": True},
                }
                for i in range(first_id, first_id + repeat)
            ],
        )
    ids = iter(range(first_id, first_id + repeat))

    def outcome() -> Outcome:
        accounts = rng.sample(range(1, users + 1), count)
        ranks = list(range(1, count + 1))
        rng.shuffle(ranks)
        return Outcome(next(ids), game, now, "normal", True, count, placings(accounts, ranks))

    async def record() -> None:
        fresh = outcome()
        stored = await ratings.record(fresh, lambda current: apply_outcome(fresh, current))
        assert stored is not None

    median, p95 = await timed(record, repeat)
    ranks = list(range(1, count + 1))
    sample = Outcome(0, game, now, "normal", True, count, placings(ranks, ranks))
    began = time.perf_counter()
    for _ in range(repeat):
        apply_outcome(sample, {})
    return median, p95, (time.perf_counter() - began) * 1000 / repeat


async def measure(engine: Engine, users: int, next_id: int, repeat: int) -> None:
    storage = SqlStorage(engine)
    ratings = SqlRatings(storage)
    rng = random.Random(11)
    try:
        plan = await ratings.explain_leaderboard("quinque")
        print("leaderboard plan:")
        for line in plan:
            print("   ", line)
        for page in (1, 20):
            board = await ratings.leaderboard("quinque", page, 50)
            median, p95 = await timed(lambda p=page: ratings.leaderboard("quinque", p, 50), repeat)
            print(
                f"leaderboard quinque page {page}: {len(board['players'])} players, "
                f"median {median:.2f} ms, p95 {p95:.2f} ms"
            )
        for count, game in ((2, "quinque"), (5, "connect5")):
            median, p95, alone = await measure_update(
                engine, ratings, users, game, count, next_id, repeat, rng
            )
            next_id += repeat
            print(
                f"rating update, {count} players: median {median:.2f} ms, p95 {p95:.2f} ms "
                f"(OpenSkill alone {alone:.3f} ms)"
            )
        user = await ratings.account("player42")
        assert user is not None
        median, p95 = await timed(lambda: ratings.profile(user), max(20, repeat // 10))
        print(f"profile of a player: median {median:.2f} ms, p95 {p95:.2f} ms")
        median, p95 = await timed(
            lambda: ratings.history(user.id, HistoryFilter(result="win"), 1, 20), repeat
        )
        print(f"history page (wins): median {median:.2f} ms, p95 {p95:.2f} ms")
    finally:
        storage.close()


@contextmanager
def database(kind: str) -> Iterator[str]:
    """A fresh, empty database's URL."""
    if kind == "postgres":
        with postgres(durable=True) as server:
            yield server.create_database("ratings")
        return
    with tempfile.TemporaryDirectory() as directory:
        yield f"sqlite:///{Path(directory) / 'ratings.sqlite3'}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--users", type=int, default=10_000)
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--days", type=int, default=365)
    parser.add_argument("--repeat", type=int, default=200)
    parser.add_argument("--database", choices=("sqlite", "postgres"), default="sqlite")
    args = parser.parse_args()
    with database(args.database) as url:
        engine = make_engine(url)
        run_migrations(engine)
        began = time.perf_counter()
        next_id = fill(engine, args.users, args.games, args.days)
        print(
            f"{args.database}: {args.users} users, {args.games} scored games "
            f"(filled in {time.perf_counter() - began:.0f} s)"
        )
        asyncio.run(measure(engine, args.users, next_id, args.repeat))


if __name__ == "__main__":
    main()
