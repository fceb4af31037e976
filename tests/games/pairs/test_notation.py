"""Connect Pairs notation (``docs/rules/pairs.md`` §Notation) and bad input: malformed text
and illegal actions raise a clear error and leave the state unchanged."""

from __future__ import annotations

import json

import pytest

from connect_arena.core import CHANCE, IllegalActionError, InvalidActionError
from connect_arena.games.pairs import (
    Connect,
    Done,
    FirstPlayer,
    Give,
    Keep,
    KeyChoice,
    Move,
    Pass,
    Roll,
    Swap,
    Take,
    Top,
)
from connect_arena.games.pairs.notation import parse_action
from connect_arena.games.pairs.rules import PairsState
from tests.games.pairs.helpers import ANN, BOB, position, roll

CANONICAL = [
    ("key CAFBED", KeyChoice((2, 0, 5, 1, 4, 3))),
    ("first 3", FirstPlayer(3)),
    ("roll 2 2 5", Roll((2, 2, 5))),
    ("move C 1>6", Move(2, 1, 6)),
    ("take E 2 4", Take(4, (2, 4))),
    ("take E 2", Take(4, (2,))),
    ("swap 2A 5E", Swap(2, 0, 5, 4)),
    ("connect", Connect()),
    ("give 3C", Give(3, 2)),
    ("give 3C E", Give(3, 2, 4)),
    ("done", Done()),
    ("top 6>2", Top(6, 2)),
    ("keep 6", Keep(6)),
    ("pass", Pass()),
]


@pytest.mark.parametrize(("text", "action"), CANONICAL, ids=[t for t, _ in CANONICAL])
def test_canonical_forms_round_trip(text: str, action: object) -> None:
    assert parse_action(text) == action
    assert str(action) == text


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("ROLL 252", "roll 2 2 5"),
        ("roll 5,2,2", "roll 2 2 5"),
        ("roll 5-2-2", "roll 2 2 5"),
        ("move c 1 6", "move C 1>6"),
        ("move C1->6", "move C 1>6"),
        ("move C 1 to 6", "move C 1>6"),
        ("take e 4 2", "take E 2 4"),
        ("take E 4,2", "take E 2 4"),
        ("swap 5e 2a", "swap 2A 5E"),
        ("swap 2 A 5 E", "swap 2A 5E"),
        ("give 3 c", "give 3C"),
        ("give 3C for E", "give 3C E"),
        ("top 6 2", "top 6>2"),
        ("  Connect ", "connect"),
        ("key cafbed", "key CAFBED"),
    ],
)
def test_input_is_forgiving(text: str, canonical: str) -> None:
    assert str(parse_action(text)) == canonical


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "not a Connect Pairs action"),
        ("jump 3", "not a Connect Pairs action"),
        ("move G 1>6", "write 'move C 1>6'"),
        ("move C 1>7", "write 'move C 1>6'"),
        ("move C 0>6", "write 'move C 1>6'"),
        ("take E", "write 'take E 2 4'"),
        ("roll 1 2", "three die values"),
        ("roll 1 2 7", "three die values"),
        ("key ABCDEA", "one token of each subject"),
        ("key ABCDE", "each letter A-F once"),
        ("top 6>5", "numbered 1 to 4"),
        ("give 3", "write 'give 3C'"),
        ("swap 2A", "write 'swap 2A 5E'"),
        ("keep", "write 'keep 6'"),
    ],
)
def test_malformed_text_is_an_invalid_action(text: str, message: str) -> None:
    with pytest.raises(InvalidActionError, match=message):
        parse_action(text)


def _snapshot(state: PairsState) -> str:
    return json.dumps([state.observation(0), [str(e.action) for e in state.history]])


@pytest.mark.parametrize(
    ("text", "player", "error", "message"),
    [
        ("move C 1>7", None, InvalidActionError, "not in the notation"),
        ("take B 4 5", None, IllegalActionError, "zone 5 is full"),
        ("take B 4 4", None, IllegalActionError, "one token into each of zones 4 and 5"),
        ("take F 2 4", None, IllegalActionError, "die value 6, which is not rolled"),
        ("move E 2>4", None, IllegalActionError, "no E in X1's zone 2"),
        ("swap 2A 4D", None, IllegalActionError, "a swap needs a DOUBLE"),
        ("give 4D", None, IllegalActionError, "first choose 'connect'"),
        ("top 4>1", None, IllegalActionError, "no zone of X1 has a three-of-a-subject"),
        ("key ABCDEF", None, IllegalActionError, "keys are set at the start"),
        ("roll 1 2 3", CHANCE, IllegalActionError, "not a chance node"),
        ("connect", BOB, IllegalActionError, "not X2's turn"),
    ],
)
def test_bad_input_raises_and_changes_nothing(
    text: str, player: int | None, error: type[Exception], message: str
) -> None:
    state = position(zones={ANN: {4: "D", 5: "EEA"}})
    roll(state, "2 4 5")
    before = _snapshot(state)
    with pytest.raises(error, match=message):
        state.apply_action(text, player)
    assert _snapshot(state) == before
    state.apply_action("take E 2 4")  # the state still works


def test_take_from_an_empty_supply_says_so() -> None:
    """``take_short_supply=partial`` allows the last token, not a token that is not there."""
    state = position(zones={ANN: {4: "D"}}, take_short_supply="partial")
    state.supply[0][1] = 0
    roll(state, "2 4 5")
    with pytest.raises(IllegalActionError, match="the supply holds no B"):
        state.apply_action("take B 4")
    state.supply[0][1] = 1
    with pytest.raises(IllegalActionError, match="holds one B: write 'take B 4' or 'take B 5'"):
        state.apply_action("take B 4 5")


def test_a_do_nothing_event_suggests_keep_only_when_keep_is_legal() -> None:
    """Top row AB--: zone 2 AAA does nothing, zone 5 FFF fills a slot and the row keeps a
    free slot, so the order cannot matter and ``keep 2`` is no choice."""
    state = position(zones={ANN: {2: "AAF", 5: "FFA"}}, tops={ANN: "AB--"})
    roll(state, "2 2 5")
    state.apply_action("swap 2F 5A")
    assert [str(a) for a in state.legal_actions()] == ["top 5>3", "top 5>4"]
    with pytest.raises(IllegalActionError, match="nothing happens") as info:
        state.apply_action("top 2>3")
    assert "keep" not in str(info.value) and "'top 5>3'" in str(info.value)
    with pytest.raises(IllegalActionError, match="resolve zone 5 first"):
        state.apply_action("keep 2")
    full = position(zones={ANN: {2: "AAF", 5: "FFA"}}, tops={ANN: "ABC-"})
    roll(full, "2 2 5")
    full.apply_action("swap 2F 5A")
    with pytest.raises(IllegalActionError, match=r"nothing happens now \('keep 2'\)"):
        full.apply_action("top 2>1")


def test_acting_out_of_turn_names_who_must_answer() -> None:
    state = position(zones={ANN: {1: "A"}, BOB: {1: "ACD"}})
    roll(state, "1 2 3")
    state.apply_action("connect")
    state.apply_action("give 1A")
    with pytest.raises(IllegalActionError, match="not X1's turn: X2 must answer the offer"):
        state.apply_action("done", ANN)
    event = position(zones={ANN: {3: "CA"}, BOB: {3: "CCE"}}, tops={BOB: "ABDE"})
    roll(event, "3 4 6")
    event.apply_action("connect")
    event.apply_action("give 3C")  # Bob's zone 3 becomes CCC with a full row
    with pytest.raises(IllegalActionError, match="X2 must resolve the three C of his zone 3"):
        event.apply_action("done", ANN)
    choose = position()
    roll(choose, "1 2 3")
    with pytest.raises(IllegalActionError, match="not X2's turn: X1 is to play"):
        choose.apply_action("connect", BOB)


def test_illegal_action_objects_are_refused() -> None:
    state = position()
    roll(state, "1 2 3")
    with pytest.raises(IllegalActionError, match="chance, not chosen"):
        state.apply_action(Roll((1, 2, 3)), ANN)
    with pytest.raises(IllegalActionError, match="not a Connect Pairs action"):
        state.apply_action(object(), ANN)  # type: ignore[arg-type]


def test_every_legal_action_round_trips_in_a_connection() -> None:
    state = position(zones={ANN: {1: "AD", 3: "CC"}, BOB: {1: "AF", 3: "CE"}})
    roll(state, "1 2 3")
    for action in state.legal_actions():
        assert state.parse_action(str(action)) == action
    state.apply_action("connect")
    for action in state.legal_actions():
        assert state.parse_action(str(action)) == action


def test_the_example_opening_of_the_docs_replays() -> None:
    """``docs/rules/pairs.md`` §Notation, "Example opening"."""
    from connect_arena.core import load

    state = load("pairs", first_player="0").new_initial_state()
    opening = "key ABCDEF|roll 4 5 6|take E 4 6|roll 4 5 6|take E 4 6|roll 1 4 6|take A 4 6"
    for text in [*opening.split("|"), "roll 1 2 2", "roll 2 4 5", "connect", "give 4A"]:
        state.apply_action(text, CHANCE if text.startswith("roll") else None)
    assert state.observation(0)["boards"][0]["zones"][3] == "EE"
    assert state.observation(0)["boards"][1]["zones"][3] == "A"
    assert state.turn_seat == BOB and state.current_player == CHANCE
