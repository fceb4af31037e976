"""A table's settings, chosen at creation, shown to everyone before they join, stored with the
table and written into its record: the time control, the hint policy, the level of the
computer that takes a leaver's seat over, and whether the game is rated.

Also the reasons a game ends (:class:`ResultReason`) and the lifecycle notes of a table
(:class:`TableNote`: resignations, take-overs, claims, hints used, takebacks...).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from connect_arena.service import protocol

DAY = 86_400.0
"""Seconds in a day."""

TURN_DAYS = (1, 2, 3, 5, 7)
"""The turn-based time controls: days per move (Board Game Arena's most used mode)."""

REALTIME_PRESETS = ((3, 2), (5, 3), (10, 5), (15, 10))
"""Real-time presets offered in the creation form: (base minutes, increment seconds)."""

TAKEOVER_LEVELS = ("mcts:easy", "mcts:normal", "mcts:hard")
"""The computers that may take over a person's seat."""

MAX_BASE_MINUTES = 180
MAX_INCREMENT_SECONDS = 180

REALTIME_GRACE = 60.0
"""Seconds without a connection after which a real-time seat that must act may be claimed."""

TURN_GRACE_DAYS = 3.0
"""Days without a connection after which a turn-based seat that must act may be claimed."""


class TimeControlKind(enum.StrEnum):
    """How a table is timed: ``unlimited`` (no clock), ``realtime`` (base + increment per
    action, Fischer), or ``turn`` (turn-based: days per move, the budget refilled each
    move)."""

    UNLIMITED = "unlimited"
    REALTIME = "realtime"
    TURN = "turn"


@dataclass(frozen=True, slots=True)
class TimeControl:
    """A time control.

    Attributes:
        kind: unlimited, real time or turn-based.
        base: real time: each seat's starting time, in seconds (may be 0 with an increment,
            e.g. the ``0+2`` test clock).
        increment: real time: seconds added to a seat's clock after each of its actions
            (Fischer).
        days: turn-based: days per move.
    """

    kind: TimeControlKind = TimeControlKind.UNLIMITED
    base: float = 0.0
    increment: float = 0.0
    days: int = 0

    def __post_init__(self) -> None:
        if self.kind is TimeControlKind.REALTIME:
            if not 0 <= self.base <= MAX_BASE_MINUTES * 60:
                raise ValueError(f"base time must be 0 to {MAX_BASE_MINUTES} minutes")
            if not 0 <= self.increment <= MAX_INCREMENT_SECONDS:
                raise ValueError(f"increment must be 0 to {MAX_INCREMENT_SECONDS} seconds")
            if self.base == 0 and self.increment == 0:
                raise ValueError("a real-time clock needs a base time or an increment")
        elif self.kind is TimeControlKind.TURN and self.days not in TURN_DAYS:
            raise ValueError(f"turn-based days per move must be one of {TURN_DAYS}")

    @property
    def timed(self) -> bool:
        """Whether seats have clocks."""
        return self.kind is not TimeControlKind.UNLIMITED

    @property
    def initial(self) -> float:
        """A seat's clock at the start, in seconds (0 when untimed). Real time: the base
        plus one increment (the increment counts from move 1, as on FIDE clocks: a ``0+2``
        clock gives two seconds for each move, the first included)."""
        if self.kind is TimeControlKind.REALTIME:
            return self.base + self.increment
        if self.kind is TimeControlKind.TURN:
            return self.days * DAY
        return 0.0

    @property
    def label(self) -> str:
        """``"5+3"`` (minutes + seconds), ``"2d"`` (days per move) or ``"-"``."""
        if self.kind is TimeControlKind.REALTIME:
            minutes = self.base / 60
            base = f"{minutes:g}" if minutes >= 1 or self.base == 0 else f"{self.base:g}s"
            return f"{base}+{self.increment:g}"
        if self.kind is TimeControlKind.TURN:
            return f"{self.days}d"
        return "-"

    def to_json(self) -> protocol.TimeControl:
        """``{"kind", "base", "increment", "days", "label"}`` (seconds, days)."""
        return {
            "kind": TIME_CONTROL_KINDS[self.kind],
            "base": self.base,
            "increment": self.increment,
            "days": self.days,
            "label": self.label,
        }

    @classmethod
    def from_json(cls, data: Any) -> TimeControl:
        """A time control from :meth:`to_json`'s shape (``label`` ignored).

        Raises:
            ValueError: not that shape, or values out of range.
        """
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise ValueError("time_control must be an object")
        try:
            kind = TimeControlKind(data.get("kind", "unlimited"))
        except ValueError:
            raise ValueError("time_control.kind must be unlimited, realtime or turn") from None
        numbers = {}
        for key in ("base", "increment", "days"):
            value = data.get(key, 0)
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise ValueError(f"time_control.{key} must be a number")
            numbers[key] = value
        if kind is TimeControlKind.TURN and numbers["days"] != int(numbers["days"]):
            raise ValueError("time_control.days must be a whole number")
        if kind is TimeControlKind.UNLIMITED:
            return cls()
        if kind is TimeControlKind.REALTIME:
            return cls(kind, float(numbers["base"]), float(numbers["increment"]))
        return cls(kind, days=int(numbers["days"]))


class HintPolicy(enum.StrEnum):
    """Whether people may ask the engine for hints: ``auto`` (only when every other seat is a
    computer: an engine hint against a person is unfair play), ``allowed`` (everyone sees
    that; the record notes each hint used) or ``off``."""

    AUTO = "auto"
    ALLOWED = "allowed"
    OFF = "off"


TIME_CONTROL_KINDS: dict[TimeControlKind, protocol.TimeControlKind] = {
    TimeControlKind.UNLIMITED: "unlimited",
    TimeControlKind.REALTIME: "realtime",
    TimeControlKind.TURN: "turn",
}
"""Each kind's name in the protocol (the same strings, typed for the messages)."""

HINT_POLICIES: dict[HintPolicy, protocol.HintPolicy] = {
    HintPolicy.AUTO: "auto",
    HintPolicy.ALLOWED: "allowed",
    HintPolicy.OFF: "off",
}
"""Each policy's name in the protocol (the same strings, typed for the messages)."""


@dataclass(frozen=True, slots=True)
class TableSettings:
    """What a table's creator chose besides the game's options.

    Attributes:
        time_control: the clock.
        hints: the hint policy.
        takeover: the computer that plays a seat whose person resigned, ran out of time or
            left (with more than two sides), one of :data:`TAKEOVER_LEVELS`.
        rated: rated or casual (rated tables: no takebacks, no hints; ratings come with the
            community features).
        grace: seconds without a connection after which a seat that must act may be claimed
            by the others (``None``: :data:`REALTIME_GRACE` in real time and untimed,
            :data:`TURN_GRACE_DAYS` days turn-based).
        tournament: the tournament whose game this table is (set by the server, never by a
            client): a flag that falls before a first action loses the game (a no-show)
            instead of aborting it.
    """

    time_control: TimeControl = field(default_factory=TimeControl)
    hints: HintPolicy = HintPolicy.AUTO
    takeover: str = "mcts:normal"
    rated: bool = False
    grace: float | None = None
    tournament: int | None = None

    def __post_init__(self) -> None:
        if self.takeover not in TAKEOVER_LEVELS:
            raise ValueError(f"takeover must be one of {', '.join(TAKEOVER_LEVELS)}")
        if self.grace is not None and not 1 <= self.grace <= 30 * DAY:
            raise ValueError("grace must be 1 second to 30 days")
        if self.rated and self.hints is HintPolicy.ALLOWED:
            raise ValueError("hints cannot be allowed at a rated table")

    @property
    def leaver_grace(self) -> float:
        """Seconds without a connection before a seat that must act may be claimed."""
        if self.grace is not None:
            return self.grace
        if self.time_control.kind is TimeControlKind.TURN:
            return TURN_GRACE_DAYS * DAY
        return REALTIME_GRACE

    def to_json(self) -> protocol.TableSettings:
        """``{"time_control", "hints", "takeover", "rated", "grace"}`` (``grace`` in seconds,
        the effective value)."""
        body: protocol.TableSettings = {
            "time_control": self.time_control.to_json(),
            "hints": HINT_POLICIES[self.hints],
            "takeover": self.takeover,
            "rated": self.rated,
            "grace": self.leaver_grace,
        }
        if self.tournament is not None:
            body["tournament"] = self.tournament
        return body

    @classmethod
    def from_json(cls, data: Any) -> TableSettings:
        """Settings from :meth:`to_json`'s shape; missing keys take their defaults (older
        tables stored none).

        Raises:
            ValueError: a wrong type or value, with what was expected.
        """
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise ValueError("settings must be an object")
        unknown = set(data) - {"time_control", "hints", "takeover", "rated", "grace", "tournament"}
        if unknown:
            raise ValueError(f"unknown settings: {', '.join(sorted(unknown))}")
        try:
            hints = HintPolicy(data.get("hints", "auto"))
        except ValueError:
            raise ValueError("hints must be auto, allowed or off") from None
        rated = data.get("rated", False)
        if not isinstance(rated, bool):
            raise ValueError("rated must be true or false")
        takeover = data.get("takeover", "mcts:normal")
        if not isinstance(takeover, str):
            raise ValueError("takeover must be a string")
        grace = data.get("grace")
        if grace is not None and (isinstance(grace, bool) or not isinstance(grace, int | float)):
            raise ValueError("grace must be a number of seconds")
        tournament = data.get("tournament")
        if tournament is not None and (
            isinstance(tournament, bool) or not isinstance(tournament, int)
        ):
            raise ValueError("tournament must be a tournament id")
        return cls(
            TimeControl.from_json(data.get("time_control")),
            hints,
            takeover,
            rated,
            None if grace is None else float(grace),
            tournament,
        )


class ResultReason(enum.StrEnum):
    """Why a game ended: ``normal`` (the rules ended it), ``resignation``, ``timeout`` (a
    flag fell), ``leaver`` (the others claimed after a seat left), ``draw_agreed``,
    ``aborted`` (before every person's first action: no result) or ``abandoned`` (no action
    for too long: no result)."""

    NORMAL = "normal"
    RESIGNATION = "resignation"
    TIMEOUT = "timeout"
    LEAVER = "leaver"
    DRAW_AGREED = "draw_agreed"
    ABORTED = "aborted"
    ABANDONED = "abandoned"


class NoteKind(enum.StrEnum):
    """What a :class:`TableNote` records."""

    RESIGN = "resign"
    TIMEOUT = "timeout"
    CLAIM = "claim"
    TAKEOVER = "takeover"
    RETURN = "return"
    HINT = "hint"
    DRAW = "draw"
    TAKEBACK = "takeback"
    ABORT = "abort"
    ABANDON = "abandon"
    REMATCH = "rematch"


@dataclass(frozen=True, slots=True)
class TableNote:
    """A lifecycle fact of a table, kept with it and written into its record.

    Attributes:
        kind: what happened.
        seq: the table's seq when it happened (a take-over at seq 12 plays from action 13).
        seat: the seat concerned (``None`` for the whole table).
        at: when (UTC).
        data: details: ``{"agent"}`` for a take-over, ``{"to"}`` (the seq kept) for a
            takeback, ``{"by"}`` (the claiming seat) for a claim, ``{"table"}`` for a
            rematch...
    """

    kind: NoteKind
    seq: int
    seat: int | None
    at: datetime
    data: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> protocol.TableNote:
        """``{"kind", "seq", "seat", "at", **data}`` (``at`` in ISO 8601; the details the
        protocol names: ``agent``, ``by``, ``to``, ``table``)."""
        note: protocol.TableNote = {
            "kind": self.kind.value,
            "seq": self.seq,
            "seat": self.seat,
            "at": self.at.isoformat(),
        }
        data = self.data
        if "agent" in data:
            note["agent"] = str(data["agent"])
        if "by" in data:
            note["by"] = int(data["by"])
        if "to" in data:
            note["to"] = int(data["to"])
        if "table" in data:
            note["table"] = int(data["table"])
        return note
