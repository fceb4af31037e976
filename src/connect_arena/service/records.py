"""Records of tables and the frames of the replay viewer."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from connect_arena.core import (
    CHANCE,
    Action,
    InvalidRecordError,
    Record,
    State,
    game_class,
    parse_record,
    record_of,
)
from connect_arena.core.events import GameEvent
from connect_arena.core.records import initial_state
from connect_arena.core.simultaneous import pending_choices
from connect_arena.service.live_table import LiveTable, replay_log
from connect_arena.service.messages import game_info
from connect_arena.service.model import ErrorCode, ServiceError, TableStatus
from connect_arena.service.options import check_client_options
from connect_arena.service.protocol import GameRecord, Replay, ReplayFrame, ReplayFrames

MAX_REPLAY_ACTIONS = 20_000
"""The longest record the replay viewer accepts."""


def table_record(table: LiveTable) -> Record:
    """The ``connect-arena/record@1`` record of a table's game so far.

    Its meta also holds the table's ``settings``, the result ``reason`` once it ended, its
    ``notes`` (resignations, take-overs from which action, hints used...) and ``timing``: per
    action, the server's timestamp ``at`` and the mover's remaining time ``clock`` in seconds
    (``null`` untimed), parallel to ``actions`` (``docs/records.md``).

    While the game runs, the record stops before the choices of the current simultaneous
    phase that are still hidden (:func:`connect_arena.core.simultaneous.pending_choices`):
    it holds every action up to the last resolved phase, which every seat has seen; its meta
    then says ``"hidden_actions_left_out": true``. The seed (which predicts every chance
    outcome and computer move still to come) is given only once the game is over.

    Raises:
        ServiceError: ``conflict``: the game has not started.
    """
    if table.state is None:
        raise ServiceError(ErrorCode.CONFLICT, "the game has not started: there is no record yet")
    finished = table.info.status is TableStatus.FINISHED
    names = [seat.name or f"seat {seat.index}" for seat in table.info.seats]
    meta: dict[str, Any] = {
        "table": table.id,
        "date": table.info.created_at.isoformat(),
        "status": table.info.status.value,
    }
    if finished:  # the seed predicts every chance outcome and computer move still to come
        meta["seed"] = table.info.seed
    if table.info.returns is not None:
        meta["returns"] = table.info.returns
    info = table.info
    meta["settings"] = info.settings.to_json()
    if info.reason is not None:
        meta["reason"] = info.reason.value
    if info.notes:
        meta["notes"] = [note.to_json() for note in info.notes]
    meta["timing"] = [
        {"at": entry.created_at.isoformat(), "clock": entry.clock} for entry in table.log
    ]
    record = record_of(table.state, names, meta)
    if finished:
        return record
    cut = _without_hidden_choices(table.state, record)
    timing = cut.meta["timing"][: len(cut.actions)]
    return cut.model_copy(update={"meta": {**cut.meta, "timing": timing}})


def _without_hidden_choices(state: State[Action], record: Record) -> Record:
    """``record`` (of ``state``, a running game) cut before the current simultaneous phase's
    choices, which the other seats have not seen yet."""
    pending = pending_choices(state)
    if not pending:
        return record
    meta = {**record.meta, "hidden_actions_left_out": True}
    return record.model_copy(update={"actions": record.actions[: pending[0]], "meta": meta})


FRAME_PAGE = 100
"""The most frames one replay request returns (a position range is cut to it)."""

REPLAY_CPU_SECONDS = 2.0
"""The CPU time (of its thread) one replay request may take; a longer replay is refused."""


class _Budget:
    """Refuses to go on once the thread has used ``seconds`` of CPU time since its creation."""

    def __init__(self, seconds: float) -> None:
        self.limit = time.thread_time() + seconds

    def check(self) -> None:
        if time.thread_time() > self.limit:
            raise InvalidRecordError(
                "this record is too long to replay here (its replay takes over "
                f"{REPLAY_CPU_SECONDS:g} s of computing)"
            )


def _parse(data: Record | str | bytes | dict[str, Any]) -> Record:
    record = data if isinstance(data, Record) else parse_record(data)
    if len(record.actions) > MAX_REPLAY_ACTIONS:
        raise InvalidRecordError(f"more than {MAX_REPLAY_ACTIONS} actions")
    return record


def _replay(
    record: Record, low: int, high: int, describe_all: bool
) -> tuple[State[Action], list[ReplayFrame], list[GameEvent | None], list[int]]:
    """Replay ``record`` up to frame ``high`` within the CPU budget.

    Returns:
        The state reached, frames ``low`` to ``high`` (``describe_all``: frames 0 and ``high``),
        and the seat and description of each action replayed (descriptions only from the
        first frame's action on, unless ``describe_all``).
    """
    budget = _Budget(REPLAY_CPU_SECONDS)
    state = initial_state(record)
    wanted: Callable[[int], bool] = (
        (lambda i: i in (0, high)) if describe_all else (lambda i: low <= i <= high)
    )
    frames = [_frame(state, 0, None, None, None)] if wanted(0) else []
    events: list[GameEvent | None] = []
    seats: list[int] = []
    entries = [
        (None, entry) if isinstance(entry, str) else (entry.seat, entry.action)
        for entry in record.actions[:high]
    ]
    skip = 0 if describe_all else max(0, low - 1)  # the actions before the first frame's
    for step in replay_log(state, entries[:skip]):  # are only applied: cheaper
        budget.check()
        events.append(None)
        seats.append(step.seat)
    for step in replay_log(state, entries[skip:], describe=True, start=skip):
        budget.check()
        events.append(step.event)
        seats.append(step.seat)
        if wanted(step.index + 1):
            frames.append(_frame(state, step.index + 1, step.seat, step.action, step.event))
    return state, frames, events, seats


def replay_frames(data: Record | str | bytes | dict[str, Any]) -> dict[str, Any]:
    """Every position of a record (for tools and tests; the HTTP API serves
    :func:`replay_page`).

    Returns:
        ``{"record": ..., "game": ..., "frames": [...]}``; ``game`` is the static game
        information (:func:`~connect_arena.service.messages.game_info`: declaration and
        geometry); frame ``i`` is the position after ``i`` actions: ``{"seq", "seat",
        "action", "event", "to_move", "terminal", "returns", "observation"}`` (frame 0 has
        no action; ``event`` describes the action as a structured event; ``observation``
        is :meth:`State.revealed_observation`: a record holds no secret, so each
        simultaneous choice shows on its own frame).

    Raises:
        ServiceError: not a valid record, too long, or an action that does not replay (the
            message names its index).
    """
    try:
        record = _parse(data)
        state, frames, _events, _seats = _replay(record, 0, len(record.actions), False)
    except ValueError as error:  # the engine's errors (GameError) and the games' own
        raise ServiceError(ErrorCode.BAD_REQUEST, str(error)) from None
    return {"record": record.model_dump(), "game": game_info(state.game), "frames": frames}


def record_json(record: Record) -> GameRecord:
    """A record as JSON (``Record.model_dump()``'s shape, typed)."""
    return {
        "format": record.format,
        "game": record.game,
        "options": dict(record.options),
        "players": list(record.players),
        "actions": [
            action if isinstance(action, str) else {"seat": action.seat, "action": action.action}
            for action in record.actions
        ],
        "meta": dict(record.meta),
    }


def replay_page(
    data: Record | str | bytes | dict[str, Any], first: int | None = None, last: int | None = None
) -> Replay | ReplayFrames:
    """What the replay viewer asks for: a record's summary, or a range of its positions.

    Without ``first`` and ``last``: ``{"record", "game", "positions", "seats", "events",
    "frames"}``: ``positions`` is the number of frames (actions + 1), ``seats[i]`` and
    ``events[i]`` the seat and description of action ``i`` (0-based), ``frames`` the first and
    the last frame. With them: ``{"positions", "from", "to", "frames"}``, frames ``first`` to
    ``last`` included (at most :data:`FRAME_PAGE`; the range is cut to it and to the record).
    Frames are :func:`replay_frames`'.

    Raises:
        ServiceError: ``bad_request``: not a valid record, too long (actions, or
            :data:`REPLAY_CPU_SECONDS` of computing), an action that does not replay, or a
            range with no position of the record.
    """
    try:
        record = _parse(data)
        end = len(record.actions)
        if first is None and last is None:
            state, frames, events, seats = _replay(record, 0, end, True)
            return {
                "record": record_json(record),
                "game": game_info(state.game),
                "positions": end + 1,
                "seats": seats,
                "events": events,
                "frames": frames,
            }
        low = 0 if first is None else first
        high = min(end, low + FRAME_PAGE - 1, end if last is None else last)
        if not 0 <= low <= high:
            raise InvalidRecordError(
                f"no positions from {first} to {last}: the record has positions 0 to {end}"
            )
        _state, frames, _events, _seats = _replay(record, low, high, False)
    except ValueError as error:  # the engine's errors (GameError) and the games' own
        raise ServiceError(ErrorCode.BAD_REQUEST, str(error)) from None
    return {"positions": end + 1, "from": low, "to": high, "frames": frames}


def upload_page(
    data: str | bytes | dict[str, Any], first: int | None = None, last: int | None = None
) -> Replay | ReplayFrames:
    """:func:`replay_page` of a record sent by a client: its options are checked like a new
    table's (:func:`~connect_arena.service.options.check_client_options`: no file names).

    Raises:
        ServiceError: ``bad_request``: as :func:`replay_page`, or an option that may not be set.
    """
    try:
        record = parse_record(data)
        check_client_options(game_class(record.game), record.options)
    except ValueError as error:
        raise ServiceError(ErrorCode.BAD_REQUEST, str(error)) from None
    return replay_page(record, first, last)


def _frame(
    state: Any, seq: int, seat: int | None, action: str | None, event: GameEvent | None
) -> ReplayFrame:
    terminal = state.is_terminal()
    return {
        "seq": seq,
        "seat": seat,
        "action": action,
        "event": event,
        "chance": seat == CHANCE,
        "to_move": sorted(state.active_players()),
        "terminal": terminal,
        "returns": state.returns() if terminal else None,
        # A record holds only what may be shown (a running table's secret choices are never
        # in one): each simultaneous choice appears where it was made, not when its phase ends.
        "observation": state.revealed_observation(),
    }
