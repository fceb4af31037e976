"""A table in memory: its description, log, engine state, lock and subscribers."""

from __future__ import annotations

import asyncio
import json
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from connect_arena.core import CHANCE, Action, Game, GameError, InvalidRecordError, State, load
from connect_arena.service.model import LogEntry, TableInfo, TableStatus
from connect_arena.service.views import event_json, state_json, table_json

MAX_QUEUED = 2000
"""Messages a subscriber may have waiting; a client that falls further behind is dropped
(it reconnects and catches up from its last seq)."""

RECENT_EVENTS = 200
"""Events a viewer gets when it opens or syncs a table: the latest ones only, so a table of
thousands of actions opens at once; older events come in pages on request (``history``)."""

HISTORY_PAGE = 500
"""The most events one ``history`` page holds."""


def encode(message: dict[str, Any]) -> str:
    """Compact JSON text of a message."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


class Subscription:
    """A viewer's outgoing message queue (one per WebSocket, or per lobby watcher).

    Args:
        user_id: the viewer's user id, or ``None`` for an anonymous spectator.
    """

    def __init__(self, user_id: int | None) -> None:
        self.user_id = user_id
        self._queue: deque[str | None] = deque()
        self._ready = asyncio.Event()
        self.closed = False

    def push(self, text: str) -> None:
        """Queue a message (JSON text); overflow closes the subscription."""
        if self.closed:
            return
        if len(self._queue) >= MAX_QUEUED:
            self.close()
            return
        self._queue.append(text)
        self._ready.set()

    def push_json(self, message: dict[str, Any]) -> None:
        """Queue a message given as a dict."""
        self.push(encode(message))

    def close(self) -> None:
        """End the subscription: :meth:`get` returns ``None`` once the queue is drained."""
        if not self.closed:
            self.closed = True
            self._queue.append(None)
            self._ready.set()

    async def get(self) -> str | None:
        """The next message, waiting for one; ``None`` once closed."""
        while not self._queue:
            self._ready.clear()
            await self._ready.wait()
        return self._queue.popleft()

    def pending(self) -> int:
        """Messages waiting."""
        return len(self._queue)


@dataclass(frozen=True, slots=True)
class Step:
    """One action replayed by :func:`replay_log`.

    Attributes:
        index: its 0-based position in the replayed log (``seq - 1`` for a table's log).
        seat: the seat that acted (``CHANCE``, -1, for a chance outcome).
        action: its notation, as given.
        event: its description (``State.describe_action(...).to_json()``, an event
            ``{"key", "params"}``) when asked for, else ``None``.
    """

    index: int
    seat: int
    action: str
    event: dict[str, Any] | None


def replay_log(
    state: State[Action],
    actions: Iterable[tuple[int | None, str]],
    describe: bool = False,
    start: int = 0,
) -> Iterator[Step]:
    """Apply ``actions`` to ``state`` in place, one at a time, yielding each applied step: the
    one loop that replays a log (a table after a restart, a finished table, a computer worker's
    cache, the replay viewer's frames).

    Args:
        state: the state to advance (modified in place).
        actions: ``(seat, notation)`` pairs; a seat of ``None`` means the state's current
            player (records whose actions carry no seat tag).
        describe: also describe each action (an engine call per step).
        start: the index of the first of ``actions`` in the whole log (when a replay goes on
            from where another stopped), for the steps' and errors' indices.

    Raises:
        InvalidRecordError: an action does not replay (a seat that does not exist, not the
            notation, or illegal); ``index`` and ``action`` say which, ``state`` is the
            position before it.
    """
    players = state.game.num_players
    for index, (seat, text) in enumerate(actions, start):
        actor = state.current_player if seat is None else seat
        try:
            if actor != CHANCE and not 0 <= actor < players:
                raise GameError(f"seat {actor} does not exist")
            event = None
            if describe:
                action = state.parse_action(text, actor)
                event = state.describe_action(action, actor).to_json()
                state.apply_legal_action(action, actor)
            else:
                state.apply_action(text, actor)
        except GameError as error:
            raise InvalidRecordError(str(error), index=index, action=text, state=state) from None
        yield Step(index, actor, text, event)


def apply_log(state: State[Action], actions: Iterable[tuple[int | None, str]]) -> State[Action]:
    """Apply every action of ``actions`` to ``state`` (:func:`replay_log` without the steps).

    Returns:
        ``state``, advanced.

    Raises:
        InvalidRecordError: as :func:`replay_log`.
    """
    for _step in replay_log(state, actions):
        pass
    return state


def rebuild(
    info: TableInfo, log: Sequence[LogEntry], described: list[dict[str, Any]] | None = None
) -> State[Action]:
    """The engine state of a table from its log (after a restart, or for a finished table):
    the one place a table's state is rebuilt.

    Args:
        info: the table.
        log: its actions, in order.
        described: if given, receives each action's description
            (``State.describe_action(...).to_json()``, an event ``{"key", "params"}``).

    Raises:
        GameError: the log no longer replays (unknown game, or an action now illegal).
    """
    state = load(info.game, info.num_players, **info.options).new_initial_state()
    entries = ((entry.seat, entry.action) for entry in log)
    for step in replay_log(state, entries, describe=described is not None):
        if described is not None and step.event is not None:
            described.append(step.event)
    return state


class LiveTable:
    """A table the service holds in memory.

    Args:
        info: the stored description.
        log: the stored actions, in order.
    """

    def __init__(self, info: TableInfo, log: list[LogEntry]) -> None:
        self.info = info
        self.log = log
        self.lock = asyncio.Lock()
        self.subscribers: set[Subscription] = set()
        self.thinking: asyncio.Task[None] | None = None
        self.state: State[Action] | None = None
        self.described: list[dict[str, Any]] = []
        """Each logged action's description (an event), parallel to ``log``."""
        if info.status in (TableStatus.RUNNING, TableStatus.FINISHED):
            self.state = rebuild(info, log, self.described)

    def apply_entry(self, entry: LogEntry) -> None:
        """Apply a stored action that follows the log (one another process committed).

        Raises:
            GameError: the action does not replay here.
        """
        assert self.state is not None and entry.seq == self.seq + 1
        action = self.state.parse_action(entry.action, entry.seat)
        self.described.append(self.state.describe_action(action, entry.seat).to_json())
        self.state.apply_legal_action(action, entry.seat)
        self.log.append(entry)

    @property
    def id(self) -> int:
        """The table id."""
        return self.info.id

    @property
    def seq(self) -> int:
        """The number of actions in the log (the seq of the last one; 0 when empty)."""
        return len(self.log)

    def game(self) -> Game:
        """The game descriptor of this table."""
        return load(self.info.game, self.info.num_players, **self.info.options)

    def viewer_seats(self, user_id: int | None) -> tuple[int, ...]:
        """The seats ``user_id`` holds here."""
        return tuple(self.info.seats_of(user_id))

    def table_message(self, user_id: int | None) -> dict[str, Any]:
        """The ``table`` message (description, seats, the viewer's seats)."""
        body = table_json(self.info, self.seq)
        return {"type": "table", "table": body, "you": list(self.viewer_seats(user_id))}

    def state_message(self, seats: Sequence[int]) -> dict[str, Any] | None:
        """The ``state`` message for a viewer holding ``seats`` (``None`` before the start)."""
        if self.state is None:
            return None
        return state_json(self.id, self.state, self.seq, seats)

    def event_messages(
        self, since: int, seats: Sequence[int], until: int | None = None
    ) -> list[dict[str, Any]]:
        """``event`` messages for the log entries after ``since`` (up to seq ``until``, all
        by default)."""
        revealed = self.info.status is TableStatus.FINISHED
        return [
            event_json(self.id, entry, seats, revealed, self.description(entry.seq))
            for entry in self.log[max(0, since) : until]
        ]

    def description(self, seq: int) -> dict[str, Any] | None:
        """The description (an event) of the action at ``seq`` (1-based), if known."""
        return self.described[seq - 1] if 0 < seq <= len(self.described) else None

    def broadcast(self, build: Callable[[tuple[int, ...]], dict[str, Any] | None]) -> None:
        """Send every subscriber the message ``build(seats)`` built for its seats (once per
        distinct set of seats)."""
        cache: dict[tuple[int, ...], str | None] = {}
        for subscriber in list(self.subscribers):
            if subscriber.closed:
                self.subscribers.discard(subscriber)
                continue
            seats = self.viewer_seats(subscriber.user_id)
            if seats not in cache:
                message = build(seats)
                cache[seats] = None if message is None else encode(message)
            text = cache[seats]
            if text is not None:
                subscriber.push(text)

    def broadcast_table(self) -> None:
        """Send every subscriber the ``table`` message (seats changed, the game started)."""
        for subscriber in list(self.subscribers):
            subscriber.push_json(self.table_message(subscriber.user_id))

    def broadcast_event(self, entry: LogEntry) -> None:
        """Send every subscriber the event of ``entry`` with the new state."""
        revealed = self.info.status is TableStatus.FINISHED

        def build(seats: tuple[int, ...]) -> dict[str, Any]:
            message = event_json(self.id, entry, seats, revealed, self.description(entry.seq))
            message["state"] = self.state_message(seats)
            return message

        self.broadcast(build)
