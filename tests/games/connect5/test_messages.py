"""Action objects are checked before use, and refused actions get a specific reason
(review findings 4 and 9).

The core contract (``State.apply_action``): an action that is not legal raises
``IllegalActionError`` and leaves the state unchanged — also for action objects a program
builds by hand (``Place("zz")``), never a ``KeyError`` or ``IndexError``. Messages say
which rule forbids the action, quoting the rulebook where it helps.
"""

from __future__ import annotations

import json

import pytest

from connect_arena.core import IllegalActionError
from connect_arena.games.connect5.notation import (
    Connect5Action,
    FirstPlayer,
    Jump,
    Pass,
    Place,
    Split,
    Stack,
    Step,
)
from connect_arena.games.connect5.rules import Connect5State
from tests.games.connect5.helpers import P1, P2, position


def _refused(state: Connect5State, action: Connect5Action | str, message: str) -> None:
    """``action`` raises ``IllegalActionError`` matching ``message`` and changes nothing."""
    before = json.dumps(state.observation(P1), sort_keys=True)
    history = list(state.history)
    with pytest.raises(IllegalActionError, match=message):
        state.apply_action(action)
    assert json.dumps(state.observation(P1), sort_keys=True) == before
    assert state.history == history


# ----- finding 4: malformed action objects ---------------------------------------------------
@pytest.mark.parametrize(
    ("action", "message"),
    [
        (Place("zz"), "'zz' is not a dot on board 't1'"),
        (Place("J1"), "'J1' is a junction without a dot on board 't1'"),
        (Stack("zz"), "'zz' is not a dot"),
        (Step("a0", "zz"), "'zz' is not a dot"),
        (Split("J1", "a0"), "'J1' is a junction without a dot"),
        (Jump(("a0", "zz", "a2")), "'zz' is not a dot"),
        (Jump(("a0", "a1")), r"a capture names its start, then .* \(an odd number, at least 3\)"),
        (Jump(("a0",)), "a capture names its start, then"),
        (Jump(()), "a capture names its start, then"),
        (Place(7), "7 is not a dot id"),  # type: ignore[arg-type]
    ],
    ids=repr,
)
@pytest.mark.parametrize("warm", [False, True], ids=["cold", "warm"])
def test_malformed_action_objects_are_refused(
    action: Connect5Action, message: str, warm: bool
) -> None:
    """Whether or not the legal actions were generated before (``warm``)."""
    state = position("P1:a0, P2:a1")
    if warm:
        state.legal_actions()
    _refused(state, action, message)


@pytest.mark.parametrize("warm", [False, True], ids=["cold", "warm"])
def test_dot_ids_of_action_objects_are_spelled_as_on_the_board(warm: bool) -> None:
    """Text input takes any case, but an action object must name its dots as the board does
    (``str(action)`` is what the record keeps): the answer must not depend on whether the
    legal actions were generated before."""
    state = position("P1:a0, P2:f2")
    if warm:
        state.legal_actions()
    _refused(state, Step("A0", "a1"), "'A0' is written 'a0' on board 't1'")
    state.apply_action("step A0 A1")  # text is forgiving
    assert str(state.history[-1].action) == "step a0 a1"


def test_a_foreign_object_is_not_a_connect5_action() -> None:
    state = position("P1:a0")
    _refused(state, "pass", "you can still place or move")
    _refused(state, FirstPlayer(1), "drawn by chance")
    with pytest.raises(IllegalActionError, match="is not a Connect 5 action"):
        state.apply_action(object())  # type: ignore[arg-type]


def test_a_jump_prints_without_a_trailing_space() -> None:
    assert str(Jump(("a0",))) == "jump a0"
    assert str(Jump(("a0", "a1", "a2"))) == "jump a0 over a1 to a2"
    assert str(Pass()) == "pass"


# ----- finding 9: specific reasons -------------------------------------------------------------
def test_previous_turn_blocks_a_capture_back_along_last_turns_stretch() -> None:
    """Option ``retrace_rule=previous_turn`` (AMB-12 (b)), IT "Non è possibile mangiare una
    pedina ... ripercorrendo a ritroso un tratto appena usato": the reason is given."""
    state = position("P1:a0, P2:a1, P2:f2", retrace_rule="previous_turn")
    state.apply_action("jump a0 over a1 to a2")
    state.apply_action("place a1", P2)
    _refused(
        state,
        "jump a2 over a1 to a0",
        r"may not capture by going back along the line it used last turn$",
    )


@pytest.mark.parametrize(
    ("setup", "text", "message"),
    [
        ("P1:a2", "place a2", "a2 already holds your token; to stack on it write 'stack a2'"),
        ("P1:a1", "place a1", "a1 already holds your token: place only on a free dot"),
        ("P1²:a2", "place a2", "a2 already holds your double: place only on a free dot"),
    ],
)
def test_placing_on_an_own_token_suggests_stack_only_where_it_is_legal(
    setup: str, text: str, message: str
) -> None:
    """IT "purché questa si trovi su pallino nero cerchiato": ``stack`` is suggested only for
    your single on a circled dot."""
    state = position(setup)
    _refused(state, text, message)
    if "stack" not in message:
        _refused(state, text, r"^(?!.*stack a)")


@pytest.mark.parametrize(
    ("setup", "text", "options", "message"),
    [
        ("P1:a0", "step a0 a0", {}, "a step goes from one dot to another"),
        ("P1:a0", "step a0 a4", {}, "a4 is not next to a0: a step goes to the next dot"),
        (
            "P1:b2",
            "step b2 c1",
            {},
            "c1 is reached from b2 only by turning where lines cross without a dot",
        ),
        (
            "P1:a6",
            "step a6 f1",
            {"t_turns": "from_stem"},
            r"from the bar of a T without a dot into its stem \(from the stem into the bar only\)",
        ),
        (
            "P1:a1, P1²:a2",
            "step a1 a2",
            {"stack_by_step": True},
            "a2 already holds your double: a stack has at most two tokens",
        ),
        (
            "P1:a2, P1:a1",
            "step a2 a1",
            {"stack_by_step": True},
            "a1 is a single dot: a double stands only on a circled dot",
        ),
    ],
)
def test_steps_get_specific_reasons(
    setup: str, text: str, options: dict[str, object], message: str
) -> None:
    """IT "Quando due linee si incrociano, non è possibile 'svoltare' in un'altra direzione"
    is given only where a dot-less crossing is the reason."""
    _refused(position(setup, **options), text, message)
