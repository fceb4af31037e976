"""CO'NNN'ECT notation: canonical forms, forgiving input, round trips and clear errors."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from connect_arena.core import Action, IllegalActionError, InvalidActionError
from connect_arena.games.connnect.data import load_components
from connect_arena.games.connnect.notation import (
    AdjustCell,
    AdjustDie,
    Change,
    ChooseZone,
    Claim,
    DealCards,
    DealObjectives,
    Done,
    FirstPlayer,
    Move,
    Roll,
    Skip,
    Switch,
    Take,
    Write,
    parse_action,
)
from tests.games.connnect.helpers import LISA, at_fill

COMPS = load_components()


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("objectives A3 B1 C4", DealObjectives(("A3", "B1", "C4"))),
        ("cards B D F G", DealCards(("B", "D", "F", "G"))),
        ("first 2", FirstPlayer(2)),
        ("roll 1 3 4", Roll((1, 3, 4))),
        ("zone 4", ChooseZone(4)),
        ("write 2 b1", Write(2, 1)),
        ("change 2 3", Change(2, 3)),
        ("skip 5", Skip(5)),
        ("switch 5", Switch(5)),
        ("adjust b2 +1", AdjustCell(7, 1)),
        ("adjust 5 -2", AdjustDie(5, -2)),
        ("move b2", Move(7)),
        ("claim L4 e1 e2 e3 f3", Claim("L4", (4, 10, 16, 17))),
        ("claim L4 e1 e2 e3 f3 reuse", Claim("L4", (4, 10, 16, 17), True)),
        ("claim F c1 c2 c3 d3 e3", Claim("F", (2, 8, 14, 15, 16))),
        ("take 3", Take(3)),
        ("done", Done()),
    ],
)
def test_canonical_forms(text: str, action: Action) -> None:
    assert parse_action(text, COMPS) == action
    assert str(action) == text


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("WRITE 2 R1C2", "write 2 b1"),
        ("  write 2,b1 ", "write 2 b1"),
        ("change 2 -> 3", "change 2 3"),
        ("change 2 to 3", "change 2 3"),
        ("claim l4 R3C6 R1C5 R2C5 R3C5", "claim L4 e1 e2 e3 f3"),
        ("claim f R1C3, R2C3, R3C3, R3C4, R3C5", "claim F c1 c2 c3 d3 e3"),
        ("roll 5 2 4", "roll 2 4 5"),
        ("cards g b f d", "cards B D F G"),
        ("objectives a3 b1 c4", "objectives A3 B1 C4"),
    ],
)
def test_forgiving_input(text: str, canonical: str) -> None:
    assert str(parse_action(text, COMPS)) == canonical


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty action"),
        ("dance", "not a CO'NNN'ECT action"),
        ("write 7 a1", "not a number 1..6"),
        ("write 2 g1", "not a space a1..f6"),
        ("write 2", "expected 'write NUMBER SPACE'"),
        ("zone 0", "expected 'zone DIE'"),
        ("adjust a1 +3", "is \\+1, \\+2, -1 or -2"),
        ("claim Q4 a1 a2 a3 a4", "not a shape"),
        ("claim L4 a1 a2 a3", "L4 has 4 spaces, 3 given"),
        ("claim I3 a1 a1 a2", "named twice"),
        ("claim", "expected 'claim SHAPE"),
        ("roll 1 2", "expected 'roll D D D'"),
        ("cards A B C", "4 different cards"),
        ("cards A A B C D", "4 different cards"),  # 4 distinct letters, but 5 cards
        ("cards A B C D E", "4 different cards"),
        ("objectives A1 A2 C1", "one objective card of each deck"),
        ("done now", "'done' alone"),
    ],
)
def test_malformed_notation_is_an_invalid_action(text: str, message: str) -> None:
    with pytest.raises(InvalidActionError, match=message):
        parse_action(text, COMPS)


def test_bad_input_changes_nothing() -> None:
    state = at_fill()
    before = (len(state.history), [list(p) for p in state.pending], list(state.sheets[0].values))
    for text in ("write 9 a1", "write 2 c3", "claim L3 a1 b1 a2", "take 1", "zone 4"):
        with pytest.raises((InvalidActionError, IllegalActionError)):
            state.apply_action(text, LISA)
    after = (len(state.history), [list(p) for p in state.pending], list(state.sheets[0].values))
    assert before == after


@given(
    st.integers(min_value=1, max_value=6),
    st.integers(min_value=0, max_value=35),
    st.sampled_from([-2, -1, 1, 2]),
)
def test_round_trips(value: int, cell: int, delta: int) -> None:
    for action in (
        Write(value, cell),
        Move(cell),
        AdjustCell(cell, delta),
        AdjustDie(value, delta),
    ):
        assert parse_action(str(action), COMPS) == action
