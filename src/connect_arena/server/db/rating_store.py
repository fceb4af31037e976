"""Ratings, scored tables and players' histories in SQL (on :class:`SqlStorage`'s engine and
database threads): the service's :class:`~connect_arena.service.ratings.RatingStore`, and the
queries of the profile, history, export and leaderboard API (``docs/community.md``)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import partial
from typing import Any

from sqlalchemy import (
    Connection,
    Select,
    and_,
    bindparam,
    exists,
    func,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, aliased

from connect_arena.server.db.models import (
    ActionRow,
    RatingRow,
    ScoredTableRow,
    SeatRow,
    TableRow,
    UserGameRow,
    UserRow,
)
from connect_arena.server.db.storage import SqlStorage, _aware
from connect_arena.service.messages import game_title
from connect_arena.service.ratings import (
    ACTIVE_DAYS,
    PROVISIONAL_GAMES,
    Outcome,
    Placing,
    Rater,
    Skill,
)

RESULTS = ("win", "loss", "draw")
"""The results a history can be filtered by."""
CHART_POINTS = 500
"""Rating-history points per game in a profile (the latest)."""
RECENT_GAMES = 10
"""Recent games in a profile."""
EXPORT_BATCH = 200
"""Games read per query while exporting."""


def computer_name(agent: str) -> str:
    """The account name of the computer ``agent``: the spec itself when it has a colon
    (``mcts:normal``), else ``computer:<spec>`` (``computer:random``); a person's name never
    has a colon, so the two never meet."""
    name = agent if ":" in agent else f"computer:{agent}"
    return name[:32]


def _when(moment: datetime) -> str:
    return (_aware(moment) or moment).isoformat()


@dataclass(frozen=True, slots=True)
class HistoryFilter:
    """What a history query keeps.

    Attributes:
        game: only this game.
        opponent: only games against this account (on another side).
        result: ``win``, ``loss`` or ``draw``.
        since: finished at or after.
        until: finished before.
    """

    game: str | None = None
    opponent: int | None = None
    result: str | None = None
    since: datetime | None = None
    until: datetime | None = None


class SqlRatings:
    """Ratings and histories.

    Args:
        storage: the SQL storage whose engine and threads are used.
        on_scored: called once for each table scored (metrics).
    """

    def __init__(self, storage: SqlStorage, on_scored: Callable[[], object] | None = None) -> None:
        self.storage = storage
        self._on_scored = on_scored
        self._computers: dict[str, int] = {}

    # ----- the service's RatingStore -----------------------------------------------------------
    async def computer_account(self, agent: str) -> int:
        """See :meth:`connect_arena.service.ratings.RatingStore.computer_account`."""
        cached = self._computers.get(agent)
        if cached is not None:
            return cached
        name = computer_name(agent)

        def find(session: Session) -> int | None:
            return session.scalar(select(UserRow.id).where(UserRow.name_key == name.casefold()))

        def create(session: Session) -> int:
            row = UserRow(
                name=name,
                name_key=name.casefold(),
                password_hash=None,
                guest=False,
                created_at=datetime.now(UTC),
                computer=True,
            )
            session.add(row)
            session.flush()
            return row.id

        found = await self.storage._run(find)
        if found is None:
            try:
                found = await self.storage._run(create)
            except IntegrityError:  # another process created it meanwhile
                found = await self.storage._run(find)
        assert found is not None
        self._computers[agent] = found
        return found

    async def record(self, outcome: Outcome, rater: Rater) -> Outcome | None:
        """See :meth:`connect_arena.service.ratings.RatingStore.record` (the accounts' rating
        rows are locked for the transaction: ``SELECT ... FOR UPDATE`` where the database has
        it)."""
        for _ in range(3):
            try:
                scored = (await self.storage._write(partial(_score, [(outcome, rater)])))[0]
            except IntegrityError:  # another process scored it, or rated a new account first
                if await self.outcome(outcome.table_id) is not None:
                    return None
            else:
                if scored is not None and self._on_scored is not None:
                    self._on_scored()
                return scored
        raise RuntimeError(f"table {outcome.table_id} could not be scored")

    async def record_many(self, items: Sequence[tuple[Outcome, Rater]]) -> list[Outcome | None]:
        """See :meth:`connect_arena.service.ratings.RatingStore.record_many`: one transaction
        (the rating rows of every account in it locked at its start, in one order: two
        processes' transactions never wait for each other in a cycle). When it meets another
        process's write (a table it scored, an account it rated first) the items are recorded
        one by one instead."""
        if not items:
            return []
        try:
            scored = await self.storage._write(partial(_score, items))
        except IntegrityError:
            return [await self.record(outcome, rater) for outcome, rater in items]
        if self._on_scored is not None:
            for _ in range(sum(1 for outcome in scored if outcome is not None)):
                self._on_scored()
        return scored

    async def outcome(self, table_id: int) -> Outcome | None:
        """See :meth:`connect_arena.service.ratings.RatingStore.outcome`."""

        def work(session: Session) -> Outcome | None:
            row = session.scalar(select(ScoredTableRow).where(ScoredTableRow.table_id == table_id))
            if row is None:
                return None
            return _outcomes(session, [row])[0]

        return await self.storage._run(work)

    async def unscored(self, limit: int) -> list[int]:
        """See :meth:`connect_arena.service.ratings.RatingStore.unscored`."""

        def work(session: Session) -> list[int]:
            scored = exists().where(ScoredTableRow.table_id == TableRow.id)
            query = (
                select(TableRow.id)
                .where(TableRow.status == "finished", ~scored)
                .order_by(TableRow.finished_at, TableRow.id)
                .limit(limit)
            )
            return list(session.scalars(query))

        return await self.storage._run(work)

    async def skills(self, game: str) -> dict[int, Skill]:
        """See :meth:`connect_arena.service.ratings.RatingStore.skills`."""

        def work(session: Session) -> dict[int, Skill]:
            rows = session.scalars(select(RatingRow).where(RatingRow.game == game))
            return {r.user_id: Skill(r.mu, r.sigma, r.games) for r in rows}

        return await self.storage._run(work)

    async def skill(self, user_id: int, game: str) -> Skill | None:
        """See :meth:`connect_arena.service.ratings.RatingStore.skill`."""

        def work(session: Session) -> Skill | None:
            row = session.get(RatingRow, (user_id, game))
            return None if row is None else Skill(row.mu, row.sigma, row.games)

        return await self.storage._run(work)

    async def outcomes(self, game: str | None = None) -> list[Outcome]:
        """See :meth:`connect_arena.service.ratings.RatingStore.outcomes`."""

        def work(session: Session) -> list[Outcome]:
            query = select(ScoredTableRow).order_by(ScoredTableRow.id)
            if game is not None:
                query = query.where(ScoredTableRow.game == game)
            return _outcomes(session, list(session.scalars(query)))

        return await self.storage._run(work)

    # ----- the API -------------------------------------------------------------------------------
    async def account(self, name: str) -> UserRow | None:
        """The account named ``name`` (case-insensitively), computers' included."""

        def work(session: Session) -> UserRow | None:
            return session.scalar(select(UserRow).where(UserRow.name_key == name.casefold()))

        return await self.storage._run(work)

    async def profile(self, user: UserRow) -> dict[str, Any]:
        """A user's profile (``GET /api/users/{name}``; the shape is in
        ``docs/community.md``)."""
        user_id = user.id

        def work(session: Session) -> dict[str, Any]:
            games: dict[str, dict[str, Any]] = {}
            counts = session.execute(
                select(
                    UserGameRow.game,
                    UserGameRow.result,
                    ScoredTableRow.sides,
                    UserGameRow.rank,
                    func.count(),
                )
                .join(ScoredTableRow, ScoredTableRow.table_id == UserGameRow.table_id)
                .where(UserGameRow.user_id == user_id)
                .group_by(
                    UserGameRow.game, UserGameRow.result, ScoredTableRow.sides, UserGameRow.rank
                )
            )
            for game, result, sides, rank, count in counts:
                entry = games.setdefault(
                    game,
                    {
                        "title": game_title(game),
                        "played": 0,
                        "wins": 0,
                        "losses": 0,
                        "draws": 0,
                        "rank_sum": 0,
                        "sides_sum": 0,
                        "places": {},
                    },
                )
                entry["played"] += count
                entry["rank_sum"] += (rank or 0) * count
                entry["sides_sum"] += (sides or 0) * count
                if sides and rank:  # how often each place, by the number of sides (27.9)
                    counted = entry["places"].setdefault(str(sides), {})
                    counted[str(rank)] = counted.get(str(rank), 0) + count
                if result in RESULTS:
                    entry[{"win": "wins", "loss": "losses", "draw": "draws"}[result]] += count
            for entry in games.values():
                played = entry["played"]
                entry["mean_rank"] = round(entry.pop("rank_sum") / played, 2) if played else None
                entry["mean_sides"] = round(entry.pop("sides_sum") / played, 2) if played else None
            ratings = {
                r.game: _rating_json(r)
                for r in session.scalars(select(RatingRow).where(RatingRow.user_id == user_id))
            }
            chart: dict[str, list[dict[str, Any]]] = {}
            for game in ratings:
                points = session.execute(
                    select(
                        UserGameRow.finished_at,
                        UserGameRow.rating,
                        UserGameRow.change,
                        UserGameRow.table_id,
                    )
                    .where(
                        UserGameRow.user_id == user_id,
                        UserGameRow.game == game,
                        UserGameRow.rated,
                    )
                    .order_by(UserGameRow.finished_at.desc(), UserGameRow.table_id.desc())
                    .limit(CHART_POINTS)
                ).all()
                chart[game] = [
                    {"at": _when(at), "rating": rating, "change": change, "table_id": table_id}
                    for at, rating, change, table_id in reversed(points)
                ]
            recent_rows = list(
                session.scalars(
                    select(UserGameRow)
                    .where(UserGameRow.user_id == user_id)
                    .order_by(UserGameRow.finished_at.desc(), UserGameRow.table_id.desc())
                    .limit(RECENT_GAMES)
                )
            )
            running = session.execute(
                select(TableRow.id, TableRow.game, TableRow.created_at)
                .join(SeatRow, SeatRow.table_id == TableRow.id)
                .where(SeatRow.user_id == user_id, TableRow.status == "running")
                .group_by(TableRow.id, TableRow.game, TableRow.created_at)
                .order_by(TableRow.id.desc())
                .limit(50)
            ).all()
            running_seats = _seats(session, [row.id for row in running])
            return {
                "user": _user_json(user),
                "games": games,
                "ratings": ratings,
                "rating_history": chart,
                "recent": _items(session, recent_rows),
                "running": [
                    {
                        "id": table_id,
                        "game": game,
                        "title": game_title(game),
                        "created_at": _when(created),
                        "seats": running_seats.get(table_id, []),
                        "url": f"/tables/{table_id}",
                    }
                    for table_id, game, created in running
                ],
            }

        return await self.storage._run(work)

    async def history(
        self, user_id: int, where: HistoryFilter, page: int, per_page: int
    ) -> dict[str, Any]:
        """A page of a user's games, newest first: ``{"games": [item...], "page",
        "per_page", "total", "has_more"}`` (an item's shape is in ``docs/community.md``)."""

        def work(session: Session) -> dict[str, Any]:
            query = _history_query(user_id, where)
            total = session.scalar(select(func.count()).select_from(query.subquery()))
            rows = list(
                session.scalars(
                    query.order_by(UserGameRow.finished_at.desc(), UserGameRow.table_id.desc())
                    .offset((page - 1) * per_page)
                    .limit(per_page)
                )
            )
            return {
                "games": _items(session, rows),
                "page": page,
                "per_page": per_page,
                "total": total or 0,
                "has_more": page * per_page < (total or 0),
            }

        return await self.storage._run(work)

    async def export(self, user_id: int) -> AsyncIterator[list[dict[str, Any]]]:
        """Every game of a user, oldest first, in batches: each a history item with the
        table's ``options``, ``settings``, ``returns``, ``notes`` omitted, and ``moves``
        (``[[seq, seat, action], ...]``, the stored log)."""
        after: tuple[datetime, int, int] | None = None
        while True:
            batch, after = await self.storage._run(
                partial(_export_batch, user_id=user_id, after=after)
            )
            if batch:
                yield batch
            if after is None:
                return

    async def leaderboard(
        self, game: str, page: int, per_page: int, now: datetime | None = None
    ) -> dict[str, Any]:
        """The top rated active players of ``game`` (``docs/community.md``)."""
        cutoff = (now or datetime.now(UTC)) - timedelta(days=ACTIVE_DAYS)

        def work(session: Session) -> dict[str, Any]:
            rows = session.execute(
                leaderboard_query(game, cutoff).offset((page - 1) * per_page).limit(per_page + 1)
            ).all()
            players = _leaderboard_rows(rows[:per_page], (page - 1) * per_page)
            provisional = []
            if page == 1:  # listed apart, so that a new leaderboard is not empty
                query = leaderboard_query(game, cutoff, provisional=True).limit(per_page)
                provisional = _leaderboard_rows(session.execute(query).all(), 0)
            return {
                "game": game,
                "title": game_title(game),
                "page": page,
                "per_page": per_page,
                "has_more": len(rows) > per_page,
                "active_days": ACTIVE_DAYS,
                "provisional_games": PROVISIONAL_GAMES,
                "players": players,
                "provisional": provisional,
            }

        return await self.storage._run(work)

    async def explain_leaderboard(self, game: str) -> list[str]:
        """The database's plan of the leaderboard query (``EXPLAIN``), one line a step."""
        cutoff = datetime.now(UTC) - timedelta(days=ACTIVE_DAYS)

        def work(session: Session) -> list[str]:
            query = leaderboard_query(game, cutoff).limit(50)
            compiled = query.compile(
                dialect=session.bind.dialect,  # type: ignore[union-attr]
                compile_kwargs={"literal_binds": True},
            )
            prefix = "EXPLAIN QUERY PLAN " if session.bind.dialect.name == "sqlite" else "EXPLAIN "  # type: ignore[union-attr]
            rows = session.execute(text(prefix + str(compiled))).all()
            return [" ".join(str(value) for value in row) for row in rows]

        return await self.storage._run(work)


def _leaderboard_rows(rows: Sequence[Any], first: int) -> list[dict[str, Any]]:
    """Leaderboard rows (``rank`` from ``first + 1``) of ``(user_id, name, rating, games,
    last_game_at)`` tuples."""
    return [
        {
            "rank": first + index + 1,
            "user": {"id": user_id, "name": name},
            "rating": rating,
            "games": games,
            "last_game_at": _when(last),
        }
        for index, (user_id, name, rating, games, last) in enumerate(rows)
    ]


def leaderboard_query(
    game: str, cutoff: datetime, provisional: bool = False
) -> Select[int, str, int, int, datetime]:
    """The leaderboard of ``game``: established (not provisional; with ``provisional``:
    provisional only) ratings of people (no guests, bots or computers) who played a rated
    game since ``cutoff``, best first; it walks ``ix_ratings_leaderboard`` down from the
    top."""
    enough = RatingRow.games >= PROVISIONAL_GAMES
    return (
        select(
            RatingRow.user_id,
            UserRow.name,
            RatingRow.rating,
            RatingRow.games,
            RatingRow.last_game_at,
        )
        .join(UserRow, UserRow.id == RatingRow.user_id)
        .where(
            RatingRow.game == game,
            ~enough if provisional else enough,
            RatingRow.last_game_at >= cutoff,
            ~UserRow.guest,
            ~UserRow.bot,
            ~UserRow.computer,
            ~UserRow.cheater,  # marked by a moderator
            UserRow.closed_at.is_(None),
        )
        .order_by(RatingRow.rating.desc(), RatingRow.user_id.desc())
    )


def _history_query(user_id: int, where: HistoryFilter) -> Select[UserGameRow]:
    query = select(UserGameRow).where(UserGameRow.user_id == user_id)
    if where.game is not None:
        query = query.where(UserGameRow.game == where.game)
    if where.result is not None:
        query = query.where(UserGameRow.result == where.result)
    if where.since is not None:
        query = query.where(UserGameRow.finished_at >= where.since)
    if where.until is not None:
        query = query.where(UserGameRow.finished_at < where.until)
    if where.opponent is not None:
        other = aliased(UserGameRow)
        query = query.where(
            exists().where(
                and_(
                    other.table_id == UserGameRow.table_id,
                    other.user_id == where.opponent,
                    other.side != UserGameRow.side,
                )
            )
        )
    return query


_SCORED_AMONG = select(ScoredTableRow.table_id).where(
    ScoredTableRow.table_id.in_(bindparam("ids", expanding=True))
)
_RATINGS_OF = (
    select(RatingRow.user_id, RatingRow.mu, RatingRow.sigma, RatingRow.games)
    .where(
        RatingRow.game == bindparam("of_game"),
        RatingRow.user_id.in_(bindparam("accounts", expanding=True)),
    )
    .order_by(RatingRow.user_id)
    .with_for_update()
)
_INSERT_SCORED = insert(ScoredTableRow)
_INSERT_RATINGS = insert(RatingRow)
_UPDATE_RATINGS = update(RatingRow).where(
    RatingRow.user_id == bindparam("account"), RatingRow.game == bindparam("of_game")
)
_INSERT_PLACINGS = insert(UserGameRow)
"""The statements of scoring, built once and run on a plain connection (``SqlStorage._write``):
through an ORM session a table's scoring cost the database thread 1.5 ms, the largest
part of a game's own cost in the server (issue 25, session 55)."""


def _score(items: Sequence[tuple[Outcome, Rater]], connection: Connection) -> list[Outcome | None]:
    """Score ``items`` in the caller's transaction, in order (``None`` for a table scored
    already): a later table of the batch is rated from the ratings an earlier one left.

    Raises:
        IntegrityError: another process scored one of them, or rated a new account first.
    """
    ids = [outcome.table_id for outcome, _ in items]
    done = set(connection.execute(_SCORED_AMONG, {"ids": ids}).scalars())
    wanted: dict[str, set[int]] = {}
    for outcome, _ in items:
        wanted.setdefault(outcome.game, set()).update(p.account for p in outcome.placings)
    skills: dict[tuple[str, int], Skill] = {}
    for game in sorted(wanted):  # one lock order everywhere: game, then account
        found = connection.execute(_RATINGS_OF, {"of_game": game, "accounts": sorted(wanted[game])})
        for account, mu, sigma, games in found:
            skills[(game, account)] = Skill(mu, sigma, games)
    stored = set(skills)
    rated_at: dict[tuple[str, int], datetime] = {}
    scored: list[dict[str, Any]] = []
    placings: list[dict[str, Any]] = []
    answers: list[Outcome | None] = []
    for outcome, rater in items:
        if outcome.table_id in done:
            answers.append(None)
            continue
        done.add(outcome.table_id)
        game = outcome.game
        current = {
            p.account: skills[(game, p.account)]
            for p in outcome.placings
            if (game, p.account) in skills
        }
        rated, new = rater(current)
        scored.append(
            {
                "table_id": outcome.table_id,
                "game": game,
                "finished_at": outcome.finished_at,
                "reason": outcome.reason,
                "rated": rated.rated,
                "sides": rated.sides,
            }
        )
        for account, skill in new.items():
            skills[(game, account)] = skill
            rated_at[(game, account)] = outcome.finished_at
        placings += [_placing_row(rated, p) for p in rated.placings]
        answers.append(rated)
    if scored:
        connection.execute(_INSERT_SCORED, scored)
    if placings:  # an aborted game has none, nor one whose game can no longer be built
        connection.execute(_INSERT_PLACINGS, placings)
    fresh: list[dict[str, Any]] = []
    changed: list[dict[str, Any]] = []
    for (game, account), at in rated_at.items():
        values = _rating_values(skills[(game, account)], at)
        if (game, account) in stored:
            changed.append({"account": account, "of_game": game, **values})
        else:
            fresh.append({"user_id": account, "game": game, **values})
    if fresh:
        connection.execute(_INSERT_RATINGS, fresh)
    if changed:
        connection.execute(_UPDATE_RATINGS, changed)
    return answers


def _rating_values(skill: Skill, at: datetime) -> dict[str, Any]:
    """A ``ratings`` row's columns but its key: ``skill``, its last game ``at``."""
    return {
        "mu": skill.mu,
        "sigma": skill.sigma,
        "rating": skill.rating,
        "games": skill.games,
        "last_game_at": at,
    }


def _placing_row(outcome: Outcome, p: Placing) -> dict[str, Any]:
    """A ``user_games`` row's columns: placing ``p`` of ``outcome``."""
    before, after = p.before, p.after
    return {
        "table_id": outcome.table_id,
        "seat": p.seat,
        "side": p.side,
        "user_id": p.account,
        "game": outcome.game,
        "finished_at": outcome.finished_at,
        "rated": outcome.rated,
        "rank": p.rank,
        "result": p.result,
        "mu_before": None if before is None else before.mu,
        "sigma_before": None if before is None else before.sigma,
        "games_before": None if before is None else before.games,
        "mu": None if after is None else after.mu,
        "sigma": None if after is None else after.sigma,
        "rating": None if after is None else after.rating,
        "change": p.change,
    }


def _outcomes(session: Session, scored: Sequence[ScoredTableRow]) -> list[Outcome]:
    ids = [row.table_id for row in scored]
    placings: dict[int, list[UserGameRow]] = {}
    if ids:
        for row in session.scalars(
            select(UserGameRow)
            .where(UserGameRow.table_id.in_(ids))
            .order_by(UserGameRow.table_id, UserGameRow.seat)
        ):
            placings.setdefault(row.table_id, []).append(row)
    out = []
    for mark in scored:
        seats = tuple(
            Placing(
                p.seat,
                p.side,
                p.user_id,
                p.rank,
                p.result,
                None
                if p.mu_before is None
                else Skill(p.mu_before, p.sigma_before or 0.0, p.games_before or 0),
                None if p.mu is None else Skill(p.mu, p.sigma or 0.0, (p.games_before or 0) + 1),
            )
            for p in placings.get(mark.table_id, [])
        )
        finished = _aware(mark.finished_at) or mark.finished_at
        out.append(
            Outcome(mark.table_id, mark.game, finished, mark.reason, mark.rated, mark.sides, seats)
        )
    return out


def _rating_json(row: RatingRow) -> dict[str, Any]:
    return {
        "rating": row.rating,
        "mu": row.mu,
        "sigma": row.sigma,
        "games": row.games,
        "provisional": row.games < PROVISIONAL_GAMES,
        "last_game_at": _when(row.last_game_at),
    }


def _user_json(user: UserRow) -> dict[str, Any]:
    return {
        "id": user.id,
        "name": user.name,
        "joined": _when(user.created_at),
        "guest": user.guest,
        "bot": bool(user.bot),
        "computer": bool(user.computer),
    }


def _seats(session: Session, table_ids: list[int]) -> dict[int, list[dict[str, Any]]]:
    out: dict[int, list[dict[str, Any]]] = {}
    if not table_ids:
        return out
    for row in session.scalars(
        select(SeatRow).where(SeatRow.table_id.in_(table_ids)).order_by(SeatRow.seat)
    ):
        out.setdefault(row.table_id, []).append(
            {
                "seat": row.seat,
                "kind": row.kind,
                "user_id": row.user_id,
                "name": row.name,
                "agent": row.agent,
                "bot": bool(row.bot),
            }
        )
    return out


def _items(session: Session, rows: Sequence[UserGameRow]) -> list[dict[str, Any]]:
    """History items for ``rows`` (each the user's seat at a scored table)."""
    ids = sorted({row.table_id for row in rows})
    seats = _seats(session, ids)
    others: dict[int, dict[int, UserGameRow]] = {}
    scored: dict[int, ScoredTableRow] = {}
    points: dict[int, list[float] | None] = {}
    if ids:
        for table_id, found_points in session.execute(
            select(TableRow.id, TableRow.scores).where(TableRow.id.in_(ids))
        ):
            points[table_id] = found_points
        for row in session.scalars(select(UserGameRow).where(UserGameRow.table_id.in_(ids))):
            others.setdefault(row.table_id, {})[row.seat] = row
        for found in session.scalars(
            select(ScoredTableRow).where(ScoredTableRow.table_id.in_(ids))
        ):
            scored[found.table_id] = found
    items = []
    for row in rows:
        placed = others.get(row.table_id, {})
        players = []
        for seat in seats.get(row.table_id, []):
            place = placed.get(seat["seat"])
            players.append(
                {
                    **seat,
                    "account": None if place is None else place.user_id,
                    "rank": None if place is None else place.rank,
                    "change": None if place is None else place.change,
                }
            )
        mark = scored.get(row.table_id)
        items.append(
            {
                "table_id": row.table_id,
                "game": row.game,
                "title": game_title(row.game),
                "finished_at": _when(row.finished_at),
                "reason": None if mark is None else mark.reason,
                "rated": row.rated,
                "seat": row.seat,
                "sides": None if mark is None else mark.sides,
                "rank": row.rank,
                "result": row.result,
                "scores": points.get(row.table_id),
                "rating": row.rating,
                "change": row.change,
                "players": players,
                "replay": f"/tables/{row.table_id}/replay",
            }
        )
    return items


def _export_batch(
    session: Session, user_id: int, after: tuple[datetime, int, int] | None
) -> tuple[list[dict[str, Any]], tuple[datetime, int, int] | None]:
    query = select(UserGameRow).where(UserGameRow.user_id == user_id)
    if after is not None:
        moment, table_id, seat = after
        same = UserGameRow.finished_at == moment
        query = query.where(
            (UserGameRow.finished_at > moment)
            | and_(same, UserGameRow.table_id > table_id)
            | and_(same, UserGameRow.table_id == table_id, UserGameRow.seat > seat)
        )
    rows = list(
        session.scalars(
            query.order_by(UserGameRow.finished_at, UserGameRow.table_id, UserGameRow.seat).limit(
                EXPORT_BATCH
            )
        )
    )
    if not rows:
        return [], None
    items = _items(session, rows)
    ids = sorted({row.table_id for row in rows})
    tables = {t.id: t for t in session.scalars(select(TableRow).where(TableRow.id.in_(ids)))}
    moves: dict[int, list[list[Any]]] = {}
    for action in session.scalars(
        select(ActionRow)
        .where(ActionRow.table_id.in_(ids))
        .order_by(ActionRow.table_id, ActionRow.seq)
    ):
        moves.setdefault(action.table_id, []).append([action.seq, action.seat, action.action])
    for item in items:
        table = tables[item["table_id"]]
        item["options"] = table.options
        item["settings"] = table.settings
        item["returns"] = table.returns
        item["moves"] = moves.get(item["table_id"], [])
    last = rows[-1]
    following = None if len(rows) < EXPORT_BATCH else (last.finished_at, last.table_id, last.seat)
    return items, following
