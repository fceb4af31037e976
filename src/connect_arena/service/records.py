"""Records of tables and the frames of the replay viewer."""

from __future__ import annotations

from typing import Any

from connect_arena.core import (
    CHANCE,
    GameError,
    InvalidRecordError,
    Record,
    parse_record,
    record_of,
)
from connect_arena.core.records import initial_state
from connect_arena.service.model import ErrorCode, ServiceError, TableStatus
from connect_arena.service.tables import LiveTable
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
        for index, entry in enumerate(record.actions):
            text = entry if isinstance(entry, str) else entry.action
            seat = None if isinstance(entry, str) else entry.seat
            try:
                actor = state.current_player if seat is None else seat
                action = state.parse_action(text, actor)
                described = state.describe_action(action, actor).to_json()
                state.apply_legal_action(action, actor)
            except GameError as error:
                raise InvalidRecordError(str(error), index=index, action=text) from None
            frames.append(_frame(state, index + 1, actor, text, described))
    except GameError as error:
        raise ServiceError(ErrorCode.BAD_REQUEST, str(error)) from None
    return {"record": record.model_dump(), "game": game_info(state.game), "frames": frames}


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
