"""The legal actions as their table indices (``legal.legal_indices``, the research adapters'
ids): the same actions, in the same order, as ``legal_actions``, on every position of random
games under every option set."""

from __future__ import annotations

import pytest

from connect_arena.games.connect5 import legal
from connect_arena.games.connect5.notation import Jump, Pass
from tests.games.connect5.test_fast_paths import documented_index
from tests.games.connect5.test_properties import OPTION_SETS, playout


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o) or "defaults")
@pytest.mark.parametrize(("board", "players"), [("t1", 3), ("basic", 2), ("advanced", 5)])
def test_legal_indices_name_the_legal_actions_in_order(
    board: str, players: int, options: dict[str, object]
) -> None:
    """Each index names, through ``tables.by_index``, the action ``legal_actions`` lists at
    that place (captures apart, as ``keyed_actions`` gives them); the indices ascend and are
    the documented ones."""
    seen = 0
    for state in playout(board, players, options, 7, 300):
        player = state.current_player
        indices, captures = legal.legal_indices(state, player)
        by_index = state.cfg.tables.by_index
        named = [by_index[index] for index in indices]
        assert (named + captures or [Pass()]) == legal.legal_actions(state, player)
        assert indices == sorted(set(indices))
        assert all(type(action) is Jump for action in captures)
        assert indices == [documented_index(state, action) for action in named]  # type: ignore[arg-type]
        pairs, keyed_captures = legal.keyed_actions(state, player)
        assert indices == [index for index, _ in pairs] and captures == keyed_captures
        seen += len(indices)
    assert seen > 20  # (a small board and a short game: a few dozen)


@pytest.mark.parametrize("board", ["t1", "basic", "advanced"])
def test_every_index_names_its_action(board: str) -> None:
    """``tables.by_index`` holds each interned placement, stack, step and split at its index,
    and nothing elsewhere (a dot with fewer links leaves a hole)."""
    from connect_arena.games.connect5.boards import load_board
    from connect_arena.games.connect5.tables import tables
    from connect_arena.games.connect5.topology import topology

    tab = tables(topology(load_board(board)))
    expected: dict[int, object] = {}
    for index, action in (*tab.keyed_place, *tab.keyed_stack):
        expected[index] = action
    for row in tab.keyed_steps:
        for _, (at, step), (where, split), _ in row:
            expected[at], expected[where] = step, split
    assert len(tab.by_index) == tab.split_base + len(tab.ids) * tab.links
    for index, action in enumerate(tab.by_index):
        assert action is expected.get(index)
    assert list(tab.index_place) == list(range(len(tab.ids)))
    assert [entry[1:3] for row in tab.index_steps for entry in row] == [
        (step[0], split[0]) for row in tab.keyed_steps for _, step, split, _ in row
    ]
