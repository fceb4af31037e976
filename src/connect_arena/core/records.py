"""Game records (``connect-arena/record@1``): JSON documents that replay to the same state.

A record is ``{"format", "game", "options", "players", "actions"}`` plus optional ``"meta"``.
``players`` names who sat at each seat (its length is the number of players); ``actions`` holds
every action in canonical notation, chance outcomes included, in order. An action taken while
several seats could act is an object ``{"seat": n, "action": "..."}``; every other is a string.
See ``docs/records.md``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from connect_arena.core.errors import GameError, InvalidRecordError
from connect_arena.core.game import Action, State
from connect_arena.core.registry import load

RECORD_FORMAT: Final = "connect-arena/record@1"


class SeatAction(BaseModel):
    """An action tagged with the seat that took it (simultaneous phases)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    seat: int = Field(ge=0)
    action: str


class Record(BaseModel):
    """A validated game record."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    format: Literal["connect-arena/record@1"]
    game: str
    options: dict[str, bool | int | str] = Field(default_factory=dict)
    players: list[str] = Field(min_length=1)
    actions: list[str | SeatAction]
    meta: dict[str, Any] = Field(default_factory=dict)

    def to_json(self, indent: int | None = 2) -> str:
        """The record as JSON text (``meta`` omitted when empty)."""
        data = self.model_dump(exclude_defaults=False)
        if not data["meta"]:
            del data["meta"]
        return json.dumps(data, indent=indent, ensure_ascii=False)


def record_of(
    state: State[Action], players: Sequence[str], meta: Mapping[str, Any] | None = None
) -> Record:
    """The record of the game that led to ``state``.

    Args:
        state: any state; its history becomes the record's actions.
        players: one name per seat (e.g. ``["human", "random"]``).
        meta: optional free-form data (date, seed, agents...).

    Raises:
        ValueError: ``players`` has the wrong length.
    """
    if len(players) != state.game.num_players:
        raise ValueError(f"{state.game.num_players} player names needed, got {len(players)}")
    actions: list[str | SeatAction] = [
        SeatAction(seat=entry.player, action=str(entry.action))
        if entry.simultaneous
        else str(entry.action)
        for entry in state.history
    ]
    return Record(
        format=RECORD_FORMAT,
        game=state.game.name,
        options=dict(state.game.options),
        players=list(players),
        actions=actions,
        meta=dict(meta or {}),
    )


def parse_record(data: str | bytes | Mapping[str, Any]) -> Record:
    """Validate a record given as JSON text or as a decoded mapping.

    Raises:
        InvalidRecordError: not JSON, or not a ``connect-arena/record@1`` document; the
            message says which field is wrong.
    """
    try:
        if isinstance(data, str | bytes):
            return Record.model_validate_json(data)
        return Record.model_validate(data)
    except ValidationError as error:
        problems = "; ".join(
            f"{'.'.join(map(str, problem['loc'])) or 'record'}: {problem['msg']}"
            for problem in error.errors()[:5]
        )
        raise InvalidRecordError(f"not a valid {RECORD_FORMAT} record: {problems}") from None


def read_record(path: str | Path) -> Record:
    """Read and validate a record file.

    Raises:
        InvalidRecordError: unreadable file or invalid record.
    """
    try:
        text = Path(path).read_bytes()
    except OSError as error:
        raise InvalidRecordError(f"cannot read {path}: {error.strerror}") from None
    return parse_record(text)


def initial_state(record: Record) -> State[Action]:
    """The initial state of the record's game and options.

    Raises:
        InvalidRecordError: unknown game or bad options.
    """
    try:
        game = load(record.game, len(record.players), **record.options)
    except GameError as error:
        raise InvalidRecordError(str(error)) from None
    return game.new_initial_state()


def replay(record: Record | str | bytes | Mapping[str, Any]) -> State[Action]:
    """Replay a record and return the final state.

    Replay stops at the first bad action.

    Raises:
        InvalidRecordError: the record is malformed, or an action is not in the notation,
            not legal, or missing its seat tag; ``index``/``action``/``state`` say where.
    """
    if not isinstance(record, Record):
        record = parse_record(record)
    state = initial_state(record)
    for index, entry in enumerate(record.actions):
        text = entry if isinstance(entry, str) else entry.action
        seat = None if isinstance(entry, str) else entry.seat
        try:
            if seat is not None and seat >= state.game.num_players:
                raise GameError(f"seat {seat} does not exist")
            state.apply_action(text, seat)
        except GameError as error:
            raise InvalidRecordError(str(error), index=index, action=text, state=state) from None
    return state
