"""Clock arithmetic (``service.clocks``) with explicit times: a fake clock, no waiting."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from connect_arena.service.clocks import Clocks, Flag
from connect_arena.service.settings import DAY, TimeControl, TimeControlKind

T0 = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)
CHANCE = -1


def at(seconds: float) -> datetime:
    """``seconds`` after :data:`T0`."""
    return T0 + timedelta(seconds=seconds)


def realtime(base: float, increment: float) -> TimeControl:
    return TimeControl(TimeControlKind.REALTIME, base, increment)


def two_seats(control: TimeControl) -> Clocks:
    """Seats 0 and 1 timed, seat 0 to act from :data:`T0`."""
    clocks = Clocks(control, 2, [0, 1])
    clocks.start([0], T0)
    return clocks


def test_fischer_adds_the_increment_after_each_action() -> None:
    clocks = two_seats(realtime(60, 5))
    assert clocks.snapshot(at(0)) == {"0": 65.0, "1": 65.0}  # the increment from move 1
    assert clocks.act(0, at(10), [1]) == 60.0  # 65 - 10 + 5
    assert clocks.running.keys() == {1}
    assert clocks.snapshot(at(13)) == {"0": 60.0, "1": 62.0}
    assert clocks.act(1, at(13), [0]) == 67.0  # 65 - 3 + 5
    assert clocks.act(0, at(14), [1]) == 64.0  # 60 - 1 + 5


def test_a_zero_base_clock_gives_the_increment_for_each_move() -> None:
    clocks = two_seats(realtime(0, 2))
    assert not clocks.flagged(0, at(1.9))
    assert clocks.act(0, at(1.5), [1]) == pytest.approx(2.5)
    assert not clocks.flagged(1, at(3.4)) and clocks.flagged(1, at(3.5))


def test_turn_based_refills_the_budget_each_move() -> None:
    clocks = two_seats(TimeControl(TimeControlKind.TURN, days=2))
    assert clocks.left(0, at(DAY)) == DAY
    assert clocks.act(0, at(DAY), [1]) == DAY  # no increment: what was left
    assert clocks.left(1, at(DAY)) == 2 * DAY
    clocks.act(1, at(2.5 * DAY), [0])
    assert clocks.left(0, at(2.5 * DAY)) == 2 * DAY  # refilled, not DAY
    assert clocks.left(1, at(3 * DAY)) == 0.5 * DAY  # stopped where it was


def test_simultaneous_phases_run_every_active_clock_and_stop_each_when_it_acts() -> None:
    clocks = Clocks(realtime(100, 0), 3, [0, 1, 2])
    clocks.start([0, 1, 2], T0)
    assert clocks.running.keys() == {0, 1, 2}
    clocks.act(1, at(10), [0, 2])
    clocks.act(0, at(30), [2])
    assert clocks.snapshot(at(40)) == {"0": 70.0, "1": 90.0, "2": 60.0}
    assert clocks.running.keys() == {2}
    assert clocks.next_flag() == Flag(2, at(100))


def test_chance_actions_and_computer_seats_take_no_time() -> None:
    clocks = Clocks(realtime(100, 0), 3, [0, 1])  # seat 2 is a computer
    clocks.start([2], T0)
    assert clocks.running == {}
    assert clocks.act(2, at(50), [CHANCE]) is None
    assert clocks.act(CHANCE, at(60), [0]) is None
    assert clocks.snapshot(at(60)) == {"0": 100.0, "1": 100.0}
    assert clocks.running == {0: at(60)}


def test_the_flag_falls_at_exactly_zero() -> None:
    clocks = two_seats(realtime(30, 0))
    assert clocks.next_flag() == Flag(0, at(30))
    assert not clocks.flagged(0, at(29.999))
    assert clocks.flagged(0, at(30))
    assert clocks.left(0, at(31)) == -1.0
    assert clocks.snapshot(at(31))["0"] == 0.0  # never shown below zero
    assert not clocks.flagged(1, at(1000))  # a stopped clock never falls


def test_next_flag_is_the_clock_that_runs_out_first() -> None:
    clocks = Clocks(realtime(100, 0), 3, [0, 1, 2])
    clocks.remaining[1] = 20.0
    clocks.start([0, 1, 2], T0)
    assert clocks.next_flag() == Flag(1, at(20))
    clocks.act(1, at(5), [0, 2])
    assert clocks.next_flag() == Flag(0, at(100))
    clocks.stop_all(at(50))
    assert clocks.next_flag() is None
    assert clocks.snapshot(at(80)) == {"0": 50.0, "1": 15.0, "2": 50.0}


def test_a_recorded_value_is_taken_as_is() -> None:
    clocks = two_seats(realtime(60, 5))
    assert clocks.act(0, at(10), [1], recorded=42.0) == 42.0
    assert clocks.left(0, at(20)) == 42.0


def test_resume_after_a_restart_does_not_charge_the_downtime() -> None:
    clocks = two_seats(realtime(60, 0))
    clocks.act(0, at(10), [1])  # seat 1 runs from 10 s
    clocks.resume(at(3600))  # the server was down for an hour
    assert clocks.left(1, at(3600)) == 60.0
    assert clocks.left(1, at(3610)) == 50.0
    assert clocks.left(0, at(3610)) == 50.0


def test_a_take_over_stops_the_clock_and_a_return_restarts_it() -> None:
    clocks = two_seats(realtime(60, 0))
    clocks.set_timed(0, False, [0], at(10))  # a computer plays seat 0 from now
    assert 0 not in clocks.timed and clocks.running == {}
    assert clocks.snapshot(at(100)) == {"1": 60.0}
    assert clocks.act(0, at(20), [1]) is None  # the computer's action: not timed
    clocks.act(1, at(25), [0])
    clocks.set_timed(0, True, [0], at(30))  # the person is back, at their turn
    assert clocks.running == {0: at(30)}
    assert clocks.left(0, at(40)) == 40.0  # 50 left at the take-over, 10 s since


def test_a_return_when_the_seat_need_not_act_leaves_its_clock_stopped() -> None:
    clocks = two_seats(TimeControl(TimeControlKind.TURN, days=1))
    clocks.set_timed(1, False, [0], at(0))
    clocks.set_timed(1, True, [0], at(5))
    assert clocks.running.keys() == {0} and 1 in clocks.timed


@pytest.mark.parametrize(
    ("control", "label", "initial"),
    [
        (TimeControl(), "-", 0.0),
        (realtime(300, 3), "5+3", 303.0),
        (realtime(0, 2), "0+2", 2.0),
        (realtime(30, 0), "30s+0", 30.0),
        (TimeControl(TimeControlKind.TURN, days=3), "3d", 3 * DAY),
    ],
)
def test_labels_and_initial_times(control: TimeControl, label: str, initial: float) -> None:
    assert control.label == label and control.initial == initial
    assert TimeControl.from_json(control.to_json()) == control


@pytest.mark.parametrize(
    "data",
    [
        {"kind": "realtime", "base": 0, "increment": 0},
        {"kind": "realtime", "base": -1, "increment": 2},
        {"kind": "realtime", "base": 10_801, "increment": 2},
        {"kind": "realtime", "base": 60, "increment": 181},
        {"kind": "turn", "days": 4},
        {"kind": "turn", "days": 1.5},
        {"kind": "sometimes"},
        {"kind": "realtime", "base": "60"},
        {"kind": "realtime", "base": True},
        "5+3",
    ],
)
def test_bad_time_controls_are_refused(data: object) -> None:
    with pytest.raises(ValueError, match=r"time_control|base|increment|days|clock"):
        TimeControl.from_json(data)


def test_turn_based_budget_is_per_turn_not_per_action() -> None:
    clocks = two_seats(TimeControl(TimeControlKind.TURN, days=1))
    assert clocks.act(0, at(DAY / 2), [0]) == DAY / 2  # seat 0 acts again: same turn
    assert clocks.left(0, at(DAY * 0.75)) == DAY / 4
    recorded = clocks.act(0, at(DAY * 0.75), [0], recorded=DAY / 4)
    assert recorded == DAY / 4 and clocks.next_flag() == Flag(0, at(DAY))
    clocks.act(0, at(DAY * 0.8), [1])
    assert clocks.left(1, at(DAY * 0.8)) == DAY
