"""Quinque's engine fast paths (session 43): a tile cell's table read from the grid by its
coordinates, and the origin of formations wider than a short integer's mask."""

from __future__ import annotations

import pytest

from connect_arena.games.quinque import geometry as geo
from connect_arena.games.quinque.rules import QuinqueState
from connect_arena.games.quinque.tables import SHORT_BITS
from tests.games.quinque.helpers import RED, position


def _integer_form(state: QuinqueState) -> tuple[object, ...]:
    shape = state.shape
    return (None if shape is None else shape.cells, state.mask, state.ox, state.oy)


def test_a_tile_table_read_by_its_cell_is_the_one_kept_by_its_code() -> None:
    tables = position([(0, 0), (1, 0)]).tables
    edge = geo.GRID // 2
    for x in (-edge - 1, -edge, -1, 0, 5, edge - 1, edge, 10**6):
        for y in (-edge - 1, -edge, 0, 3, edge - 1, edge, -(10**6)):
            table = tables.of(x, y)
            assert table.cell == (x, y)
            assert table is tables.tile(geo.code((x, y)))
            assert tables.of(x, y) is table  # kept, not built again


@pytest.mark.parametrize(
    ("formation", "wide"),
    [
        ([(x, 0) for x in range(8)], True),  # a row of eight: its last column is bit 70
        ([(0, 0), *((x, 1) for x in range(8))], True),  # one tile above a row: row 0 empties
        ([(0, y) for y in range(8)], False),  # a column of eight: a narrow mask
    ],
)
def test_every_move_of_a_long_formation_keeps_the_origin_and_shape(
    formation: list[tuple[int, int]], wide: bool
) -> None:
    """The origin is found on a mask wider than ``SHORT_BITS`` as on a narrow one: after
    each legal move, the kept form equals a fresh reading of the tiles."""
    state = position(formation, red=[(0, 0)], blue=[(1, 1)])
    state.sync()
    assert (state.mask >> SHORT_BITS > 0) == wide
    moves = [a for a in state.legal_actions(RED) if str(a).startswith("move")]
    assert moves
    origins = set()
    for action in moves:
        after = state.clone()
        after.apply_action(action, RED)
        fresh = after.clone()
        fresh.tiles = set(fresh.tiles)  # a new set: sync() rebuilds the form from the tiles
        fresh.sync()
        assert _integer_form(after) == _integer_form(fresh)
        origins.add((after.ox, after.oy))
    assert len(origins) > 1  # some move shifted the origin


@pytest.mark.parametrize(
    "cell", [(0, 0), (3, -1), (-3, 7), (-(2**28), 2**30), (2**28, -(2**31) + 1)]
)
def test_a_tile_code_is_x_times_the_stride_plus_y_both_ways(cell: tuple[int, int]) -> None:
    key = geo.code(cell)
    assert key == cell[0] * geo.STRIDE + cell[1]
    assert geo.cell_of(key) == cell
