"""The legal ids a game's root hands out (:meth:`Encoding.first`, from the engine's own legal
generation: Connect 5's ``legal.legal_indices``, the others' interned actions) are the generic
path's: each legal action's id sequence (:meth:`Encoding.encode`), its first id, ascending and
once each, on every position of random games of every game and option set."""

from __future__ import annotations

from typing import Any

import pytest

from connect_arena.core import load
from connect_arena.core.game import Action
from connect_arena.rl import Stepper, encoding_for
from tests.playouts import random_decisions
from tests.rl.test_fast_paths import CASES, _ids

MORE: list[tuple[str, dict[str, Any]]] = [
    ("connect5", {"board": "advanced", "num_players": 3, "idle_limit": 8}),
    ("connect5", {"stack_by_step": True, "retrace_rule": "previous_turn", "idle_limit": 8}),
    ("quinque", {"max_turns": 30, "tiles": 6, "parachutes": 12}),
]


@pytest.mark.parametrize(("name", "options"), CASES + MORE, ids=map(_ids, CASES + MORE))
def test_first_ids_are_the_first_ids_of_the_legal_actions(
    name: str, options: dict[str, Any]
) -> None:
    """On every position of three random games, the root's ids equal the sorted distinct first
    ids of ``encode`` of every legal action, and the stepper hands out the same list (a copy:
    changing it changes nothing); each id that completes an action alone picks that action."""
    game = load(name, **options)
    encoding = encoding_for(game)
    positions = 0
    for decision in random_decisions(game, range(3)):
        state, player, legal = decision.state, decision.player, decision.legal
        sequences = [encoding.encode(state, action) for action in legal]
        expected = sorted({sequence[0] for sequence in sequences})
        assert encoding.first(state, player).ids() == expected
        stepper = Stepper(encoding, state.clone())
        handed = stepper.legal_ids()
        assert handed == expected
        handed.append(-1)
        assert stepper.legal_ids() == expected
        top = encoding.first(state, player)
        for action, sequence in zip(legal, sequences, strict=True):
            alone = [s for s in sequences if s[0] == sequence[0]]
            if len(sequence) == 1 and len(alone) == 1:
                picked = top.pick(sequence[0])
                assert isinstance(picked, Action) and picked == action
        positions += 1
    assert positions > 30
