"""Quinque's legal actions as the engine builds them (one flat list, each tile's interned
moves copied straight in, the groups cut from it on demand), pinned to a direct computation
from the state's public queries on the positions of seeded random games under several option
sets, clones and pickles included."""

from __future__ import annotations

import pickle
import random
from collections.abc import Iterator

import pytest

from connect_arena.core import load, sample_chance_outcome
from connect_arena.games.quinque import geometry as geo
from connect_arena.games.quinque.legal import Legal
from connect_arena.games.quinque.notation import Add, Mark, Move, Pass, QuinqueAction
from connect_arena.games.quinque.rules import QuinqueState

OPTION_SETS: list[dict[str, object]] = [
    {},
    {"advanced": True},
    {"advanced": True, "connectivity": "corner", "add_adjacency": "corner"},
    {"basic_move_blocked_by_tiles": True, "basic_orthogonal_only": True},
    {"connectivity_check": "lifted", "move_same_tile_twice": False},
    {"skydivers_per_tile": 9, "tiles": 6},
]


def _positions(options: dict[str, object], seed: int, games: int) -> Iterator[QuinqueState]:
    """Every position where a seat acts in ``games`` seeded random games, and a clone of it
    (the game goes on from the original, so the clone's shared caches are exercised)."""
    rng = random.Random(seed)
    for _ in range(games):
        state = load("quinque", 2, **options).new_initial_state()
        assert isinstance(state, QuinqueState)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance_outcome(state, rng))
                continue
            yield state
            yield state.clone()
            actions = state.legal_actions()
            marks = [a for a in actions if not isinstance(a, Move)] or actions
            state.apply_action(rng.choice(marks if rng.random() < 0.4 else actions))


def _direct(state: QuinqueState) -> list[QuinqueAction]:
    """The legal list read from the state's public queries, in the engine's order: the free
    skydivers of each tile (tiles sorted, skydivers row by row), the adds (cells sorted, each
    skydiver row by row), each tile's destinations (tiles sorted), ``pass``."""
    player = state.current_player
    side = state.cfg.side
    found: list[QuinqueAction] = []
    if not state.second and state.supply[player]:
        for tile in sorted(state.tiles):
            found += [Mark(s) for s in geo.skydivers(tile, side) if s not in state.marks]
        if state.stack:
            for cell in state.add_cells():
                found += [Add(cell, s) for s in geo.skydivers(cell, side)]
    for tile in sorted(state.tiles):
        found += [Move(tile, to) for to in state.move_destinations(tile)]
    if state.second or not found:
        found.append(Pass())
    return found


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o) or "default")
def test_every_legal_list_is_the_direct_computation(options: dict[str, object]) -> None:
    seen = 0
    for state in _positions(options, seed=5, games=3):
        player = state.current_player
        expected = _direct(state)
        assert state.legal_actions(player) == expected
        legal = state.legal_grouped(player)
        assert legal.actions() == expected
        assert pickle.loads(pickle.dumps(state)).legal_actions(player) == expected
        seen += 1
    assert seen > 100


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o) or "default")
def test_the_groups_are_cut_from_the_flat_list(options: dict[str, object]) -> None:
    """``count`` marks and adds lead the flat list; the move groups hold the very objects
    of the list that follow, in order; a pickled ``Legal`` answers the same."""
    for state in _positions(options, seed=9, games=2):
        legal = state.legal_grouped(state.current_player)
        flat = legal.actions()
        assert legal.parachutes == flat[: legal.count]
        assert all(isinstance(a, Mark | Add) for a in legal.parachutes)
        moves = [m for _, group in legal.moves for m in group]
        assert all(a is b for a, b in zip(moves, flat[legal.count :], strict=False))
        assert len(moves) == len(flat) - legal.count - legal.passing
        assert (flat[-1] == Pass()) == legal.passing
        copy = pickle.loads(pickle.dumps(legal))
        assert isinstance(copy, Legal)
        assert copy.actions() == flat and copy.moves == legal.moves
        assert (copy.count, copy.origin, copy.passing, copy.stuck) == (
            legal.count,
            legal.origin,
            legal.passing,
            legal.stuck,
        )


def test_the_handed_out_list_is_the_callers_own() -> None:
    state = load("quinque", 2).new_initial_state()
    assert isinstance(state, QuinqueState)
    state.apply_action(state.legal_actions()[0])
    mine = state.legal_actions()
    mine.clear()
    assert state.legal_actions() == _direct(state) != []


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o) or "default")
def test_movers_and_each_movers_group_are_the_move_groups(options: dict[str, object]) -> None:
    """``movers`` lists the move groups' tiles in order, ``group`` gives each its group (a
    list equal to it) and ``None`` to a tile that may not move, without cutting the groups."""
    checked = 0
    for state in _positions(options, seed=13, games=2):
        legal = state.legal_grouped(state.current_player)
        fresh = pickle.loads(pickle.dumps(legal))  # its groups not cut yet
        assert fresh.movers() == legal.movers() == [tile for tile, _ in legal.moves]
        for tile, group in legal.moves:
            assert fresh.group(tile) == group
            checked += 1
        assert all(fresh.group(tile) is None for tile in state.tiles - set(legal.movers()))
        assert fresh.group((99, 99)) is None
    assert checked > 100
