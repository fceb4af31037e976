"""Records of tables and the frames of the replay viewer."""

from __future__ import annotations

from typing import Any

from connect_arena.core import (
    CHANCE,
    GameError,
    InvalidRecordError,
    Record,
    game_class,
    parse_record,
    record_of,
)
from connect_arena.core.records import initial_state
from connect_arena.service.model import ErrorCode, ServiceError, TableStatus
from connect_arena.service.options import check_client_options
from connect_arena.service.tables import LiveTable, replay_log
from connect_arena.service.views import game_info, spectator_observation

MAX_REPLAY_ACTIONS = 20_000
"""The longest record the replay viewer accepts."""


def table_record(table: LiveTable) -> Record:
    """The ``connect-arena/record@1`` record of a table's game so far.

    Raises:
        ServiceError: the game has not started, or it is running and has hidden
            (simultaneous) actions that may not be revealed yet.
    """
    if table.state is None:
        raise ServiceError(ErrorCode.CONFLICT, "the game has not started: there is no record yet")
    finished = table.info.status is TableStatus.FINISHED
    if not finished and any(entry.simultaneous for entry in table.log):
        raise ServiceError(
            ErrorCode.CONFLICT, "the record holds hidden actions: it is available at the end"
        )
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
    return record_of(table.state, names, meta)


def replay_frames(data: Record | str | bytes | dict[str, Any]) -> dict[str, Any]:
    """Every position of a record, for the replay viewer.

    Returns:
        ``{"record": ..., "game": ..., "frames": [...]}``; ``game`` is the static game information
        (:func:`~connect_arena.service.views.game_info`: declaration and geometry); frame ``i`` is
        the position after ``i`` actions: ``{"seq", "seat", "action", "event", "to_move",
        "terminal", "returns", "observation"}`` (frame 0 has no action; ``event`` describes the
        action as a structured event).

    Raises:
        ServiceError: not a valid record, too long, or an action that does not replay (the
            message names its index).
    """
    try:
        record = data if isinstance(data, Record) else parse_record(data)
        if len(record.actions) > MAX_REPLAY_ACTIONS:
            raise InvalidRecordError(f"more than {MAX_REPLAY_ACTIONS} actions")
        state = initial_state(record)
        frames = [_frame(state, 0, None, None, None)]
        entries = [
            (None, entry) if isinstance(entry, str) else (entry.seat, entry.action)
            for entry in record.actions
        ]
        for step in replay_log(state, entries, describe=True):
            frames.append(_frame(state, step.index + 1, step.seat, step.action, step.event))
    except GameError as error:
        raise ServiceError(ErrorCode.BAD_REQUEST, str(error)) from None
    return {"record": record.model_dump(), "game": game_info(state.game), "frames": frames}


def upload_frames(data: str | bytes | dict[str, Any]) -> dict[str, Any]:
    """:func:`replay_frames` of a record sent by a client: its options are checked like a new
    table's (:func:`~connect_arena.service.options.check_client_options`: no file names).

    Raises:
        ServiceError: ``bad_request``: not a valid record, an option that may not be set, or an
            action that does not replay.
    """
    try:
        record = parse_record(data)
        check_client_options(game_class(record.game), record.options)
    except ValueError as error:
        raise ServiceError(ErrorCode.BAD_REQUEST, str(error)) from None
    return replay_frames(record)


def _frame(
    state: Any, seq: int, seat: int | None, action: str | None, event: dict[str, Any] | None
) -> dict[str, Any]:
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
        "observation": spectator_observation(state),
    }
