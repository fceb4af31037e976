"""Every game ends: abort, resign, draw offers, takebacks, flags, leavers (claims, computer
take-overs and returns), rematches, presence and abandoned tables (``docs/lifecycle.md``).

Each request runs under the table's lock (:meth:`TableRegistry.exclusive`), refuses with a
:class:`ServiceError` (``not_allowed`` where it does not apply) and changes nothing then; each
change is stored in one transaction before it is applied in memory and broadcast.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any

from connect_arena.core import CHANCE
from connect_arena.service.finisher import Finisher, first_actions_done, people_seats
from connect_arena.service.live_table import LiveTable, Subscription, rebuild
from connect_arena.service.model import (
    Clock,
    ErrorCode,
    ServiceConfig,
    ServiceError,
    TableStatus,
    User,
)
from connect_arena.service.pipeline import not_running
from connect_arena.service.protocol import PresenceMessage
from connect_arena.service.results import draw, forfeited
from connect_arena.service.seating import Seating
from connect_arena.service.settings import NoteKind, ResultReason
from connect_arena.service.table_events import (
    AwaitingAction,
    PresenceChanged,
    SeatsChanged,
    TableAbandoned,
    TableEvents,
    TakenBack,
)
from connect_arena.service.table_registry import TableRegistry

log = logging.getLogger(__name__)

SWEEP_EVERY = 60.0
"""Seconds between two sweeps for expired and abandoned tables."""


class Lifecycle:
    """The ways a table ends besides its rules, and who is present.

    Args:
        registry: the tables.
        finisher: ends games and forfeits seats.
        seating: creates rematch tables.
        hub: where takebacks, returns, presence and abandoned tables are published.
        clock: the service's clock (tests move it).
        config: ``open_table_ttl`` and ``idle_table_ttl`` (:meth:`sweep`).
    """

    def __init__(
        self,
        registry: TableRegistry,
        finisher: Finisher,
        seating: Seating,
        hub: TableEvents,
        clock: Clock,
        config: ServiceConfig,
    ) -> None:
        self.registry = registry
        self.finisher = finisher
        self.seating = seating
        self.hub = hub
        self.clock = clock
        self.open_ttl = config.open_table_ttl
        self.idle_ttl = config.idle_table_ttl
        self._sweeper: asyncio.Task[None] | None = None

    # ----- helpers ---------------------------------------------------------------------------
    async def _held(
        self,
        table_id: int,
        user_id: int | None,
        work: Callable[[LiveTable, list[int]], Awaitable[Any]],
    ) -> Any:
        """Run ``work(table, seats)`` under the table's lock for a seated person."""
        table = await self.registry.get(table_id)
        async with self.registry.exclusive(table):
            mine = table.viewer_seats(user_id)
            if not mine:
                raise ServiceError(
                    ErrorCode.NOT_SEATED, "you do not sit at this table: spectators cannot do that"
                )
            return await work(table, list(mine))

    @staticmethod
    def _running(table: LiveTable) -> None:
        if table.info.status is not TableStatus.RUNNING or table.state is None:
            raise not_running(table)

    # ----- abort -------------------------------------------------------------------------------
    async def abort(self, table_id: int, user_id: int | None) -> None:
        """End ``table_id`` with no result, until every person has made a first action.

        Raises:
            ServiceError: ``not_seated``, ``not_running``, ``not_allowed`` (every person has
                made a first action).
        """

        async def work(table: LiveTable, mine: list[int]) -> None:
            self._running(table)
            if first_actions_done(table):
                raise ServiceError(
                    ErrorCode.NOT_ALLOWED,
                    "too late to abort: every player has made a first move (resign instead)",
                )
            note = self.finisher.note(table, NoteKind.ABORT, mine[0])
            await self.finisher.end(table, None, ResultReason.ABORTED, [note])

        await self._held(table_id, user_id, work)

    # ----- resign ------------------------------------------------------------------------------
    async def resign(self, table_id: int, user_id: int | None, seat: int | None = None) -> None:
        """``user_id`` resigns ``seat`` (default: their first seat still playing).

        Raises:
            ServiceError: ``not_seated``, ``not_running``, ``not_allowed`` (the seat already
                resigned or flagged).
        """

        async def work(table: LiveTable, mine: list[int]) -> None:
            self._running(table)
            out = forfeited(table.info.notes)
            chosen = [s for s in ((seat,) if seat is not None else mine) if s in mine]
            if seat is not None and seat not in mine:
                raise ServiceError(ErrorCode.NOT_SEATED, f"seat {seat} is not yours")
            candidates = [s for s in chosen if s not in out]
            if not candidates:
                raise ServiceError(ErrorCode.NOT_ALLOWED, "this seat has already given up")
            await self.finisher.forfeit(table, candidates[0], NoteKind.RESIGN)

        await self._held(table_id, user_id, work)

    # ----- draw --------------------------------------------------------------------------------
    async def draw(self, table_id: int, user_id: int | None, op: str) -> None:
        """A draw ``offer``, ``accept`` or ``decline``: once every person at the table offers
        (or accepts), the game ends drawn (``draw_agreed``).

        Raises:
            ServiceError: ``not_seated``, ``not_running``, ``not_allowed`` (the game has no
                draws, no person to agree with, nothing to accept or decline),
                ``bad_request`` (an unknown ``op``).
        """

        async def work(table: LiveTable, mine: list[int]) -> None:
            self._running(table)
            game = table.game()
            if not game.game_type.draw_possible:
                raise ServiceError(ErrorCode.NOT_ALLOWED, f"{game.title} has no draws")
            people = {s.index for s in people_seats(table.info) if s.takeover is None}
            if not people - set(mine):
                raise ServiceError(
                    ErrorCode.NOT_ALLOWED, "draws are agreed between people: nobody to agree with"
                )
            offers = table.offers
            if op == "decline":
                if not offers.draw - set(mine):
                    raise ServiceError(ErrorCode.NOT_ALLOWED, "there is no draw offer to decline")
                offers.draw.clear()
                offers.declined = ("draw", mine[0])
            elif op in ("offer", "accept"):
                if op == "accept" and not offers.draw - set(mine):
                    raise ServiceError(ErrorCode.NOT_ALLOWED, "there is no draw offer to accept")
                offers.draw.update(s for s in mine if s in people)
                offers.declined = None
                if people <= offers.draw:
                    note = self.finisher.note(table, NoteKind.DRAW, None)
                    await self.finisher.end(table, draw(game), ResultReason.DRAW_AGREED, [note])
                    return
            else:
                raise ServiceError(ErrorCode.BAD_REQUEST, "op must be offer, accept or decline")
            table.broadcast(lambda seats: offers.to_json(table.id))

        await self._held(table_id, user_id, work)

    # ----- takeback ----------------------------------------------------------------------------
    async def takeback(self, table_id: int, user_id: int | None, op: str) -> None:
        """A takeback ``request`` (of the requester's last action and all after it),
        ``accept`` or ``decline``; casual tables only; done once every other person
        accepted.

        Raises:
            ServiceError: ``not_seated``, ``not_running``, ``not_allowed`` (a rated table,
                nothing to take back, across a chance outcome or a hidden choice, nothing to
                accept or decline), ``bad_request`` (an unknown ``op``).
        """

        async def work(table: LiveTable, mine: list[int]) -> None:
            self._running(table)
            if table.info.settings.rated:
                raise ServiceError(ErrorCode.NOT_ALLOWED, "no takebacks at a rated table")
            offers = table.offers
            if op == "request":
                keep = self._takeback_point(table, mine)
                offers.takeback = (mine[0], keep)
                offers.takeback_accepted.clear()
                offers.declined = None
                if not self._takeback_answers(table, mine[0]):
                    # playing computers alone: nobody needs to agree
                    await self._take_back(table, mine[0], keep)
                    return
            elif op in ("accept", "decline"):
                request = offers.takeback
                if request is None or request[0] in mine:
                    raise ServiceError(ErrorCode.NOT_ALLOWED, f"there is no takeback to {op}")
                if op == "decline":
                    offers.takeback = None
                    offers.takeback_accepted.clear()
                    offers.declined = ("takeback", mine[0])
                else:
                    answers = self._takeback_answers(table, request[0])
                    offers.takeback_accepted.update(s for s in mine if s in answers)
                    if answers <= offers.takeback_accepted:
                        await self._take_back(table, request[0], request[1])
                        return
            else:
                raise ServiceError(ErrorCode.BAD_REQUEST, "op must be request, accept or decline")
            table.broadcast(lambda seats: offers.to_json(table.id))

        await self._held(table_id, user_id, work)

    def _takeback_answers(self, table: LiveTable, requester: int) -> set[int]:
        """The seats whose people must accept a takeback ``requester`` asked for: every
        person's seat no computer plays, but the requester's own."""
        asker = table.info.seats[requester].user_id
        return {
            s.index for s in people_seats(table.info) if s.takeover is None and s.user_id != asker
        }

    @staticmethod
    def _takeback_point(table: LiveTable, mine: list[int]) -> int:
        """The seq a takeback by ``mine`` goes back to: just before their last action.

        Raises:
            ServiceError: ``not_allowed``: no action of theirs, or a chance outcome or a
                simultaneous (hidden) choice would be taken back.
        """
        last = next((e for e in reversed(table.log) if e.seat in mine), None)
        if last is None:
            raise ServiceError(ErrorCode.NOT_ALLOWED, "you have no move to take back")
        for entry in table.log[last.seq - 1 :]:
            if entry.seat == CHANCE or entry.simultaneous:
                raise ServiceError(
                    ErrorCode.NOT_ALLOWED,
                    "a takeback cannot undo a chance outcome or a hidden choice",
                )
        return last.seq - 1

    async def _take_back(self, table: LiveTable, seat: int, keep: int) -> None:
        """Store and apply a takeback to seq ``keep`` (under the table's lock)."""
        note = self.finisher.note(table, NoteKind.TAKEBACK, seat, to=keep)
        await self.registry.storage.take_back(table.id, keep, note)
        table.log = table.log[:keep]
        table.described = []
        table.state = rebuild(table.info, table.log, table.described)
        table.info.notes.append(note)
        table.offers.takeback = None
        table.offers.takeback_accepted.clear()
        table.offers.draw.clear()
        table.start_clocks(self.clock.now())
        table.broadcast(lambda seats: {"type": "takeback", "table_id": table.id, "seq": keep})
        table.broadcast_table()
        table.broadcast(table.state_message)
        table.broadcast(lambda seats: table.offers.to_json(table.id))
        self.hub.publish(TakenBack(table, seq=keep))
        self.hub.publish(AwaitingAction(table))

    # ----- leavers ---------------------------------------------------------------------------
    async def claim(self, table_id: int, user_id: int | None, seat: int) -> None:
        """Claim ``seat``, whose person left: with two sides the claimer's side wins
        (``leaver``); with more, the computer plays the seat on.

        Raises:
            ServiceError: ``not_seated``, ``not_running``, ``bad_request`` (no such seat),
                ``not_allowed`` (the seat's person is connected, it need not act, the grace
                has not run out, or it is the claimer's own seat).
        """

        async def work(table: LiveTable, mine: list[int]) -> None:
            self._running(table)
            if not 0 <= seat < table.info.num_players:
                raise ServiceError(ErrorCode.BAD_REQUEST, f"there is no seat {seat}")
            target = table.info.seats[seat]
            if target.user_id == user_id:
                raise ServiceError(ErrorCode.NOT_ALLOWED, "you cannot claim your own seat")
            wait = table.claimable_in(target, self.clock.now())
            if wait is None:
                raise ServiceError(
                    ErrorCode.NOT_ALLOWED,
                    "only a seat that must act and whose player left can be claimed",
                )
            if wait > 0:
                raise ServiceError(
                    ErrorCode.NOT_ALLOWED, f"the player may still come back: wait {wait:.0f} s"
                )
            await self.finisher.forfeit(table, seat, NoteKind.CLAIM, by=mine[0])

        await self._held(table_id, user_id, work)

    async def return_to_seat(self, table_id: int, user_id: int | None, seat: int) -> None:
        """The person of ``seat``, taken over after a claim, plays on (no longer ranked last).

        Raises:
            ServiceError: ``not_seated``, ``not_running``, ``not_allowed`` (no computer plays
                the seat, or it did after a resignation or timeout).
        """

        async def work(table: LiveTable, mine: list[int]) -> None:
            self._running(table)
            if seat not in mine:
                raise ServiceError(ErrorCode.NOT_SEATED, f"seat {seat} is not yours")
            current = table.info.seats[seat]
            if current.takeover is None:
                raise ServiceError(ErrorCode.NOT_ALLOWED, "you are playing this seat already")
            given_up = [
                n
                for n in table.info.notes
                if n.seat == seat and n.kind in (NoteKind.RESIGN, NoteKind.TIMEOUT)
            ]
            if given_up:
                raise ServiceError(
                    ErrorCode.NOT_ALLOWED, "a seat that resigned or ran out of time is not returned"
                )
            note = self.finisher.note(table, NoteKind.RETURN, seat)
            seats = list(table.info.seats)
            seats[seat] = replace(current, takeover=None)
            await self.registry.storage.add_notes(table.id, [note], seats)
            table.info.seats = seats
            table.info.notes.append(note)
            if table.clocks is not None and table.state is not None:
                table.clocks.set_timed(seat, True, table.state.active_players(), self.clock.now())
            table.broadcast_table()
            table.broadcast(table.state_message)
            self.hub.publish(SeatsChanged(table))

        await self._held(table_id, user_id, work)

    # ----- presence ----------------------------------------------------------------------------
    def broadcast_presence(self, table: LiveTable, skip: Subscription | None = None) -> None:
        """Send every viewer of ``table`` (but ``skip``) the ``presence`` message."""
        if table.info.status is TableStatus.ABANDONED:
            return
        seats = table.presence(self.clock.now())["seats"]
        message: PresenceMessage = {"type": "presence", "table_id": table.id, "seats": seats}
        for subscriber in list(table.subscribers):
            if subscriber is not skip:
                subscriber.push_json(message)

    def connected(self, table: LiveTable, subscription: Subscription) -> None:
        """A viewer connected to ``table`` (its ``table`` message holds the presence): when
        it is a seated person's first connection, the others are told."""
        user_id = subscription.user_id
        if user_id is None or not table.viewer_seats(user_id):
            return
        if sum(1 for s in table.subscribers if s.user_id == user_id and not s.closed) == 1:
            self.broadcast_presence(table, skip=subscription)
            self.hub.publish(PresenceChanged(table))

    def disconnected(self, table: LiveTable, user_id: int | None) -> None:
        """A viewer's connection closed: a seated person with no connection left is away
        from now, and the others are told."""
        if user_id is None or not table.viewer_seats(user_id) or table.online(user_id):
            return
        table.away_since[user_id] = self.clock.now()
        self.broadcast_presence(table)
        self.hub.publish(PresenceChanged(table))

    # ----- rematch -----------------------------------------------------------------------------
    async def rematch(self, table_id: int, user: User, op: str) -> int | None:
        """A rematch ``offer``/``accept`` or ``decline`` at a finished table: once every
        person who sat there accepted, a new table with the same options and settings starts,
        seats rotated by one.

        Returns:
            The new table's id once created (``None`` while waiting).

        Raises:
            ServiceError: ``not_seated``, ``not_allowed`` (the game is not over, or was
                aborted, or is a tournament's; a rematch already exists; nothing to
                decline), ``bad_request``.
        """

        async def work(table: LiveTable, mine: list[int]) -> int | None:
            info = table.info
            if info.status is not TableStatus.FINISHED:
                raise ServiceError(ErrorCode.NOT_ALLOWED, "a rematch comes after the end")
            if info.reason in (ResultReason.ABORTED, ResultReason.ABANDONED):
                raise ServiceError(
                    ErrorCode.NOT_ALLOWED, "this game was not played to a result: start a new one"
                )
            if info.settings.tournament is not None:  # the tournament pairs the next game
                raise ServiceError(ErrorCode.NOT_ALLOWED, "a tournament's game has no rematch")
            offers = table.offers
            if offers.rematch_table is None:  # one rematch per table (kept in its notes)
                made = [n for n in info.notes if n.kind is NoteKind.REMATCH]
                if made:
                    offers.rematch_table = made[-1].data.get("table")
            if offers.rematch_table is not None:
                return offers.rematch_table
            if op == "decline":
                offers.rematch.clear()
                offers.declined = ("rematch", mine[0])
            elif op in ("offer", "accept"):
                offers.rematch.update(mine)
                offers.declined = None
                people = {s.index for s in people_seats(info)}
                if people <= offers.rematch:
                    return await self._rematch(table, user)
            else:
                raise ServiceError(ErrorCode.BAD_REQUEST, "op must be offer, accept or decline")
            table.broadcast(lambda seats: offers.to_json(table.id))
            return None

        result: int | None = await self._held(table_id, user.id, work)
        return result

    async def _rematch(self, table: LiveTable, user: User) -> int:
        info = table.info
        count = info.num_players
        seats = [
            replace(info.seats[(index - 1) % count], index=index, takeover=None)
            for index in range(count)
        ]
        new = await self.seating.create_seated(
            user, info.game, dict(info.options), seats, info.settings
        )
        note = self.finisher.note(table, NoteKind.REMATCH, None, table=new.id)
        await self.registry.storage.add_notes(info.id, [note])
        info.notes.append(note)
        table.offers.rematch_table = new.id
        table.broadcast(lambda seats: table.offers.to_json(table.id))
        table.broadcast(
            lambda seats: {"type": "rematch", "table_id": table.id, "rematch_table": new.id}
        )
        return new.id

    # ----- abandoned tables --------------------------------------------------------------------
    async def sweep(self) -> int:
        """Expire open tables nobody joined for :attr:`open_ttl` seconds and end untimed
        running tables without an action for :attr:`idle_ttl` seconds as abandoned.

        Returns:
            How many tables were swept.
        """
        now = self.clock.now()
        swept = 0
        for table in list(self.registry.tables.values()):
            idle = (now - table.last_activity()).total_seconds()
            async with self.registry.exclusive(table):
                status = table.info.status
                if status is TableStatus.OPEN and idle >= self.open_ttl:
                    await self.registry.storage.update_table(
                        table.id, table.info.seats, TableStatus.ABANDONED
                    )
                    table.info.status = TableStatus.ABANDONED
                    table.broadcast_table()
                    self.registry.tables.pop(table.id, None)
                    self.hub.publish(TableAbandoned(table))
                    swept += 1
                elif (
                    status is TableStatus.RUNNING
                    and not table.info.settings.time_control.timed
                    and idle >= self.idle_ttl
                ):
                    note = self.finisher.note(table, NoteKind.ABANDON, None)
                    await self.finisher.end(table, None, ResultReason.ABANDONED, [note])
                    swept += 1
        return swept

    def start_sweeping(self, every: float = SWEEP_EVERY) -> None:
        """Sweep every ``every`` seconds in the background."""

        async def loop() -> None:
            while True:
                await asyncio.sleep(every)
                try:
                    await self.sweep()
                except Exception:  # a failed sweep is retried at the next one
                    log.exception("sweeping abandoned tables failed")

        if self._sweeper is None:
            self._sweeper = self.registry.spawn(loop())
