"""Structured events: what each CO'NNN'ECT action does and why one is refused, as keys and
parameters that the terminal renders in English and the web page translates."""

from __future__ import annotations

import pytest

from connect_arena.core import CHANCE, Event, IllegalActionError, load
from connect_arena.games.connnect.events import ENGLISH
from tests.games.connnect.helpers import LISA, LUCAS, at_claim, at_fill, at_roll, grant

THREE = {"a1": 1, "b1": 1, "c1": 1}
"""Three equal numbers in a row: a Connect-3 to claim, so the Claim Phase waits for the seat."""


def described(state: object, text: str, seat: int) -> tuple[str, dict[str, object], str]:
    action = state.parse_action(text, seat)  # type: ignore[attr-defined]
    event = state.describe_action(action, seat)  # type: ignore[attr-defined]
    assert isinstance(event, Event) and event.key in ENGLISH
    return event.key, dict(event.params), state.game.render_event(event)  # type: ignore[attr-defined]


def test_chance_actions_are_described() -> None:
    state = load("connnect", 2).new_initial_state()
    key, params, text = described(state, "objectives A3 B1 C4", CHANCE)
    assert (key, params, text) == (
        "connnect.objectives",
        {"cards": ["A3", "B1", "C4"]},
        "objective cards revealed: A3, B1, C4",
    )
    state.apply_action("objectives A3 B1 C4", CHANCE)
    state.apply_action("cards B D F G", CHANCE)
    assert described(state, "first 1", CHANCE)[2] == "Red is the first player"
    state.apply_action("first 1", CHANCE)
    assert described(state, "roll 1 3 4", CHANCE)[2] == "setup numbers rolled: 1, 3, 4"


def test_player_actions_are_described() -> None:
    state = at_roll(1)
    assert described(state, "roll 2 4 5", CHANCE)[2] == "dice rolled: 2, 4, 5"
    state.apply_action("roll 2 4 5", CHANCE)
    active = state.active
    key, params, _ = described(state, "zone 4", active)
    assert key == "connnect.zone" and params == {"seat": active, "zone": 4}
    fill = at_fill()
    assert described(fill, "write 2 a1", LISA)[2] == "Blue writes 2 in a1"
    assert described(fill, "change 2 3", LISA)[2] == "Blue uses a Free Action: 3 instead of 2"


def test_claims_name_the_shape_and_spaces() -> None:
    state = at_claim(2, {LISA: {"a1": 1, "b1": 2, "c1": 3}})
    key, params, text = described(state, "claim I3 a1 b1 c1", LISA)
    assert key == "connnect.claim"
    assert params == {"seat": LISA, "size": 3, "shape": "I3", "cells": ["a1", "b1", "c1"]}
    assert text == "Blue claims a Connect-3 I3 on a1, b1, c1"
    state.apply_action("claim I3 a1 b1 c1", LISA)
    key, params, text = described(state, "take 2", LISA)
    assert text == "Blue circles bonus space 2 of the Connect-3 section"


@pytest.mark.parametrize(
    ("action", "key", "params"),
    [
        ("write 2 c3", "connnect.not_in_zone_rows", {"cell": "c3", "zone": 4, "lines": "1-2"}),
        ("skip 2", "connnect.skip_when_full", {}),
        ("claim I3 a1 b1 c1", "connnect.claim_phase", {}),
        ("done", "connnect.must_write", {"pending": [2, 5]}),
    ],
)
def test_refusals_carry_their_event(action: str, key: str, params: dict[str, object]) -> None:
    state = at_fill()
    with pytest.raises(IllegalActionError) as caught:
        state.apply_action(action, LISA)
    event = caught.value.event
    assert isinstance(event, Event)
    assert (event.key, dict(event.params)) == (key, params)
    assert str(caught.value) == state.game.render_event(event)


def test_a_seat_that_is_done_is_told_who_is_awaited() -> None:
    state = at_claim(2, {LISA: THREE, LUCAS: THREE})
    state.apply_action("done", LISA)
    with pytest.raises(IllegalActionError) as caught:
        state.apply_action("done", LISA)
    assert str(caught.value) == "Blue is done with this Claim Phase; waiting for Red"
    event = caught.value.event
    assert isinstance(event, Event)
    assert (event.key, dict(event.params)) == (
        "connnect.done_claim",
        {"seat": LISA, "seats": [LUCAS]},
    )


def test_a_switch_refused_in_the_claim_phase_is_an_event() -> None:
    """A Switch refused in the Claim Phase outside a write-2 bonus says why, as an event."""
    state = at_claim(2, {LISA: THREE, LUCAS: THREE})
    grant(state, LISA, 0, 3)
    with pytest.raises(IllegalActionError) as caught:
        state.apply_action("switch 5", LISA)
    event = caught.value.event
    assert isinstance(event, Event)
    assert event.key.startswith("connnect.") and event.key != "connnect.not_legal"
