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
import time

from connect_arena.core import (
    CHANCE,
    SIMULTANEOUS,
    Action,
    Event,
    IllegalActionError,
    InvalidActionError,
    sample_chance_outcome,
)
from connect_arena.core.simultaneous import pending_choices
from connect_arena.service.finisher import Finisher
from connect_arena.service.live_table import LiveTable
from connect_arena.service.model import (
    ErrorCode,
    LogEntry,
    SeqConflictError,
    ServiceError,
    TableStatus,
    mix,
    utcnow,
)
from connect_arena.service.results import final_points, final_returns
from connect_arena.service.settings import ResultReason, TimeControlKind
from connect_arena.service.table_events import (
    ActionCommitted,
    AwaitingAction,
    MoveTiming,
    TableEvents,
)
from connect_arena.service.table_registry import TableRegistry


def not_running(table: LiveTable) -> ServiceError:
    """The ``not_running`` refusal for a table whose game is not being played."""
    word = "is over" if table.info.status is TableStatus.FINISHED else "has not started"
    return ServiceError(ErrorCode.NOT_RUNNING, f"the game {word}")


def same_simultaneous_phase(table: LiveTable, seats: tuple[int, ...], seq: int) -> bool:
    """Whether an action claiming ``seq`` by one of ``seats`` still fits: every action stored
    since the state it was chosen on (seq ``seq - 1``) is another seat's hidden choice of the
    simultaneous phase still under way (:func:`pending_choices`). A seat's legal actions in
    such a phase never depend on the others' choices in it, so the action is as valid as it
    was (``docs/bot-api.md``: act on any state of the phase)."""
    if table.state is None or not 1 <= seq <= table.seq:
        return False
    if not all(e.simultaneous and e.seat not in seats for e in table.log[seq - 1 :]):
        return False
    pending = pending_choices(table.state)  # replays the game: only on this rare path
    return bool(pending) and pending[0] <= seq - 1


class MovePipeline:
    """Validates, stores, applies and broadcasts actions.

    Args:
        registry: the tables in memory (and the storage); records a game's natural end.
        finisher: applies a fallen flag when an action arrives after it.
        hub: where :class:`ActionCommitted` (each stored action) and
            :class:`AwaitingAction` (the table waits for its seats) are published.
    """

    def __init__(self, registry: TableRegistry, finisher: Finisher, hub: TableEvents) -> None:
        self.registry = registry
        self.finisher = finisher
        self.hub = hub

    async def submit(
        self, table_id: int, user_id: int | None, seq: int, text: str, seat: int | None = None
    ) -> LogEntry:
        """A person's action: checked, stored, then broadcast (see the module docstring).

        Raises:
            ServiceError: refused; nothing changed.
        """
        started = time.perf_counter()
        table = await self.registry.active(table_id)
        async with self.registry.exclusive(table):
            held = time.perf_counter()
            acting = self.acting_seat(table, user_id, seat, seq)
            if table.clocks is not None and table.clocks.flagged(acting, utcnow()):
                await self.finisher.flag_fell(table)
                raise ServiceError(ErrorCode.NOT_RUNNING, "your time ran out")
            action = self.validate(table, acting, text)
            entry = await self.commit(table, acting, action, (started, held))
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
        asked = (seat,) if seat is not None else mine
        if seq != table.seq + 1 and not same_simultaneous_phase(table, asked, seq):
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
        """The engine's action for ``text`` by ``seat``: one of the listed legal actions when
        ``text`` is its notation (no second parse and legality check), else the engine's
        :meth:`State.parse_action`.

        Raises:
            ServiceError: ``invalid_action`` (not the notation) or ``illegal_action`` (with
                the engine's event when it gives one).
        """
        assert table.state is not None
        listed = table.legal_action(seat, text.strip())
        if listed is not None:
            return listed
        try:
            return table.state.parse_action(text, seat)
        except InvalidActionError as error:
            raise ServiceError(ErrorCode.INVALID_ACTION, str(error)) from None
        except IllegalActionError as error:
            event = error.event.to_json() if isinstance(error.event, Event) else None
            raise ServiceError(ErrorCode.ILLEGAL_ACTION, str(error), event) from None
        except ValueError as error:  # GameError, or a game's own ValueError
            raise ServiceError(ErrorCode.ILLEGAL_ACTION, str(error)) from None

    async def commit(
        self,
        table: LiveTable,
        seat: int,
        action: Action,
        since: tuple[float, float] | None = None,
    ) -> LogEntry:
        """Store then apply then broadcast a legal action (under the table's lock).
        ``since``: when a person's action entered the pipeline and when the table was held
        (``time.perf_counter()``), for the event's :class:`MoveTiming`.

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
        storing = time.perf_counter()
        try:
            await self.registry.storage.append_action(
                table.id,
                entry,
                returns,
                now if over else None,
                ResultReason.NORMAL,
                scores=final_points(after),
            )
        except SeqConflictError:
            raise ServiceError(
                ErrorCode.STALE_SEQ, f"seq {entry.seq} was just taken by another action"
            ) from None
        timing = None
        if since is not None:
            started, held = since
            stored = time.perf_counter() - storing
            timing = MoveTiming(held - started, storing - held, stored)
        table.state = after
        table.log.append(entry)
        table.described.append(described)
        if clocks is not None:
            clocks.act(seat, now, [] if over else after.active_players(), recorded=clock)
        if table.offers.withdrawn_by(table.info, seat):
            table.broadcast(lambda seats: table.offers.to_json(table.id))
        self.hub.publish(ActionCommitted(table, entry=entry, timing=timing))
        if returns is not None:
            self.registry.finish(table, returns, now, ResultReason.NORMAL)
        table.broadcast_event(entry)
        return entry

    async def draw_chance(self, table: LiveTable) -> None:
        """Apply chance outcomes while the table is at a chance node (under its lock)."""
        while table.state is not None and table.state.is_chance_node():
            rng = random.Random(mix(table.info.seed, table.seq + 1))
            await self.commit(table, CHANCE, sample_chance_outcome(table.state, rng))

    async def advance(self, table: LiveTable) -> None:
        """Draw chance outcomes, then publish :class:`AwaitingAction` (computer seats wake;
        under the table's lock)."""
        await self.draw_chance(table)
        if table.info.status is TableStatus.RUNNING:
            self.hub.publish(AwaitingAction(table))
