"""The match service's facade: :class:`MatchService`, what transports call. Each concern lives
in its own module, and this class only wires them together:

* :mod:`~connect_arena.service.table_registry`: the tables in memory and their locks;
* :mod:`~connect_arena.service.seating`: tables and seats (create, join, leave, the start);
* :mod:`~connect_arena.service.pipeline`: the move pipeline (submit, validate, commit, chance);
* :mod:`~connect_arena.service.computer_seats`: computer seats' turns;
* :mod:`~connect_arena.service.hints`: people's hints;
* :mod:`~connect_arena.service.viewing`: watching a table, syncing, a viewer's actions;
* :mod:`~connect_arena.service.lobby`: the live lobby;
* :mod:`~connect_arena.service.records`: records and replay frames.

Any refusal raises :class:`ServiceError` and changes nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from connect_arena.service.analysis import Analysis
from connect_arena.service.challenges import Challenges, ChallengeStore, MemoryChallengeStore
from connect_arena.service.chat import Chat, ChatStore, MemoryChatStore
from connect_arena.service.cluster import Cluster, Coordinator
from connect_arena.service.computer import ComputerPlayers
from connect_arena.service.computer_seats import ComputerSeats
from connect_arena.service.finisher import Finisher
from connect_arena.service.flags import FlagTimers
from connect_arena.service.hints import HINT_LINES, Hints
from connect_arena.service.lifecycle import Lifecycle
from connect_arena.service.live_table import LiveTable, Subscription
from connect_arena.service.lobby import PER_PAGE, Lobby
from connect_arena.service.messages import table_json
from connect_arena.service.model import (
    Clock,
    LogEntry,
    SeatRequest,
    ServiceConfig,
    ServiceError,
    TableInfo,
    User,
    mix,
)
from connect_arena.service.pipeline import MovePipeline
from connect_arena.service.protocol import Hint, LobbyMessage, Table
from connect_arena.service.ratings import MemoryRatingStore, Ratings, RatingStore
from connect_arena.service.seating import Seating
from connect_arena.service.seeks import SeekBook, Seeks
from connect_arena.service.settings import TableSettings
from connect_arena.service.storage import MemoryStorage, Storage
from connect_arena.service.table_events import (
    ActionCommitted,
    AwaitingAction,
    GameStarted,
    PresenceChanged,
    ReplicaChanged,
    SeatsChanged,
    SeeksChanged,
    TableAbandoned,
    TableCreated,
    TableEvents,
    TableFinished,
    TakenBack,
)
from connect_arena.service.table_registry import FINISHED_CACHE, TableRegistry
from connect_arena.service.tournaments import (
    MemoryTournamentStore,
    Tournaments,
    TournamentStore,
)
from connect_arena.service.userevents import UserEvents
from connect_arena.service.viewing import Viewing, sync

__all__ = [
    "FINISHED_CACHE",
    "HINT_LINES",
    "MatchService",
    "SeatRequest",
    "ServiceConfig",
    "ServiceError",
    "User",
]

log = logging.getLogger(__name__)

_mix = mix  # the per-action seed, under the name callers (tests) import from here


class MatchService:
    """Holds the live tables and runs every table's move pipeline.

    Args:
        storage: where tables and logs are kept.
        config: tuning.
        coordinator: shared with the other processes of the arena (Redis), when there are
            several: each table operation then runs under the table's lease
            (:mod:`~connect_arena.service.cluster`). ``None``: this process is alone.
        challenges: where challenges are kept (default: in memory).
        ratings: where ratings and scored tables are kept (default: in memory, over a
            :class:`MemoryStorage`'s tables).
        seeks: where seeks wait and are matched (default: in this process; shared by every
            process with several).
    """

    def __init__(
        self,
        storage: Storage,
        config: ServiceConfig | None = None,
        coordinator: Coordinator | None = None,
        challenges: ChallengeStore | None = None,
        chat: ChatStore | None = None,
        tournaments: TournamentStore | None = None,
        ratings: RatingStore | None = None,
        seeks: SeekBook | None = None,
    ) -> None:
        # The composition root: every service gets its collaborators here, through its
        # constructor, and every subscription to the table-event hub is made in
        # _subscribe, in one place (docs/architecture.md draws it).
        self.storage = storage
        self.config = config or ServiceConfig()
        self.clock = Clock()
        self.hub = TableEvents()
        self.computer = ComputerPlayers(self.config.computer_workers)
        self.registry = TableRegistry(
            storage, self.hub, coordinator, release_after=self.config.release_after
        )
        self.cluster: Cluster | None = self.registry.cluster
        self.tables: dict[int, LiveTable] = self.registry.tables
        self.finished: OrderedDict[int, LiveTable] = self.registry.finished
        self.finisher = Finisher(self.registry, self.hub, self.clock)
        self.flags = FlagTimers(self.registry, self.finisher, self.clock)
        self.pipeline = MovePipeline(self.registry, self.finisher, self.hub)
        self.computer_seats = ComputerSeats(
            self.registry, self.pipeline, self.computer, self.config
        )
        self.seating = Seating(self.registry, self.pipeline, self.hub)
        self.hints = Hints(self.registry, self.computer, self.config)
        self.viewing = Viewing(self.registry, self.pipeline)
        self.lifecycle = Lifecycle(
            self.registry, self.finisher, self.seating, self.hub, self.clock, self.config
        )
        self.user_events = UserEvents(self.cluster)
        self.challenges = Challenges(
            challenges or MemoryChallengeStore(), self.seating, self.user_events
        )
        self.analysis = Analysis(self.registry, self.computer)
        if ratings is None:
            memory = storage.tables if isinstance(storage, MemoryStorage) else None
            ratings = MemoryRatingStore(memory)
        self.ratings = Ratings(self.registry, ratings)
        self.tournaments = Tournaments(
            self.registry,
            self.seating,
            tournaments or MemoryTournamentStore(),
            self.ratings.rated_games,
            self.ratings.rating_of,
            self.cluster,
        )
        self.chat = Chat(self.registry, chat or MemoryChatStore(), self.cluster)
        self.seeks = Seeks(
            self.seating,
            self.user_events,
            self.hub,
            self.ratings.rating_of,
            seeks,
            self.cluster,
        )
        self.lobby = Lobby(self.registry, self.seeks.listing, self.clock)
        self.catching_up: asyncio.Task[None] | None = None
        """The startup pass scoring finished tables left unscored (:meth:`start`)."""
        self._subscribe()

    def _subscribe(self) -> None:
        """Who hears what: each event of the hub and its subscribers, in order."""
        hub = self.hub
        hub.subscribe(TableCreated, self.lobby.changed)
        hub.subscribe(SeatsChanged, lambda e: self.flags.reset(e.table))
        hub.subscribe(SeatsChanged, self.lobby.changed)
        hub.subscribe(GameStarted, lambda e: self.flags.reset(e.table))
        hub.subscribe(GameStarted, self.user_events.game_started)
        hub.subscribe(GameStarted, self.lobby.changed)
        hub.subscribe(ActionCommitted, lambda e: self.flags.reset(e.table))
        hub.subscribe(TakenBack, lambda e: self.flags.reset(e.table))
        hub.subscribe(AwaitingAction, lambda e: self.computer_seats.wake(e.table))
        hub.subscribe(TableFinished, lambda e: self.flags.reset(e.table))
        hub.subscribe(TableFinished, self.user_events.game_finished)
        hub.subscribe(TableFinished, self.ratings.table_finished)
        hub.subscribe(TableFinished, self.tournaments.table_finished)
        hub.subscribe(TableFinished, self.lobby.changed)
        hub.subscribe(TableAbandoned, self.lobby.changed)
        hub.subscribe(ReplicaChanged, self.lobby.changed)
        hub.subscribe(SeeksChanged, self.lobby.changed)
        if self.cluster is not None:  # who is connected here reaches the other processes
            hub.subscribe(PresenceChanged, self._announce)
            self.cluster.on("user", self.user_events.relayed)
            self.cluster.on("chat", self.chat.relayed)
            self.cluster.on("mutes", self.chat.mutes_changed)
            self.cluster.on("seeks", self.seeks.refresh)
            self.cluster.on("tournament", self.tournaments.relayed)

    def _announce(self, event: PresenceChanged) -> None:
        """Publish who is connected to the table through this process (several only)."""
        if self.cluster is not None:
            self.registry.spawn(self.cluster.announce(event.table))

    # ----- life cycle --------------------------------------------------------------------------
    async def start(self) -> None:
        """Rebuild every open and running table from storage and resume their games."""
        if self.cluster is not None:
            await self.cluster.start()  # before loading: nothing published meanwhile is missed
        for table in await self.registry.load_active():
            async with self.registry.exclusive(table):
                await self.pipeline.advance(table)
                self.flags.reset(table)
        await self.seeks.refresh()  # a shared book may hold seeks placed elsewhere
        self.catching_up = self.registry.spawn(self._catch_up())
        if self.cluster is not None:
            self.computer_seats.start_resuming()
        if self.config.sweep_every > 0:
            self.lifecycle.start_sweeping(self.config.sweep_every)
        await self.tournaments.start()

    async def _catch_up(self) -> None:
        scored = await self.ratings.catch_up()
        if scored:
            log.info("scored %d finished tables left unscored", scored)

    async def close(self) -> None:
        """Stop computer players and close every subscription."""
        await self.tournaments.close()  # first: it lets go of its claims through the cluster
        if self.cluster is not None:
            await self.cluster.close()
        await self.registry.close()
        await self.seeks.book.close()
        self.lobby.close()
        self.computer.close()

    # ----- tables and seats --------------------------------------------------------------------
    async def create_table(
        self,
        user: User,
        game: str,
        seats: Sequence[SeatRequest],
        options: dict[str, Any] | None = None,
        settings: TableSettings | None = None,
    ) -> TableInfo:
        """Create a table; the creator sits wherever a seat asks for ``me``. ``settings``:
        time control, hints, take-over level, rated (``docs/lifecycle.md``); without a clock,
        or with computers in every seat, the game's anti-endless option takes its
        ``anti_endless_default`` unless given.

        Taking several seats is *hot-seat* play: the creator plays them all (from one
        device, or one WebSocket acting for each seat with the action's ``seat``). Options
        that name files cannot be set (:mod:`connect_arena.service.options`).

        Raises:
            ServiceError: unknown game, bad options, bad seats.
        """
        return await self.seating.create_table(user, game, seats, options, settings)

    async def join(self, table_id: int, user: User, seat: int) -> TableInfo:
        """Sit ``user`` at ``seat`` of an open table; the game starts when every seat is filled.

        Raises:
            ServiceError: no such table or seat, the table is not open, the seat is taken,
                or the user already sits at this table.
        """
        return await self.seating.join(table_id, user, seat)

    async def leave(self, table_id: int, user: User, seat: int) -> TableInfo:
        """Free ``user``'s seat at an open table; a table that nobody sits at is abandoned.

        Raises:
            ServiceError: no such table or seat, the table is not open, not the user's seat.
        """
        return await self.seating.leave(table_id, user, seat)

    # ----- the move pipeline -------------------------------------------------------------------
    async def submit(
        self, table_id: int, user_id: int | None, seq: int, text: str, seat: int | None = None
    ) -> LogEntry:
        """A person's action: checked, stored, then broadcast (:mod:`.pipeline`).

        Args:
            table_id: the table.
            user_id: who acts (``None``: an anonymous spectator, always refused).
            seq: the seq the action claims: the table's current seq + 1.
            text: the action in the game's notation.
            seat: the seat to act for (default: the user's active seat).

        Returns:
            The stored log entry (its ``seq`` acknowledges the action).

        Raises:
            ServiceError: refused; nothing changed.
        """
        return await self.pipeline.submit(table_id, user_id, seq, text, seat)

    # ----- ending a game (:mod:`.lifecycle`) ----------------------------------------------------
    async def abort(self, table_id: int, user_id: int | None) -> None:
        """Abort until every person has made a first action (:meth:`.Lifecycle.abort`)."""
        await self.lifecycle.abort(table_id, user_id)

    async def resign(self, table_id: int, user_id: int | None, seat: int | None = None) -> None:
        """Resign a seat (:meth:`.Lifecycle.resign`)."""
        await self.lifecycle.resign(table_id, user_id, seat)

    async def draw(self, table_id: int, user_id: int | None, op: str) -> None:
        """Offer, accept or decline a draw (:meth:`.Lifecycle.draw`)."""
        await self.lifecycle.draw(table_id, user_id, op)

    async def takeback(self, table_id: int, user_id: int | None, op: str) -> None:
        """Request, accept or decline a takeback (:meth:`.Lifecycle.takeback`)."""
        await self.lifecycle.takeback(table_id, user_id, op)

    async def claim(self, table_id: int, user_id: int | None, seat: int) -> None:
        """Claim a leaver's seat (:meth:`.Lifecycle.claim`)."""
        await self.lifecycle.claim(table_id, user_id, seat)

    async def return_to_seat(self, table_id: int, user_id: int | None, seat: int) -> None:
        """Take a seat back from the computer (:meth:`.Lifecycle.return_to_seat`)."""
        await self.lifecycle.return_to_seat(table_id, user_id, seat)

    async def rematch(self, table_id: int, user: User, op: str) -> int | None:
        """Offer, accept or decline a rematch; the new table's id once created
        (:meth:`.Lifecycle.rematch`)."""
        return await self.lifecycle.rematch(table_id, user, op)

    async def my_tables(self, user_id: int) -> list[Table]:
        """The user's open and running tables (table JSON plus ``your_turn``), those where
        it is their turn first, then newest first."""
        rows: list[Table] = []
        for table in self.registry.tables.values():
            mine = table.viewer_seats(user_id)
            if not mine:
                continue
            body = table_json(table.info, table.last_seq)
            active = table.active_seats()
            body["your_turn"] = any(
                seat in active and table.info.seats[seat].takeover is None for seat in mine
            )
            rows.append(body)
        rows.sort(key=lambda row: (not row.get("your_turn"), -row["id"]))
        return rows

    # ----- hints ----------------------------------------------------------------------------------
    async def hint(self, table_id: int, user_id: int | None, seat: int) -> Hint:
        """Suggest actions to the person at ``seat`` (searched in the computer players' pool;
        nothing is stored, broadcast or played).

        The search is the ``hint_agent``'s (``mcts:normal``), seeded from the table id, the
        seq and the seat (public numbers, not the table's chance seed), from the position the
        seat knows: without the other seats' hidden choices of the current simultaneous phase
        (:func:`connect_arena.core.simultaneous.decision_state`).

        Returns:
            ``{table_id, seq, seat, agent, lines: [{action, value, visits, solved,
            principal}]}``: up to three candidates, best first, in canonical notation;
            ``value`` is the seat's expected return; ``seq`` is the position searched.

        Raises:
            ServiceError: no such table (``not_found``), not the user's seat (``not_seated``),
                the game is not running (``not_running``), the seat may not act
                (``not_your_turn``), the user's previous hint is still being searched
                (``hint_pending``), too many hints at once (``busy``).
        """
        return await self.hints.hint(table_id, user_id, seat)

    # ----- lookup and viewing ------------------------------------------------------------------
    async def get_table(self, table_id: int) -> LiveTable:
        """The table ``table_id`` in memory, loading a finished one from storage.

        Raises:
            ServiceError: no such table (``not_found``).
        """
        table = await self.registry.get(table_id)
        await self.ratings.fill(table)
        return table

    async def watch(self, table_id: int, user_id: int | None, since: int = 0) -> Subscription:
        """Subscribe to a table: the queue starts with the ``table`` message, the events after
        ``since`` and the current ``state``; live events follow.

        Raises:
            ServiceError: no such table.
        """
        with contextlib.suppress(ServiceError):  # the table message shows its rating changes
            await self.ratings.fill(await self.registry.get(table_id))
        subscription = await self.viewing.watch(table_id, user_id, since)
        table = self.registry.tables.get(table_id) or self.registry.finished.get(table_id)
        if table is not None:
            self.lifecycle.connected(table, subscription)
        return subscription

    @staticmethod
    def sync(table: LiveTable, subscription: Subscription, since: int) -> None:
        """Queue the events after ``since`` and the current state for ``subscription``."""
        sync(table, subscription, since)

    async def resync(self, table_id: int, subscription: Subscription, since: int) -> None:
        """A viewer's ``sync`` request: the events after ``since`` (the latest ones) and the
        state again; a table gone is an ``error`` message."""
        await self.viewing.resync(table_id, subscription, since)

    async def history(
        self, table_id: int, subscription: Subscription, before: int, limit: int = 100
    ) -> None:
        """A viewer's ``history`` request: a page of the events before seq ``before``
        (:meth:`.viewing.Viewing.history`); a table gone is an ``error`` message."""
        await self.viewing.history(table_id, subscription, before, limit)

    async def act(
        self,
        table_id: int,
        subscription: Subscription,
        seq: int,
        text: str,
        seat: int | None = None,
        ref: Any = None,
    ) -> None:
        """A viewer's action (:meth:`submit` for ``subscription``'s user): a refusal (a table
        gone included) is queued as an ``error`` message for the viewer (``ref`` echoed as
        ``id``), and a stale seq is followed by the missed events and the state."""
        await self.viewing.act(table_id, subscription, seq, text, seat, ref)

    def unwatch(self, table_id: int, subscription: Subscription) -> None:
        """Drop a subscription (the transport closed); a seated person with no connection
        left is away from now."""
        self.viewing.unwatch(table_id, subscription)
        table = self.registry.tables.get(table_id) or self.registry.finished.get(table_id)
        if table is not None:
            self.lifecycle.disconnected(table, subscription.user_id)

    async def rename_player(self, user_id: int, name: str) -> None:
        """Show ``user_id``'s seats under ``name`` in the tables held in memory (a guest became
        an account: the storage renamed the stored seats itself); their viewers and the lobby
        are told."""
        held = [*self.registry.tables.values(), *self.registry.finished.values()]
        for table in held:
            if not any(seat.user_id == user_id for seat in table.info.seats):
                continue
            async with self.registry.exclusive(table):
                table.info.seats = [
                    replace(seat, name=name) if seat.user_id == user_id else seat
                    for seat in table.info.seats
                ]
                table.broadcast_table()
        self.lobby.changed()

    async def lobby_listing(
        self, finished: int, page: int = 1, per_page: int = PER_PAGE
    ) -> LobbyMessage:
        """Page ``page`` of the lobby's open and running tables and the ``finished`` latest
        finished ones (:meth:`connect_arena.service.lobby.Lobby.listing`)."""
        return await self.lobby.listing(finished, page, per_page)
