"""The cached, bit-mask move generator (``shapes.py``, ``tables.py``) against the direct one.

``geometry.destinations`` computes one tile's destinations straight from the rules (the pieces
of the other tiles, then the allowed lines); the engine instead looks the formation's shape up
and interns the actions. These tests build many formations — connected or not, small and large,
far from the origin — and check that both agree on every tile under every option that changes
movement, and that the legal actions keep their documented order.
"""

from __future__ import annotations

import copy
import pickle
import random

import pytest

from connect_arena.core import sample_chance_outcome
from connect_arena.games import load
from connect_arena.games.quinque import Mark, Move, explain, geometry, shapes, tables
from connect_arena.games.quinque.rules import QuinqueState
from connect_arena.games.quinque.tables import Interned
from tests.games.quinque.helpers import position

Cell = tuple[int, int]

OPTION_SETS = [
    {},
    {"advanced": True},
    {"advanced": True, "advanced_single_step": "any"},
    {"basic_move_blocked_by_tiles": True},
    {"basic_orthogonal_only": True},
    {"connectivity": "corner"},
    {"connectivity": "corner", "add_adjacency": "corner"},
    {"connectivity_check": "lifted"},
    {"connectivity": "corner", "connectivity_check": "lifted", "advanced": True},
]
IDS = [",".join(f"{k}={v}" for k, v in o.items()) or "default" for o in OPTION_SETS]


def _grow(rng: random.Random, size: int, corner: bool) -> set[Cell]:
    """A random connected formation of ``size`` tiles."""
    steps = geometry.ALL8 if corner else geometry.ORTHOGONAL
    tiles = {(0, 0)}
    while len(tiles) < size:
        x, y = rng.choice(sorted(tiles))
        dx, dy = rng.choice(steps)
        tiles.add((x + dx, y + dy))
    return tiles


def _formation(rng: random.Random, corner: bool) -> set[Cell]:
    """Mostly one formation of 2 to 30 tiles; sometimes two apart (set up by hand only)."""
    ox, oy = rng.randint(-60, 60), rng.randint(-60, 60)
    tiles = {(x + ox, y + oy) for x, y in _grow(rng, rng.randint(2, 30), corner)}
    if rng.random() < 0.15:
        far = rng.randint(3, 6)
        tiles |= {(x + ox + far, y + oy - far) for x, y in _grow(rng, rng.randint(1, 4), corner)}
    return tiles


def _random_position(rng: random.Random, options: dict[str, object]) -> QuinqueState:
    corner = options.get("connectivity") == "corner"
    tiles = _formation(rng, corner)
    red: list[Cell] = []
    for tx, ty in sorted(tiles):  # 0 to 4 parachutes per tile (patterns of advanced moves)
        spots = [(2 * tx + i, 2 * ty + j) for j in (0, 1) for i in (0, 1)]
        red += rng.sample(spots, rng.randint(0, 4))
    return position(tiles, red=red, supply=(1, 1), tiles=40, parachutes=80, **options)


def _reference_moves(state: QuinqueState) -> list[tuple[Cell, Cell]]:
    """Moves from the direct computation, by tile then destination."""
    found = []
    for tile in sorted(state.tiles):
        if explain.move_block(state, tile) is not None:
            continue
        directions, max_steps, through = state.move_pattern(tile)
        for to in geometry.destinations(
            state.tiles, tile, directions, max_steps, through, state.cfg.connect_nbrs
        ):
            found.append((tile, to))
    return found


@pytest.mark.parametrize("options", OPTION_SETS, ids=IDS)
def test_every_tile_moves_as_the_direct_computation_says(options: dict[str, object]) -> None:
    rng = random.Random(3)
    for _ in range(150):
        state = _random_position(rng, options)
        moves = [(a.tile, a.to) for a in state.legal_actions() if isinstance(a, Move)]
        assert moves == _reference_moves(state), sorted(state.tiles)
        tile = rng.choice(sorted(state.tiles))
        expected = [to for origin, to in moves if origin == tile]
        assert state.move_destinations(tile) == expected


@pytest.mark.parametrize("options", OPTION_SETS, ids=IDS)
def test_legal_actions_keep_their_order_through_random_games(options: dict[str, object]) -> None:
    """Marks by tile then skydiver (row by row), adds by cell then skydiver, moves by tile then
    destination, ``pass`` last: the order of the direct generator, so seeded playouts replay."""
    rng = random.Random(5)
    for _ in range(4):
        state = load("quinque", **options).new_initial_state()
        assert isinstance(state, QuinqueState)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance_outcome(state, rng))
                continue
            actions = state.legal_actions()
            assert [str(a) for a in actions] == _reference_actions(state)
            state.apply_action(rng.choice(actions))


def _reference_actions(state: QuinqueState) -> list[str]:
    player = state.current_player
    moves = [f"move T{a},{b} T{c},{d}" for (a, b), (c, d) in _reference_moves(state)]
    if state.second:
        return [*moves, "pass"]
    first: list[str] = []
    if state.supply[player]:
        side = state.cfg.side
        for tile in sorted(state.tiles):
            free = [s for s in geometry.skydivers(tile, side) if s not in state.marks]
            first += [f"mark {x},{y}" for x, y in free]
        if state.stack:
            cells = sorted(geometry.frontier(state.tiles, state.cfg.add_nbrs)) or [(0, 0)]
            for tx, ty in cells:
                first += [f"add T{tx},{ty} {x},{y}" for x, y in geometry.skydivers((tx, ty), side)]
    return [*first, *moves] or ["pass"]


def test_the_shape_cache_starts_afresh_when_full(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tables, "SHAPE_CACHE_LIMIT", 3)
    rng = random.Random(9)
    for _ in range(20):
        state = _random_position(rng, {})
        moves = [(a.tile, a.to) for a in state.legal_actions() if isinstance(a, Move)]
        assert moves == _reference_moves(state)
        assert len(state.tables.shapes) <= 3


def test_interned_values_are_built_once_and_bounded() -> None:
    built: list[int] = []

    def make(key: int) -> str:
        built.append(key)
        return str(key)

    table: Interned[int, str] = Interned(make, limit=2)
    assert table[1] == "1" and table[1] == "1" and built == [1]
    assert table[2] == "2" and table[3] == "3"  # the third key found the table full
    assert len(table) <= 2 and built == [1, 2, 3]


def test_a_shape_is_shared_by_its_translations() -> None:
    here = position([(0, 0), (1, 0), (1, 1)], red=[(0, 0)])
    there = position([(10, -7), (11, -7), (11, -6)], red=[(20, -14)])
    here.legal_actions()
    there.legal_actions()
    key = ((0, 0), (1, 0), (1, 1))
    assert here.tables is there.tables and key in here.tables.shapes
    shifted = [(x + 10, y - 7) for x, y in here.move_destinations((0, 0))]
    assert there.move_destinations((10, -7)) == shifted


def test_states_pickle_and_copy_sharing_the_tables() -> None:
    state = position([(0, 0), (1, 0)], red=[(0, 0)], blue=[(2, 0)])
    for twin in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
        assert twin.tables is state.tables
        assert twin.legal_actions() == state.legal_actions()


def test_actions_are_interned_but_equal_to_fresh_ones() -> None:
    first = position([(0, 0), (1, 0)], red=[(0, 0)], blue=[(2, 0)]).legal_actions()
    again = position([(0, 0), (1, 0)], red=[(0, 0)], blue=[(2, 0)]).legal_actions()
    assert all(a is b for a, b in zip(first, again, strict=True))
    assert Move((1, 0), (0, 1)) in first and Mark((1, 0)) in first


def test_a_lifted_tile_lands_only_where_it_joins_every_piece_left() -> None:
    edge = load("quinque").new_initial_state().tables.kit
    corner = load("quinque", connectivity="corner").new_initial_state().tables.kit
    row = shapes.Shape(((0, 0), (1, 0), (2, 0)), edge)
    assert row.landing[1] == 0 and row.tile_offsets(0, 1) == ()  # the middle holds it together
    assert row.tile_offsets(0, 0) == ((1, -1), (1, 1), (3, 0))  # on its lines, beside the rest
    bend = ((0, 1), (1, 0), (1, 1))
    assert shapes.Shape(bend, edge).tile_offsets(0, 2) == ((-1, -1),)  # joins both ends
    # corner connectivity: (0, 1) and (1, 0) stay joined; (1, 1) lands anywhere on its lines
    assert shapes.Shape(bend, corner).tile_offsets(0, 2) == (
        (-2, 0), (-1, -1), (-1, 1), (0, -2), (0, 1), (1, -1), (1, 0),
    )  # fmt: skip
    assert shapes.Shape(((0, 0),), edge).landing == (0,)  # alone


def _polyominoes(size: int, steps: tuple[Cell, ...]) -> set[tuple[Cell, ...]]:
    """Every shape of 1 to ``size`` tiles connected by ``steps``, translated to the origin."""
    found: set[tuple[Cell, ...]] = set()
    layer = {((0, 0),)}
    for _ in range(size):
        found |= layer
        grown = set()
        for cells in layer:
            for x, y in cells:
                for dx, dy in steps:
                    new = set(cells) | {(x + dx, y + dy)}
                    if len(new) > len(cells):
                        x0, y0 = min(a for a, _ in new), min(b for _, b in new)
                        grown.add(tuple(sorted((a - x0, b - y0) for a, b in new)))
        layer = grown
    return found


@pytest.mark.parametrize("options", OPTION_SETS, ids=IDS)
def test_every_small_shape_moves_as_the_direct_computation_says(
    options: dict[str, object],
) -> None:
    """Every shape of up to 6 edge-connected (4 corner-connected) tiles, every tile, every
    movement pattern: the analysis against ``geometry.destinations`` and the rules that stop
    a tile (alone, surrounded on four sides, or holding the formation together when
    ``connectivity_check=lifted``)."""
    state = load("quinque", **options).new_initial_state()
    assert isinstance(state, QuinqueState)
    cfg, kit = state.cfg, state.tables.kit
    corner = options.get("connectivity") == "corner"
    every = _polyominoes(4 if corner else 6, cfg.connect_nbrs)
    assert len(every) == (135 if corner else 307)  # fixed polyominoes (and king-connected)
    for cells in sorted(every):
        shape = shapes.Shape(cells, kit)
        for i, tile in enumerate(cells):
            rest = set(cells) - {tile}
            around = {(tile[0] + dx, tile[1] + dy) for dx, dy in geometry.ORTHOGONAL}
            stuck = not rest or around <= rest
            if cfg.lifted_check and not geometry.connected(rest, cfg.connect_nbrs):
                stuck = True
            for pattern_id, (directions, limit, through) in enumerate(cfg.patterns):
                expected = [] if stuck else geometry.destinations(
                    set(cells), tile, directions, limit, through, cfg.connect_nbrs
                )  # fmt: skip
                offsets = [(tile[0] + dx, tile[1] + dy) for dx, dy in shape.tile_offsets(
                    pattern_id, i
                )]  # fmt: skip
                assert offsets == expected, (cells, tile, pattern_id)
                rays = shape.steps(pattern_id, 10)[i]
                assert [geometry.ray_offset(r, 10) for r in rays] == [
                    (x - tile[0], y - tile[1]) for x, y in expected
                ]
