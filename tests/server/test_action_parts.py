"""The legal actions' parts in ``state`` messages are remembered per action
(``messages.action_parts``): the same as :meth:`Action.parts` for every game's actions."""

from __future__ import annotations

import random

import pytest

from connect_arena.core import CHANCE, game_names, load
from connect_arena.service.messages import action_parts, state_json


@pytest.mark.parametrize("name", game_names())
def test_remembered_parts_are_the_actions_parts(name: str) -> None:
    state = load(name, 2).new_initial_state()
    rng = random.Random(7)
    for _ in range(60):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]), CHANCE)
            continue
        seat = min(state.active_players())
        actions = state.legal_actions(seat)
        message = state_json(1, state, 0, [seat])
        listed = message["legal"][str(seat)]
        assert [item["parts"] for item in listed] == [action.parts() for action in actions]
        assert all(action_parts(a) is action_parts(a) for a in actions)  # built once
        state.apply_action(rng.choice(actions), seat)
