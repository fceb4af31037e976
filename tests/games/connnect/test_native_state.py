"""CO'NNN'ECT's state as a native (mypyc-compiled) class: its explicit ``clone()`` and its
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
from connect_arena.games.connnect.rules import ConnnectState


def _step(state: ConnnectState, rng: random.Random) -> None:
    """One random action (chance drawn by its probabilities; any active seat)."""
    if state.is_chance_node():
        state.apply_legal_action(sample_chance_outcome(state, rng), CHANCE)
    else:
        seat = rng.choice(sorted(state.active_players()))
        state.apply_legal_action(rng.choice(state.legal_actions(seat)), seat)


def _everything(state: ConnnectState) -> dict[str, Any]:
    """What a copy must agree on: the whole position, who acts, every seat's actions."""
    seats = range(state.num_players)
    return {
        "revealed": state.revealed_observation(),
        "public": state.public_observation(),
        "seen": [state.observation(seat) for seat in seats],
        "current": state.current_player,
        "active": state.active_players(),
        "legal": [[str(a) for a in state.legal_actions(seat)] for seat in seats]
        if not state.is_chance_node()
        else [str(a) for a in state.legal_actions()],
        "returns": state.returns(),
        "history": [(e.player, str(e.action), e.simultaneous) for e in state.history],
        "phase": (state.phase, state.round, state.setup_step, state.roll_queue),
    }


@pytest.mark.skipif(not _build.is_compiled(), reason=f"pure build here ({_build.describe()})")
def test_the_state_is_a_compiled_class() -> None:
    state = load("connnect", 2).new_initial_state()
    assert "__mypyc_attrs__" in vars(type(state)), type(state)


@pytest.mark.parametrize(
    ("players", "options", "seed"),
    [
        (2, {}, 0),
        (3, {"move_source": "empty", "adjust": "split", "objectives": "decreasing"}, 1),
        (4, {"setup": "individual", "setup_spaces": "groups", "elimination": "keep_score"}, 2),
        (1, {}, 3),
    ],
)
def test_clones_and_pickles_play_on_as_the_original(
    players: int, options: dict[str, object], seed: int
) -> None:
    rng = random.Random(seed)
    state = load("connnect", players, **options).new_initial_state()
    assert isinstance(state, ConnnectState)
    count = 0
    while not state.is_terminal():
        if count % 7 == 0:
            before = _everything(state)
            clone = state.clone()
            copy = pickle.loads(pickle.dumps(state))
            assert _everything(clone) == before
            assert _everything(copy) == before
            # the same random choices from here: the copies follow the original exactly
            twin_seed = rng.random()
            for other in (clone, copy):
                other_rng = random.Random(twin_seed)
                for _ in range(5):
                    if not other.is_terminal():
                        _step(other, other_rng)
            assert _everything(state) == before  # the copies did not move the original
            mine = random.Random(twin_seed)
            for _ in range(5):
                if not state.is_terminal():
                    _step(state, mine)
                    count += 1
            after = _everything(state)
            assert _everything(clone) == after
            assert _everything(copy) == after
            continue
        _step(state, rng)
        count += 1
    assert state.is_terminal()
