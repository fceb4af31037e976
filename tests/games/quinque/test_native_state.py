"""Quinque's state as a native (mypyc-compiled) class: its explicit ``clone()`` and its
pickling copy every attribute, so a copy taken anywhere along a random playout plays on
exactly as the original does (the old clone copied the instance ``__dict__``), and neither
moves the other."""

from __future__ import annotations

import random
from typing import Any

import pytest

from connect_arena.core import load
from connect_arena.core.state import State
from connect_arena.games.quinque.rules import QuinqueState
from tests.playouts import check_copies_play_on, random_steps


def _everything(state: QuinqueState) -> dict[str, Any]:
    """What a copy must agree on: the whole position, who acts, the legal actions."""
    return {
        "seen": state.observation(0),
        "current": state.current_player,
        "legal": [str(a) for a in state.legal_actions()] if not state.is_terminal() else [],
        "returns": state.returns(),
        "history": [(e.player, str(e.action)) for e in state.history],
        "turn": (state.turn, state.second, state.marked_tile, sorted(state.moved)),
        "end": (state.winner, state.outcome, state.stack, state.supply),
    }


@pytest.mark.parametrize(
    ("options", "seed"),
    [
        ({}, 0),
        ({"advanced": True, "move_same_tile_twice": False}, 1),
        ({"win_check": "turn", "max_turns": 40}, 2),
    ],
)
def test_clones_and_pickles_play_on_as_the_original(options: dict[str, object], seed: int) -> None:
    rng = random.Random(seed)
    state = load("quinque", 2, **options).new_initial_state()
    assert isinstance(state, QuinqueState)
    count = check_copies_play_on(state, rng, _everything, every=5, span=4, limit=400)
    assert count > 20


@pytest.mark.parametrize("first", ["random", "1"])
def test_the_turn_queries_answer_as_the_base_class_does(first: str) -> None:
    """``active_players``, ``is_terminal`` and ``is_chance_node`` (answered without a new
    frozenset per call) agree with ``State``'s own, read from ``current_player``, at every
    step of random games: the draw of the first player, both seats' turns, the end."""
    rng = random.Random(9)
    for _ in range(3):
        state = load("quinque", 2, first_player=first).new_initial_state()
        while True:
            assert state.active_players() == State.active_players(state)
            assert state.is_terminal() == State.is_terminal(state)
            assert state.is_chance_node() == State.is_chance_node(state)
            if state.is_terminal():
                break
            random_steps(state, rng, 1)
