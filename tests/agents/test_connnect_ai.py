"""CO'NNN'ECT agent knowledge (``agents/knowledge/connnect.py``): the evaluation ranks sheets
sensibly, greedy and a small MCTS take an obviously scoring claim, and the rollout policy only
returns legal actions, simultaneous phases included. Small budgets and fixed seeds: nothing is
timed."""

from __future__ import annotations

import random
from typing import Any

import pytest

from connect_arena.agents.base import Budget
from connect_arena.agents.greedy import GreedyAgent
from connect_arena.agents.knowledge.connnect import estimate, evaluate, rollout
from connect_arena.agents.mcts import MCTSAgent
from connect_arena.core import CHANCE, load, sample_chance_outcome
from connect_arena.core.game import State
from connect_arena.games.connnect.notation import Claim
from connect_arena.games.connnect.rules import ConnnectState
from tests.games.connnect.helpers import at_claim, at_roll

ROW5_RUN = {"a5": 1, "b5": 2, "c5": 3, "d5": 4, "e5": 5}
"""1 2 3 4 5 along row 5: the I pentomino (card A), and smaller Connects inside it."""


def connect5_position(players: int) -> State[Any]:
    """A Claim Phase where claiming card A (the I pentomino) on a5-e5 scores the top score
    card (16); the other claims (Connect-3, Connect-4 inside the row) score far less."""
    return at_claim(players, sheets={0: ROW5_RUN}, connect5_cards=("A", "B", "C", "D"))


def is_connect5(action: object) -> bool:
    """Whether ``action`` is the Connect-5 claim on row 5."""
    return isinstance(action, Claim) and action.shape == "A"


@pytest.mark.parametrize("players", [1, 2])
def test_greedy_claims_the_connect5(players: int) -> None:
    state = connect5_position(players)
    assert any(is_connect5(a) for a in state.legal_actions(0))
    assert len(state.legal_actions(0)) > 3  # Connect-3 and Connect-4 claims compete
    assert is_connect5(GreedyAgent(seed=1).act(state, 0))


@pytest.mark.parametrize("players", [2])
def test_small_mcts_claims_the_connect5(players: int) -> None:
    """Two players: the opponent may take the card first. (In solo, round 1, claiming now and
    ``done`` are worth the same, the card stays face up for a later claim: a seeded coin
    flip for the search, so solo is checked in the last round, below.)"""
    state = connect5_position(players)
    before = len(state.history), [str(a) for a in state.legal_actions(0)]
    agent = MCTSAgent(seed=3, iterations=24, max_rollout=400)
    assert is_connect5(agent.act(state, 0))
    assert (len(state.history), [str(a) for a in state.legal_actions(0)]) == before


def test_the_last_claim_phase_is_not_skipped_in_solo() -> None:
    """Round 12: ``done`` ends the game (valued with the final score) and a claim does not yet;
    the solo evaluation is on the scale of a finished game's value and MCTS rollouts play to
    the end, so both agents still claim the Connect-5."""
    state: State[Any] = at_claim(
        1, sheets={0: ROW5_RUN}, round_number=12, connect5_cards=("A", "B", "C", "D")
    )
    assert is_connect5(GreedyAgent(seed=1).act(state, 0))
    agent = MCTSAgent(seed=5, level="hard")
    assert is_connect5(agent.act(state, 0, Budget(iterations=24)))


def test_evaluation_prefers_a_run_to_scattered_numbers() -> None:
    good = at_roll(1, sheets={0: {"a5": 2, "b5": 3, "c5": 4, "d5": 5}})
    bad = at_roll(1, sheets={0: {"a5": 2, "b5": 6, "c5": 1, "d5": 4}})
    assert estimate(good, 0) > estimate(bad, 0) + 1.0
    assert evaluate(good, 0) > evaluate(bad, 0)


def test_evaluation_values_circles_and_counts_penalties() -> None:
    circle = at_roll(1, sheets={0: {"a1": 1, "b1": 3, "a2": 5, "b2": 1}})  # circle O11 filled
    spread = at_roll(1, sheets={0: {"a1": 1, "c3": 3, "e5": 5, "f1": 1}})
    assert estimate(circle, 0) > estimate(spread, 0)
    penalised = at_roll(1, sheets={0: {"a1": 1, "b1": 3, "a2": 5, "b2": 1}})
    penalised.sheets[0].free_actions = 3
    assert estimate(circle, 0) > estimate(penalised, 0) + 2.5


def test_evaluation_is_relative_with_two_players() -> None:
    state = at_roll(2, sheets={0: {"a5": 2, "b5": 3, "c5": 4, "d5": 5}})
    assert evaluate(state, 0) > 0 > evaluate(state, 1)
    assert evaluate(state, 0) == pytest.approx(-evaluate(state, 1))


@pytest.mark.parametrize(("players", "seed"), [(1, 0), (1, 1), (2, 2), (3, 3), (4, 4)])
def test_rollout_policy_plays_legal_actions(players: int, seed: int) -> None:
    """Seeded playouts; in simultaneous phases every active seat's choice is checked, and a
    random active seat (not always the lowest) acts, with the engine's checked apply."""
    rng = random.Random(seed)
    state: State[Any] = load("connnect", players).new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance_outcome(state, rng), CHANCE)
            continue
        active = sorted(state.active_players())
        for seat in active:
            assert rollout(state, seat, rng) in state.legal_actions(seat)
        seat = rng.choice(active)
        state.apply_action(rollout(state, seat, rng), seat)
        decisions += 1
    assert decisions > 30
    assert isinstance(state, ConnnectState)
    assert state.round == 12 or any(sheet.out for sheet in state.sheets)
