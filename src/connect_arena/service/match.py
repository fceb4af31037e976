"""The match service: tables, seats and the move pipeline, independent of any transport.

The move pipeline, for a person (:meth:`MatchService.submit`) and a computer seat alike:

1. under the table's lock, check that the seat belongs to the user, that the claimed ``seq`` is
   the next one, and that the engine accepts the action (``state.parse_action``);
2. apply it to a clone of the state and append it to the stored log in one transaction (with
   the result, when the game ends); the storage refuses a second action at the same seq;
3. only then replace the live state and broadcast the event with each viewer's new state;
4. draw chance outcomes (seeded by the table's seed and the seq) and wake computer seats.

Any refusal raises :class:`ServiceError` and changes nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from connect_arena.agents import AGENT_KINDS
from connect_arena.core import (
    CHANCE,
    SIMULTANEOUS,
    Action,
    Event,
    GameError,
    IllegalActionError,
    InvalidActionError,
    load,
    sample_chance_outcome,
)
from connect_arena.service.cluster import Cluster, Coordinator
from connect_arena.service.computer import ComputerPlayers, HintRequest, ThinkRequest
from connect_arena.service.lobby import Lobby
from connect_arena.service.model import (
    ErrorCode,
    LogEntry,
    Seat,
    SeatKind,
    SeqConflictError,
    ServiceError,
    TableInfo,
    TableStatus,
    utcnow,
)
from connect_arena.service.storage import Storage
from connect_arena.service.tables import LiveTable, Subscription

log = logging.getLogger(__name__)

FINISHED_CACHE = 64
"""Finished tables kept in memory for spectators and replays."""


@dataclass(frozen=True, slots=True)
class User:
    """Who is asking: a user id and display name (accounts live in the server)."""

    id: int
    name: str


@dataclass(frozen=True, slots=True)
class SeatRequest:
    """A seat wanted at a new table: ``me`` (the creator), ``open`` or ``computer``."""

    kind: str = "open"
    agent: str = "random"


@dataclass(frozen=True, slots=True)
class ServiceConfig:
    """Tuning of the match service.

    Attributes:
        computer_workers: worker processes for computer seats (0: threads in-process).
        computer_delay: minimum seconds a computer seat takes per action, so that people can
            follow its moves (0 for tests and benchmarks).
        hint_agent: the MCTS agent spec whose search gives people's hints.
        hint_limit: hints searched at once, all users together (each user: one at a time).
    """

    computer_workers: int = 1
    computer_delay: float = 0.6
    hint_agent: str = "mcts:normal"
    hint_limit: int = 4


def _mix(seed: int, seq: int) -> int:
    """A per-action seed derived from the table seed (stable across restarts)."""
    return (seed * 1_000_003 + seq * 7919) % (2**62)


HINT_LINES = 3
"""Candidate actions a hint returns."""

R = TypeVar("R", bound=ThinkRequest)


def _request(kind: type[R], table: LiveTable, seat: int, agent: str, seed: int, **extra: Any) -> R:
    """A request to the computer pool (:class:`ThinkRequest` or :class:`HintRequest`) for
    ``seat`` at ``table``: its game, options and whole log, plus ``extra`` fields."""
    return kind(
        table_id=table.id,
        game=table.info.game,
        num_players=table.info.num_players,
        options=dict(table.info.options),
        actions=tuple((entry.seat, entry.action) for entry in table.log),
        seat=seat,
        agent=agent,
        seed=seed,
        **extra,
    )


class MatchService:
    """Holds the live tables and runs every table's move pipeline.

    Args:
        storage: where tables and logs are kept.
        config: tuning.
        coordinator: shared with the other processes of the arena (Redis), when there are
            several: each table operation then runs under the table's lease
            (:mod:`connect_arena.service.cluster`). ``None``: this process is alone.
    """

    def __init__(
        self,
        storage: Storage,
        config: ServiceConfig | None = None,
        coordinator: Coordinator | None = None,
    ) -> None:
        self.storage = storage
        self.cluster = None if coordinator is None else Cluster(self, coordinator)
        self.config = config or ServiceConfig()
        self.computer = ComputerPlayers(self.config.computer_workers)
        self.tables: dict[int, LiveTable] = {}
        self.finished: OrderedDict[int, LiveTable] = OrderedDict()
        self.lobby = Lobby(self)
        self._tasks: set[asyncio.Task[None]] = set()
        self._hinting: set[int] = set()  # users whose hint is being searched

    # ----- life cycle --------------------------------------------------------------------------
    async def start(self) -> None:
        """Rebuild every open and running table from storage and resume their games."""
        if self.cluster is not None:
            await self.cluster.start()
        for info in await self.storage.active_tables():
            try:
                table = LiveTable(info, await self.storage.load_actions(info.id))
            except GameError as error:
                log.error("table %s cannot be rebuilt from its log: %s", info.id, error)
                continue
            table = self.tables.setdefault(info.id, table)
            if table.state is not None:
                async with self._exclusive(table):
                    await self._advance(table)
        if self.cluster is not None:
            self.cluster.start_sweeping()

    async def close(self) -> None:
        """Stop computer players and close every subscription."""
        if self.cluster is not None:
            await self.cluster.close()
        for task in list(self._tasks):
            task.cancel()
        for task in list(self._tasks):
            with contextlib.suppress(BaseException):
                await task
        for table in [*self.tables.values(), *self.finished.values()]:
            for subscriber in table.subscribers:
                subscriber.close()
        self.lobby.close()
        self.computer.close()

    # ----- tables and seats --------------------------------------------------------------------
    async def create_table(
        self,
        user: User,
        game: str,
        seats: Sequence[SeatRequest],
        options: dict[str, Any] | None = None,
    ) -> TableInfo:
        """Create a table; the creator sits wherever a seat asks for ``me``.

        Taking several seats is *hot-seat* play: the creator plays them all (from one
        device, or one WebSocket acting for each seat with the action's ``seat``).

        Raises:
            ServiceError: unknown game, bad options, bad seats.
        """
        try:
            descriptor = load(game, len(seats) or None, **(options or {}))
        except GameError as error:
            raise ServiceError(ErrorCode.BAD_REQUEST, str(error)) from None
        made = [self._make_seat(index, request, user) for index, request in enumerate(seats)]
        seed = random.SystemRandom().randrange(2**62)
        info = await self.storage.create_table(
            descriptor.name, dict(descriptor.options), made, user.id, seed
        )
        table = LiveTable(info, [])
        self.tables[info.id] = table
        async with self._exclusive(table, announce=True):
            await self._start_if_full(table)
        self.lobby.changed()
        return info

    @staticmethod
    def _make_seat(index: int, request: SeatRequest, user: User) -> Seat:
        if request.kind == "me":
            return Seat(index, SeatKind.HUMAN, user.id, user.name)
        if request.kind == "open":
            return Seat(index)
        if request.kind == "computer":
            if request.agent not in AGENT_KINDS:
                known = ", ".join(AGENT_KINDS)
                raise ServiceError(
                    ErrorCode.BAD_REQUEST,
                    f"unknown computer player {request.agent!r} (known: {known})",
                )
            return Seat(
                index, SeatKind.COMPUTER, None, f"computer ({request.agent})", request.agent
            )
        raise ServiceError(
            ErrorCode.BAD_REQUEST, f"seat {index}: kind must be me, open or computer"
        )

    async def join(self, table_id: int, user: User, seat: int) -> TableInfo:
        """Sit ``user`` at ``seat`` of an open table; the game starts when every seat is filled.

        Raises:
            ServiceError: no such table or seat, the table is not open, the seat is taken,
                or the user already sits at this table.
        """
        table = await self._active(table_id)
        async with self._exclusive(table):
            self._check_open(table, seat)
            if table.info.seats[seat].filled:
                raise ServiceError(ErrorCode.SEAT_TAKEN, f"seat {seat} is already taken")
            if table.viewer_seats(user.id):
                raise ServiceError(ErrorCode.CONFLICT, "you already sit at this table")
            seats = list(table.info.seats)
            seats[seat] = Seat(seat, SeatKind.HUMAN, user.id, user.name)
            await self.storage.update_table(table_id, seats, TableStatus.OPEN)
            table.info.seats = seats
            if not await self._start_if_full(table):
                table.broadcast_table()
        self.lobby.changed()
        return table.info

    async def leave(self, table_id: int, user: User, seat: int) -> TableInfo:
        """Free ``user``'s seat at an open table; a table that nobody sits at is abandoned.

        Raises:
            ServiceError: no such table or seat, the table is not open, not the user's seat.
        """
        table = await self._active(table_id)
        async with self._exclusive(table):
            self._check_open(table, seat)
            if seat not in table.viewer_seats(user.id):
                raise ServiceError(ErrorCode.NOT_SEATED, f"seat {seat} is not yours")
            seats = list(table.info.seats)
            seats[seat] = Seat(seat)
            people = any(s.kind is SeatKind.HUMAN for s in seats)
            status = TableStatus.OPEN if people else TableStatus.ABANDONED
            await self.storage.update_table(table_id, seats, status)
            table.info.seats, table.info.status = seats, status
            table.broadcast_table()
            if not people:
                del self.tables[table_id]
        self.lobby.changed()
        return table.info

    def _check_open(self, table: LiveTable, seat: int) -> None:
        if not 0 <= seat < table.info.num_players:
            raise ServiceError(ErrorCode.BAD_REQUEST, f"there is no seat {seat} at this table")
        if table.info.status is not TableStatus.OPEN:
            raise ServiceError(ErrorCode.NOT_RUNNING, "seats can change only before the start")

    async def _start_if_full(self, table: LiveTable) -> bool:
        """Start the game if every seat is filled (under the table's lock)."""
        if not all(seat.filled for seat in table.info.seats):
            return False
        await self.storage.update_table(table.id, table.info.seats, TableStatus.RUNNING)
        table.info.status = TableStatus.RUNNING
        table.state = table.game().new_initial_state()
        table.broadcast_table()
        table.broadcast(table.state_message)
        await self._advance(table)
        return True

    # ----- the move pipeline -------------------------------------------------------------------
    async def submit(
        self, table_id: int, user_id: int | None, seq: int, text: str, seat: int | None = None
    ) -> LogEntry:
        """A person's action: checked, stored, then broadcast (see the module docstring).

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
        table = await self._active(table_id)
        async with self._exclusive(table):
            acting = self._acting_seat(table, user_id, seat, seq)
            action = self._validate(table, acting, text)
            entry = await self._commit(table, acting, action)
            await self._advance(table)
        return entry

    def _acting_seat(
        self, table: LiveTable, user_id: int | None, seat: int | None, seq: int
    ) -> int:
        mine = table.viewer_seats(user_id)
        if not mine:
            raise ServiceError(
                ErrorCode.NOT_SEATED, "you do not sit at this table: spectators cannot act"
            )
        if seat is not None and seat not in mine:
            raise ServiceError(ErrorCode.NOT_SEATED, f"seat {seat} is not yours")
        if table.info.status is not TableStatus.RUNNING or table.state is None:
            word = "is over" if table.info.status is TableStatus.FINISHED else "has not started"
            raise ServiceError(ErrorCode.NOT_RUNNING, f"the game {word}")
        if seq != table.seq + 1:
            raise ServiceError(
                ErrorCode.STALE_SEQ,
                f"stale seq {seq}: the table is at seq {table.seq}, so the next action is "
                f"seq {table.seq + 1}; your view was out of date and has been refreshed",
            )
        active = table.state.active_players()
        candidates = [s for s in ((seat,) if seat is not None else mine) if s in active]
        if not candidates:
            names = " and ".join(table.game().seat_name(s) for s in sorted(active)) or "nobody"
            raise ServiceError(ErrorCode.NOT_YOUR_TURN, f"it is not your turn ({names} to act)")
        return candidates[0]

    @staticmethod
    def _validate(table: LiveTable, seat: int, text: str) -> Action:
        assert table.state is not None
        try:
            return table.state.parse_action(text, seat)
        except InvalidActionError as error:
            raise ServiceError(ErrorCode.INVALID_ACTION, str(error)) from None
        except IllegalActionError as error:
            event = error.event.to_json() if isinstance(error.event, Event) else None
            raise ServiceError(ErrorCode.ILLEGAL_ACTION, str(error), event) from None
        except GameError as error:
            raise ServiceError(ErrorCode.ILLEGAL_ACTION, str(error)) from None

    async def _commit(self, table: LiveTable, seat: int, action: Action) -> LogEntry:
        """Store then apply then broadcast a legal action (under the table's lock)."""
        state = table.state
        assert state is not None
        after = state.clone()
        simultaneous = state.current_player == SIMULTANEOUS
        described = state.describe_action(action, seat).to_json()
        after.apply_legal_action(action, seat)
        entry = LogEntry(table.seq + 1, seat, str(action), simultaneous)
        over = after.is_terminal()
        finished_at = utcnow() if over else None
        try:
            await self.storage.append_action(
                table.id, entry, after.returns() if over else None, finished_at
            )
        except SeqConflictError:
            raise ServiceError(
                ErrorCode.STALE_SEQ, f"seq {entry.seq} was just taken by another action"
            ) from None
        table.state = after
        table.log.append(entry)
        table.described.append(described)
        if over:
            self._finish(table, after.returns(), finished_at)
        table.broadcast_event(entry)
        return entry

    def _finish(self, table: LiveTable, returns: list[float], finished_at: Any) -> None:
        table.info.status = TableStatus.FINISHED
        table.info.returns = list(returns)
        table.info.finished_at = finished_at
        self.tables.pop(table.id, None)
        self._remember_finished(table)
        table.broadcast_table()
        self.lobby.changed()

    async def _draw_chance(self, table: LiveTable) -> None:
        """Apply chance outcomes while the table is at a chance node (under its lock)."""
        while table.state is not None and table.state.is_chance_node():
            rng = random.Random(_mix(table.info.seed, table.seq + 1))
            await self._commit(table, CHANCE, sample_chance_outcome(table.state, rng))

    async def _advance(self, table: LiveTable) -> None:
        """Draw chance outcomes, then wake the computer if one of its seats is to act."""
        await self._draw_chance(table)
        if self._computer_seat(table) is not None and (
            table.thinking is None or table.thinking.done()
        ):
            table.thinking = self._spawn(self._drive(table))

    @staticmethod
    def _computer_seat(table: LiveTable) -> int | None:
        state = table.state
        if state is None or state.is_terminal() or table.info.status is not TableStatus.RUNNING:
            return None
        active = state.active_players()
        computers = [s.index for s in table.info.seats if s.kind is SeatKind.COMPUTER]
        return next((seat for seat in computers if seat in active), None)

    async def _drive(self, table: LiveTable) -> None:
        """Play the computer seats of ``table`` (in one process only, when there are several)."""
        if self.cluster is None:
            await self._computer_turns(table)
        else:
            await self.cluster.drive(lambda: self._computer_turns(table), table)

    async def _computer_turns(self, table: LiveTable) -> None:
        """Play the computer seats of ``table`` while one of them is to act."""
        while (seat := self._computer_seat(table)) is not None:
            started = time.monotonic()
            request = self._think_request(table, seat)
            try:
                text = await self.computer.choose(request)
            except Exception:
                log.exception("computer player failed at table %s seat %s", table.id, seat)
                return
            wait = self.config.computer_delay - (time.monotonic() - started)
            if wait > 0:
                await asyncio.sleep(wait)
            async with self._exclusive(table):
                if table.seq != len(request.actions) or self._computer_seat(table) != seat:
                    continue  # the position changed while it thought: think again
                await self._commit(table, seat, self._validate(table, seat, text))
                await self._draw_chance(table)

    def _think_request(self, table: LiveTable, seat: int) -> ThinkRequest:
        agent = table.info.seats[seat].agent or "random"
        seed = _mix(table.info.seed, table.seq + 1) + 1 + seat
        return _request(ThinkRequest, table, seat, agent, seed)

    def _spawn(self, coroutine: Any) -> asyncio.Task[None]:
        task: asyncio.Task[None] = asyncio.get_running_loop().create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    # ----- hints ----------------------------------------------------------------------------------
    async def hint(self, table_id: int, user_id: int | None, seat: int) -> dict[str, Any]:
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
        table = await self.get_table(table_id)
        if not 0 <= seat < table.info.num_players:
            raise ServiceError(ErrorCode.BAD_REQUEST, f"there is no seat {seat} at this table")
        if user_id is None or seat not in table.viewer_seats(user_id):
            raise ServiceError(
                ErrorCode.NOT_SEATED, f"seat {seat} is not yours: only its player gets hints"
            )
        state = table.state
        if table.info.status is not TableStatus.RUNNING or state is None:
            word = "is over" if table.info.status is TableStatus.FINISHED else "has not started"
            raise ServiceError(ErrorCode.NOT_RUNNING, f"the game {word}")
        if seat not in state.active_players():
            raise ServiceError(
                ErrorCode.NOT_YOUR_TURN, f"it is not your turn: seat {seat} may not act now"
            )
        if user_id in self._hinting:
            raise ServiceError(
                ErrorCode.HINT_PENDING, "your previous hint is still being searched: wait for it"
            )
        if len(self._hinting) >= self.config.hint_limit:
            raise ServiceError(ErrorCode.BUSY, "too many hints are being searched: try again")
        seed = _mix(table.id, table.seq) + 1 + seat
        agent = self.config.hint_agent
        request = _request(HintRequest, table, seat, agent, seed, lines=HINT_LINES)
        self._hinting.add(user_id)
        try:
            lines = await self.computer.hint(request)
        except ValueError as error:
            raise ServiceError(ErrorCode.CONFLICT, f"no hint: {error}") from None
        finally:
            self._hinting.discard(user_id)
        return {
            "table_id": table.id,
            "seq": len(request.actions),
            "seat": seat,
            "agent": request.agent,
            "lines": lines,
        }

    # ----- lookup and viewing ------------------------------------------------------------------
    @contextlib.asynccontextmanager
    async def _exclusive(self, table: LiveTable, announce: bool = False) -> AsyncIterator[None]:
        """Hold ``table`` for one operation: its lock, and its lease when there are several
        processes (the replica caught up first, the changes published after)."""
        async with table.lock:
            if self.cluster is None:
                yield
            else:
                async with self.cluster.exclusive(table, announce):
                    yield

    async def _active(self, table_id: int) -> LiveTable:
        """The table ``table_id`` to operate on (one another process created, too)."""
        if self.cluster is not None and table_id not in self.tables:
            await self.cluster.active(table_id)
        return self._live(table_id)

    def _live(self, table_id: int) -> LiveTable:
        table = self.tables.get(table_id) or self.finished.get(table_id)
        if table is None:
            raise ServiceError(ErrorCode.NOT_FOUND, f"there is no open or running table {table_id}")
        return table

    def _remember_finished(self, table: LiveTable) -> None:
        self.finished[table.id] = table
        self.finished.move_to_end(table.id)
        while len(self.finished) > FINISHED_CACHE:
            self.finished.popitem(last=False)

    async def get_table(self, table_id: int) -> LiveTable:
        """The table ``table_id`` in memory, loading a finished one from storage.

        Raises:
            ServiceError: no such table (``not_found``).
        """
        table = self.tables.get(table_id) or self.finished.get(table_id)
        if table is None and self.cluster is not None:
            table = await self.cluster.active(table_id)
        if table is not None:
            return table
        info = await self.storage.get_table(table_id)
        if info is None or info.status is not TableStatus.FINISHED:
            raise ServiceError(ErrorCode.NOT_FOUND, f"there is no table {table_id}")
        try:
            table = LiveTable(info, await self.storage.load_actions(table_id))
        except GameError as error:
            raise ServiceError(ErrorCode.CONFLICT, f"table {table_id}: {error}") from None
        self._remember_finished(table)
        return table

    async def watch(self, table_id: int, user_id: int | None, since: int = 0) -> Subscription:
        """Subscribe to a table: the queue starts with the ``table`` message, the events after
        ``since`` and the current ``state``; live events follow.

        Raises:
            ServiceError: no such table.
        """
        table = await self.get_table(table_id)
        if self.cluster is not None:
            await self.cluster.refresh(table)
        subscription = Subscription(user_id)
        subscription.push_json(table.table_message(user_id))
        self.sync(table, subscription, since)
        table.subscribers.add(subscription)
        return subscription

    @staticmethod
    def sync(table: LiveTable, subscription: Subscription, since: int) -> None:
        """Queue the events after ``since`` and the current state for ``subscription``."""
        seats = table.viewer_seats(subscription.user_id)
        if 0 <= since <= table.seq:
            for message in table.event_messages(since, seats):
                subscription.push_json(message)
        state = table.state_message(seats)
        if state is not None:
            subscription.push_json(state)

    def unwatch(self, table_id: int, subscription: Subscription) -> None:
        """Drop a subscription (the transport closed)."""
        subscription.close()
        table = self.tables.get(table_id) or self.finished.get(table_id)
        if table is not None:
            table.subscribers.discard(subscription)
