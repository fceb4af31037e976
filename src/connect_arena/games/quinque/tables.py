"""Cached shapes and interned actions, shared by every game with the same options.

Move generation looks the formation's shape up (:meth:`ActionTables.locate`) instead of
analysing it: after a few games nearly every position is a cache hit and costs one sort and one
dictionary look-up. Action objects are interned too: a playout reuses the same few hundred
``Mark``/``Add``/``Move`` objects instead of building thousands of frozen dataclasses.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import lru_cache
from typing import Any, TypeVar

from connect_arena.games.quinque import geometry as geo
from connect_arena.games.quinque.geometry import Cell
from connect_arena.games.quinque.notation import Add, Mark, Move
from connect_arena.games.quinque.shapes import Shape, ShapeRules

SHAPE_CACHE_LIMIT = 20_000
"""Shapes kept before the cache starts afresh: all 13,702 edge-connected shapes of up to nine
tiles fit (about 20 MB with the interned actions, 30 MB for advanced movement, which keeps the
moves of several patterns); corner connectivity and bigger boxes have more shapes."""
INTERN_LIMIT = 20_000
"""Keys kept by each table of interned actions before it starts afresh."""

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Interned(dict[K, V]):
    """A dictionary that builds a missing value with ``make(key)`` and keeps it (up to
    ``limit`` keys, then it starts afresh, so memory stays bounded on an unbounded lattice)."""

    __slots__ = ("limit", "make")

    def __init__(self, make: Callable[[K], V], limit: int = INTERN_LIMIT) -> None:
        super().__init__()
        self.make = make
        self.limit = limit

    def __missing__(self, key: K) -> V:
        if len(self) >= self.limit:
            self.clear()
        value = self[key] = self.make(key)
        return value


@lru_cache(maxsize=8)
def tables_for(rules: ShapeRules, side: int) -> ActionTables:
    """The tables for these rules and tile size, shared by every game that uses them."""
    return ActionTables(rules, side)


class ActionTables:
    """Cached shapes and interned actions for one set of options (get them from
    :func:`tables_for`; they pickle as a reference to that cache).

    Attributes:
        rules: what the shapes depend on.
        side: skydivers per tile side.
        shapes: :class:`Shape` by translated, sorted tile cells.
        skydivers: the skydivers of a tile, row by row.
        marks_on: ``(skydiver, Mark)`` for each skydiver of a tile, row by row.
        adds_at: the ``Add`` actions of a tile cell, one per skydiver, row by row.
        moves_from: ``Move`` actions from a tile, by offset to the destination.
    """

    def __init__(self, rules: ShapeRules, side: int) -> None:
        self.rules = rules
        self.side = side
        self.shapes: dict[tuple[Cell, ...], Shape] = {}
        self.skydivers: Interned[Cell, tuple[Cell, ...]] = Interned(
            lambda tile: tuple(geo.skydivers(tile, side))
        )
        self.marks_on: Interned[Cell, tuple[tuple[Cell, Mark], ...]] = Interned(
            lambda tile: tuple((s, Mark(s)) for s in self.skydivers[tile])
        )
        self.adds_at: Interned[Cell, tuple[Add, ...]] = Interned(
            lambda tile: tuple(Add(tile, s) for s in self.skydivers[tile])
        )
        self.moves_from: Interned[Cell, Interned[Cell, Move]] = Interned(_move_table)
        self.tile: Interned[int, TileTable] = Interned(self._tile_table)
        """:class:`TileTable` by tile code (:func:`~connect_arena.games.quinque.geometry.code`)."""

    def _tile_table(self, key: int) -> TileTable:
        return TileTable(geo.cell_of(key), self.side)

    def __reduce__(self) -> tuple[Any, ...]:
        return (tables_for, (self.rules, self.side))

    def locate(self, tiles: set[Cell]) -> tuple[list[Cell], Cell, Shape]:
        """The tiles sorted, the origin of their shape (smallest x, smallest y) and the shape,
        for a non-empty formation.

        Hot path: one sort, one translation and one look-up when the shape is known.
        """
        order = sorted(tiles)
        x0 = order[0][0]
        y0 = min([y for _, y in order])
        key = tuple([(x - x0, y - y0) for x, y in order])
        shape = self.shapes.get(key)
        if shape is None:
            if len(self.shapes) >= SHAPE_CACHE_LIMIT:
                self.shapes.clear()
            shape = Shape(key, self.rules)
            self.shapes[shape.cells] = shape
        return order, (x0, y0), shape


class TileTable:
    """The interned actions of one tile cell (shared by every state with these options).

    Attributes:
        cell: the tile cell.
        skydivers: its skydivers, row by row.
        adds: the ``Add`` actions of the cell, one per skydiver, row by row.
        free: by occupancy mask (bit ``k``: skydiver ``k`` carries a parachute), the ``Mark``
            actions of the free skydivers, row by row (filled on first use).
        moves: by offsets id (:func:`~connect_arena.games.quinque.shapes.offsets_id`), the
            ``Move`` actions from the cell by those offsets (filled on first use; the
            ids are never reused, so a key always means the same offsets).
    """

    __slots__ = ("adds", "cell", "free", "moves", "skydivers")

    def __init__(self, cell: Cell, side: int) -> None:
        self.cell = cell
        self.skydivers: tuple[Cell, ...] = tuple(geo.skydivers(cell, side))
        self.adds: tuple[Add, ...] = tuple(Add(cell, s) for s in self.skydivers)
        self.free: list[tuple[Mark, ...] | None] = [None] * (1 << (side * side))
        self.moves: dict[int, list[Move]] = {}

    def free_marks(self, mask: int) -> tuple[Mark, ...]:
        """The ``Mark`` actions of the skydivers not in ``mask``, row by row."""
        found = self.free[mask]
        if found is None:
            found = tuple(
                Mark(s) for k, s in enumerate(self.skydivers) if not mask >> k & 1
            )
            self.free[mask] = found
        return found

    def moves_by(self, oid: int, offsets: tuple[Cell, ...]) -> list[Move]:
        """The ``Move`` actions by ``offsets`` (whose id is ``oid``), by destination (shared:
        do not modify)."""
        found = self.moves.get(oid)
        if found is None:
            x, y = self.cell
            found = [Move(self.cell, (x + dx, y + dy)) for dx, dy in offsets]
            if len(self.moves) >= INTERN_LIMIT:
                self.moves.clear()
            self.moves[oid] = found
        return found


def _move_table(tile: Cell) -> Interned[Cell, Move]:
    x, y = tile
    return Interned(lambda offset: Move(tile, (x + offset[0], y + offset[1])))
