"""Ratings per game (OpenSkill, Plackett-Luce), updated when a rated game ends, and every
finished game's placing kept for the players' histories.

How a finished table is rated (``docs/community.md``):

* its **sides** are the game's teams of partners (``Game.teams()``; each seat alone otherwise);
* each side gets a **rank** (1 = best, ties share a rank) from the result: the final
  returns (:func:`~connect_arena.service.results.final_returns`, forfeits applied), then, for
  games whose returns are scores or that keep scores (CO'NNN'ECT: ``ResultKind.SCORES``), the
  final score; a side with a **forfeited** seat (resigned, flagged, claimed and not returned:
  :func:`~connect_arena.service.results.forfeited`) is ranked below every other side, the
  earliest forfeit last (issue 14);
* every seat's **account** is rated: a person's or a bot's own account, a computer seat's
  computer account (one per agent spec, e.g. ``mcts:normal``). A person whose seat a computer
  took over is rated (ranked as above), never the computer that played on;
* OpenSkill's Plackett-Luce model (the ``openskill`` library, its defaults: μ = 25,
  σ = 25/3, β = 25/6, τ = 25/300) rates the sides together; a table is rated only when
  it is rated (``settings.rated``), ended with a result (not aborted or abandoned), has two
  sides or more and no account holds two seats.

The displayed rating is conservative: :func:`display` = ``1500 + 20 (μ - 3σ)``, rounded; it is
**provisional** until the account has played :data:`PROVISIONAL_GAMES` rated games of that game.

Every finished table with a result is *scored* once (idempotent per table): its placings and
rating changes are stored in one transaction (:meth:`RatingStore.record`); a startup pass
(:meth:`Ratings.catch_up`) scores the finished tables a crash left unscored.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict, deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from functools import partial
from typing import Any, Protocol

from openskill.models import PlackettLuce

from connect_arena.core import Game, GameError, ResultKind, load
from connect_arena.service.live_table import LiveTable
from connect_arena.service.model import SeatKind, ServiceError, TableInfo, TableStatus
from connect_arena.service.results import forfeited, sides
from connect_arena.service.table_events import TableFinished
from connect_arena.service.table_registry import TableRegistry

log = logging.getLogger(__name__)

DISPLAY_BASE = 1500
"""The displayed rating of a new account (μ - 3σ = 0)."""
DISPLAY_SCALE = 20
"""Displayed points per OpenSkill unit of μ - 3σ."""
PROVISIONAL_GAMES = 10
"""Rated games of a game before an account's rating there is established (not provisional:
listed on the leaderboard)."""
ACTIVE_DAYS = 90
"""An account is active on a game's leaderboard when it played a rated game of it in the last
this many days."""

REMEMBERED = 10_000
"""Scored table ids a process remembers (not to ask the store again)."""
BATCH = 100
"""Finished tables scored in one transaction at most (those that ended while the previous
transaction ran)."""

MODEL = PlackettLuce()
"""The rating model: OpenSkill's Plackett-Luce with the library's defaults."""


def display(mu: float, sigma: float) -> int:
    """The displayed (conservative) rating of ``(mu, sigma)``: ``1500 + 20 (μ - 3σ)``,
    rounded to the nearest integer (1500 for a new account)."""
    return round(DISPLAY_BASE + DISPLAY_SCALE * (mu - 3 * sigma))


@dataclass(frozen=True, slots=True)
class Skill:
    """An account's rating on one game.

    Attributes:
        mu: OpenSkill's mean skill.
        sigma: its uncertainty.
        games: rated games played (of this game).
    """

    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    games: int = 0

    @property
    def rating(self) -> int:
        """The displayed rating (:func:`display`)."""
        return display(self.mu, self.sigma)

    @property
    def provisional(self) -> bool:
        """Fewer than :data:`PROVISIONAL_GAMES` rated games."""
        return self.games < PROVISIONAL_GAMES


@dataclass(frozen=True, slots=True)
class Placing:
    """One seat of a finished table, as a player's history keeps it.

    Attributes:
        seat: the seat.
        side: the index of its side (team) in ``Game.teams()``.
        account: the rated account (a person's, a bot's, or the computer's account).
        rank: its side's rank (1 = best; sides that tie share a rank).
        result: ``"win"``, ``"loss"`` or ``"draw"`` (every side shares one rank), ``None``
            with a single side (solo).
        before: the account's rating before the game (rated tables only).
        after: after it.
    """

    seat: int
    side: int
    account: int
    rank: int
    result: str | None
    before: Skill | None = None
    after: Skill | None = None

    @property
    def change(self) -> int | None:
        """The displayed rating's change (``+14`` is 14), ``None`` when not rated."""
        if self.before is None or self.after is None:
            return None
        return self.after.rating - self.before.rating


@dataclass(frozen=True, slots=True)
class Outcome:
    """A finished table's result as scored.

    Attributes:
        table_id: the table.
        game: the game's name.
        finished_at: when it ended.
        reason: why (``ResultReason`` value).
        rated: whether ratings change (see the module docstring).
        sides: the number of sides.
        placings: one per seat, in seat order.
    """

    table_id: int
    game: str
    finished_at: datetime
    reason: str
    rated: bool
    sides: int
    placings: tuple[Placing, ...] = field(default_factory=tuple)

    @property
    def changes(self) -> list[int | None]:
        """Each seat's rating change (``None``: not rated)."""
        return [placing.change for placing in self.placings]

    @property
    def ratings_after(self) -> list[int | None]:
        """Each seat's displayed rating after the game (``None``: not rated)."""
        return [None if p.after is None else p.after.rating for p in self.placings]


def side_ranks(
    game: Game,
    returns: Sequence[float],
    notes: Sequence[Any],
    scores: Sequence[float] | None = None,
) -> list[int]:
    """Each seat's rank (1 = best; tied sides share the better rank, ``1, 1, 3``).

    Args:
        game: the table's game (its sides: ``Game.teams()``).
        returns: the final returns (forfeits applied), one per seat.
        notes: the table's notes (:class:`~connect_arena.service.settings.TableNote`).
        scores: the final scores (games whose ``result`` is ``scores``), breaking ties of
            the returns; ``None``: the returns alone.

    Returns:
        One rank per seat; partners share their side's rank.
    """
    gone = forfeited(notes)
    teams = sides(game)

    def key(team: tuple[int, ...]) -> tuple[float, float, float]:
        # Forfeits below everything, the earliest the lowest; then returns, then scores.
        lasted = min((gone.index(seat) for seat in team if seat in gone), default=len(gone))
        score = 0.0 if scores is None else sum(scores[seat] for seat in team)
        return (float(lasted), returns[team[0]], score)

    keys = [key(team) for team in teams]
    out = [0] * game.num_players
    for team, mine in zip(teams, keys, strict=True):
        rank = 1 + sum(1 for other in keys if other > mine)
        for seat in team:
            out[seat] = rank
    return out


def result_word(ranks: Sequence[int], seat: int, num_sides: int) -> str | None:
    """``"win"`` (best rank, not shared by every side), ``"draw"`` (every side shares one
    rank), ``"loss"``; ``None`` with one side."""
    if num_sides < 2:
        return None
    if len(set(ranks)) == 1:
        return "draw"
    return "win" if ranks[seat] == 1 else "loss"


def final_scores(game: Game, state: Any) -> list[float] | None:
    """The final scores of a finished state of a game whose result is scores (CO'NNN'ECT's
    ``scores()`` totals), ``None`` for other games or a state that keeps none."""
    if game.game_type.result is not ResultKind.SCORES or state is None:
        return None
    scores = getattr(state, "scores", None)
    if not callable(scores):
        return None
    found = scores()
    if not isinstance(found, list | tuple):
        return None
    totals = [getattr(item, "total", item) for item in found]
    numbers = [float(t) for t in totals if isinstance(t, int | float)]
    return numbers if len(numbers) == game.num_players == len(totals) else None


def rate(teams: Sequence[Sequence[Skill]], ranks: Sequence[int]) -> list[list[Skill]]:
    """One Plackett-Luce update (``openskill``): ``teams[i]``'s members' ratings before,
    ``ranks[i]`` its rank (1 = best). Returns the ratings after, ``games`` counted."""
    rated = MODEL.rate(
        [[MODEL.rating(mu=s.mu, sigma=s.sigma) for s in team] for team in teams],
        ranks=[float(rank) for rank in ranks],
    )
    return [
        [Skill(new.mu, new.sigma, old.games + 1) for new, old in zip(after, team, strict=True)]
        for after, team in zip(rated, teams, strict=True)
    ]


def apply_outcome(
    outcome: Outcome, current: Mapping[int, Skill]
) -> tuple[Outcome, dict[int, Skill]]:
    """Rate ``outcome`` from the accounts' ratings ``current`` (missing: new accounts).

    Returns:
        The outcome with each placing's ``before`` and ``after``, and the accounts' new
        ratings; an unrated outcome comes back unchanged with no new rating.
    """
    if not outcome.rated:
        return outcome, {}
    teams_of: dict[int, list[Placing]] = {}
    for placing in outcome.placings:
        teams_of.setdefault(placing.side, []).append(placing)
    teams = [teams_of[side] for side in sorted(teams_of)]
    before = [[current.get(p.account, Skill()) for p in team] for team in teams]
    after = rate(before, [team[0].rank for team in teams])
    new: dict[int, Skill] = {}
    placed: dict[int, Placing] = {}
    for team, old_team, new_team in zip(teams, before, after, strict=True):
        for placing, old, fresh in zip(team, old_team, new_team, strict=True):
            placed[placing.seat] = replace(placing, before=old, after=fresh)
            new[placing.account] = fresh
    placings = tuple(placed[p.seat] for p in outcome.placings)
    return replace(outcome, placings=placings), new


def recompute(outcomes: Iterable[Outcome]) -> dict[tuple[int, str], Skill]:
    """Every account's rating per game from scored outcomes in the order they were scored
    (the same numbers as the updates applied one by one)."""
    ratings: dict[tuple[int, str], Skill] = {}
    for outcome in outcomes:
        current = {
            p.account: ratings.get((p.account, outcome.game), Skill()) for p in outcome.placings
        }
        _, new = apply_outcome(outcome, current)
        for account, skill in new.items():
            ratings[(account, outcome.game)] = skill
    return ratings


# ----- storage -----------------------------------------------------------------------------------

Rater = Callable[[Mapping[int, Skill]], tuple[Outcome, dict[int, Skill]]]
"""Given the current ratings of an outcome's accounts (on its game), the rated outcome and the
new ratings (:func:`apply_outcome` bound to the outcome)."""


class RatingStore(Protocol):
    """Where ratings and scored tables are kept. Each method is one transaction."""

    async def computer_account(self, agent: str) -> int:
        """The account of the computer ``agent`` (e.g. ``"mcts:normal"``), created on first
        use: the same id for the same agent everywhere."""
        ...

    async def record(self, outcome: Outcome, rater: Rater) -> Outcome | None:
        """Score a table once, in one transaction: unless ``outcome.table_id`` was scored
        already (then ``None``, nothing changes), read the current ratings of its accounts on
        its game, rate them with ``rater``, and store the new ratings, the placings with their
        changes and the table's mark. Returns the outcome as stored."""
        ...

    async def record_many(self, items: Sequence[tuple[Outcome, Rater]]) -> list[Outcome | None]:
        """:meth:`record` for several tables in one transaction, in order (a later outcome
        is rated from the ratings an earlier one left); one answer per item."""
        ...

    async def outcome(self, table_id: int) -> Outcome | None:
        """The scored outcome of a table (``None``: not scored)."""
        ...

    async def unscored(self, limit: int) -> list[int]:
        """Up to ``limit`` finished tables not scored yet, those that finished first first."""
        ...

    async def skills(self, game: str) -> dict[int, Skill]:
        """Every account's current rating on ``game``."""
        ...

    async def skill(self, user_id: int, game: str) -> Skill | None:
        """One account's current rating on ``game`` (``None``: never rated on it)."""
        ...

    async def outcomes(self, game: str | None = None) -> list[Outcome]:
        """Every scored outcome (of ``game``) in the order they were scored."""
        ...


class MemoryRatingStore:
    """A :class:`RatingStore` in dictionaries (service tests and tools).

    Args:
        tables: the tables to look for unscored ones in (a ``MemoryStorage``'s ``tables``).
    """

    def __init__(self, tables: Mapping[int, TableInfo] | None = None) -> None:
        self.tables = tables if tables is not None else {}
        self.accounts: dict[str, int] = {}
        self.ratings: dict[tuple[int, str], Skill] = {}
        self.scored: dict[int, Outcome] = {}

    async def computer_account(self, agent: str) -> int:
        """See :meth:`RatingStore.computer_account` (ids from 1,000,000,000 here)."""
        return self.accounts.setdefault(agent, 1_000_000_000 + len(self.accounts))

    async def record(self, outcome: Outcome, rater: Rater) -> Outcome | None:
        """See :meth:`RatingStore.record`."""
        if outcome.table_id in self.scored:
            return None
        current = {
            p.account: self.ratings[(p.account, outcome.game)]
            for p in outcome.placings
            if (p.account, outcome.game) in self.ratings
        }
        rated, new = rater(current)
        for account, skill in new.items():
            self.ratings[(account, outcome.game)] = skill
        self.scored[outcome.table_id] = rated
        return rated

    async def record_many(self, items: Sequence[tuple[Outcome, Rater]]) -> list[Outcome | None]:
        """See :meth:`RatingStore.record_many`."""
        return [await self.record(outcome, rater) for outcome, rater in items]

    async def outcome(self, table_id: int) -> Outcome | None:
        """See :meth:`RatingStore.outcome`."""
        return self.scored.get(table_id)

    async def unscored(self, limit: int) -> list[int]:
        """See :meth:`RatingStore.unscored`."""
        done = [
            info
            for info in self.tables.values()
            if info.status is TableStatus.FINISHED and info.id not in self.scored
        ]
        done.sort(key=lambda info: (info.finished_at is None, info.finished_at, info.id))
        return [info.id for info in done[:limit]]

    async def skills(self, game: str) -> dict[int, Skill]:
        """See :meth:`RatingStore.skills`."""
        return {account: s for (account, name), s in self.ratings.items() if name == game}

    async def skill(self, user_id: int, game: str) -> Skill | None:
        """See :meth:`RatingStore.skill`."""
        return self.ratings.get((user_id, game))

    async def outcomes(self, game: str | None = None) -> list[Outcome]:
        """See :meth:`RatingStore.outcomes`."""
        return [o for o in self.scored.values() if game is None or o.game == game]


# ----- the service's part ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Ended:
    """What scoring needs of a finished table: its description, game and final scores."""

    info: TableInfo
    game: Game
    scores: list[float] | None


class Ratings:
    """Scores finished tables (their placings, and ratings at rated tables).

    Args:
        registry: the tables in memory.
        store: where ratings are kept.
    """

    def __init__(self, registry: TableRegistry, store: RatingStore) -> None:
        self.registry = registry
        self.store = store
        self._lock = asyncio.Lock()
        """One transaction at a time in this process (an account's updates in order)."""
        self._waiting: deque[_Ended] = deque()
        """Finished tables waiting for their transaction, in the order they ended."""
        self._worker: asyncio.Task[None] | None = None
        """The background task scoring ``_waiting`` (``None``: idle)."""
        self._pending: set[int] = set()
        """Tables waiting or being scored in the background now."""
        self._done: OrderedDict[int, None] = OrderedDict()
        """Tables this process scored lately (a finished table changes again: offers)."""

    async def rating_of(self, user_id: int, game: str) -> float:
        """``user_id``'s displayed rating on ``game`` (1500 when never rated): what quick
        pairing matches by."""
        skill = await self.store.skill(user_id, game)
        return float((skill or Skill()).rating)

    async def rated_games(self, user_id: int, game: str) -> int:
        """The rated games of ``game`` ``user_id`` played (a tournament's entry condition)."""
        skill = await self.store.skill(user_id, game)
        return 0 if skill is None else skill.games

    def table_finished(self, event: TableFinished) -> None:
        """A table's game ended (a subscriber of the table-event hub): it is scored in the
        background; a table scored already (here or by another process) is not again, nor
        one whose replica here did not follow its game (``replayed`` false: the process where
        it ended scores it, and nobody here waits for its rating changes).

        What waits is the table's description and final scores, not the table: under load
        the scoring lags the games by up to a transaction, and a finished table (its state,
        log and subscribers) leaves the memory as soon as the finished cache moves on. The
        tables that end while a transaction runs are scored together in the next one
        (:data:`BATCH` at most), in the order they ended."""
        table = event.table
        if not event.replayed:
            return
        scored = table.info.rating_changes is not None or table.id in self._done
        if scored or table.id in self._pending:
            return
        game = table.game()
        self._waiting.append(_Ended(table.info, game, final_scores(game, table.state)))
        self._pending.add(table.id)
        if self._worker is None:
            self._worker = self.registry.spawn(self._score_waiting())

    async def _score_waiting(self) -> None:
        try:
            while self._waiting:
                count = min(BATCH, len(self._waiting))
                batch = [self._waiting.popleft() for _ in range(count)]
                try:
                    await self._score_batch(batch)
                except Exception:  # the startup pass scores them after a restart
                    ids = ", ".join(str(ended.info.id) for ended in batch)
                    log.exception("tables %s could not be scored", ids)
                finally:
                    self._pending.difference_update(ended.info.id for ended in batch)
        finally:
            self._worker = None

    async def _score_batch(self, batch: Sequence[_Ended]) -> None:
        async with self._lock:
            outcomes = [await self.outcome_of(e.info, e.game, e.scores) for e in batch]
            items = [(outcome, partial(apply_outcome, outcome)) for outcome in outcomes]
            stored = await self.store.record_many(items)
            for outcome in outcomes:
                self._remember(outcome.table_id)
        for outcome, result in zip(outcomes, stored, strict=True):
            # Looked up now: the table may have left the memory (then nobody here watches
            # it, and a later load fills it from the store) or been loaded again meanwhile.
            table = self.registry.tables.get(outcome.table_id) or self.registry.finished.get(
                outcome.table_id
            )
            if table is not None:
                await self._show(table, result)

    async def score(self, table: LiveTable) -> Outcome | None:
        """Score a finished table (once: ``None`` when it was already scored). At a rated
        table its viewers are sent the ``table`` message again, with ``rating_changes``."""
        stored = await self.score_info(table.info, table.game(), table.state)
        await self._show(table, stored)
        return stored

    async def _show(self, table: LiveTable, stored: Outcome | None) -> None:
        """Give a table in memory its rating changes and send them to its viewers
        (``stored``: the outcome just stored, ``None``: it was scored before)."""
        if stored is not None and stored.rated:
            table.info.rating_changes = stored.changes
            table.info.ratings_after = stored.ratings_after
            table.broadcast_table()
        elif stored is None and table.info.rating_changes is None:
            await self.fill(table)  # another process scored it: its viewers here learn too
            if table.info.rating_changes is not None:
                table.broadcast_table()

    def _remember(self, table_id: int) -> None:
        self._done[table_id] = None
        while len(self._done) > REMEMBERED:
            self._done.popitem(last=False)

    async def score_info(self, info: TableInfo, game: Game | None, state: Any) -> Outcome | None:
        """Score a finished table from its description (``game`` ``None``: its game can no
        longer be built, so it is kept without placings); ``None`` when already scored."""
        async with self._lock:
            if game is None:
                outcome = self._empty(info)
            else:
                outcome = await self.outcome_of(info, game, final_scores(game, state))
            stored = await self.store.record(outcome, partial(apply_outcome, outcome))
            self._remember(info.id)
            return stored

    async def fill(self, table: LiveTable) -> None:
        """Set a finished rated table's ``rating_changes`` from the store (a table loaded
        from the database after it left the memory)."""
        info = table.info
        if info.status is not TableStatus.FINISHED or not info.settings.rated:
            return
        if info.rating_changes is not None:
            return
        outcome = await self.store.outcome(table.id)
        if outcome is not None and outcome.rated:
            info.rating_changes = outcome.changes
            info.ratings_after = outcome.ratings_after

    async def catch_up(self, batch: int = 100) -> int:
        """Score every finished table not scored yet (after a crash between a game's end and
        its scoring, or tables finished before ratings existed), oldest first.

        Returns:
            The number of tables scored.
        """
        count = 0
        tried: set[int] = set()
        while True:
            ids = [
                i
                for i in await self.store.unscored(batch)
                if i not in tried and i not in self._pending  # those are being scored
            ]
            if not ids:
                return count
            for table_id in ids:
                tried.add(table_id)
                if await self._score_stored(table_id) is not None:
                    count += 1

    async def _score_stored(self, table_id: int) -> Outcome | None:
        live = self.registry.tables.get(table_id) or self.registry.finished.get(table_id)
        if live is not None and live.info.status is TableStatus.FINISHED:
            return await self.score(live)  # held here: its viewers are told
        info = await self.registry.storage.get_table(table_id)
        if info is None:
            return None
        try:
            game: Game | None = load(info.game, info.num_players, **info.options)
        except (GameError, ValueError):
            game = None
        state = None
        if game is not None and game.game_type.result is ResultKind.SCORES:
            try:  # the final scores rank the seats: the log is replayed
                state = (await self.registry.get(table_id)).state
            except ServiceError:  # a log that no longer replays: ranked by the returns
                state = None
        return await self.score_info(info, game, state)

    @staticmethod
    def _empty(info: TableInfo) -> Outcome:
        finished = info.finished_at or info.created_at
        reason = "normal" if info.reason is None else info.reason.value
        return Outcome(info.id, info.game, finished, reason, False, 0)

    async def outcome_of(
        self, info: TableInfo, game: Game, scores: Sequence[float] | None
    ) -> Outcome:
        """A finished table's outcome, before rating (placings with ranks and results).

        Args:
            info: the table.
            game: its game.
            scores: its final scores (:func:`final_scores`), or ``None``.
        """
        if info.returns is None or any(not seat.filled for seat in info.seats):
            return self._empty(info)
        finished = info.finished_at or info.created_at
        reason = "normal" if info.reason is None else info.reason.value
        teams = sides(game)
        ranks = side_ranks(game, info.returns, info.notes, scores)
        side_of = {seat: index for index, team in enumerate(teams) for seat in team}
        placings = []
        for seat in info.seats:
            if seat.kind is SeatKind.COMPUTER:
                account = await self.store.computer_account(seat.agent or "random")
            else:
                assert seat.user_id is not None
                account = seat.user_id
            word = result_word(ranks, seat.index, len(teams))
            placings.append(
                Placing(seat.index, side_of[seat.index], account, ranks[seat.index], word)
            )
        accounts = [p.account for p in placings]
        rated = info.settings.rated and len(teams) >= 2 and len(set(accounts)) == len(accounts)
        return Outcome(info.id, info.game, finished, reason, rated, len(teams), tuple(placings))
