"""Simultaneous phases: a seat decides without the choices others made before it."""

from __future__ import annotations

import random

from connect_arena.agents import GreedyAgent, MCTSAgent
from connect_arena.agents.base import Budget
from connect_arena.core import CHANCE, SIMULTANEOUS, State, load, sample_chance_outcome
from connect_arena.core.simultaneous import decision_state, pending_choices


def _after_seat_zero_chose(seed: int) -> tuple[State[object], State[object]]:
    """A 2-player CO'NNN'ECT game in a simultaneous phase in which seat 0 made one or more
    choices while seat 1 still has to choose, and the same game when the phase began."""
    rng = random.Random(seed)
    state = load("connnect", 2).new_initial_state()
    while True:
        if state.is_chance_node():
            state.apply_legal_action(sample_chance_outcome(state, rng), CHANCE)
            continue
        fresh = not state.history[-1].simultaneous
        if state.current_player == SIMULTANEOUS and fresh and rng.random() < 0.5:
            began = state.clone()
            while True:
                state.apply_action(rng.choice(state.legal_actions(0)), 0)
                if 0 not in state.active_players() or rng.random() < 0.5:
                    break
            if state.current_player == SIMULTANEOUS and 1 in state.active_players():
                return state, began
        player = min(state.active_players())
        state.apply_legal_action(rng.choice(state.legal_actions(player)), player)


def test_the_other_seats_pending_choice_is_taken_back() -> None:
    for seed in range(5):
        state, before = _after_seat_zero_chose(seed)
        assert pending_choices(state)[-1] == len(state.history) - 1
        view = decision_state(state, 1)
        assert view is not state
        assert view.history == before.history
        assert view.legal_actions(1) == state.legal_actions(1)
        # Seat 0 sees its own choice: nothing is hidden from it.
        assert decision_state(state, 0) is state


def test_agents_choose_as_if_they_chose_first() -> None:
    state, before = _after_seat_zero_chose(3)
    for make in (lambda: MCTSAgent(7), lambda: GreedyAgent(7)):
        budget = Budget(iterations=30)
        assert make().act(state, 1, budget) == make().act(before, 1, budget)


def test_turn_based_states_are_left_alone() -> None:
    state = load("quinque").new_initial_state()
    assert pending_choices(state) == []
    assert decision_state(state, 0) is state


def test_a_position_set_up_without_its_history_is_searched_as_it_is() -> None:
    state, _ = _after_seat_zero_chose(2)
    state.history = state.history[-1:]  # as if set up by hand, then seat 0 chose
    assert pending_choices(state) == []
    assert decision_state(state, 1) is state
    legal = state.legal_actions(1)
    assert MCTSAgent(1).act(state, 1, Budget(iterations=10)) in legal
    assert GreedyAgent(1).act(state, 1) in legal
