"""CO'NNN'ECT best-claim puzzles: the proof's answer is the best line, and only it."""

from __future__ import annotations

import functools
import random
from typing import cast

import pytest

from connect_arena.agents.base import close_agents
from connect_arena.agents.levels import make_agent
from connect_arena.agents.playout import play_game
from connect_arena.agents.puzzles.best_claim import (
    CLAIM_PHASE,
    OPTIONAL_BONUS_USES,
    ClaimProof,
    claim_phase_starts,
    prove_best_claim,
)
from connect_arena.agents.puzzles.miner import mine, position_of, verify
from connect_arena.core.game import Action, State
from connect_arena.core.registry import load
from connect_arena.games.connnect.rules import ConnnectState

PUZZLES = 3
"""The puzzles the tests below check, the first proved of one seeded random game."""


@functools.cache
def claim_positions() -> list[tuple[State[Action], int, ClaimProof]]:
    """The first :data:`PUZZLES` claim-phase positions of a seeded random game that have a best
    claim, each with its mover and proof. Built on first use, not while the test modules are
    collected: each pytest worker collects every module, and the proofs cost seconds."""
    game = load("connnect", 2)
    seats = [make_agent("random", 1), make_agent("random", 2)]
    try:
        final = play_game(game.new_initial_state(), seats, random.Random(0))
    finally:
        close_agents(seats)
    found = []
    for _, state in claim_phase_starts(final):
        for mover in sorted(state.active_players()):
            proof = prove_best_claim(state, mover)
            if proof is not None:
                found.append((state, mover, proof))
                if len(found) == PUZZLES:
                    return found
    return found


def finish(state: State[Action], mover: int, line: list[str], other_done: bool) -> int:
    """Play ``line`` for the mover, the other seat ``done`` (or its first action) until the
    round ends; the mover's total."""
    current = cast(ConnnectState, state.clone())
    for text in line:
        current.apply_legal_action(current.parse_action(text, mover), mover)
    while current.phase == CLAIM_PHASE:
        seat = next(iter(sorted(current.active_players())))
        actions = current.legal_actions(seat)
        pick = actions[0]
        if seat != mover and other_done:
            pick = next((a for a in actions if str(a) == "done"), pick)
        if seat == mover:
            pick = next(a for a in actions if str(a) == "done")
        current.apply_legal_action(pick, seat)
    return current.scores()[mover].total


def test_a_random_game_gives_best_claim_puzzles() -> None:
    assert len(claim_positions()) == PUZZLES


@pytest.mark.parametrize("index", range(PUZZLES))
def test_the_answer_scores_its_total_whatever_the_other_seat_does(index: int) -> None:
    state, mover, proof = claim_positions()[index]
    assert proof.breakdown["total"] == proof.total
    assert finish(state, mover, list(proof.answer), other_done=True) == proof.total
    assert finish(state, mover, list(proof.answer), other_done=False) == proof.total


@pytest.mark.parametrize("index", range(PUZZLES))
def test_every_other_first_action_scores_less(index: int) -> None:
    # Each first action not in the answer, then its own best line, is strictly below it.
    state, mover, proof = claim_positions()[index]
    for action in state.legal_actions(mover):
        text = str(action)
        if text in proof.answer or text.startswith(OPTIONAL_BONUS_USES):
            continue
        if text == "done":
            assert finish(state, mover, [], other_done=True) < proof.total
        else:
            child = state.clone()
            child.apply_legal_action(action, mover)
            other = prove_best_claim(child, mover)
            assert other is None or other.total < proof.total


def test_claim_mining_is_deterministic_and_a_wrong_answer_fails_verify() -> None:
    mined = mine("connnect", seed=3, games=1, agents=("random", "random"), budget=3000)
    assert mined == mine("connnect", seed=3, games=1, agents=("random", "random"), budget=3000)
    puzzle = mined[0]
    assert verify(puzzle) is None
    state = position_of(puzzle)
    assert puzzle["mover"] in state.active_players()
    assert puzzle["score"]["total"] == puzzle["total"] and puzzle["margin"] > 0
    assert "claim" in puzzle["themes"]
    wrong = dict(puzzle, answer=["done"])
    assert verify(wrong) is not None
    assert verify(dict(puzzle, total=puzzle["total"] + 1)) is not None
