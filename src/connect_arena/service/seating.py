"""Tables and seats: create a table, join and leave its seats, and start the game when every
seat is filled. Options from clients are checked (:mod:`connect_arena.service.options`)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from connect_arena.agents import AGENT_KINDS
from connect_arena.core import GameError, game_class, load
from connect_arena.service.live_table import LiveTable
from connect_arena.service.model import (
    ErrorCode,
    Seat,
    SeatKind,
    SeatRequest,
    ServiceError,
    TableInfo,
    TableStatus,
    User,
    utcnow,
)
from connect_arena.service.options import check_client_options
from connect_arena.service.pipeline import MovePipeline
from connect_arena.service.settings import TableSettings
from connect_arena.service.table_events import GameStarted, SeatsChanged, TableCreated, TableEvents
from connect_arena.service.table_registry import TableRegistry


def make_seat(index: int, request: SeatRequest, user: User) -> Seat:
    """The seat ``index`` of a new table as ``request`` asks (``me`` is ``user``).

    Raises:
        ServiceError: ``bad_request``: an unknown kind or computer player.
    """
    if request.kind == "me":
        return Seat(index, SeatKind.HUMAN, user.id, user.name, bot=user.bot)
    if request.kind == "open":
        return Seat(index)
    if request.kind == "computer":
        if request.agent not in AGENT_KINDS:
            known = ", ".join(AGENT_KINDS)
            raise ServiceError(
                ErrorCode.BAD_REQUEST,
                f"unknown computer player {request.agent!r} (known: {known})",
            )
        return Seat(index, SeatKind.COMPUTER, None, f"computer ({request.agent})", request.agent)
    raise ServiceError(ErrorCode.BAD_REQUEST, f"seat {index}: kind must be me, open or computer")


def check_client_settings(settings: TableSettings) -> None:
    """Refuse settings a player may not choose: the claim grace of a rated table is the
    server's (a short one would win rated games by claiming a seat whose person is still
    connecting).

    Raises:
        ServiceError: ``bad_request``, saying what to change.
    """
    if settings.rated and settings.grace is not None:
        raise ServiceError(
            ErrorCode.BAD_REQUEST,
            "a rated table's claim grace is the server's: leave 'grace' out or play casual",
        )


def check_seat(table: LiveTable, seat: int) -> None:
    """Refuse a seat that ``table`` does not have.

    Raises:
        ServiceError: ``bad_request``.
    """
    if not 0 <= seat < table.info.num_players:
        raise ServiceError(ErrorCode.BAD_REQUEST, f"there is no seat {seat} at this table")


def check_open(table: LiveTable, seat: int) -> None:
    """Refuse a seat change at ``seat`` unless it exists and the table is open.

    Raises:
        ServiceError: ``bad_request`` (no such seat) or ``not_running``.
    """
    check_seat(table, seat)
    if table.info.status is not TableStatus.OPEN:
        raise ServiceError(ErrorCode.NOT_RUNNING, "seats can change only before the start")


class Seating:
    """Creates tables and seats people.

    Args:
        registry: the tables (and the storage).
        pipeline: draws the first chance outcomes and wakes computer seats at the start.
        hub: where :class:`TableCreated`, :class:`SeatsChanged` and :class:`GameStarted` are
            published.
    """

    def __init__(self, registry: TableRegistry, pipeline: MovePipeline, hub: TableEvents) -> None:
        self.registry = registry
        self.pipeline = pipeline
        self.hub = hub

    async def create_table(
        self,
        user: User,
        game: str,
        seats: Sequence[SeatRequest],
        options: dict[str, Any] | None = None,
        settings: TableSettings | None = None,
    ) -> TableInfo:
        """See :meth:`connect_arena.service.MatchService.create_table`."""
        settings = settings or TableSettings()
        computers = all(request.kind == "computer" for request in seats)
        name, checked = self.prepare(game, len(seats), options or {}, settings, computers)
        made = [make_seat(index, request, user) for index, request in enumerate(seats)]
        return await self.create_seated(user, name, checked, made, settings)

    @staticmethod
    def prepare(
        game: str,
        players: int,
        options: dict[str, Any],
        settings: TableSettings,
        computers_only: bool = False,
    ) -> tuple[str, dict[str, Any]]:
        """The game's name and every option (defaults included) of a new table, checked as
        client options; without a clock, or with ``computers_only`` (no person at the table:
        computers never run out of time), the game's anti-endless option takes its
        ``anti_endless_default`` unless given.

        Raises:
            ServiceError: ``bad_request``: an unknown game, bad options or player count.
        """
        check_client_settings(settings)
        options = dict(options)
        try:
            cls = game_class(game)
            check_client_options(cls, options)
            endless = cls.game_type.anti_endless_option
            bounded = computers_only or not settings.time_control.timed
            if endless is not None and endless not in options and bounded:
                # A live table must end: without a clock or a person, the game's bound applies.
                options[endless] = cls.game_type.anti_endless_default
            descriptor = load(game, players or None, **options)
        except (GameError, ValueError) as error:
            raise ServiceError(ErrorCode.BAD_REQUEST, str(error)) from None
        return descriptor.name, dict(descriptor.options)

    async def create_seated(
        self,
        user: User,
        game: str,
        options: dict[str, Any],
        made: list[Seat],
        settings: TableSettings,
    ) -> TableInfo:
        """Store and open a table whose options are checked and seats made (a new table, a
        rematch); it starts at once when every seat is filled."""
        seed = random.SystemRandom().randrange(2**62)
        # One write: a table whose seats are all taken is stored already started.
        status = TableStatus.RUNNING if all(seat.filled for seat in made) else TableStatus.OPEN
        info = await self.registry.storage.create_table(
            game, options, made, user.id, seed, status, settings
        )
        table = LiveTable(info, [])
        self.registry.tables[info.id] = table
        async with self.registry.exclusive(table):  # with several processes: announced
            self.hub.publish(TableCreated(table))
            if status is TableStatus.RUNNING:
                await self._started(table)
        return info

    async def join(self, table_id: int, user: User, seat: int) -> TableInfo:
        """See :meth:`connect_arena.service.MatchService.join`."""
        table = await self.registry.active(table_id)
        async with self.registry.exclusive(table):
            check_seat(table, seat)
            if table.info.seats[seat].filled:  # also when the race for it started the game
                raise ServiceError(ErrorCode.SEAT_TAKEN, f"seat {seat} is already taken")
            check_open(table, seat)
            if table.viewer_seats(user.id):
                raise ServiceError(ErrorCode.CONFLICT, "you already sit at this table")
            seats = list(table.info.seats)
            seats[seat] = Seat(seat, SeatKind.HUMAN, user.id, user.name, bot=user.bot)
            full = all(s.filled for s in seats)
            status = TableStatus.RUNNING if full else TableStatus.OPEN
            # One write for the seat and the start: a crash leaves it joined and started, or
            # not joined (chance outcomes drawn at the start are redrawn, identically, after
            # a restart).
            await self.registry.storage.update_table(table_id, seats, status)
            table.info.seats = seats
            self.hub.publish(SeatsChanged(table))
            if full:
                table.info.status = status
                await self._started(table)
            else:
                table.broadcast_table()
        return table.info

    async def leave(self, table_id: int, user: User, seat: int) -> TableInfo:
        """See :meth:`connect_arena.service.MatchService.leave`."""
        table = await self.registry.active(table_id)
        async with self.registry.exclusive(table):
            check_open(table, seat)
            if seat not in table.viewer_seats(user.id):
                raise ServiceError(ErrorCode.NOT_SEATED, f"seat {seat} is not yours")
            seats = list(table.info.seats)
            seats[seat] = Seat(seat)
            people = any(s.kind is SeatKind.HUMAN for s in seats)
            status = TableStatus.OPEN if people else TableStatus.ABANDONED
            await self.registry.storage.update_table(table_id, seats, status)
            table.info.seats, table.info.status = seats, status
            table.broadcast_table()
            if not people:
                del self.registry.tables[table_id]
            self.hub.publish(SeatsChanged(table))
        return table.info

    async def _started(self, table: LiveTable) -> None:
        """Set up a table whose start is stored: its initial state, the broadcasts, the first
        chance outcomes and computer turns (under the table's lock)."""
        table.info.status = TableStatus.RUNNING
        if table.state is None:
            table.state = table.game().new_initial_state()
        table.start_clocks(utcnow())
        table.broadcast_table()
        table.broadcast(table.state_message)
        self.hub.publish(GameStarted(table))
        await self.pipeline.advance(table)
