"""An observation's ``last`` (``core.last_action_json``): the last action as a page receives
it, remembered by value so that a live table's observation at every move does not build the
notation and the parts again."""

from __future__ import annotations

import dataclasses
import random

import pytest

from connect_arena.core import CHANCE, last_action_json, load


@pytest.mark.parametrize("name", ["quinque", "connect5"])
def test_last_is_the_last_actions_legal_json_at_every_step(name: str) -> None:
    rng = random.Random(7)
    state = load(name, 2).new_initial_state()
    assert last_action_json(state) is None
    seen = 0
    while not state.is_terminal() and seen < 150:
        player = CHANCE if state.is_chance_node() else state.current_player
        state.apply_legal_action(rng.choice(state.legal_actions(player)), player)
        last = state.history[-1].action
        assert last_action_json(state) == last.legal_json()
        assert state.observation(0)["last"] == last.legal_json()
        seen += 1
    assert seen > 10


def test_equal_actions_share_one_json() -> None:
    state = load("quinque", 2).new_initial_state()
    while state.is_chance_node():
        state.apply_legal_action(state.legal_actions(CHANCE)[0], CHANCE)
    other = state.clone()
    action = state.legal_actions(state.current_player)[0]
    state.apply_legal_action(action, state.current_player)
    again = dataclasses.replace(action)  # equal, another object
    assert again == action and again is not action
    other.apply_legal_action(again, other.current_player)
    assert last_action_json(state) is last_action_json(other)
