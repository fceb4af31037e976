"""Tournaments on the site: Swiss, arena and round-robin events for any game, people and
computers together (``docs/tournaments.md``).

A tournament is created with its game, options, table size, time control (required), format,
rounds or duration, start time, rated or not and an optional entry condition. People register
and withdraw until the start (arenas also take late entrants); the creator may add computers at
a chosen level. At the start time the rounds pair themselves (``connect_arena.agents.pairing``,
the same code as the command line's) and each group gets a table where the game starts at once;
a finished round is followed by a pause, then the next. A no-show (a person who made no action
at a table and lost it on time) is withdrawn after two. Every change is stored (one row, one
transaction), so a restart rebuilds each tournament and carries on; its games are ordinary
tables, which survive restarts themselves.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import enum
import logging
import math
import os
import random
import signal
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from typing import Any, Protocol, TypeVar

from connect_arena.agents import pairing
from connect_arena.core import CHANCE, game_class
from connect_arena.service import protocol
from connect_arena.service.cluster import Cluster, CoordinationError, honour_cancel
from connect_arena.service.live_table import Subscription
from connect_arena.service.model import (
    MAX_ID,
    ErrorCode,
    Seat,
    SeatKind,
    ServiceError,
    TableInfo,
    TableStatus,
    User,
    utcnow,
)
from connect_arena.service.seating import Seating
from connect_arena.service.settings import (
    TAKEOVER_LEVELS,
    HintPolicy,
    ResultReason,
    TableSettings,
)
from connect_arena.service.table_events import TableFinished
from connect_arena.service.table_registry import TableRegistry

log = logging.getLogger(__name__)

_T = TypeVar("_T")

PAUSE = 30.0
"""Default seconds between two rounds."""

NO_SHOWS = 2
"""No-shows after which an entrant is withdrawn."""

COMPUTER_LEVELS = ("random", "greedy", *TAKEOVER_LEVELS)
"""The computers that may enter."""

MAX_ENTRANTS = 256
"""Entrants of a Swiss or an arena (the pairing of 256 takes well under a second)."""

MAX_ROUND_ROBIN_TABLES = 252
"""A round-robin's tables per cycle: ``C(n, k)`` for ``n`` entrants at tables of ``k``."""

MAX_OPEN_PER_ACCOUNT = 3
"""Upcoming or running tournaments one account may have created."""

MAX_COMPUTERS = 32
"""Computers in one tournament."""

BROADCAST_EVERY = 1.0
"""Seconds between two live ``tournament`` messages of one tournament (changes made meanwhile
leave together in the next)."""

LEASE_MS = 5000
"""Milliseconds a tournament's owner claim lasts unless renewed (renewed every third): how
long a tournament waits when its owner process dies."""

ATTEMPTS = 8
"""Tries of a change asked while another process saves the same tournament."""

ADOPT_LOOKBACK = 500
"""Recently finished tables searched for a taken-over round's tables (a table opened just
before its process died may have finished already)."""

PAIRING_LIMIT = 10.0
"""Seconds a round's pairing may take (in a worker thread) before it is given up and tried
again a moment later."""


def max_entrants(format: Format, players: int) -> int:
    """The most entrants of a tournament of ``format`` at tables of ``players``: 256 for a
    Swiss or an arena; a round-robin 16 at tables of two (15 rounds), else the largest ``n``
    with ``C(n, players) <= 252`` (every group of ``players`` meets once)."""
    if format is not Format.ROUND_ROBIN:
        return MAX_ENTRANTS
    if players == 2:
        return 16
    n = players
    while math.comb(n + 1, players) <= MAX_ROUND_ROBIN_TABLES:
        n += 1
    return n


AFTER_END = "after_end"
"""The ``reason`` of an arena's game still in progress at the arena's end: it plays out at its
table but does not count (no ``returns``)."""

CRASH_ENV = "CONNECT_ARENA_TOURNAMENT_CRASH"
"""Fault injection for the crash tests: the process kills itself (``SIGKILL``) at the step of
a round's start named by this variable (see :func:`crash_point`)."""


def crash_point(step: str) -> None:
    """Kill this process with ``SIGKILL`` when ``CONNECT_ARENA_TOURNAMENT_CRASH`` names
    ``step``: ``paired:R`` (round R's pairing stored), ``created:R:T`` (its T-th table stored,
    not yet recorded in the tournament), ``recorded:R:T`` (recorded) or ``started:R`` (every
    table of the round recorded). Unset, it does nothing (tests only)."""
    if os.environ.get(CRASH_ENV) == step:
        os.kill(os.getpid(), signal.SIGKILL)


class Format(enum.StrEnum):
    """How a tournament pairs: ``swiss`` (a fixed number of rounds, equal scores meet, no
    pair twice), ``arena`` (a fixed duration, a player who finishes is paired again at once)
    or ``round_robin`` (everyone meets everyone)."""

    SWISS = "swiss"
    ARENA = "arena"
    ROUND_ROBIN = "round_robin"


class TournamentStatus(enum.StrEnum):
    """``upcoming`` (registration open), ``running``, ``finished`` or ``cancelled``."""

    UPCOMING = "upcoming"
    RUNNING = "running"
    FINISHED = "finished"
    CANCELLED = "cancelled"


_OPEN = (TournamentStatus.UPCOMING, TournamentStatus.RUNNING)


@dataclass(slots=True)
class Entrant:
    """A person or a computer in a tournament.

    Attributes:
        index: its number in the tournament (0-based, in order of registration).
        name: shown in the standings.
        user_id: the person's account (``None`` for a computer).
        agent: the computer's agent spec (``None`` for a person).
        bot: the person's account is a bot (bot API).
        withdrawn: no longer paired (withdrew, or two no-shows).
        no_shows: games lost on time without an action.
        rating: the seeding strength (the displayed rating when registering).
    """

    index: int
    name: str
    user_id: int | None = None
    agent: str | None = None
    bot: bool = False
    withdrawn: bool = False
    no_shows: int = 0
    rating: float = 1500.0

    def to_json(self) -> protocol.TournamentEntrant:
        """The entrant as JSON."""
        return {
            "index": self.index,
            "name": self.name,
            "user_id": self.user_id,
            "agent": self.agent,
            "bot": self.bot,
            "withdrawn": self.withdrawn,
            "no_shows": self.no_shows,
            "rating": self.rating,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Entrant:
        """The inverse of :meth:`to_json`."""
        return cls(
            int(data["index"]),
            str(data["name"]),
            data.get("user_id"),
            data.get("agent"),
            bool(data.get("bot", False)),
            bool(data.get("withdrawn", False)),
            int(data.get("no_shows", 0)),
            float(data.get("rating", 1500.0)),
        )


@dataclass(slots=True)
class TournamentGame:
    """One table of a tournament.

    Attributes:
        round: the round (1-based; arena: the order of pairing).
        table_id: the table.
        entrants: the entrant at each seat.
        returns: the final returns once finished (``None`` before, or when it ended without
            a result).
        reason: why it ended.
        scores: each seat's final points, as the table's (``None`` for a game not scored
            by points or ended before its end by the rules).
    """

    round: int
    table_id: int
    entrants: tuple[int, ...]
    returns: list[float] | None = None
    reason: str | None = None
    no_shows: tuple[int, ...] = ()
    scores: list[float] | None = None

    @property
    def finished(self) -> bool:
        """Whether the game is over."""
        return self.reason is not None

    def to_json(self) -> protocol.TournamentGame:
        """The game as JSON."""
        return {
            "round": self.round,
            "table_id": self.table_id,
            "entrants": list(self.entrants),
            "returns": self.returns,
            "scores": self.scores,
            "reason": self.reason,
            "no_shows": list(self.no_shows),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TournamentGame:
        """The inverse of :meth:`to_json`."""
        return cls(
            int(data["round"]),
            int(data["table_id"]),
            tuple(int(e) for e in data["entrants"]),
            data.get("returns"),
            data.get("reason"),
            tuple(int(e) for e in data.get("no_shows", [])),
            data.get("scores"),
        )


@dataclass(slots=True)
class Tournament:
    """A tournament and its state (everything stored).

    Attributes:
        id: its id.
        name: its title.
        game, options, players: the game, its options and the number of seats per table.
        settings: the tables' settings (a time control is required; ``rated``).
        format: Swiss, arena or round-robin.
        rounds: Swiss: the number of rounds (round-robin: computed at the start).
        minutes: arena: the duration.
        starts_at: when it starts.
        min_rated_games: the rated games of this game an entrant must have played.
        pause: seconds between rounds.
        created_by: the creator's user id.
        status, round: where it is.
        entrants, games: who plays, and every table.
        seed: draws the pairings' random choices (stable across restarts).
        started_at, finished_at: when.
        byes: ``(round, entrant)`` for each bye given (a Swiss or round-robin round without a
            table for that entrant: a point, as FIDE and Lichess Swiss).
        schedule: round-robin: every round's tables, fixed at the start.
        pending: ``(round, group)`` for each table paired and stored but not yet recorded as
            a game: a restart opens (or adopts) exactly these, never pairs the round again.
    """

    id: int
    name: str
    game: str
    options: dict[str, Any]
    players: int
    settings: TableSettings
    format: Format
    rounds: int
    minutes: float
    starts_at: datetime
    min_rated_games: int
    pause: float
    created_by: int
    seed: int
    status: TournamentStatus = TournamentStatus.UPCOMING
    round: int = 0
    entrants: list[Entrant] = field(default_factory=list)
    games: list[TournamentGame] = field(default_factory=list)
    started_at: datetime | None = None
    finished_at: datetime | None = None
    byes: list[tuple[int, int]] = field(default_factory=list)
    schedule: list[list[tuple[int, ...]]] = field(default_factory=list)
    pending: list[tuple[int, tuple[int, ...]]] = field(default_factory=list)
    version: int = 0
    """The stored row's version this state was read at or saved as (not in the state)."""

    def active(self) -> list[Entrant]:
        """The entrants still paired."""
        return [e for e in self.entrants if not e.withdrawn]

    def entrant_of(self, user_id: int) -> Entrant | None:
        """The entrant of ``user_id``, if registered."""
        return next((e for e in self.entrants if e.user_id == user_id), None)

    def ends_at(self) -> datetime | None:
        """An arena's end (``None`` for other formats or before the start)."""
        if self.format is not Format.ARENA or self.started_at is None:
            return None
        return self.started_at + timedelta(minutes=self.minutes)

    def state_json(self) -> dict[str, Any]:
        """What is stored besides the creation's choices."""
        return {
            "status": self.status.value,
            "round": self.round,
            "entrants": [e.to_json() for e in self.entrants],
            "games": [g.to_json() for g in self.games],
            "rounds": self.rounds,
            "byes": [list(bye) for bye in self.byes],
            "schedule": [[list(group) for group in groups] for groups in self.schedule],
            "pending": [[number, list(group)] for number, group in self.pending],
            "started_at": None if self.started_at is None else self.started_at.isoformat(),
            "finished_at": None if self.finished_at is None else self.finished_at.isoformat(),
        }

    def spec_json(self) -> dict[str, Any]:
        """The creation's choices."""
        return {
            "name": self.name,
            "game": self.game,
            "options": dict(self.options),
            "players": self.players,
            "settings": self.settings.to_json(),
            "format": self.format.value,
            "minutes": self.minutes,
            "starts_at": self.starts_at.isoformat(),
            "min_rated_games": self.min_rated_games,
            "pause": self.pause,
            "created_by": self.created_by,
            "seed": self.seed,
        }

    @classmethod
    def from_stored(cls, row: StoredTournament) -> Tournament:
        """A tournament from its stored row."""
        spec, state = row.spec, row.state
        tournament = cls(
            id=row.id,
            name=spec["name"],
            game=spec["game"],
            options=dict(spec["options"]),
            players=int(spec["players"]),
            settings=TableSettings.from_json(spec["settings"]),
            format=Format(spec["format"]),
            rounds=int(state.get("rounds", 0)),
            minutes=float(spec["minutes"]),
            starts_at=datetime.fromisoformat(spec["starts_at"]),
            min_rated_games=int(spec["min_rated_games"]),
            pause=float(spec["pause"]),
            created_by=int(spec["created_by"]),
            seed=int(spec["seed"]),
            status=TournamentStatus(state["status"]),
            round=int(state["round"]),
            entrants=[Entrant.from_json(e) for e in state["entrants"]],
            games=[TournamentGame.from_json(g) for g in state["games"]],
            byes=[(int(r), int(e)) for r, e in state.get("byes", [])],
            schedule=[
                [tuple(int(e) for e in group) for group in groups]
                for groups in state.get("schedule", [])
            ],
            pending=[
                (int(number), tuple(int(e) for e in group))
                for number, group in state.get("pending", [])
            ],
        )
        if state.get("started_at"):
            tournament.started_at = datetime.fromisoformat(state["started_at"])
        if state.get("finished_at"):
            tournament.finished_at = datetime.fromisoformat(state["finished_at"])
        tournament.version = row.version
        return tournament


@dataclass(frozen=True, slots=True)
class StoredTournament:
    """A tournament as stored: its id, the creation's choices, its state (JSON) and its
    version (raised by every save)."""

    id: int
    spec: dict[str, Any]
    state: dict[str, Any]
    version: int = 0


class StaleTournamentError(Exception):
    """A save was refused: the tournament was saved by someone else since it was read."""


class TournamentStore(Protocol):
    """Where tournaments are kept (each method one transaction)."""

    async def add_tournament(self, spec: dict[str, Any], state: dict[str, Any]) -> int:
        """Store a new tournament; its id."""
        ...

    async def save_tournament(
        self, tournament_id: int, state: dict[str, Any], version: int | None = None
    ) -> int:
        """Replace a tournament's state if its stored version is still ``version`` (``None``:
        whatever it is); the new version.

        Raises:
            StaleTournamentError: the stored version is another.
        """
        ...

    async def get_tournament(self, tournament_id: int) -> StoredTournament | None:
        """One tournament (``None``: there is none)."""
        ...

    async def open_tournaments(self) -> list[int]:
        """The ids of the upcoming and running tournaments, oldest first."""
        ...

    async def list_tournaments(self) -> list[StoredTournament]:
        """Every tournament, oldest first."""
        ...


class MemoryTournamentStore:
    """A :class:`TournamentStore` in a dictionary (tests, tools)."""

    def __init__(self) -> None:
        self.rows: dict[int, StoredTournament] = {}

    async def add_tournament(self, spec: dict[str, Any], state: dict[str, Any]) -> int:
        """See :meth:`TournamentStore.add_tournament`."""
        tournament_id = len(self.rows) + 1
        self.rows[tournament_id] = StoredTournament(tournament_id, dict(spec), dict(state))
        return tournament_id

    async def save_tournament(
        self, tournament_id: int, state: dict[str, Any], version: int | None = None
    ) -> int:
        """See :meth:`TournamentStore.save_tournament`."""
        row = self.rows[tournament_id]
        if version is not None and version != row.version:
            raise StaleTournamentError(f"tournament {tournament_id} was saved meanwhile")
        self.rows[tournament_id] = StoredTournament(
            row.id, row.spec, copy.deepcopy(state), row.version + 1
        )
        return row.version + 1

    async def get_tournament(self, tournament_id: int) -> StoredTournament | None:
        """See :meth:`TournamentStore.get_tournament`."""
        row = self.rows.get(tournament_id)
        return None if row is None else replace(row, state=copy.deepcopy(row.state))

    async def open_tournaments(self) -> list[int]:
        """See :meth:`TournamentStore.open_tournaments`."""
        open_ = (TournamentStatus.UPCOMING.value, TournamentStatus.RUNNING.value)
        return [key for key in sorted(self.rows) if self.rows[key].state["status"] in open_]

    async def list_tournaments(self) -> list[StoredTournament]:
        """See :meth:`TournamentStore.list_tournaments`."""
        return [self.rows[key] for key in sorted(self.rows)]


RatedGames = Callable[[int, str], Any]
"""``await rated_games(user_id, game)``: the rated games of that game the user played."""


class Tournaments:
    """Every tournament, and the tasks that run them.

    Args:
        registry: the tables (a tournament's games are tables).
        seating: creates the tables.
        store: where tournaments are kept.
        rated_games: the entry condition's count (``None``: every count is 0).
        rating_of: a person's displayed rating, for seeding (``None``: no seeding by rating).
        cluster: shared with the other processes (``None``: this process is alone). Then
            each tournament is run (started, paired, its tables opened) by the one process
            holding its claim ``tournament:<id>`` (:data:`LEASE_MS`, renewed); every process
            answers it from the database, and each save is refused when another process
            saved since it was read (the row's version): the change is then made again on
            the stored state. A saved change is relayed (``tournament``) to the others.
    """

    def __init__(
        self,
        registry: TableRegistry,
        seating: Seating,
        store: TournamentStore,
        rated_games: RatedGames | None = None,
        rating_of: Callable[[int, str], Any] | None = None,
        cluster: Cluster | None = None,
    ) -> None:
        self.registry = registry
        self.cluster = cluster
        self.lease_ms = LEASE_MS
        """The owner claim's expiry (see :data:`LEASE_MS`)."""
        self.owned: set[int] = set()
        """The tournaments this process runs (several processes: those whose claim it holds)."""
        self._supervisor: asyncio.Task[None] | None = None
        self.seating = seating
        self.store = store
        self.rated_games = rated_games
        self.now = utcnow
        self.held: dict[int, Tournament] = {}
        self._by_table: dict[int, int] = {}
        self._wake: dict[int, asyncio.Event] = {}
        self._locks: dict[int, asyncio.Lock] = {}
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self.watchers: dict[int, set[Subscription]] = {}
        self._round_ended_at: dict[tuple[int, int], datetime] = {}
        self.rating_of = rating_of
        """``await rating_of(user_id, game)``: a person's displayed rating (seeding)."""
        self.broadcast_every = BROADCAST_EVERY
        """Seconds between two ``tournament`` messages to a tournament's watchers."""
        self._sent_at: dict[int, float] = {}
        self._later: dict[int, asyncio.TimerHandle] = {}
        self.pairing_limit = PAIRING_LIMIT
        """Seconds a pairing may take off the event loop (see :data:`PAIRING_LIMIT`)."""
        self.crash_point: Callable[[str], None] = crash_point
        """Called after each stored step of a round's start (fault injection in tests)."""

    # ----- life ----------------------------------------------------------------------------------
    async def start(self) -> None:
        """Rebuild every tournament from the store and resume the unfinished ones (several
        processes: those whose claim this process takes, now and every third of
        :attr:`lease_ms`)."""
        for row in await self.store.list_tournaments():
            tournament = self._keep(Tournament.from_stored(row))
            if self.cluster is None and tournament.status in _OPEN:
                await self._catch_up(tournament)
                self.owned.add(tournament.id)
                self._launch(tournament)
        if self.cluster is not None:
            self._supervisor = asyncio.get_running_loop().create_task(self._supervise())

    async def stop_running(self, release: bool = True) -> None:
        """Stop running tournaments here (their state is stored); ``release``: let go of
        their claims at once (else they expire, as a killed process's)."""
        tasks = list(self._tasks.values())
        if self._supervisor is not None:
            tasks.append(self._supervisor)
            self._supervisor = None
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(BaseException):
                await task
        self._tasks.clear()
        if release and self.cluster is not None:
            for tournament_id in sorted(self.owned):
                await self.cluster.coordinator.unclaim(f"tournament:{tournament_id}")
        self.owned.clear()

    async def close(self) -> None:
        """Stop the tournaments' tasks (their state is stored) and let go of their claims."""
        await self.stop_running()
        for handle in self._later.values():
            handle.cancel()
        self._later.clear()
        for watchers in self.watchers.values():
            for watcher in watchers:
                watcher.close()

    def _launch(self, tournament: Tournament) -> None:
        self._wake.setdefault(tournament.id, asyncio.Event())
        self._tasks[tournament.id] = asyncio.get_running_loop().create_task(
            self._run(tournament.id)
        )

    def _lock(self, tournament_id: int) -> asyncio.Lock:
        return self._locks.setdefault(tournament_id, asyncio.Lock())

    async def _save(self, tournament: Tournament) -> None:
        """Store ``tournament`` if nobody saved it since it was read; relay the change.

        Raises:
            StaleTournamentError: someone did (the stored state is read again first).
        """
        try:
            tournament.version = await self.store.save_tournament(
                tournament.id, tournament.state_json(), tournament.version
            )
        except StaleTournamentError:
            await self._reload(tournament.id)
            raise
        self._broadcast(tournament)
        if self.cluster is not None:
            self.cluster.send("tournament", {"id": tournament.id, "version": tournament.version})

    def _keep(self, tournament: Tournament) -> Tournament:
        """Hold ``tournament`` as the latest known state; its games in progress are noted."""
        self.held[tournament.id] = tournament
        for game in tournament.games:
            if not game.finished:
                self._by_table[game.table_id] = tournament.id
        return tournament

    async def _reload(self, tournament_id: int) -> Tournament | None:
        """Read a tournament from the store; the held state is replaced when the stored one
        is newer (its watchers then hear of it). ``None``: there is no such tournament."""
        row = await self.store.get_tournament(tournament_id)
        if row is None:
            return None
        held = self.held.get(tournament_id)
        if held is not None and held.version >= row.version:
            return held
        tournament = self._keep(Tournament.from_stored(row))
        self._broadcast(tournament)
        return tournament

    async def relayed(self, body: dict[str, Any]) -> None:
        """Another process saved a tournament (``{"id", "version"}``): read it again when
        the held state is older, and wake it."""
        tournament_id = body.get("id")
        version = body.get("version")
        if not isinstance(tournament_id, int) or not isinstance(version, int):
            return
        held = self.held.get(tournament_id)
        if held is not None and held.version >= version:
            return
        await self._reload(tournament_id)
        wake = self._wake.get(tournament_id)
        if wake is not None:
            wake.set()

    async def find(self, tournament_id: int) -> Tournament:
        """The tournament ``tournament_id`` as stored (several processes: read from the
        store; alone: held here).

        Raises:
            ServiceError: ``not_found``.
        """
        stored = 0 < tournament_id <= MAX_ID  # a database integer cannot hold the others
        if stored and (self.cluster is not None or tournament_id not in self.held):
            await self._reload(tournament_id)
        return self.get(tournament_id)

    async def fresh_listing(self) -> protocol.TournamentListing:
        """:meth:`listing`, the held tournaments read again from the store first when
        several processes share it."""
        if self.cluster is not None:
            for row in await self.store.list_tournaments():
                held = self.held.get(row.id)
                if held is None or held.version < row.version:
                    self._broadcast(self._keep(Tournament.from_stored(row)))
        return self.listing()

    async def _changing(
        self, tournament_id: int, change: Callable[[Tournament], Any]
    ) -> Tournament:
        """Apply ``await change(tournament)`` (which checks, changes and saves under the
        tournament's lock) to the stored state, again while another process saved it
        meanwhile.

        Raises:
            ServiceError: ``not_found``, what ``change`` raises; ``conflict`` after
                :data:`ATTEMPTS` refusals.
        """
        for _ in range(ATTEMPTS):
            tournament = await self.find(tournament_id)
            try:
                async with self._lock(tournament_id):
                    if self.held.get(tournament_id) is not tournament:
                        continue  # read again meanwhile
                    await change(tournament)
            except StaleTournamentError:
                continue
            wake = self._wake.get(tournament_id)
            if wake is not None:
                wake.set()
            return tournament
        raise ServiceError(ErrorCode.CONFLICT, "the tournament kept changing: try again")

    # ----- owners (several processes) ------------------------------------------------------------
    async def _supervise(self) -> None:
        """Every third of :attr:`lease_ms`: take or renew the claim of each open tournament;
        run those held, stop those lost."""
        while True:
            try:
                await self._claim_open()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("claiming tournaments failed")
            honour_cancel()  # a claim's Redis client may have swallowed it
            await asyncio.sleep(self.lease_ms / 3000)

    async def _claim_open(self) -> None:
        assert self.cluster is not None
        coordinator = self.cluster.coordinator
        for tournament_id in sorted(set(await self.store.open_tournaments()) | self.owned):
            task = self._tasks.get(tournament_id)
            running = task is not None and not task.done()
            try:
                got = await coordinator.claim(f"tournament:{tournament_id}", self.lease_ms)
            except CoordinationError as error:
                log.warning("tournament %s's claim: %s", tournament_id, error)
                got = False
            if not got:
                self.owned.discard(tournament_id)
                if task is not None and running:
                    task.cancel()  # another process runs it now
                continue
            if running:
                continue
            tournament = await self._reload(tournament_id)
            if tournament is None or tournament.status not in _OPEN:
                self.owned.discard(tournament_id)
                await coordinator.unclaim(f"tournament:{tournament_id}")
                continue
            self.owned.add(tournament_id)
            self._launch(tournament)

    async def _owner(self, tournament_id: int) -> bool:
        """Whether this process still runs the tournament (renewing its claim): asked
        before each table is opened, so a process that lost it opens none."""
        if self.cluster is None:
            return True
        try:
            got = await self.cluster.coordinator.claim(f"tournament:{tournament_id}", self.lease_ms)
        except CoordinationError:
            got = False
        if not got:
            self.owned.discard(tournament_id)
        return got

    # ----- creation and registration -----------------------------------------------------------
    async def create(
        self,
        user: User,
        name: str,
        game: str,
        settings: TableSettings,
        format: Format,
        starts_at: datetime,
        players: int | None = None,
        options: dict[str, Any] | None = None,
        rounds: int = 5,
        minutes: float = 30.0,
        min_rated_games: int = 0,
        pause: float = PAUSE,
    ) -> Tournament:
        """Create a tournament (its creator is not registered by it).

        Raises:
            ServiceError: ``bad_request``: an unknown game, options or table size, no time
                control, rounds or duration out of range, a start in the past.
        """
        if not settings.time_control.timed:
            raise ServiceError(
                ErrorCode.BAD_REQUEST, "a tournament needs a time control (real time or turn-based)"
            )
        name = " ".join(name.split())[:64]
        if not name:
            raise ServiceError(ErrorCode.BAD_REQUEST, "a tournament needs a name")
        try:
            cls = game_class(game)
        except ValueError as error:
            raise ServiceError(ErrorCode.BAD_REQUEST, str(error)) from None
        count = players or cls.default_players
        if count not in cls.player_counts or count < 2:
            raise ServiceError(
                ErrorCode.BAD_REQUEST, f"{cls.title} tables of {count} players cannot be paired"
            )
        checked_name, checked = self.seating.prepare(game, count, options or {}, settings)
        if format is Format.SWISS and not 1 <= rounds <= 30:
            raise ServiceError(ErrorCode.BAD_REQUEST, "a Swiss has 1 to 30 rounds")
        if format is Format.ARENA and not 0 < minutes <= 24 * 60:
            raise ServiceError(ErrorCode.BAD_REQUEST, "an arena lasts up to 24 hours")
        if starts_at < self.now() - timedelta(minutes=1):
            raise ServiceError(ErrorCode.BAD_REQUEST, "the start time has passed")
        if not 0 <= min_rated_games <= 1000 or not 0 <= pause <= 3600:
            raise ServiceError(ErrorCode.BAD_REQUEST, "entry condition or pause out of range")
        if self.cluster is not None:
            await self.fresh_listing()  # created through other processes count too
        mine = [t for t in self.held.values() if t.created_by == user.id and t.status in _OPEN]
        if len(mine) >= MAX_OPEN_PER_ACCOUNT:
            raise ServiceError(
                ErrorCode.NOT_ALLOWED,
                f"an account may run {MAX_OPEN_PER_ACCOUNT} tournaments at a time",
            )
        tournament = Tournament(
            id=0,
            name=name,
            game=checked_name,
            options=checked,
            players=count,
            settings=settings,
            format=format,
            rounds=rounds if format is Format.SWISS else 0,
            minutes=minutes if format is Format.ARENA else 0.0,
            starts_at=starts_at,
            min_rated_games=min_rated_games,
            pause=pause,
            created_by=user.id,
            seed=random.SystemRandom().randrange(2**62),
        )
        tournament.id = await self.store.add_tournament(
            tournament.spec_json(), tournament.state_json()
        )
        self._keep(tournament)
        if await self._owner(tournament.id):  # else the claim's holder runs it
            self.owned.add(tournament.id)
            self._launch(tournament)
        return tournament

    def get(self, tournament_id: int) -> Tournament:
        """The tournament ``tournament_id``.

        Raises:
            ServiceError: ``not_found``.
        """
        tournament = self.held.get(tournament_id)
        if tournament is None:
            raise ServiceError(ErrorCode.NOT_FOUND, f"there is no tournament {tournament_id}")
        return tournament

    def _may_join(self, tournament: Tournament, count: int = 1) -> None:
        """Refuse ``count`` more entrants when registration is closed or they would pass
        the format's cap (:func:`max_entrants`)."""
        late = tournament.format is Format.ARENA and tournament.status is TournamentStatus.RUNNING
        if tournament.status is not TournamentStatus.UPCOMING and not late:
            raise ServiceError(
                ErrorCode.NOT_ALLOWED, "registration is closed: the tournament has started"
            )
        cap = max_entrants(tournament.format, tournament.players)
        if len(tournament.entrants) + count > cap:
            raise ServiceError(
                ErrorCode.NOT_ALLOWED, f"this tournament takes at most {cap} entrants"
            )

    async def register(self, tournament_id: int, user: User) -> Tournament:
        """Register ``user`` (until the start; an arena also while it runs). A withdrawn
        entrant registering again comes back.

        Raises:
            ServiceError: ``not_found``, ``not_allowed`` (closed, or the entry condition).
        """

        async def change(tournament: Tournament) -> None:
            self._may_join(tournament, 0 if tournament.entrant_of(user.id) else 1)
            if tournament.min_rated_games and self.rated_games is not None:
                played = await self.rated_games(user.id, tournament.game)
                if played < tournament.min_rated_games:
                    raise ServiceError(
                        ErrorCode.NOT_ALLOWED,
                        f"this tournament needs {tournament.min_rated_games} rated games of "
                        f"{game_class(tournament.game).title} (you have {played})",
                    )
            entrant = tournament.entrant_of(user.id)
            if entrant is not None and not entrant.withdrawn:
                raise ServiceError(ErrorCode.CONFLICT, "you are registered already")
            rating = 1500.0
            if self.rating_of is not None:
                rating = float(await self.rating_of(user.id, tournament.game))
            if entrant is not None:
                entrant.withdrawn, entrant.no_shows = False, 0
            else:
                tournament.entrants.append(
                    Entrant(
                        len(tournament.entrants), user.name, user.id, bot=user.bot, rating=rating
                    )
                )
            await self._save(tournament)

        return await self._changing(tournament_id, change)

    async def withdraw(self, tournament_id: int, user: User) -> Tournament:
        """Withdraw ``user``: no longer paired (a game in progress is played out).

        Raises:
            ServiceError: ``not_found``, ``not_seated`` (not registered), ``not_allowed``
                (the tournament is over).
        """

        async def change(tournament: Tournament) -> None:
            if tournament.status in (TournamentStatus.FINISHED, TournamentStatus.CANCELLED):
                raise ServiceError(ErrorCode.NOT_ALLOWED, "the tournament is over")
            entrant = tournament.entrant_of(user.id)
            if entrant is None or entrant.withdrawn:
                raise ServiceError(ErrorCode.NOT_SEATED, "you are not registered")
            entrant.withdrawn = True
            await self._save(tournament)

        return await self._changing(tournament_id, change)

    async def add_computers(
        self, tournament_id: int, user: User, agent: str, count: int = 1
    ) -> Tournament:
        """The creator enters ``count`` computers at level ``agent`` (before the start; an
        arena also while it runs).

        Raises:
            ServiceError: ``not_found``, ``not_allowed`` (not the creator, closed),
                ``bad_request`` (an unknown level, too many).
        """
        if agent not in COMPUTER_LEVELS:
            raise ServiceError(
                ErrorCode.BAD_REQUEST, f"computers enter as one of {', '.join(COMPUTER_LEVELS)}"
            )
        if not 1 <= count <= 64:
            raise ServiceError(ErrorCode.BAD_REQUEST, "add 1 to 64 computers at a time")

        async def change(tournament: Tournament) -> None:
            if user.id != tournament.created_by:
                raise ServiceError(ErrorCode.NOT_ALLOWED, "only the creator adds computers")
            self._may_join(tournament, count)
            computers = sum(1 for e in tournament.entrants if e.agent is not None)
            if computers + count > MAX_COMPUTERS:
                raise ServiceError(
                    ErrorCode.NOT_ALLOWED, f"a tournament takes at most {MAX_COMPUTERS} computers"
                )
            for _ in range(count):
                number = sum(1 for e in tournament.entrants if e.agent == agent) + 1
                tournament.entrants.append(
                    Entrant(len(tournament.entrants), f"{agent} #{number}", agent=agent)
                )
            await self._save(tournament)

        return await self._changing(tournament_id, change)

    # ----- games ----------------------------------------------------------------------------
    def table_finished(self, event: TableFinished) -> None:
        """A table's game ended: when it is a tournament's game, wake that tournament (a
        subscriber of the table-event hub)."""
        tournament_id = self._by_table.get(event.table_id)
        if tournament_id is None:
            return
        wake = self._wake.get(tournament_id)
        if wake is not None:
            wake.set()

    async def _catch_up(self, tournament: Tournament) -> bool:
        """Take the results of the tournament's games that ended (from the tables, or the
        storage after a restart); count no-shows. Whether anything changed."""
        changed = False
        for game in tournament.games:
            if game.finished:
                continue
            table = self.registry.tables.get(game.table_id) or self.registry.finished.get(
                game.table_id
            )
            info = table.info if table is not None else None
            if table is not None and self.cluster is not None and self.cluster.is_dormant(table):
                info = None  # a replica left behind here: the database knows better
            if info is None:
                info = await self.registry.storage.get_table(game.table_id)
            if info is None or info.status is not TableStatus.FINISHED:
                if table is None and self.cluster is not None:
                    # A table opened by a process that died: a replica here lets this
                    # process carry its game on (computer seats, chance; see ComputerSeats).
                    await self.cluster.active(game.table_id)
                continue
            game.returns = None if info.returns is None else list(info.returns)
            game.scores = None if info.scores is None else list(info.scores)
            game.reason = (info.reason or ResultReason.NORMAL).value
            self._by_table.pop(game.table_id, None)
            changed = True
            if info.reason in (ResultReason.TIMEOUT, ResultReason.ABORTED):
                log_seats = await self._acted(game.table_id)
                missing = []
                for seat, index in enumerate(game.entrants):
                    entrant = tournament.entrants[index]
                    if entrant.agent is None and seat not in log_seats:
                        missing.append(index)
                        entrant.no_shows += 1
                        if entrant.no_shows >= NO_SHOWS:
                            entrant.withdrawn = True
                game.no_shows = tuple(missing)
        return changed

    async def _acted(self, table_id: int) -> set[int]:
        """The seats that made an action at table ``table_id``."""
        actions = await self.registry.storage.load_actions(table_id)
        return {entry.seat for entry in actions if entry.seat != CHANCE}

    def _seats(self, tournament: Tournament, group: tuple[int, ...]) -> list[Seat]:
        """The seats of ``group`` (entrant indices in seat order)."""
        seats = []
        for seat, index in enumerate(group):
            entrant = tournament.entrants[index]
            if entrant.agent is not None:
                seats.append(Seat(seat, SeatKind.COMPUTER, None, entrant.name, agent=entrant.agent))
            else:
                seats.append(
                    Seat(seat, SeatKind.HUMAN, entrant.user_id, entrant.name, bot=entrant.bot)
                )
        return seats

    def _orphan(
        self, tournament: Tournament, group: tuple[int, ...], stored: Sequence[TableInfo] = ()
    ) -> int | None:
        """A table made for ``group`` of the tournament but never recorded as its game (the
        process stopped between the two writes): its id, to adopt rather than seat the group
        twice. Searched among this process's tables and ``stored`` (tables read from the
        storage)."""
        known = {game.table_id for game in tournament.games}
        wanted = [(s.kind, s.user_id, s.name, s.agent) for s in self._seats(tournament, group)]
        here = [*self.registry.tables.values(), *self.registry.finished.values()]
        for info in [*(table.info for table in here), *stored]:
            if info.settings.tournament != tournament.id or info.id in known:
                continue
            if [(s.kind, s.user_id, s.name, s.agent) for s in info.seats] == wanted:
                return info.id
        return None

    async def _open_table(
        self, tournament: Tournament, group: tuple[int, ...], round_number: int
    ) -> int:
        """Create and start the table of ``group`` (entrant indices in seat order); its id."""
        seats = self._seats(tournament, group)
        creator = User(tournament.created_by, "")
        # Fair play: no engine hints at a tournament's tables, even against computers.
        settings = replace(tournament.settings, tournament=tournament.id, hints=HintPolicy.OFF)
        options = dict(tournament.options)
        endless = game_class(tournament.game).game_type.anti_endless_option
        if (
            endless is not None
            and not options.get(endless)
            and all(seat.kind is SeatKind.COMPUTER for seat in seats)
        ):
            # Computers alone could repeat moves for ever under any clock: the game's bound.
            options[endless] = game_class(tournament.game).game_type.anti_endless_default
        info = await self.seating.create_seated(creator, tournament.game, options, seats, settings)
        return info.id

    async def _stored_tables(self, tournament: Tournament) -> list[TableInfo]:
        """The tournament's tables in the storage that it has not recorded (several
        processes: a round taken over from another process may have some; read once per
        takeover, not at each table)."""
        if self.cluster is None:
            return []
        storage = self.registry.storage
        known = {game.table_id for game in tournament.games}
        tables = [*await storage.active_tables(), *await storage.finished_tables(ADOPT_LOOKBACK)]
        return [
            info
            for info in tables
            if info.settings.tournament == tournament.id and info.id not in known
        ]

    async def _open_pending(self, tournament: Tournament, adopting: bool = False) -> None:
        """Open the paired tables not yet recorded, one stored step each: a table made
        before a crash is adopted, so a restart never seats anyone twice (``adopting``: a
        round's start interrupted, here or on another process: the storage is searched too)."""
        stored = await self._stored_tables(tournament) if adopting else []
        while tournament.pending:
            number, group = tournament.pending[0]
            place = 1 + sum(1 for game in tournament.games if game.round == number)
            table_id = self._orphan(tournament, group, stored)
            if table_id is None:
                if not await self._owner(tournament.id):
                    raise StaleTournamentError(f"tournament {tournament.id} is run elsewhere now")
                table_id = await self._open_table(tournament, group, number)
                self.crash_point(f"created:{number}:{place}")
            tournament.games.append(TournamentGame(number, table_id, tuple(group)))
            self._by_table[table_id] = tournament.id
            tournament.pending.pop(0)
            await self._save(tournament)
            self.crash_point(f"recorded:{number}:{place}")

    # ----- running ---------------------------------------------------------------------------
    async def _run(self, tournament_id: int) -> None:
        """Run a tournament from wherever it stands until it ends (or, with several
        processes, until another process runs it); after a refused save, from the state
        read again."""
        wake = self._wake[tournament_id]
        try:
            while tournament_id in self.owned:
                tournament = self.held[tournament_id]
                if tournament.status is TournamentStatus.UPCOMING:
                    wait = (tournament.starts_at - self.now()).total_seconds()
                    if wait <= 0:
                        await self._begin(tournament)
                        if tournament.status is not TournamentStatus.UPCOMING:
                            continue
                        wait = 1.0  # still upcoming: the schedule took too long, try again
                    pause = min(wait, 60.0)
                elif tournament.status is TournamentStatus.RUNNING:
                    async with self._lock(tournament_id):
                        changed = await self._catch_up(tournament)
                        done = await self._step(tournament)
                        if changed or done:
                            await self._save(tournament)
                    if tournament.status is not TournamentStatus.RUNNING:
                        continue
                    pause = 1.0
                else:
                    break
                wake.clear()
                # asyncio.timeout, not wait_for: on Python 3.11 wait_for swallows a cancel that
                # arrives as the wake-up does, and the loop then ran on and close() waited for
                # ever (a test timed out at 240 s on CI).
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(pause):
                        await wake.wait()
        except asyncio.CancelledError:
            raise
        except StaleTournamentError:  # read again: carry on from the stored state
            if tournament_id in self.owned:
                self._launch(self.held[tournament_id])
        except Exception:
            log.exception("tournament %s stopped", tournament_id)

    async def _begin(self, tournament: Tournament) -> None:
        """Start (or cancel, without enough entrants); a round-robin's schedule is made off
        the event loop, and the start is tried again later if that takes too long."""
        async with self._lock(tournament.id):
            if len(tournament.active()) < tournament.players:
                tournament.status = TournamentStatus.CANCELLED
                tournament.finished_at = self.now()
            else:
                if tournament.format is Format.ROUND_ROBIN:
                    snapshot = copy.deepcopy(tournament)
                    schedule = await self._off_loop(lambda: pairing_schedule(snapshot))
                    if schedule is None:
                        return
                    tournament.schedule = schedule
                    tournament.rounds = len(tournament.schedule)
                tournament.status = TournamentStatus.RUNNING
                tournament.started_at = self.now()
            await self._save(tournament)

    def _pause_over(self, tournament: Tournament) -> bool:
        """Whether the pause after the last finished round is over."""
        last = [g for g in tournament.games if g.round == tournament.round]
        if not last:
            return True
        ended = self._round_ended_at.get((tournament.id, tournament.round))
        if ended is None:
            self._round_ended_at[(tournament.id, tournament.round)] = self.now()
            return tournament.pause <= 0
        return (self.now() - ended).total_seconds() >= tournament.pause

    async def _step(self, tournament: Tournament) -> bool:
        """Pair what can be paired now (under the tournament's lock); whether the state
        changed. A round starts in stored steps: its pairing (with the byes), then each table
        (see :meth:`_open_pending`)."""
        if tournament.pending:  # a round's start interrupted by a restart: carry it on
            await self._open_pending(tournament, adopting=True)
            self.crash_point(f"started:{tournament.round}")
            return True
        running = [g for g in tournament.games if not g.finished]
        if tournament.format is Format.ARENA:
            return await self._arena_step(tournament, running)
        if running:
            return False
        if tournament.round >= tournament.rounds or len(tournament.active()) < tournament.players:
            self._finish(tournament)
            return True
        if not self._pause_over(tournament):
            return False
        upcoming = copy.deepcopy(tournament)
        upcoming.round += 1
        paired = await self._off_loop(lambda: pairing_round(upcoming))
        if paired is None:
            return False  # tried again at the next wake-up
        groups, byes = paired
        tournament.round += 1
        tournament.byes.extend((tournament.round, index) for index in byes)
        tournament.pending = [(tournament.round, group) for group in groups]
        await self._save(tournament)
        self.crash_point(f"paired:{tournament.round}")
        await self._open_pending(tournament)
        self.crash_point(f"started:{tournament.round}")
        return True

    async def _arena_step(self, tournament: Tournament, running: list[TournamentGame]) -> bool:
        ends_at = tournament.ends_at()
        if ends_at is not None and self.now() >= ends_at:
            # The event ends at its time (Lichess): games still in progress play out at their
            # tables but do not count.
            for game in running:
                game.reason = AFTER_END
                self._by_table.pop(game.table_id, None)
            self._finish(tournament)
            return True
        busy = {index for game in running for index in game.entrants}
        idle = [e.index for e in tournament.active() if e.index not in busy]
        if len(idle) < tournament.players:
            return False
        snapshot = copy.deepcopy(tournament)
        groups = await self._off_loop(lambda: pairing_arena(snapshot, idle))
        if not groups:
            return False
        for group in groups:
            tournament.round += 1
            tournament.pending.append((tournament.round, group))
        await self._save(tournament)
        self.crash_point(f"paired:{tournament.round}")
        await self._open_pending(tournament)
        return True

    async def _off_loop(self, work: Callable[[], _T]) -> _T | None:
        """``work()`` in a worker thread (the event loop keeps serving), or ``None`` when it
        takes longer than :attr:`pairing_limit` seconds (it is logged; the thread's late
        answer is dropped)."""
        try:
            # asyncio.timeout, not wait_for: on Python 3.11 wait_for returns the answer and
            # swallows a cancel that arrives as the answer lands (close() then waits for ever)
            async with asyncio.timeout(self.pairing_limit):
                return await asyncio.to_thread(work)
        except TimeoutError:
            log.warning("a tournament pairing took over %s s: tried again", self.pairing_limit)
            return None

    def _finish(self, tournament: Tournament) -> None:
        tournament.status = TournamentStatus.FINISHED
        tournament.finished_at = self.now()

    # ----- views -----------------------------------------------------------------------------
    def to_json(self, tournament: Tournament) -> protocol.Tournament:
        """A tournament's public description: its choices, state, standings and games;
        ``ends_at`` (an arena's end) and ``next_round_at`` (when the next round is paired,
        during the pause between rounds)."""
        t = tournament
        ends_at = t.ends_at()
        next_round_at = None
        ended = self._round_ended_at.get((t.id, t.round))
        running = any(not game.finished for game in t.games)
        if ended is not None and not running and t.status is TournamentStatus.RUNNING:
            next_round_at = (ended + timedelta(seconds=t.pause)).isoformat()
        return {
            "id": t.id,
            "name": t.name,
            "game": t.game,
            "options": dict(t.options),
            "players": t.players,
            "settings": t.settings.to_json(),
            "format": t.format.value,
            "minutes": t.minutes,
            "starts_at": t.starts_at.isoformat(),
            "min_rated_games": t.min_rated_games,
            "pause": t.pause,
            "created_by": t.created_by,
            "status": t.status.value,
            "round": t.round,
            "entrants": [e.to_json() for e in t.entrants],
            "games": [g.to_json() for g in t.games],
            "rounds": t.rounds,
            "byes": [list(bye) for bye in t.byes],
            "started_at": None if t.started_at is None else t.started_at.isoformat(),
            "finished_at": None if t.finished_at is None else t.finished_at.isoformat(),
            "ends_at": None if ends_at is None else ends_at.isoformat(),
            "next_round_at": next_round_at,
            "standings": pairing_standings(t),
        }

    def listing(self) -> protocol.TournamentListing:
        """Upcoming, running and finished tournaments (newest first), without their games."""
        out: protocol.TournamentListing = {"upcoming": [], "running": [], "finished": []}
        for tournament in sorted(self.held.values(), key=lambda t: t.id, reverse=True):
            listed = {
                TournamentStatus.UPCOMING: out["upcoming"],
                TournamentStatus.RUNNING: out["running"],
            }.get(tournament.status, out["finished"])
            listed.append(
                {
                    "id": tournament.id,
                    "name": tournament.name,
                    "game": tournament.game,
                    "players": tournament.players,
                    "format": tournament.format.value,
                    "status": tournament.status.value,
                    "settings": tournament.settings.to_json(),
                    "starts_at": tournament.starts_at.isoformat(),
                    "entrants": len(tournament.active()),
                    "rounds": tournament.rounds,
                    "minutes": tournament.minutes,
                }
            )
        return out

    def watch(self, tournament_id: int, user_id: int | None) -> Subscription:
        """Subscribe to a tournament: its ``tournament`` message now and after every
        change.

        Raises:
            ServiceError: ``not_found``.
        """
        tournament = self.get(tournament_id)
        subscription = Subscription(user_id)
        message: protocol.TournamentMessage = {
            "type": "tournament",
            "tournament": self.to_json(tournament),
        }
        subscription.push_json(message)
        self.watchers.setdefault(tournament_id, set()).add(subscription)
        return subscription

    def unwatch(self, tournament_id: int, subscription: Subscription) -> None:
        """Drop a subscription."""
        subscription.close()
        self.watchers.get(tournament_id, set()).discard(subscription)

    def _broadcast(self, tournament: Tournament) -> None:
        """Send the tournament to its watchers: at once, unless a message left less than
        :attr:`broadcast_every` seconds ago; then one message carries every change made
        meanwhile (a round's tables ending together send the whole tournament once, not
        once per table)."""
        tournament_id = tournament.id
        if not self.watchers.get(tournament_id) or tournament_id in self._later:
            return  # nobody to tell, or a message is due that will carry this change
        loop = asyncio.get_running_loop()
        wait = self._sent_at.get(tournament_id, -math.inf) + self.broadcast_every - loop.time()
        if wait <= 0:
            self._send(tournament)
        else:
            self._later[tournament_id] = loop.call_later(wait, self._send, tournament)

    def _send(self, tournament: Tournament) -> None:
        tournament = self.held.get(tournament.id, tournament)  # the latest state
        self._later.pop(tournament.id, None)
        self._sent_at[tournament.id] = asyncio.get_running_loop().time()
        watchers = self.watchers.get(tournament.id)
        if not watchers:
            return
        message: protocol.TournamentMessage = {
            "type": "tournament",
            "tournament": self.to_json(tournament),
        }
        for watcher in list(watchers):
            if watcher.closed:
                watchers.discard(watcher)
            else:
                watcher.push_json(message)


# ----- the shared pairing code (connect_arena.agents.pairing) ---------------------------------
def _entrants(tournament: Tournament) -> list[pairing.Entrant]:
    return [pairing.Entrant(str(e.index), e.rating, e.withdrawn) for e in tournament.entrants]


def _ranks(returns: list[float]) -> tuple[int, ...]:
    """Competition ranks of ``returns`` (higher is better; ties share the better rank)."""
    return tuple(1 + sum(other > value for other in returns) for value in returns)


def _played(tournament: Tournament) -> list[pairing.Played]:
    """The finished games with a result, in the pairing module's terms (``round`` 0-based;
    a no-show is a forfeit)."""
    out = []
    for order, game in enumerate(tournament.games):
        if not game.finished or game.returns is None:
            continue
        sides = tuple(str(index) for index in game.entrants)
        forfeits = tuple(str(index) for index in game.entrants if index in game.no_shows)
        number = order if tournament.format is Format.ARENA else game.round - 1
        out.append(pairing.Played(number, sides, _ranks(game.returns), forfeits))
    return out


def _byes(tournament: Tournament) -> list[pairing.Bye]:
    return [pairing.Bye(round_number - 1, str(index)) for round_number, index in tournament.byes]


def pairing_schedule(tournament: Tournament) -> list[list[tuple[int, ...]]]:
    """A round-robin's rounds (tables of entrant indices), fixed at the start."""
    ids = [str(e.index) for e in tournament.active()]
    rounds = pairing.round_robin(ids, tournament.players)
    return [[tuple(int(e) for e in table) for table in one.tables] for one in rounds]


def pairing_round(tournament: Tournament) -> tuple[list[tuple[int, ...]], list[int]]:
    """The next round's tables and byes (``tournament.round`` is that round)."""
    if tournament.format is Format.ROUND_ROBIN:
        groups = tournament.schedule[tournament.round - 1]
        active = {e.index for e in tournament.active()}
        seated = {index for group in groups for index in group}
        playing = [g for g in groups if all(index in active for index in g)]
        return playing, sorted(active - seated)
    result = pairing.pair_swiss(
        _entrants(tournament),
        _played(tournament),
        _byes(tournament),
        sizes=(tournament.players,),
        seed=tournament.seed + tournament.round,
    )
    groups = [tuple(int(e) for e in table) for table in result.tables]
    return groups, [int(e) for e in result.byes]


def pairing_arena(tournament: Tournament, idle: list[int]) -> list[tuple[int, ...]]:
    """The arena tables for the ``idle`` entrants now (the others keep waiting)."""
    if len(idle) < tournament.players:
        return []
    entrants, played = _entrants(tournament), _played(tournament)
    seed = tournament.seed + len(tournament.games)
    result = pairing.pair_arena(
        entrants, played, [str(index) for index in idle], size=tournament.players, seed=seed
    )
    tables = list(result.tables)
    if len(result.waiting) >= tournament.players:
        # Whoever is left only because of a rematch plays it rather than wait for ever.
        again = pairing.pair_arena(
            entrants, played, list(result.waiting), tournament.players, True, seed
        )
        tables.extend(again.tables)
    return [tuple(int(e) for e in table) for table in tables]


def pairing_standings(tournament: Tournament) -> list[protocol.StandingRow]:
    """The standings, best first: place, entrant, score, games and the system's tie-breaks."""
    system = {
        Format.SWISS: "swiss",
        Format.ARENA: "arena",
        Format.ROUND_ROBIN: "round-robin",
    }[tournament.format]
    rows = pairing.standings(_entrants(tournament), _played(tournament), _byes(tournament), system)
    names = {str(e.index): e for e in tournament.entrants}
    return [
        {
            "place": row.place,
            "entrant": int(row.id),
            "name": names[row.id].name,
            "user_id": names[row.id].user_id,
            "agent": names[row.id].agent,
            "bot": names[row.id].bot,
            "score": row.score,
            "games": row.games,
            "wins": row.wins,
            "draws": row.draws,
            "losses": row.losses,
            "byes": row.byes,
            "tiebreaks": dict(row.tiebreaks),
            "withdrawn": row.withdrawn,
        }
        for row in rows
    ]
