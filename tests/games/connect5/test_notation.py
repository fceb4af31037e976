"""The notation: canonical forms round-trip, input is forgiving, bad input is refused with a
clear message and leaves the state unchanged (``docs/rules/connect5.md`` §Notation)."""

from __future__ import annotations

import json

import pytest

from connect_arena.core import IllegalActionError, InvalidActionError
from connect_arena.games.connect5.notation import FirstPlayer, Jump, Pass, Place, Split, Stack, Step
from tests.games.connect5.helpers import P1, position


@pytest.mark.parametrize(
    ("action", "text"),
    [
        (Place("a3"), "place a3"),
        (Stack("a2"), "stack a2"),
        (Step("b2", "b4"), "step b2 b4"),
        (Split("b1", "b0"), "split b1 b0"),
        (Jump(("a0", "a1", "a2")), "jump a0 over a1 to a2"),
        (Jump(("a0", "a1", "a2", "a3", "a4")), "jump a0 over a1 to a2 over a3 to a4"),
        (Jump(("a2", "a3", "a4"), sandwich=True), "sandwich a2 over a3 to a4"),
        (Pass(), "pass"),
        (FirstPlayer(1), "first 1"),
    ],
)
def test_canonical_forms_round_trip(action: object, text: str) -> None:
    state = position()
    assert str(action) == text
    assert state._parse(text) == action


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("PLACE A3", "place a3"),
        ("  place   a3 ", "place a3"),
        ("a3", "place a3"),  # a bare dot: place …
        ("a2", "stack a2"),  # … or stack on your own single
        ("step b2-b4", "step b2 b4"),
        ("step b2 -> b4", "step b2 b4"),
        ("Step B2 to B4", "step b2 b4"),
        ("move b2>b4", "step b2 b4"),
        ("split b1,b0", "split b1 b0"),
        ("jump a0 a2 a4", "jump a0 over a1 to a2 over a3 to a4"),
        ("jump a0-a2", "jump a0 over a1 to a2"),
        ("JUMP A0 OVER A1 TO A2", "jump a0 over a1 to a2"),
        ("capture a0 over a1 to a2", "jump a0 over a1 to a2"),
        ("sandwich a2 a4", "sandwich a2 over a3 to a4"),
        ("jump c1 c4", "jump c1 over c3 to c4"),  # through the dot-less crossing J1
    ],
)
def test_forgiving_input(text: str, canonical: str) -> None:
    state = position("P1:a2")
    assert str(state._parse(text)) == canonical


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty action"),
        ("dance a1", "is not a Connect 5 action"),
        ("place z9", "'z9' in 'place z9' is not a dot on board 't1'"),
        ("place J1", "'J1' in 'place J1' is a junction without a dot"),
        ("step a0", "is not a Connect 5 action"),
        ("step a0 a1 a2", "is not a Connect 5 action"),
        ("jump a0 over a1", "write a capture as 'jump A over B to C"),
        ("jump a0 over a1 to", "write a capture as"),
        ("jump a0", "needs a start and a landing dot"),
        ("jump a0 a5", "no dot lies between a0 and a5 on a line"),
        ("starter x", "is not a Connect 5 action"),
        ("first x", "is not a Connect 5 action"),
        ("first ²", "is not a Connect 5 action"),
        ("starter ²", "is not a Connect 5 action"),  # str.isdigit() is true, int() fails
        ("starter ١", "is not a Connect 5 action"),  # an Arabic-Indic digit: int() takes it
        ("starter -1", "is not a Connect 5 action"),
        ("J1", "'J1' is a junction without a dot on board 't1'"),  # a bare junction id
        ("pass now", "is not a Connect 5 action"),
    ],
)
def test_malformed_notation_is_refused_and_changes_nothing(text: str, message: str) -> None:
    state = position("P1:a0, P2:a1")
    before = json.dumps(state.observation(P1), sort_keys=True)
    with pytest.raises(InvalidActionError, match=message):
        state.apply_action(text)
    assert json.dumps(state.observation(P1), sort_keys=True) == before
    assert state.history == []


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("place a1", "a1 holds Blue's token"),
        ("step a1 a2", "no token of yours on a1"),
        ("step a0 a2", "a2 is not next to a0: a step goes to the next dot along a line"),
        ("split a0 a1", "a0 holds a single token: only a double can split"),
        ("jump a0 over a1 to a3", "there is no jump from a0 over a1 to a3"),
        ("jump a0 over a2 to a4", "there is no jump from a0 over a2 to a4"),
        ("first 0", "drawn by chance"),
        ("starter 0", "drawn by chance"),
        ("stack c4", "no token of yours on c4"),
    ],
)
def test_illegal_actions_are_explained_and_change_nothing(text: str, message: str) -> None:
    state = position("P1:a0, P2:a1")
    before = json.dumps(state.observation(P1), sort_keys=True)
    with pytest.raises(IllegalActionError, match=message):
        state.apply_action(text)
    assert json.dumps(state.observation(P1), sort_keys=True) == before


def test_old_records_with_starter_replay() -> None:
    """The first player's chance action was written ``starter N`` before it became
    ``first N`` (one name in every game): such records still replay, and a record made now
    writes ``first N``."""
    from connect_arena.core import load, record_of, replay

    old = {
        "format": "connect-arena/record@1",
        "game": "connect5",
        "options": {"board": "t1"},
        "players": ["a", "b"],
        "actions": ["starter 1", "place a0", "place a1"],
    }
    state = replay(old)
    assert isinstance(state.history[0].action, FirstPlayer)
    assert state.history[0].action == FirstPlayer(1)
    assert state.observation(0)["stacks"] == {"a0": [1, 1], "a1": [0, 1]}
    assert record_of(state, ["a", "b"]).actions[0] == "first 1"
    fresh = load("connect5", 2, board="t1").new_initial_state()
    assert [str(action) for action, _ in fresh.chance_outcomes()] == ["first 0", "first 1"]


def test_a_multiple_capture_is_one_line_of_the_record() -> None:
    from connect_arena.core import load, record_of, replay

    state = load("connect5", 3, board="t1", first_player="0").new_initial_state()
    for text in ("place a0", "place a1", "place a3", "jump a0 a2 a4"):
        state.apply_action(text)
    record = record_of(state, ["a", "b", "c"])
    assert record.actions == [
        "place a0",
        "place a1",
        "place a3",
        "jump a0 over a1 to a2 over a3 to a4",
    ]
    again = replay(record.to_json())
    assert again.observation(0) == state.observation(0)


def test_a_capture_as_data_names_each_hop_by_its_prefix() -> None:
    # The page continues a capture hop by hop without parsing notation: the server names the
    # capture cut after each hop (Jump.parts()["prefixes"]), the last one the whole capture.
    chain = Jump(("a0", "a1", "a2", "a3", "a4"))
    assert chain.parts() == {
        "kind": "jump",
        "path": ["a0", "a1", "a2", "a3", "a4"],
        "sandwich": False,
        "prefixes": ["jump a0 over a1 to a2", "jump a0 over a1 to a2 over a3 to a4"],
    }
    sandwich = Jump(("a2", "a3", "a4"), sandwich=True)
    assert sandwich.parts()["prefixes"] == ["sandwich a2 over a3 to a4"]
    assert sandwich.legal_json()["notation"] == str(sandwich)
