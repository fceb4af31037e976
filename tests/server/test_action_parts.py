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
        assert listed == [{"notation": str(a), "parts": a.parts()} for a in actions]
        assert all(action_parts(a) is action_parts(a) for a in actions)  # built once
        state.apply_action(rng.choice(actions), seat)


@pytest.mark.parametrize("name", game_names())
def test_a_legal_actions_entry_is_built_once_per_action(name: str) -> None:
    # Each move sends the mover's legal actions again, most of them the same as the turn
    # before: their notation and parts are built once and shared, not once per message.
    state = load(name, 2).new_initial_state()
    rng = random.Random(3)
    while state.is_chance_node():
        state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]), CHANCE)
    seat = min(state.active_players())
    first = state_json(1, state, 0, [seat])["legal"][str(seat)]
    again = state_json(1, state.clone(), 0, [seat])["legal"][str(seat)]
    assert first and all(a is b for a, b in zip(first, again, strict=True))
    notation = state_json(1, state, 0, [seat])["legal_actions"][str(seat)]
    assert notation == [item["notation"] for item in first]
