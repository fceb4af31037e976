"""The match service's data: tables, seats, log entries and the errors a player can cause.

Everything here is plain data (frozen where possible) so that it crosses the storage and
transport boundaries unchanged. Seats are 0-based; ``seq`` numbers the actions of a table's
log from 1 (a table whose log is empty is "at seq 0").
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from connect_arena.core import OptionValue
from connect_arena.core.events import GameEvent
from connect_arena.service.protocol import ErrorMessage, SeatInfo
from connect_arena.service.settings import ResultReason, TableNote, TableSettings


def utcnow() -> datetime:
    """The current time, timezone-aware (UTC)."""
    return datetime.now(UTC)


MAX_ID = 2**31 - 1
"""The largest id a table (or any stored row) may have: ids are 32-bit database integers
(``server/db/models.py``). Every route and frame refuses a larger one as not found."""


class Clock:
    """The service's one clock for lifecycle decisions (claims, flags, sweeps, notes): UTC
    now plus ``offset``, which tests move forward instead of waiting."""

    def __init__(self) -> None:
        self.offset = timedelta(0)

    def now(self) -> datetime:
        """The current time, timezone-aware (UTC), plus :attr:`offset`."""
        return datetime.now(UTC) + self.offset


class TableStatus(enum.StrEnum):
    """Where a table is in its life: ``open`` (seats to fill), ``running``, ``finished``,
    or ``abandoned`` (every person left before the start)."""

    OPEN = "open"
    RUNNING = "running"
    FINISHED = "finished"
    ABANDONED = "abandoned"


class SeatKind(enum.StrEnum):
    """Who sits on a seat: nobody yet, a person, or a computer player."""

    OPEN = "open"
    HUMAN = "human"
    COMPUTER = "computer"


@dataclass(frozen=True, slots=True)
class Seat:
    """One seat of a table.

    Attributes:
        index: the 0-based seat index (the engine's player id).
        kind: open, human or computer.
        user_id: the seated person's user id (human seats only).
        name: the display name: the user's name, or the agent's label.
        agent: the agent spec of a computer seat (e.g. ``"random"``).
        takeover: the agent spec of the computer playing a person's seat for them (after a
            resignation, a timeout or a leaver claim), ``None`` while the person plays.
        bot: the account sitting here is a bot (a program playing through the bot API).
    """

    index: int
    kind: SeatKind = SeatKind.OPEN
    user_id: int | None = None
    name: str | None = None
    agent: str | None = None
    takeover: str | None = None
    bot: bool = False

    @property
    def filled(self) -> bool:
        """Whether somebody (or a computer) sits here."""
        return self.kind is not SeatKind.OPEN

    @property
    def computer_agent(self) -> str | None:
        """The agent that plays this seat now: a computer seat's, or a person's take-over."""
        return self.agent if self.kind is SeatKind.COMPUTER else self.takeover

    @property
    def person(self) -> bool:
        """Whether a person sits here (even while a computer plays for them)."""
        return self.kind is SeatKind.HUMAN

    def to_json(self) -> SeatInfo:
        """The seat as a JSON-able dict."""
        return {
            "seat": self.index,
            "kind": self.kind.value,
            "user_id": self.user_id,
            "name": self.name,
            "agent": self.agent,
            "takeover": self.takeover,
            "bot": self.bot,
        }


@dataclass(slots=True)
class TableInfo:
    """A table's description as stored (its moves live in the action log).

    Attributes:
        id: the table id (assigned by the storage).
        game: the registered game name.
        options: every game option, defaults included (as in records).
        seats: one :class:`Seat` per player.
        status: open, running or finished.
        created_by: the user id of the creator.
        seed: the table's random seed (chance outcomes and computer players derive from it).
        created_at: creation time (UTC).
        returns: the final returns once finished (``None`` for an aborted or abandoned
            game: no result).
        scores: each seat's points when the game reached its end by the rules and the game
            counts points (``State.points``; CO'NNN'ECT ``[36, 5]``), else ``None``.
        finished_at: when the game ended.
        settings: time control, hints, take-over level, rated.
        reason: why the game ended, once it did.
        notes: lifecycle facts in order (resignations, take-overs, claims, hints used...).
        rating_changes: once a rated game is scored, each seat's displayed rating change
            (``+14`` is 14; ``None`` for a seat not rated), else ``None``
            (:mod:`~connect_arena.service.ratings`).
        ratings_after: with ``rating_changes``, each seat's displayed rating after the game
            (``None`` for a seat not rated).
    """

    id: int
    game: str
    options: dict[str, OptionValue]
    seats: list[Seat]
    status: TableStatus
    created_by: int
    seed: int
    created_at: datetime = field(default_factory=utcnow)
    returns: list[float] | None = None
    scores: list[float] | None = None
    finished_at: datetime | None = None
    settings: TableSettings = field(default_factory=TableSettings)
    reason: ResultReason | None = None
    notes: list[TableNote] = field(default_factory=list)
    rating_changes: list[int | None] | None = None
    ratings_after: list[int | None] | None = None

    @property
    def num_players(self) -> int:
        """The number of seats."""
        return len(self.seats)

    def seats_of(self, user_id: int | None) -> list[int]:
        """The seat indices held by ``user_id`` (empty for spectators and anonymous users)."""
        if user_id is None:
            return []
        return [s.index for s in self.seats if s.kind is SeatKind.HUMAN and s.user_id == user_id]


@dataclass(frozen=True, slots=True)
class User:
    """Who is asking: a user id and display name (accounts live in the server), and whether
    the account is a bot."""

    id: int
    name: str
    bot: bool = False


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
        sweep_every: seconds between sweeps for expired open tables and abandoned running
            ones (0: no sweeping).
        open_table_ttl: seconds an open table nobody joined is listed before it expires.
        idle_table_ttl: seconds without an action after which an untimed running table ends
            as abandoned.
        release_after: several processes: seconds a running table must have had no interest
            in a process (no viewer, no computer thinking, not its lease) before that process
            lets its game go and keeps its description only (``docs/scaling.md``).
    """

    computer_workers: int = 1
    computer_delay: float = 0.6
    hint_agent: str = "mcts:normal"
    hint_limit: int = 4
    sweep_every: float = 60.0
    open_table_ttl: float = 3600.0
    idle_table_ttl: float = 14 * 86_400.0
    release_after: float = 30.0


def mix(seed: int, seq: int) -> int:
    """A per-action seed derived from a table's seed (or id) and a seq: stable across
    restarts, so chance outcomes, computer moves and hints are reproducible."""
    return (seed * 1_000_003 + seq * 7919) % (2**62)


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One action of a table's log.

    Attributes:
        seq: its 1-based position in the log.
        seat: the seat that acted, or ``CHANCE`` (-1) for a chance outcome.
        action: the canonical notation.
        simultaneous: taken while several seats could act (hidden from the others until the
            game ends, and tagged with its seat in records).
        created_at: when it was stored (the server's clock).
        clock: the mover's remaining time after the action, increment included, in
            seconds (timed tables, people's actions only; ``None`` otherwise).
    """

    seq: int
    seat: int
    action: str
    simultaneous: bool = False
    created_at: datetime = field(default_factory=utcnow)
    clock: float | None = None


class ErrorCode(enum.StrEnum):
    """Machine-readable error codes sent to clients (the message is for people)."""

    BAD_MESSAGE = "bad_message"
    FRAME_TOO_LARGE = "frame_too_large"
    NOT_FOUND = "not_found"
    NOT_SEATED = "not_seated"
    NOT_YOUR_TURN = "not_your_turn"
    STALE_SEQ = "stale_seq"
    INVALID_ACTION = "invalid_action"
    ILLEGAL_ACTION = "illegal_action"
    NOT_RUNNING = "not_running"
    SEAT_TAKEN = "seat_taken"
    BAD_REQUEST = "bad_request"
    CONFLICT = "conflict"
    HINT_PENDING = "hint_pending"
    BUSY = "busy"
    RATE_LIMITED = "rate_limited"
    NOT_ALLOWED = "not_allowed"
    """The request does not apply here (resign after the end, abort after the first moves,
    a draw in a game without draws, a takeback at a rated table, a hint against people)."""
    BLOCKED = "blocked"
    """One of the two people blocks the other (a challenge, a rematch offer)."""


class ServiceError(Exception):
    """A request the service refuses; nothing has changed.

    Args:
        code: the machine-readable :class:`ErrorCode`.
        message: what went wrong, for the person who asked (English).
        event: the reason as a structured event ``{"key", "params"}`` that interfaces
            translate (an engine's refusal), or ``None``.
    """

    def __init__(self, code: ErrorCode, message: str, event: GameEvent | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.event = event

    def to_json(self) -> ErrorMessage:
        """``{"type": "error", "code", "message"}``, plus ``event`` when there is one."""
        body: ErrorMessage = {"type": "error", "code": self.code.value, "message": self.message}
        if self.event is not None:
            body["event"] = self.event
        return body


class SeqConflictError(Exception):
    """The storage already holds an action at that ``(table_id, seq)`` (a lost race)."""
