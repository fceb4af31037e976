"""Quinque's root (:class:`~connect_arena.rl.encoding.quinque.QuinqueRoot`) lists the legal
first ids from the engine's groups and expands a move's first step from its tile's group
alone, without the root node: on every position of seeded random games under several option
sets, the ids are the generic path's (the sorted first ids of ``encode`` of every legal
action) and each move's first id leads to exactly its tile's second ids and moves."""

from __future__ import annotations

from typing import Any

import pytest

from connect_arena.core import load
from connect_arena.games.quinque.notation import Move
from connect_arena.rl import Stepper, encoding_for
from connect_arena.rl.encoding.quinque import QuinqueEncoding, QuinqueRoot
from tests.playouts import random_decisions

OPTION_SETS: list[dict[str, Any]] = [
    {"max_turns": 40},
    {"max_turns": 40, "advanced": True},
    {"max_turns": 30, "connectivity": "corner", "add_adjacency": "corner"},
    {"max_turns": 30, "skydivers_per_tile": 9, "tiles": 6},
    {"max_turns": 30, "skydivers_per_tile": 1, "tiles": 30, "parachutes": 12},
    {"max_turns": 30, "move_same_tile_twice": False, "first_player": "1"},
]


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o))
def test_root_ids_and_children_are_the_generic_paths(options: dict[str, Any]) -> None:
    game = load("quinque", 2, **options)
    encoding = encoding_for(game)
    assert isinstance(encoding, QuinqueEncoding)
    children = 0
    for decision in random_decisions(game, range(2)):
        state, rng, player, legal = decision.state, decision.rng, decision.player, decision.legal
        sequences = [encoding.encode(state, action) for action in legal]
        root = encoding.first(state, player)
        assert isinstance(root, QuinqueRoot)
        assert root.ids() == sorted({sequence[0] for sequence in sequences})
        expected: dict[int, dict[int, Any]] = {}
        for action, sequence in zip(legal, sequences, strict=True):
            if isinstance(action, Move):
                expected.setdefault(sequence[0], {})[sequence[1]] = action
        for first, node in expected.items():
            assert root.child(first) == node
            children += 1
        # any other id has no child: a parachute, pass, a tile that may not move, a cell
        others = set(range(encoding.num_distinct_actions)) - set(expected)
        assert all(root.child(i) is None for i in rng.sample(sorted(others), 40))
        assert root._node is None  # none of this built the root node
        stepper = Stepper(encoding, state.clone())
        assert stepper.legal_ids() == root.ids()
        for step in encoding.encode(state, decision.action):
            stepper.apply_id(step)
        after = state.clone()
        after.apply_legal_action(decision.action, player)
        assert stepper.state.history == after.history
    assert children > 50


def test_a_first_step_of_a_tile_that_may_not_move_is_refused() -> None:
    """The stepper asks the root node when :meth:`QuinqueRoot.child` has no answer: an id of
    a tile that may not move is refused and changes nothing."""
    game = load("quinque", 2, first_player="0")
    encoding = encoding_for(game)
    assert isinstance(encoding, QuinqueEncoding)
    stepper = Stepper(encoding, game.new_initial_state())
    stepper.apply_id(stepper.legal_ids()[0])  # the first tile, marked: it may not move
    before = list(stepper.state.history)
    tile_id = encoding.move_from + 1 * encoding.width + 1  # T0,0 in the window
    with pytest.raises(ValueError, match="not legal"):
        stepper.apply_id(tile_id)
    assert stepper.state.history == before and stepper.prefix == ()
