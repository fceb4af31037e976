"""Puzzle attempts and ratings in SQL: the service's
:class:`~connect_arena.service.puzzles.PuzzleStore` on :class:`SqlStorage`'s engine and
database threads (``docs/puzzles.md``, "Playing")."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from connect_arena.server.db.models import PuzzleAttemptRow, PuzzlePlayerRow, PuzzleRatingRow
from connect_arena.server.db.storage import SqlStorage, _aware
from connect_arena.service.puzzles import AttemptRow, Puzzle, Rater, Recorded, puzzle_rating
from connect_arena.service.ratings import Skill


def _attempt(row: PuzzleAttemptRow) -> AttemptRow:
    return AttemptRow(row.puzzle_id, row.game, row.solved, _aware(row.at) or row.at, row.rating)


def _attempt_row(
    user_id: int, puzzle: Puzzle, solved: bool, at: datetime, rating: int | None = None
) -> PuzzleAttemptRow:
    """An attempt's row: a first (rated) attempt has the player's ``rating`` after it; a
    later one has none (``first`` is NULL: the unique index counts only first attempts)."""
    return PuzzleAttemptRow(
        user_id=user_id,
        puzzle_id=puzzle.id,
        game=puzzle.game,
        solved=solved,
        first=None if rating is None else True,
        at=at,
        rating=rating,
    )


class SqlPuzzles:
    """Puzzle ratings and attempts (the tables of migration 0013).

    Args:
        storage: the SQL storage whose engine and threads are used.
    """

    def __init__(self, storage: SqlStorage) -> None:
        self.storage = storage

    async def player_skills(self, user_id: int) -> dict[str, Skill]:
        """See :meth:`connect_arena.service.puzzles.PuzzleStore.player_skills`."""

        def work(session: Session) -> dict[str, Skill]:
            rows = session.scalars(
                select(PuzzlePlayerRow).where(PuzzlePlayerRow.user_id == user_id)
            )
            return {row.game: Skill(row.mu, row.sigma, row.attempts) for row in rows}

        return await self.storage._run(work)

    async def puzzle_skills(self, puzzle_ids: Iterable[str]) -> dict[str, Skill]:
        """See :meth:`connect_arena.service.puzzles.PuzzleStore.puzzle_skills`."""
        ids = list(puzzle_ids)

        def work(session: Session) -> dict[str, Skill]:
            rows = session.scalars(
                select(PuzzleRatingRow).where(PuzzleRatingRow.puzzle_id.in_(ids))
            )
            return {row.puzzle_id: Skill(row.mu, row.sigma, row.attempts) for row in rows}

        return await self.storage._run(work)

    async def attempted(self, user_id: int, game: str) -> set[str]:
        """See :meth:`connect_arena.service.puzzles.PuzzleStore.attempted`."""

        def work(session: Session) -> set[str]:
            query = select(PuzzleAttemptRow.puzzle_id).where(
                PuzzleAttemptRow.user_id == user_id,
                PuzzleAttemptRow.game == game,
                PuzzleAttemptRow.first.is_(True),
            )
            return set(session.scalars(query))

        return await self.storage._run(work)

    async def record(
        self, user_id: int, puzzle: Puzzle, solved: bool, at: datetime, rater: Rater
    ) -> Recorded:
        """See :meth:`connect_arena.service.puzzles.PuzzleStore.record`: one transaction; a
        first attempt that loses the race for ``first`` (unique) is stored as a later one."""
        try:
            return await self.storage._run(
                lambda s: self._record(s, user_id, puzzle, solved, at, rater)
            )
        except IntegrityError:  # the same account's other first attempt committed meanwhile
            return await self.storage._run(
                lambda s: self._record(s, user_id, puzzle, solved, at, rater, later=True)
            )

    @staticmethod
    def _record(
        session: Session,
        user_id: int,
        puzzle: Puzzle,
        solved: bool,
        at: datetime,
        rater: Rater,
        *,
        later: bool = False,
    ) -> Recorded:
        tried = select(PuzzleAttemptRow.id).where(
            PuzzleAttemptRow.user_id == user_id, PuzzleAttemptRow.puzzle_id == puzzle.id
        )
        if later or session.scalar(tried.limit(1)) is not None:
            session.add(_attempt_row(user_id, puzzle, solved, at))  # unrated
            return Recorded(False)
        player_row = session.get(PuzzlePlayerRow, (user_id, puzzle.game), with_for_update=True)
        puzzle_row = session.get(PuzzleRatingRow, puzzle.id, with_for_update=True)
        player = (
            Skill()
            if player_row is None
            else Skill(player_row.mu, player_row.sigma, player_row.attempts)
        )
        rated = (
            puzzle.initial
            if puzzle_row is None
            else Skill(puzzle_row.mu, puzzle_row.sigma, puzzle_row.attempts)
        )
        player_after, puzzle_after = rater(player, rated, solved)
        if player_row is None:
            player_row = PuzzlePlayerRow(user_id=user_id, game=puzzle.game)
            session.add(player_row)
        player_row.mu, player_row.sigma = player_after.mu, player_after.sigma
        player_row.attempts = player_after.games
        if puzzle_row is None:
            puzzle_row = PuzzleRatingRow(puzzle_id=puzzle.id, game=puzzle.game)
            session.add(puzzle_row)
        puzzle_row.mu, puzzle_row.sigma = puzzle_after.mu, puzzle_after.sigma
        puzzle_row.attempts = puzzle_after.games
        session.add(_attempt_row(user_id, puzzle, solved, at, puzzle_rating(player_after.mu)))
        session.flush()  # the unique (user, puzzle, first) refuses a second first here
        return Recorded(True, player, player_after, rated, puzzle_after)

    async def history(self, user_id: int, limit: int) -> list[AttemptRow]:
        """See :meth:`connect_arena.service.puzzles.PuzzleStore.history`."""

        def work(session: Session) -> list[AttemptRow]:
            query = (
                select(PuzzleAttemptRow)
                .where(PuzzleAttemptRow.user_id == user_id)
                .order_by(PuzzleAttemptRow.id.desc())
                .limit(limit)
            )
            return [_attempt(row) for row in session.scalars(query)]

        return await self.storage._run(work)

    async def streak(self, user_id: int) -> int:
        """See :meth:`connect_arena.service.puzzles.PuzzleStore.streak`: reads the first
        attempts newest first until the first failure (100 at a time)."""

        def work(session: Session) -> int:
            count, before = 0, None
            while True:
                query = select(PuzzleAttemptRow.id, PuzzleAttemptRow.solved).where(
                    PuzzleAttemptRow.user_id == user_id, PuzzleAttemptRow.first.is_(True)
                )
                if before is not None:
                    query = query.where(PuzzleAttemptRow.id < before)
                rows = session.execute(query.order_by(PuzzleAttemptRow.id.desc()).limit(100)).all()
                for row_id, solved in rows:
                    if not solved:
                        return count
                    count, before = count + 1, row_id
                if len(rows) < 100:
                    return count

        return await self.storage._run(work)
