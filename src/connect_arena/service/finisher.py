"""How a game ends besides its rules, in one straight path (as Lichess's ``Finisher``): store
the end, record it in memory (:meth:`TableRegistry.finish`, which publishes
:class:`~connect_arena.service.table_events.TableFinished` once), and the forfeits that lead
there — resignation, timeout, a leaver's seat claimed — with the computer taking a forfeited
seat over when more than two sides play (``docs/lifecycle.md``).

Everything here runs under the table's lock (:meth:`TableRegistry.exclusive`); each change is
stored in one transaction before it is applied in memory and broadcast.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from connect_arena.core import CHANCE
from connect_arena.service.live_table import LiveTable
from connect_arena.service.model import Clock, Seat, SeatKind, TableInfo, TableStatus
from connect_arena.service.results import forfeited, side_of, sides, win_for
from connect_arena.service.settings import NoteKind, ResultReason, TableNote
from connect_arena.service.table_events import (
    AwaitingAction,
    ClockFlagged,
    SeatsChanged,
    TableEvents,
)
from connect_arena.service.table_registry import TableRegistry


def people_seats(info: TableInfo) -> list[Seat]:
    """The seats people sit at (no computers, no open seats)."""
    return [seat for seat in info.seats if seat.kind is SeatKind.HUMAN]


def first_actions_done(table: LiveTable) -> bool:
    """Whether every person at ``table`` has made a first action."""
    acted = {entry.seat for entry in table.log if entry.seat != CHANCE}
    return all(seat.index in acted for seat in table.info.seats if seat.kind is SeatKind.HUMAN)


def unplayed(table: LiveTable) -> bool:
    """Whether a game that ends now at ``table`` is aborted, whichever way it ends
    (resignation, claim, flag, agreed draw): some person never made a move, and it is no
    tournament's table (there a no-show loses, as a flag before the first move does)."""
    return not first_actions_done(table) and table.info.settings.tournament is None


class Finisher:
    """Ends games and forfeits seats.

    Args:
        registry: the tables and the storage; :meth:`TableRegistry.finish` records an end.
        hub: where take-overs (:class:`SeatsChanged`, :class:`AwaitingAction`) and fallen
            flags (:class:`ClockFlagged`) are published.
        clock: the service's clock (note times, flags).
    """

    def __init__(self, registry: TableRegistry, hub: TableEvents, clock: Clock) -> None:
        self.registry = registry
        self.hub = hub
        self.clock = clock

    def note(self, at: LiveTable, kind: NoteKind, seat: int | None, **data: Any) -> TableNote:
        """A lifecycle note about ``at`` now, at its current seq."""
        return TableNote(kind, at.seq, seat, self.clock.now(), data)

    async def end(
        self,
        table: LiveTable,
        returns: list[float] | None,
        reason: ResultReason,
        notes: list[TableNote],
    ) -> None:
        """Store and apply the end of ``table`` with ``returns`` (``None``: no result)."""
        now = self.clock.now()
        await self.registry.storage.end_table(table.id, returns, reason, now, notes)
        table.info.notes.extend(notes)
        self.registry.finish(table, returns, now, reason)

    async def take_over(self, table: LiveTable, seat: int, notes: list[TableNote]) -> None:
        """Store and apply a computer take-over of ``seat``: the table's take-over level plays
        it on from the next action."""
        agent = table.info.settings.takeover
        notes = [*notes, self.note(table, NoteKind.TAKEOVER, seat, agent=agent)]
        seats = list(table.info.seats)
        seats[seat] = replace(seats[seat], takeover=agent)
        await self.registry.storage.add_notes(table.id, notes, seats)
        table.info.seats = seats
        table.info.notes.extend(notes)
        if table.clocks is not None and table.state is not None:
            table.clocks.set_timed(seat, False, table.state.active_players(), self.clock.now())
        table.broadcast_table()
        table.broadcast(table.state_message)
        self.hub.publish(SeatsChanged(table))
        self.hub.publish(AwaitingAction(table))

    async def forfeit(self, table: LiveTable, seat: int, kind: NoteKind, **data: Any) -> None:
        """``seat`` gives up (resignation, timeout, leaver claim): with two sides the other
        side wins; otherwise the seat is ranked last and a computer plays it on (when no side
        but the forfeiting one is left with a person, the game ends: the sides none of whose
        seats gave up win). Before every person's first move the game is aborted instead
        (:func:`unplayed`): nobody wins a game that was never played."""
        note = self.note(table, kind, seat, **data)
        if unplayed(table):
            await self.end(table, None, ResultReason.ABORTED, [note])
            return
        game = table.game()
        reason = {
            NoteKind.RESIGN: ResultReason.RESIGNATION,
            NoteKind.TIMEOUT: ResultReason.TIMEOUT,
            NoteKind.CLAIM: ResultReason.LEAVER,
        }[kind]
        all_sides = sides(game)
        mine = side_of(game, seat)
        if len(all_sides) == 2:
            winners = next(side for side in all_sides if side != mine)
            await self.end(table, win_for(game, winners), reason, [note])
            return
        out = set(forfeited([*table.info.notes, note]))
        if not any(s.index not in out for s in people_seats(table.info)):
            # No person is left to play: the game ends, won by the sides none of whose seats
            # gave up (the computers a person played against).
            unbeaten = [s for side in all_sides if not out & set(side) for s in side]
            await self.end(table, win_for(game, unbeaten), reason, [note])
            return
        await self.take_over(table, seat, [note])

    async def flag_fell(self, table: LiveTable) -> None:
        """Apply every fallen flag of ``table``: before every person's first action the game
        is aborted (as on Lichess; at a tournament's table it is a no-show, lost on time);
        with two sides the other side wins; with more, the computer takes the seat over."""
        clocks = table.clocks
        if clocks is None or table.info.status is not TableStatus.RUNNING:
            return
        now = self.clock.now()
        for seat in sorted(clocks.running):
            if table.info.status is not TableStatus.RUNNING:
                break
            if not clocks.flagged(seat, now):
                continue
            self.hub.publish(ClockFlagged(table, seat=seat))
            await self.forfeit(table, seat, NoteKind.TIMEOUT)
