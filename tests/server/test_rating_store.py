"""The SQL rating store: several finished tables scored in one transaction, in order."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

from sqlalchemy import Connection
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from connect_arena.server.db import SqlStorage, make_engine, run_migrations
from connect_arena.server.db.rating_store import SqlRatings
from connect_arena.service import Seat, SeatKind
from connect_arena.service.ratings import Outcome, Placing, Rater, apply_outcome, recompute

T = TypeVar("T")
NOW = datetime(2026, 12, 1, tzinfo=UTC)


class Counted(SqlStorage):
    """SQL storage counting its transactions (``runs``: ORM sessions and plain connections);
    ``fail`` makes the next one raise ``IntegrityError`` (as when another process wrote the
    same row first)."""

    runs = 0
    fail = False

    def _count(self) -> None:
        self.runs += 1
        if self.fail:
            self.fail = False
            raise IntegrityError("insert", {}, Exception("another process scored it"))

    async def _run(self, work: Callable[[Session], T]) -> T:
        self._count()
        return await super()._run(work)

    async def _write(self, work: Callable[[Connection], T]) -> T:
        self._count()
        return await super()._write(work)


async def setup(tmp_path: Path) -> tuple[Counted, SqlRatings, list[Outcome]]:
    """Three people and four finished tables: alice beats bob, bob beats carol, carol beats
    alice (rated), and alice beats carol casually."""
    engine = make_engine(f"sqlite:///{tmp_path / 'arena.sqlite3'}")
    run_migrations(engine)
    db = Counted(engine)
    ratings = SqlRatings(db)
    alice, bob, carol = [(await db.create_user(n, None)).id for n in ("alice", "bob", "carol")]
    outcomes = []
    for number, (winner, loser, rated) in enumerate(
        [(alice, bob, True), (bob, carol, True), (carol, alice, True), (alice, carol, False)]
    ):
        seats = [Seat(0, SeatKind.HUMAN, winner), Seat(1, SeatKind.HUMAN, loser)]
        table = await db.create_table("quinque", {}, seats, winner, number)
        placings = (Placing(0, 0, winner, 1, "win"), Placing(1, 1, loser, 2, "loss"))
        outcomes.append(Outcome(table.id, "quinque", NOW, "normal", rated, 2, placings))
    return db, ratings, outcomes


def items(outcomes: Sequence[Outcome]) -> list[tuple[Outcome, Rater]]:
    return [(outcome, partial(apply_outcome, outcome)) for outcome in outcomes]


def test_tables_scored_together_are_rated_in_order_in_one_transaction(tmp_path: Path) -> None:
    async def body() -> tuple[Any, ...]:
        db, ratings, outcomes = await setup(tmp_path)
        first = await ratings.record(outcomes[0], partial(apply_outcome, outcomes[0]))
        db.runs = 0
        answers = await ratings.record_many(items(outcomes))
        runs = db.runs
        stored = await ratings.outcomes()
        skills = {(user, "quinque"): s for user, s in (await ratings.skills("quinque")).items()}
        db.close()
        return first, answers, runs, stored, skills, outcomes

    first, answers, runs, stored, skills, outcomes = asyncio.run(body())
    assert runs == 1
    assert answers[0] is None  # scored before: nothing changes for it
    assert [a.table_id for a in answers[1:] if a is not None] == [o.table_id for o in outcomes[1:]]
    assert [o.table_id for o in stored] == [o.table_id for o in outcomes]
    assert recompute(stored) == skills == recompute(outcomes)
    # bob's second game was rated from the rating his first left, in the same transaction
    bob = outcomes[0].placings[1].account
    assert answers[1] is not None and answers[1].placings[0].before == first.placings[1].after
    assert skills[(bob, "quinque")].games == 2
    assert answers[3] is not None and not answers[3].rated and answers[3].changes == [None, None]


def test_a_batch_that_meets_another_process_is_recorded_one_by_one(tmp_path: Path) -> None:
    async def body() -> tuple[Any, ...]:
        db, ratings, outcomes = await setup(tmp_path)
        db.runs, db.fail = 0, True
        answers = await ratings.record_many(items(outcomes))
        runs = db.runs
        stored = await ratings.outcomes()
        skills = {(user, "quinque"): s for user, s in (await ratings.skills("quinque")).items()}
        db.close()
        return answers, runs, stored, skills, outcomes

    answers, runs, stored, skills, outcomes = asyncio.run(body())
    assert runs == 1 + len(outcomes)  # the failed batch, then one transaction each
    assert [a.table_id for a in answers if a is not None] == [o.table_id for o in outcomes]
    assert recompute(stored) == skills == recompute(outcomes)


def test_a_table_without_placings_is_scored_without_placing_rows(tmp_path: Path) -> None:
    # A table whose game can no longer be built is kept without placings (its seats are
    # unknown to the ratings): it is scored, and writes no placing row.
    async def body() -> tuple[Any, ...]:
        db, ratings, outcomes = await setup(tmp_path)
        bare = Outcome(outcomes[0].table_id, "quinque", NOW, "normal", False, 2, ())
        answers = await ratings.record_many(items([bare]))
        answers += await ratings.record_many(items([outcomes[1]]))
        stored = await ratings.outcomes()
        db.close()
        return answers, stored, outcomes

    answers, stored, outcomes = asyncio.run(body())
    assert [a.table_id for a in answers if a is not None] == [o.table_id for o in outcomes[:2]]
    assert [(o.table_id, len(o.placings)) for o in stored] == [
        (outcomes[0].table_id, 0),
        (outcomes[1].table_id, 2),
    ]
