"""Quinque's state as a native (mypyc-compiled) class: its explicit ``clone()`` and its
pickling copy every attribute, so a copy taken anywhere along a random playout plays on
exactly as the original does (the old clone copied the instance ``__dict__``), and neither
moves the other."""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest

from connect_arena import _build
from connect_arena.core import CHANCE, load, sample_chance_outcome
from connect_arena.games.quinque.rules import QuinqueState


def _step(state: QuinqueState, rng: random.Random) -> None:
    """One random action (the first player drawn by its probabilities)."""
    if state.is_chance_node():
        state.apply_legal_action(sample_chance_outcome(state, rng), CHANCE)
    else:
        seat = state.current_player
        state.apply_legal_action(rng.choice(state.legal_actions(seat)), seat)


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


@pytest.mark.skipif(not _build.is_compiled(), reason=f"pure build here ({_build.describe()})")
def test_the_state_is_a_compiled_class() -> None:
    state = load("quinque", 2).new_initial_state()
    assert "__mypyc_attrs__" in vars(type(state)), type(state)


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
    count = 0
    while not state.is_terminal() and count < 400:
        if count % 5 == 0:
            before = _everything(state)
            copies = [state.clone(), pickle.loads(pickle.dumps(state))]
            assert all(_everything(copy) == before for copy in copies)
            twin_seed = rng.random()
            for other in copies:
                other_rng = random.Random(twin_seed)
                for _ in range(4):
                    if not other.is_terminal():
                        _step(other, other_rng)
            assert _everything(state) == before  # the copies did not move the original
            mine = random.Random(twin_seed)
            for _ in range(4):
                if not state.is_terminal():
                    _step(state, mine)
                    count += 1
            after = _everything(state)
            assert all(_everything(copy) == after for copy in copies)
            continue
        _step(state, rng)
        count += 1
    assert count > 20
