"""A table in memory: its description, log, engine state, lock and subscribers."""

from __future__ import annotations

import asyncio
import json
from collections import deque
from collections.abc import Awaitable, Callable, Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import orjson

from connect_arena.core import CHANCE, Action, Game, GameError, InvalidRecordError, State, load
from connect_arena.core.events import GameEvent
from connect_arena.service.clocks import Clocks
from connect_arena.service.messages import (
    LegalLists,
    event_json,
    has_private_information,
    legal_lists,
    observation_for,
    state_json,
    table_json,
)
from connect_arena.service.model import LogEntry, Seat, SeatKind, TableInfo, TableStatus, utcnow
from connect_arena.service.protocol import (
    DeclinedOffer,
    EventMessage,
    LegalAction,
    OffersMessage,
    SeatPresence,
    StandingOffers,
    StateMessage,
    TableMessage,
    TableSocketMessage,
    TakebackOffer,
)
from connect_arena.service.settings import NoteKind

MAX_QUEUED = 2000
"""Messages a subscriber may have waiting; a client that falls further behind is dropped
(it reconnects and catches up from its last seq)."""

RECENT_EVENTS = 200
"""Events a viewer gets when it opens or syncs a table: the latest ones only, so a table of
thousands of actions opens at once; older events come in pages on request (``history``)."""

HISTORY_PAGE = 500
"""The most events one ``history`` page holds."""


def encode(message: Mapping[str, Any]) -> str:
    """Compact JSON text of a message (UTF-8 characters as they are, integer keys as
    strings), by orjson: every move sends several, and ``json.dumps`` was a seventh of the
    server's CPU per move. orjson's option for keys that are not strings doubles its time (a
    2.6 kB event: 2.7 against 5.8 us), and no message a move sends has such keys: it is used
    only when the plain call refuses the message. What orjson refuses even then (an integer
    beyond 64 bits, a lone surrogate) goes through ``json.dumps``, which writes the same text
    for everything else."""
    try:
        return orjson.dumps(message).decode()
    except TypeError:
        pass
    try:
        return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:
        return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


def encode_written(message: Mapping[str, Any], written: Mapping[str, Any]) -> str:
    """:func:`encode` of ``message``, written from ``written``: the same message with some of
    its values as their kept JSON text (``orjson.Fragment``, which orjson copies as it is:
    :attr:`messages.LegalLists.texts`), so the same text. What orjson refuses goes through
    :func:`encode` of ``message`` itself (``json.dumps`` cannot write a fragment)."""
    try:
        return orjson.dumps(written).decode()
    except TypeError:
        return encode(message)


Writer = Callable[[str], Awaitable[None] | None]
"""Writes a message to a viewer (:meth:`Subscription.pump`): ``None`` once written, else what
to await for the rest of a write that must wait."""


class Subscription:
    """A viewer's outgoing message queue (one per WebSocket, or per lobby watcher).

    An interface that can write a message at once runs :meth:`pump` with its writer: while it
    runs, a message pushed while nothing waits is written within :meth:`push` (a broadcast
    wakes no task per viewer: ``docs/scaling.md``, session 57); the others wait in the queue,
    in order, until the pump writes them.

    Args:
        user_id: the viewer's user id, or ``None`` for an anonymous spectator.
    """

    def __init__(self, user_id: int | None) -> None:
        self.user_id = user_id
        self._queue: deque[str | None] = deque()
        self._ready = asyncio.Event()
        self.closed = False
        self._writer: Writer | None = None
        self._writing: Awaitable[None] | None = None

    def push(self, text: str) -> None:
        """Queue a message (JSON text), or write it at once (:meth:`pump` runs, nothing is
        queued and no write waits); overflow closes the subscription, and so does a failed
        write."""
        if self.closed:
            return
        writer = self._writer
        if writer is not None and self._writing is None and not self._queue:
            try:
                self._writing = writer(text)
            except Exception:  # the viewer is gone: its pump closes the socket
                self.close()
                return
            if self._writing is not None:
                self._ready.set()
            return
        if len(self._queue) >= MAX_QUEUED:
            self.close()
            return
        self._queue.append(text)
        self._ready.set()

    def push_json(self, message: Mapping[str, Any]) -> None:
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

    async def pump(self, writer: Writer) -> None:
        """Write the messages with ``writer`` until the subscription closes: the queued ones,
        in order, finishing each write that must wait before the next; the ones pushed while
        nothing waits, within :meth:`push`. ``writer(text)`` returns ``None`` once the text
        is written, or what to await for the rest of a write that must wait.

        Raises:
            Exception: what a write raised (the viewer is gone); the subscription is closed.
        """
        self._writer = writer
        try:
            while True:
                writing = self._writing
                if writing is not None:
                    await writing
                    self._writing = None
                elif self._queue:
                    text = self._queue.popleft()
                    if text is None:
                        return
                    self._writing = writer(text)
                else:
                    self._ready.clear()
                    await self._ready.wait()
        except BaseException:
            self.close()
            raise
        finally:
            self._writer = None

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
    event: GameEvent | None


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
    info: TableInfo, log: Sequence[LogEntry], described: list[GameEvent] | None = None
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


@dataclass(slots=True)
class Released:
    """What a process keeps of a table whose game it let go (:meth:`LiveTable.release`: a
    dormant replica nobody here has interest in; ``docs/scaling.md``), as the game stood when
    it was let go, for what is read without the game: the lobby's move count, the sweep's
    idle time, whether a computer or chance is to act.

    Attributes:
        seq: the table's seq as this process last heard (the lobby's move count).
        last_action_at: when its last action held here was stored (``None``: none).
        active: the seats that could act (empty once the game is over).
        chance: whether a chance outcome was due.
    """

    seq: int
    last_action_at: datetime | None
    active: tuple[int, ...]
    chance: bool


@dataclass(slots=True)
class Offers:
    """What people have offered at a table (kept in memory: an offer does not survive a
    restart).

    Attributes:
        draw: the seats that offer (or accepted) a draw.
        takeback: the seat asking for a takeback and the seq it would go back to.
        takeback_accepted: the seats whose people accepted that takeback.
        rematch: the seats whose people accepted a rematch.
        rematch_table: the rematch's table, once created.
        declined: the last refusal ``(kind, seat)``, shown once.
    """

    draw: set[int] = field(default_factory=set)
    takeback: tuple[int, int] | None = None
    takeback_accepted: set[int] = field(default_factory=set)
    rematch: set[int] = field(default_factory=set)
    rematch_table: int | None = None
    declined: tuple[str, int] | None = None

    def to_json(self, table_id: int) -> OffersMessage:
        """The ``offers`` message."""
        return {"type": "offers", "table_id": table_id, **self.standing()}

    def standing(self) -> StandingOffers:
        """The offers standing (the ``table`` message's ``offers``)."""
        takeback: TakebackOffer | None = None
        if self.takeback is not None:
            takeback = {
                "seat": self.takeback[0],
                "to": self.takeback[1],
                "accepted": sorted(self.takeback_accepted),
            }
        declined: DeclinedOffer | None = None
        if self.declined is not None:
            declined = {"kind": self.declined[0], "seat": self.declined[1]}
        return {
            "draw": sorted(self.draw),
            "takeback": takeback,
            "rematch": sorted(self.rematch),
            "rematch_table": self.rematch_table,
            "declined": declined,
        }

    def withdrawn_by(self, info: TableInfo, seat: int) -> bool:
        """Drop the offers an action by ``seat`` answers (``docs/lifecycle.md``): a draw offer
        stands until a person who did not offer acts; a takeback request until any person
        acts (the requester's last action would change). Chance outcomes and computers'
        actions leave offers standing.

        Returns:
            Whether an offer was dropped.
        """
        if not 0 <= seat < info.num_players:
            return False
        played = info.seats[seat]
        if played.kind is not SeatKind.HUMAN or played.takeover is not None:
            return False
        dropped = False
        if self.draw and seat not in self.draw:
            self.draw.clear()
            dropped = True
        if self.takeback is not None:
            self.takeback = None
            self.takeback_accepted.clear()
            dropped = True
        return dropped


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
        self.described: list[GameEvent] = []
        """Each logged action's description (an event), parallel to ``log``."""
        self.clocks: Clocks | None = None
        """The seats' clocks while a timed game runs."""
        self.offers = Offers()
        self.flag_timer: asyncio.TimerHandle | None = None
        self.loaded_at = utcnow()
        """When this process took the table (people count as away since then)."""
        self.away_since: dict[int, datetime] = {}
        """When each seated person's last connection to the table closed (by user id)."""
        self.remote_online: dict[str, set[int]] = {}
        """The users connected through each other process of the arena (by its origin)."""
        self._legal_of: tuple[State[Action] | None, int] = (None, -1)
        self._legal: dict[int, list[Action]] = {}
        self._entries: dict[int, LegalLists] = {}
        self.released: Released | None = None
        """Set while the table's game is let go (:meth:`release`): ``state`` is ``None`` and
        ``log`` and ``described`` are empty until :meth:`restore`."""
        if info.status in (TableStatus.RUNNING, TableStatus.FINISHED):
            self.state = rebuild(info, log, self.described)
        if info.status is TableStatus.RUNNING:
            self.start_clocks(self.loaded_at)

    def timed_seats(self) -> list[int]:
        """The seats with clocks: people's, while no computer plays for them."""
        return [
            seat.index
            for seat in self.info.seats
            if seat.kind is SeatKind.HUMAN and seat.takeover is None
        ]

    def start_clocks(self, now: datetime) -> None:
        """Set up the clocks of a running timed table from its log: each seat's time as its
        last logged action left it, the active seats' clocks running from ``now`` (after a
        restart: the time between the last action and now, which holds the downtime, is
        charged to nobody)."""
        control = self.info.settings.time_control
        if not control.timed or self.state is None or self.state.is_terminal():
            self.clocks = None
            return
        clocks = Clocks(control, self.info.num_players, self.timed_seats())
        since = 0  # the log's actions before the last takeback: its note holds the times
        for note in reversed(self.info.notes):
            if note.kind is NoteKind.TAKEBACK and "clocks" in note.data:
                since = int(note.data["to"])
                for seat, left in note.data["clocks"].items():
                    clocks.remaining[int(seat)] = float(left)
                break
        for entry in self.log[since:]:
            if entry.clock is not None and 0 <= entry.seat < self.info.num_players:
                clocks.remaining[entry.seat] = entry.clock
        clocks.start(self.state.active_players(), now)
        self.clocks = clocks

    def last_activity(self) -> datetime:
        """When the table last changed: its last action, else its creation (or load)."""
        if self.log:
            return self.log[-1].created_at
        released = self.released
        if released is not None and released.last_action_at is not None:
            return released.last_action_at
        return max(self.info.created_at, self.loaded_at)

    # ----- a dormant replica's game let go, and read back -------------------------------------
    def release(self) -> None:
        """Let the game go: the state, the log, its events and the legal lists, the bulk of a
        running table in memory (90-95 % of it for a Quinque game of 100 actions). The
        description, who is connected where, the offers, the clocks and the flag timer stay;
        :attr:`released` keeps the little read without the game. A table not running, or
        already let go, is left as it is. The caller makes sure nobody here needs the game
        (no viewer, no computer thinking, no operation under way)."""
        state = self.state
        running = self.info.status is TableStatus.RUNNING
        if state is None or self.released is not None or not running:
            return
        over = state.is_terminal()
        self.released = Released(
            seq=self.seq,
            last_action_at=self.log[-1].created_at if self.log else None,
            active=() if over else tuple(state.active_players()),
            chance=not over and state.is_chance_node(),
        )
        self.state = None
        self.log = []
        self.described = []
        self._legal_of = (None, -1)
        self._legal, self._entries = {}, {}

    def restore(
        self, log: list[LogEntry], state: State[Action], described: list[GameEvent]
    ) -> None:
        """Take the game back after :meth:`release`: the table's whole stored ``log``, the
        ``state`` and ``described`` events :func:`rebuild` made of it (off the event loop, by
        the caller); the clocks as the log left them, running since its last action."""
        self.state, self.log, self.described = state, log, described
        self.released = None
        self.start_clocks(self.last_activity())

    @property
    def last_seq(self) -> int:
        """The seq of the last action this process knows of: the log's, or for a table whose
        game was let go the seq it last heard (:class:`Released`)."""
        released = self.released
        return self.seq if released is None else released.seq

    def active_seats(self) -> Collection[int]:
        """The seats that may act now (none before the start or after the end); for a table
        whose game was let go, those when it was let go."""
        state = self.state
        if state is not None:
            return () if state.is_terminal() else state.active_players()
        released = self.released
        return () if released is None else released.active

    def at_chance(self) -> bool:
        """Whether a chance outcome is due (for a table whose game was let go: when it was)."""
        state = self.state
        if state is not None:
            return state.is_chance_node()
        released = self.released
        return released is not None and released.chance

    def local_online(self) -> set[int]:
        """The users connected to this table through this process."""
        return {s.user_id for s in self.subscribers if s.user_id is not None and not s.closed}

    def online(self, user_id: int | None) -> bool:
        """Whether ``user_id`` has a connection to this table (through this process, or
        through another one of the arena as it last published)."""
        if user_id is None:
            return False
        if any(s.user_id == user_id and not s.closed for s in self.subscribers):
            return True
        return any(user_id in users for users in self.remote_online.values())

    def away(self, seat: Seat, now: datetime) -> float | None:
        """Seconds ``seat``'s person has had no connection to this table (``None`` when
        connected, or for a seat without a person)."""
        if seat.kind is not SeatKind.HUMAN or self.online(seat.user_id):
            return None
        since = self.away_since.get(seat.user_id or 0, self.loaded_at)
        return max(0.0, (now - since).total_seconds())

    def claimable_in(self, seat: Seat, now: datetime) -> float | None:
        """Seconds until the others may claim ``seat`` (0: now), or ``None`` when they may
        not: its person is connected, it need not act, or a computer plays it. The grace
        (``settings.leaver_grace``) counts from the later of the disconnection and the
        table's last action."""
        state = self.state
        if (
            state is None
            or self.info.status is not TableStatus.RUNNING
            or seat.takeover is not None
            or seat.index not in state.active_players()
        ):
            return None
        away = self.away(seat, now)
        if away is None:
            return None
        waited = min(away, (now - self.last_activity()).total_seconds())
        return max(0.0, self.info.settings.leaver_grace - waited)

    def presence(self, now: datetime) -> dict[str, dict[str, SeatPresence]]:
        """``{"seats": {"<seat>": {"online", "away", "claimable_in"}}}`` for each person's
        seat: connected or not, seconds away, seconds until a claim is allowed."""
        seats: dict[str, SeatPresence] = {}
        for seat in self.info.seats:
            if seat.kind is SeatKind.HUMAN:
                away = self.away(seat, now)
                seats[str(seat.index)] = {
                    "online": away is None,
                    "away": away,
                    "claimable_in": self.claimable_in(seat, now),
                }
        return {"seats": seats}

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
        if self.clocks is not None:
            over = self.state.is_terminal()
            active = [] if over else self.state.active_players()
            self.clocks.act(entry.seat, entry.created_at, active, recorded=entry.clock)

    def legal_actions(self, seat: int) -> list[Action]:
        """``state.legal_actions(seat)``, built once per state and seq: the state message
        lists them and the next action is looked up among them (:meth:`legal_action`).
        Shared: callers read the list, never change it."""
        state = self.state
        assert state is not None
        if self._legal_of[0] is not state or self._legal_of[1] != self.seq:
            self._legal_of = (state, self.seq)
            self._legal, self._entries = {}, {}
        found = self._legal.get(seat)
        if found is None:
            found = self._legal[seat] = state.legal_actions(seat)
        return found

    def legal_lists(self, seat: int) -> LegalLists:
        """:meth:`legal_actions` as the state message lists them (``messages.legal_lists``:
        the ``{"notation", "parts"}`` entries, the notations and the entries' JSON texts),
        built once per state and seq. Shared, read only."""
        actions = self.legal_actions(seat)
        found = self._entries.get(seat)
        if found is None:
            found = self._entries[seat] = legal_lists(actions)
        return found

    def legal_action(self, seat: int, notation: str) -> Action | None:
        """The legal action of ``seat`` whose canonical notation is ``notation``, or ``None``
        (another spelling, or not legal: ask the engine, :meth:`State.parse_action`)."""
        notations = self.legal_lists(seat).notations
        # One look-up a move: a scan of the listed notations (in C) costs less than a dict.
        try:
            return self.legal_actions(seat)[notations.index(notation)]
        except ValueError:
            return None

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

    def table_message(self, user_id: int | None) -> TableMessage:
        """The ``table`` message (description, seats, the viewer's seats)."""
        body = table_json(self.info, self.seq)
        body["offers"] = self.offers.standing()
        body["presence"] = self.presence(utcnow())["seats"]
        return {"type": "table", "table": body, "you": list(self.viewer_seats(user_id))}

    def state_message(self, seats: Sequence[int]) -> StateMessage | None:
        """The ``state`` message for a viewer holding ``seats`` (``None`` before the start),
        with ``presence`` (:meth:`presence`) and the clocks (``clocks``: seconds left per
        timed seat, ``running``: the seats whose clocks run; ``null`` and ``[]`` when
        untimed)."""
        return self.state_messages()(seats)

    def state_messages(self) -> Callable[[Sequence[int]], StateMessage | None]:
        """:meth:`state_message` for the views of one broadcast: what they share (the
        presence, the clocks, and the observation of a game that hides nothing, where every
        seat sees the public view) is built once, as of one moment."""
        state = self.state
        if state is None:
            return lambda seats: None
        now = utcnow()
        presence = self.presence(now)["seats"]
        clocks = None if self.clocks is None else self.clocks.snapshot(now)
        running = [] if self.clocks is None else sorted(self.clocks.running)
        shared = not has_private_information(self.info.game)
        public: list[dict[str, Any]] = []

        def build(seats: Sequence[int]) -> StateMessage:
            observation = None
            if shared and len(seats) <= 1:
                if not public:
                    public.append(observation_for(state, seats))
                observation = public[0]
            message = state_json(self.id, state, self.seq, seats, self.legal_lists, observation)
            message["presence"] = presence
            message["clocks"], message["running"] = clocks, running
            return message

        return build

    def event_messages(
        self, since: int, seats: Sequence[int], until: int | None = None
    ) -> list[EventMessage]:
        """``event`` messages for the log entries after ``since`` (up to seq ``until``, all
        by default)."""
        revealed = self.info.status is TableStatus.FINISHED
        return [
            event_json(self.id, entry, seats, revealed, self.description(entry.seq))
            for entry in self.log[max(0, since) : until]
        ]

    def description(self, seq: int) -> GameEvent | None:
        """The description (an event) of the action at ``seq`` (1-based), if known."""
        return self.described[seq - 1] if 0 < seq <= len(self.described) else None

    def broadcast(self, build: Callable[[tuple[int, ...]], TableSocketMessage | None]) -> None:
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
                cache[seats] = None if message is None else self.encode(message)
            text = cache[seats]
            if text is not None:
                subscriber.push(text)

    def encode(self, message: TableSocketMessage) -> str:
        """:func:`encode` of a message of this table. The legal entries of a ``state`` (the
        message, or an ``event``'s ``state``) that are the table's kept lists
        (:meth:`legal_lists`) are written from their kept texts: a move's mover gets dozens,
        and at 500 tables orjson's walk of their objects, cold, was most of a move's
        encoding (``docs/scaling.md``, session 56)."""
        body: Mapping[str, Any] = message
        state = body.get("state") if body["type"] == "event" else body
        if not isinstance(state, Mapping) or not state.get("legal"):
            return encode(message)
        legal: Mapping[str, list[LegalAction]] = state["legal"]
        texts: dict[str, list[orjson.Fragment]] = {}
        for seat, entries in legal.items():
            kept = self._entries.get(int(seat))
            if kept is None or kept.entries is not entries:
                return encode(message)
            texts[seat] = kept.texts
        written: dict[str, Any] = {**state, "legal": texts}
        if state is not body:
            written = {**body, "state": written}
        return encode_written(message, written)

    def broadcast_table(self) -> None:
        """Send every subscriber the ``table`` message (seats changed, the game started)."""
        for subscriber in list(self.subscribers):
            subscriber.push_json(self.table_message(subscriber.user_id))

    def broadcast_event(self, entry: LogEntry) -> None:
        """Send every subscriber the event of ``entry`` with the new state."""
        revealed = self.info.status is TableStatus.FINISHED
        state_message = self.state_messages()

        def build(seats: tuple[int, ...]) -> EventMessage:
            message = event_json(self.id, entry, seats, revealed, self.description(entry.seq))
            message["state"] = state_message(seats)
            return message

        self.broadcast(build)
