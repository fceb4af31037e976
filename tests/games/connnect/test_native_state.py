"""CO'NNN'ECT's state as a native (mypyc-compiled) class: its explicit ``clone()`` and its
pickling copy every attribute, so a copy taken anywhere along a random playout plays on
exactly as the original does (the old clone copied the instance ``__dict__``), and neither
moves the other."""

from __future__ import annotations

import random
from typing import Any

import pytest

from connect_arena.core import load
from connect_arena.games.connnect.rules import ConnnectState
from tests.playouts import check_copies_play_on


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
    check_copies_play_on(state, rng, _everything, every=7, span=5, limit=100_000)
    assert state.is_terminal()
