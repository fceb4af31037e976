"""The move pipeline: submit, validate, commit, chance. A person's action
(:meth:`MovePipeline.submit`) and a computer seat's take the same path:

1. under the table's lock, check that the seat belongs to the user, that the claimed ``seq`` is
   the next one, and that the engine accepts the action (``state.parse_action``);
2. apply it to a clone of the state and append it to the stored log in one transaction (with
   the result, when the game ends); the storage refuses a second action at the same seq;
3. only then replace the live state and broadcast the event with each viewer's new state;
4. draw chance outcomes (seeded by the table's seed and the seq) and wake computer seats.

Any refusal raises :class:`ServiceError` and changes nothing.
"""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable
from datetime import datetime

from connect_arena.core import (
    CHANCE,
    SIMULTANEOUS,
    Action,
    Event,
    IllegalActionError,
    InvalidActionError,
    sample_chance_outcome,
)
from connect_arena.service.live_table import LiveTable
from connect_arena.service.lobby import Lobby
from connect_arena.service.model import (
    ErrorCode,
    LogEntry,
    SeqConflictError,
    ServiceError,
    TableStatus,
    mix,
    utcnow,
)
from connect_arena.service.results import final_returns
from connect_arena.service.settings import ResultReason, TimeControlKind
from connect_arena.service.table_registry import TableRegistry


def not_running(table: LiveTable) -> ServiceError:
    """The ``not_running`` refusal for a table whose game is not being played."""
    word = "is over" if table.info.status is TableStatus.FINISHED else "has not started"
    return ServiceError(ErrorCode.NOT_RUNNING, f"the game {word}")


class MovePipeline:
    """Validates, stores, applies and broadcasts actions.

    Args:
        registry: the tables in memory (and the storage).
        lobby: told when a game ends.
        wake: called after every change of a running table (under its lock), to let computer
            seats act.
    """

    def __init__(
        self, registry: TableRegistry, lobby: Lobby, wake: Callable[[LiveTable], None]
    ) -> None:
        self.registry = registry
        self.lobby = lobby
        self.wake = wake
        self.changed: Callable[[LiveTable], None] = lambda table: None
        """Called after each stored change (the lifecycle sets its flag timer and tells who
        is present)."""
        self.flag_fell: Callable[[LiveTable], Awaitable[None]] | None = None
        """Called (under the table's lock) when an action arrives after its seat's flag fell:
        the lifecycle applies the timeout."""

    async def submit(
        self, table_id: int, user_id: int | None, seq: int, text: str, seat: int | None = None
    ) -> LogEntry:
        """A person's action: checked, stored, then broadcast (see the module docstring).

        Raises:
            ServiceError: refused; nothing changed.
        """
        table = await self.registry.active(table_id)
        async with self.registry.exclusive(table):
            acting = self.acting_seat(table, user_id, seat, seq)
            if table.clocks is not None and table.clocks.flagged(acting, utcnow()):
                if self.flag_fell is not None:
                    await self.flag_fell(table)
                raise ServiceError(ErrorCode.NOT_RUNNING, "your time ran out")
            action = self.validate(table, acting, text)
            entry = await self.commit(table, acting, action)
            await self.advance(table)
        return entry

    @staticmethod
    def acting_seat(table: LiveTable, user_id: int | None, seat: int | None, seq: int) -> int:
        """The seat ``user_id`` acts for with an action claiming ``seq``.

        Raises:
            ServiceError: ``not_seated``, ``not_running``, ``stale_seq`` or ``not_your_turn``.
        """
        mine = table.viewer_seats(user_id)
        if not mine:
            raise ServiceError(
                ErrorCode.NOT_SEATED, "you do not sit at this table: spectators cannot act"
            )
        if seat is not None and seat not in mine:
            raise ServiceError(ErrorCode.NOT_SEATED, f"seat {seat} is not yours")
        if table.info.status is not TableStatus.RUNNING or table.state is None:
            raise not_running(table)
        if seq != table.seq + 1:
            raise ServiceError(
                ErrorCode.STALE_SEQ,
                f"stale seq {seq}: the table is at seq {table.seq}, so the next action is "
                f"seq {table.seq + 1}; your view was out of date and has been refreshed",
            )
        active = table.state.active_players()
        candidates = [s for s in ((seat,) if seat is not None else mine) if s in active]
        playing = [s for s in candidates if table.info.seats[s].takeover is None]
        if candidates and not playing:
            raise ServiceError(
                ErrorCode.NOT_YOUR_TURN,
                "a computer plays this seat for you: take it back first (return)",
            )
        candidates = playing
        if not candidates:
            names = " and ".join(table.game().seat_name(s) for s in sorted(active)) or "nobody"
            raise ServiceError(ErrorCode.NOT_YOUR_TURN, f"it is not your turn ({names} to act)")
        return candidates[0]

    @staticmethod
    def validate(table: LiveTable, seat: int, text: str) -> Action:
        """The engine's action for ``text`` by ``seat``.

        Raises:
            ServiceError: ``invalid_action`` (not the notation) or ``illegal_action`` (with
                the engine's event when it gives one).
        """
        assert table.state is not None
        try:
            return table.state.parse_action(text, seat)
        except InvalidActionError as error:
            raise ServiceError(ErrorCode.INVALID_ACTION, str(error)) from None
        except IllegalActionError as error:
            event = error.event.to_json() if isinstance(error.event, Event) else None
            raise ServiceError(ErrorCode.ILLEGAL_ACTION, str(error), event) from None
        except ValueError as error:  # GameError, or a game's own ValueError
            raise ServiceError(ErrorCode.ILLEGAL_ACTION, str(error)) from None

    async def commit(self, table: LiveTable, seat: int, action: Action) -> LogEntry:
        """Store then apply then broadcast a legal action (under the table's lock).

        Raises:
            ServiceError: ``stale_seq`` when another process stored that seq first.
        """
        state = table.state
        assert state is not None
        after = state.clone()
        simultaneous = state.current_player == SIMULTANEOUS
        described = state.describe_action(action, seat).to_json()
        after.apply_legal_action(action, seat)
        now = utcnow()
        clocks = table.clocks
        clock = None
        if clocks is not None and seat in clocks.timed:
            clock = max(0.0, clocks.left(seat, now))
            if clocks.control.kind is TimeControlKind.REALTIME:
                clock += clocks.control.increment
        entry = LogEntry(table.seq + 1, seat, str(action), simultaneous, now, clock)
        over = after.is_terminal()
        returns = final_returns(after.game, after.returns(), table.info.notes) if over else None
        try:
            await self.registry.storage.append_action(
                table.id, entry, returns, now if over else None, ResultReason.NORMAL
            )
        except SeqConflictError:
            raise ServiceError(
                ErrorCode.STALE_SEQ, f"seq {entry.seq} was just taken by another action"
            ) from None
        table.state = after
        table.log.append(entry)
        table.described.append(described)
        if clocks is not None:
            clocks.act(seat, now, [] if over else after.active_players(), recorded=clock)
        if table.offers.withdrawn_by(table.info, seat):
            table.broadcast(lambda seats: table.offers.to_json(table.id))
        if returns is not None:
            self.finish(table, returns, now)
        table.broadcast_event(entry)
        self.changed(table)
        return entry

    def finish(
        self,
        table: LiveTable,
        returns: list[float] | None,
        finished_at: datetime | None,
        reason: ResultReason = ResultReason.NORMAL,
    ) -> None:
        """Record a game's end on ``table`` (in memory; stored by the caller), stop its
        clocks, tell its viewers and the lobby."""
        table.info.status = TableStatus.FINISHED
        table.info.returns = None if returns is None else list(returns)
        table.info.finished_at = finished_at
        table.info.reason = reason
        if table.clocks is not None and finished_at is not None:
            table.clocks.stop_all(finished_at)
        table.offers.draw.clear()
        table.offers.takeback = None
        table.offers.takeback_accepted.clear()
        self.registry.remember_finished(table)
        table.broadcast_table()
        self.changed(table)
        self.lobby.changed()

    async def draw_chance(self, table: LiveTable) -> None:
        """Apply chance outcomes while the table is at a chance node (under its lock)."""
        while table.state is not None and table.state.is_chance_node():
            rng = random.Random(mix(table.info.seed, table.seq + 1))
            await self.commit(table, CHANCE, sample_chance_outcome(table.state, rng))

    async def advance(self, table: LiveTable) -> None:
        """Draw chance outcomes, then wake the computer seats (under the table's lock)."""
        await self.draw_chance(table)
        self.wake(table)
