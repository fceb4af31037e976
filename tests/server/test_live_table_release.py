"""A table's game let go and read back (:meth:`LiveTable.release`, :meth:`LiveTable.restore`):
what stays readable without the game, and a read-back that is the same game."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest

from connect_arena.core import CHANCE, load
from connect_arena.core.events import GameEvent
from connect_arena.service.live_table import LiveTable, rebuild
from connect_arena.service.model import LogEntry, Seat, SeatKind, TableInfo, TableStatus
from connect_arena.service.settings import TableSettings, TimeControl, TimeControlKind

START = datetime(2026, 12, 2, 9, 0, tzinfo=UTC)


def played(game: str, players: int, stop: str, settings: TableSettings) -> LiveTable:
    """A running table of ``game`` whose log was played at random (a second an action, each
    person's recorded clock 100 s less a second per action) until ``stop``: ``"chance"``, a
    chance outcome due after at least three actions, or ``"seat"``, a seat to act after six."""
    rng = random.Random(7)
    state = load(game, players).new_initial_state()
    log: list[LogEntry] = []
    while True:
        due = state.is_chance_node()
        if len(log) >= 3 and stop == "chance" and due:
            break
        if len(log) >= 6 and stop == "seat" and not due:
            break
        seat = CHANCE if due else min(state.active_players())
        action = rng.choice(state.legal_actions(seat))
        text = str(action)
        state.apply_action(text, seat)
        at = START + timedelta(seconds=len(log) + 1)
        clock = None if seat == CHANCE else 100.0 - len(log)
        log.append(LogEntry(len(log) + 1, seat, text, False, at, clock))
    seats = [Seat(i, SeatKind.HUMAN, i + 1, f"p{i}") for i in range(players)]
    info = TableInfo(1, game, {}, seats, TableStatus.RUNNING, 1, 5, START, settings=settings)
    return LiveTable(info, log)


def test_a_table_let_go_keeps_what_is_read_without_its_game() -> None:
    table = played("pairs", 4, "chance", TableSettings())
    log = list(table.log)
    assert table.at_chance() and list(table.active_seats()) == []
    table.release()
    assert table.state is None and table.log == [] and table.described == []
    assert table.released is not None
    assert table.last_seq == len(log) and table.seq == 0
    assert table.last_activity() == log[-1].created_at
    assert table.at_chance() and list(table.active_seats()) == []
    assert table.info.status is TableStatus.RUNNING and len(table.info.seats) == 4

    mover = played("quinque", 2, "seat", TableSettings())
    seat = min(mover.active_seats())
    mover.release()
    assert not mover.at_chance() and list(mover.active_seats()) == [seat]


def test_a_game_read_back_is_the_game_let_go() -> None:
    blitz = TableSettings(TimeControl(TimeControlKind.REALTIME, 300, 2))
    whole = played("quinque", 2, "seat", blitz)
    table = played("quinque", 2, "seat", blitz)
    log = list(table.log)
    clocks = table.clocks
    table.release()
    table.release()  # a second time: nothing more to let go
    assert table.clocks is clocks  # the flag timer's clocks stay meanwhile
    described: list[GameEvent] = []
    state = rebuild(table.info, log, described)
    table.restore(log, state, described)
    assert table.released is None and table.seq == table.last_seq == len(log)
    assert table.described == whole.described
    assert whole.state is not None and table.state is not None
    seat = min(whole.state.active_players())
    assert table.legal_lists(seat).notations == whole.legal_lists(seat).notations
    # The clocks as the log left them, the mover's running since the last action.
    assert table.clocks is not None
    assert table.clocks.remaining == {e.seat: e.clock for e in log if e.clock is not None}
    assert table.clocks.running == {seat: log[-1].created_at}


def test_a_table_not_running_is_not_let_go() -> None:
    table = played("quinque", 2, "seat", TableSettings())
    table.info.status = TableStatus.FINISHED
    table.release()
    assert table.released is None and table.state is not None and table.log


def test_release_after_is_read_from_the_environment_and_checked() -> None:
    from connect_arena.server.config import Settings

    assert Settings.from_env({}).release_after == 30.0
    assert Settings.from_env({"CONNECT_ARENA_RELEASE_AFTER": "0"}).release_after == 0.0
    with pytest.raises(ValueError, match="release_after must be >= 0"):
        Settings.from_env({"CONNECT_ARENA_RELEASE_AFTER": "-1"})
    with pytest.raises(ValueError, match="could not convert"):
        Settings.from_env({"CONNECT_ARENA_RELEASE_AFTER": "soon"})
