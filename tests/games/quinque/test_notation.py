"""Quinque notation: canonical forms, forgiving input, round trips and clear errors."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from connect_arena.core import RECORD_FORMAT, Action, IllegalActionError, InvalidActionError, replay
from connect_arena.games.quinque import Add, FirstPlayer, Mark, Move, Pass
from connect_arena.games.quinque.notation import parse_action
from tests.games.quinque.helpers import position

coords = st.integers(min_value=-50, max_value=50)
cells = st.tuples(coords, coords)


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("mark 3,-1", Mark((3, -1))),
        ("add T1,0 2,0", Add((1, 0), (2, 0))),
        ("add T-1,-1 -1,-2", Add((-1, -1), (-1, -2))),
        ("move T2,0 T1,1", Move((2, 0), (1, 1))),
        ("pass", Pass()),
        ("first 1", FirstPlayer(1)),
    ],
)
def test_canonical_forms(text: str, action: object) -> None:
    assert parse_action(text, 2) == action
    assert str(action) == text


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("MARK 3, -1", "mark 3,-1"),
        ("mark (3,-1)", "mark 3,-1"),
        ("  add t1,0 2,0 ", "add T1,0 2,0"),
        ("add 2,0", "add T1,0 2,0"),
        ("add -1,-2", "add T-1,-1 -1,-2"),
        ("move T2,0 -> T1,1", "move T2,0 T1,1"),
        ("move T2,0 to T1,1", "move T2,0 T1,1"),
        ("move t2,0>t1,1", "move T2,0 T1,1"),
        ("Pass", "pass"),
    ],
)
def test_forgiving_input_gives_the_canonical_form(text: str, canonical: str) -> None:
    assert str(parse_action(text, 2)) == canonical


@given(cells)
def test_mark_round_trips(cell: tuple[int, int]) -> None:
    action = Mark(cell)
    assert parse_action(str(action), 2) == action


@given(cells, st.sampled_from([1, 2, 3]), st.integers(0, 8))
def test_add_round_trips(tile: tuple[int, int], side: int, offset: int) -> None:
    skydiver = (tile[0] * side + offset % side, tile[1] * side + offset // side % side)
    action = Add(tile, skydiver)
    assert parse_action(str(action), side) == action


def test_the_older_starter_name_is_read_as_first() -> None:
    assert parse_action("starter 1", 2) == FirstPlayer(1)
    assert parse_action("Starter 0", 3) == FirstPlayer(0)
    assert str(FirstPlayer(1)) == "first 1"


def test_a_record_written_with_starter_replays() -> None:
    """Records written before the chance action was named ``first`` begin ``starter N``."""
    record = {
        "format": RECORD_FORMAT,
        "game": "quinque",
        "options": {},
        "players": ["alice", "bob"],
        "actions": ["starter 1", "add T0,0 0,0", "add T1,0 2,1", "move T0,0 T1,1"],
    }
    state = replay(record)
    assert str(state.history[0].action) == "first 1"
    assert state.current_player == 1 and state.marks == {(2, 2): 1, (2, 1): 0}


@given(cells, cells)
def test_move_round_trips(origin: tuple[int, int], to: tuple[int, int]) -> None:
    action = Move(origin, to)
    assert parse_action(str(action), 2) == action


@pytest.mark.parametrize(
    "text", ["", "mark", "mark 1", "mark a,b", "move T1,0", "jump 1,1", "add T1,0 2,0 3", "pass 2"]
)
def test_malformed_text_is_an_invalid_action(text: str) -> None:
    with pytest.raises(InvalidActionError, match="not a Quinque action"):
        parse_action(text, 2)


def test_add_with_a_skydiver_off_its_tile() -> None:
    with pytest.raises(InvalidActionError, match="skydiver 5,0 is not on tile T1,0"):
        parse_action("add T1,0 5,0", 2)


def test_bad_input_leaves_the_state_unchanged() -> None:
    state = position([(0, 0), (1, 0)], red=[(0, 0)], blue=[(2, 0)])
    before = (state.observation(0), len(state.history))
    for text in ["mark 0,0", "mark 9,9", "move T0,0 T5,5", "add T3,3 6,6", "garbage", "pass"]:
        with pytest.raises((InvalidActionError, IllegalActionError)):
            state.apply_action(text)
    with pytest.raises(IllegalActionError, match="not Blue's turn"):
        state.apply_action("mark 1,1", 1)
    assert (state.observation(0), len(state.history)) == before


def test_every_legal_action_round_trips_through_the_state() -> None:
    state = position([(0, 0), (1, 0), (1, 1)], red=[(0, 0)], blue=[(2, 0)])
    for action in state.legal_actions():
        assert state.parse_action(str(action)) == action


def test_an_action_object_of_another_game_is_refused() -> None:
    state = position([(0, 0)], red=[(0, 0)], to_move=1)

    class Foreign(Action):
        def __str__(self) -> str:
            return "foreign"

    with pytest.raises(IllegalActionError, match="is not a Quinque action"):
        state.apply_action(Foreign())  # type: ignore[arg-type]
