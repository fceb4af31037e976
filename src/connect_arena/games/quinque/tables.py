"""Cached shapes and interned actions, shared by every game with the same options.

Move generation looks the formation's shape up instead of analysing it: the state keeps its
formation as an integer mask (:meth:`ActionTables.by_mask`), so after a few games nearly every
position is a cache hit and costs one look-up by an integer. Action objects are interned per
tile cell (:class:`TileTable`, keyed by the cell's integer code): a playout reuses the same few
hundred ``Mark``/``Add``/``Move`` objects instead of building thousands of frozen dataclasses.
Nothing here grows while a warm playout runs (no long-lived object is allocated, so the
garbage collector has nothing to walk).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import lru_cache
from typing import Any, Final, TypeVar, cast

from connect_arena.games.quinque import geometry as geo
from connect_arena.games.quinque.geometry import Cell
from connect_arena.games.quinque.notation import Add, Mark, Move
from connect_arena.games.quinque.options import Config
from connect_arena.games.quinque.shapes import Shape, ShapeRules, kit_for, shared

SHAPE_CACHE_LIMIT = 20_000
"""Shapes kept before the cache starts afresh: all 13,702 edge-connected shapes of up to nine
tiles fit (about 20 MB with the interned actions, 30 MB for advanced movement, which keeps the
moves of several patterns); corner connectivity and bigger boxes have more shapes."""
INTERN_LIMIT = 20_000
"""Keys kept by each table of interned actions before it starts afresh."""
SHORT_BITS: Final = 61
"""Masks below ``1 << SHORT_BITS`` are short ints in the compiled build (mypyc keeps 63-bit
tagged integers unboxed; a bigger one is a heap object, and arithmetic on it allocates)."""

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
def tables_for(rules: ShapeRules, side: int, tiles: int = 9) -> ActionTables:
    """The tables for these rules, tile size and number of tiles (the formation's largest
    extent), shared by every game that uses them."""
    return ActionTables(rules, side, tiles)


class Flags:
    """The options the rules read at every action, as attributes of a compiled class (the
    :class:`~connect_arena.games.quinque.options.Config` dataclass is interpreted, and
    reading its fields costs a look-up each): see ``Config`` for their meaning. Get them
    from :func:`flags_for`."""

    def __init__(self, cfg: Config) -> None:
        self.cfg = cfg
        self.side = cfg.side
        self.advanced = cfg.advanced
        self.same_tile_twice = cfg.same_tile_twice
        self.win_each_action = cfg.win_each_action
        self.tie_immediate = cfg.tie_immediate
        self.max_turns = cfg.max_turns
        self.opponent_wins = cfg.opponent_line == "opponent_wins"
        self.at_turn_start = cfg.opponent_line == "at_turn_start"
        self.no_action = cfg.no_action

    def __reduce__(self) -> tuple[Any, ...]:
        return (flags_for, (self.cfg,))


@lru_cache(maxsize=64)
def flags_for(cfg: Config) -> Flags:
    """The (shared) :class:`Flags` of ``cfg``."""
    return Flags(cfg)


class ActionTables:
    """Cached shapes and interned actions for one set of options (get them from
    :func:`tables_for`; they pickle as a reference to that cache).

    Attributes:
        rules: what the shapes depend on.
        kit: the rules unpacked for the analysis (:class:`~connect_arena.games.quinque.
            shapes.Kit`).
        side: skydivers per tile side.
        tiles: the number of tiles (a formation spans at most that many rows).
        rows: bits per column of a formation's mask (``tiles + 1``; see :meth:`by_mask`).
        row0: the mask of row 0 of every column.
        row0_short: ``row0`` below bit :data:`SHORT_BITS` (the same for a narrower mask).
        shapes: :class:`Shape` by translated, sorted tile cells.
        masks: :class:`Shape` by formation mask (see :meth:`by_mask`).
        skydivers: the skydivers of a tile, row by row.
        reach: the longest move of a tile, in steps.
    """

    def __init__(self, rules: ShapeRules, side: int, tiles: int) -> None:
        self.rules = rules
        self.kit = kit_for(rules)
        self.side = side
        self.tiles = tiles
        self.rows = rows = tiles + 1
        self.row0 = sum(1 << (column * rows) for column in range(tiles + 1))
        # row 0 of the columns below bit SHORT_BITS: a short (unboxed) int in the compiled
        # build, where the whole row0 (bit 90 for nine tiles) is a long, whose `&` allocates
        self.row0_short = self.row0 & ((1 << SHORT_BITS) - 1)
        # the cell of each bit of a formation's mask, shared: no tuple built per new shape
        self._cells: list[object] = [shared(divmod(bit, rows)) for bit in range(rows * rows)]
        self.shapes: dict[tuple[Cell, ...], Shape] = {}
        self.masks: dict[int, Shape] = {}
        self.skydivers: Interned[Cell, tuple[Cell, ...]] = Interned(
            lambda tile: tuple(geo.skydivers(tile, side))
        )
        self.reach = tiles + 1  # a tile lands at most one cell beyond the formation's box
        self._tiles: dict[int, TileTable] = {}
        self.grid: list[TileTable | None] = [None] * (geo.GRID * geo.GRID)
        # a formation whose origin is in [low, high] on both axes lies in the grid with the
        # cells touching it (at most `tiles` cells across, one more each side)
        self.low = 1 - geo.GRID // 2
        self.high = geo.GRID - geo.GRID // 2 - tiles - 1

    def tile(self, key: int) -> TileTable:
        """The :class:`TileTable` of the tile cell of code ``key`` (see
        :func:`~connect_arena.games.quinque.geometry.code`; kept, up to ``INTERN_LIMIT``
        cells, then the tables start afresh)."""
        found = self._tiles.get(key)
        if found is None:
            if len(self._tiles) >= INTERN_LIMIT:
                self._tiles.clear()
            found = self._tiles[key] = TileTable(geo.cell_of(key), self.side, self.reach)
        return found

    def of(self, x: int, y: int) -> TileTable:
        """:meth:`tile` of the tile cell ``(x, y)``, read from :attr:`grid` when the cell lies
        in it (a list index: no dictionary look-up, no tuple hashed)."""
        half = geo.GRID // 2
        gx, gy = x + half, y + half
        if 0 <= gx < geo.GRID and 0 <= gy < geo.GRID:
            grid = self.grid
            found = grid[gx * geo.GRID + gy]
            if found is None:
                found = grid[gx * geo.GRID + gy] = self.tile((x << geo.STRIDE_BITS) + y)
            return found
        return self.tile((x << geo.STRIDE_BITS) + y)

    def base(self, ox: int, oy: int) -> int:
        """The grid index of the formation origin ``(ox, oy)`` (a tile of a shape is at
        ``base + shape.slots[i]``, see :meth:`at`), or -1 if the formation may leave the
        grid."""
        low, high = self.low, self.high
        if low <= ox <= high and low <= oy <= high:
            half = geo.GRID // 2
            return (ox + half) * geo.GRID + oy + half
        return -1

    def at(self, base: int, slot: int, key: int) -> TileTable:
        """:meth:`tile` of code ``key``, the tile at ``slot`` (a shape's) from the origin of
        grid index ``base`` (:meth:`base`; -1: not in the grid): read from :attr:`grid`."""
        if base < 0:
            return self.tile(key)
        grid = self.grid
        found = grid[base + slot]
        if found is None:
            found = grid[base + slot] = self.tile(key)
        return found

    def __reduce__(self) -> tuple[Any, ...]:
        return (tables_for, (self.rules, self.side, self.tiles))

    def by_mask(self, mask: int) -> Shape:
        """The shape of the formation whose tile ``(x0 + i, y0 + j)`` is bit ``i * rows + j``
        of ``mask``, ``(x0, y0)`` its origin (so bit 0 of some column and some bit of column
        0 are set). The state keeps this mask as tiles come and go, so that finding the
        shape is one look-up by an integer, without sorting the tiles."""
        shape = self.masks.get(mask)
        if shape is None:
            # objects, not Cells: the compiled build would unpack and box each pair anew
            cells: list[object] = []
            rest = mask
            at = self._cells
            while rest:
                low = rest & -rest
                bit = low.bit_length() - 1
                cells.append(at[bit] if bit < len(at) else divmod(bit, self.rows))
                rest ^= low
            shape = self._shape(cast("tuple[Cell, ...]", tuple(cells)))
            self.masks[mask] = shape
        return shape

    def _shape(self, key: tuple[Cell, ...]) -> Shape:
        shape = self.shapes.get(key)
        if shape is None:
            if len(self.shapes) >= SHAPE_CACHE_LIMIT:
                self.shapes.clear()
                self.masks.clear()
            shape = Shape(key, self.kit)
            self.shapes[shape.cells] = shape
        return shape

    def locate(self, tiles: set[Cell]) -> tuple[list[Cell], Cell, Shape]:
        """The tiles sorted, the origin of their shape (smallest x, smallest y) and the shape,
        for a non-empty formation.

        Hot path: one sort, one translation and one look-up when the shape is known.
        """
        order = sorted(tiles)
        x0 = order[0][0]
        y0 = min([y for _, y in order])
        return order, (x0, y0), self._shape(tuple([(x - x0, y - y0) for x, y in order]))


class TileTable:
    """The interned actions of one tile cell (shared by every state with these options).

    Attributes:
        cell: the tile cell.
        skydivers: its skydivers, row by row.
        adds: the ``Add`` actions of the cell, one per skydiver, row by row.
        free: by occupancy mask (bit ``k``: skydiver ``k`` carries a parachute), the ``Mark``
            actions of the free skydivers, row by row (filled on first use).
        rays: the ``Move`` from the cell by an offset, by the offset's ray index
            (:func:`~connect_arena.games.quinque.geometry.ray_index`; interned, filled on
            first use).
        reach: the longest move, in steps.
    """

    __slots__ = ("adds", "cell", "free", "rays", "reach", "skydivers")

    def __init__(self, cell: Cell, side: int, reach: int) -> None:
        self.cell = cell
        self.skydivers: tuple[Cell, ...] = tuple(geo.skydivers(cell, side))
        self.adds: tuple[Add, ...] = tuple(Add(cell, s) for s in self.skydivers)
        self.free: list[tuple[Mark, ...] | None] = [None] * (1 << (side * side))
        self.reach = reach
        self.rays: list[Move | None] = [None] * (8 * reach)

    def free_marks(self, mask: int) -> tuple[Mark, ...]:
        """The ``Mark`` actions of the skydivers not in ``mask``, row by row."""
        found = self.free[mask]
        if found is None:
            found = tuple(Mark(s) for k, s in enumerate(self.skydivers) if not mask >> k & 1)
            self.free[mask] = found
        return found

    def move(self, step: int) -> Move:
        """The ``Move`` from the cell by the offset of ray index ``step`` (see
        :meth:`~connect_arena.games.quinque.shapes.Shape.steps`), made and kept in
        :attr:`rays` on first use."""
        move = self.rays[step]
        if move is None:
            dx, dy = geo.ray_offset(step, self.reach)
            cell = self.cell
            move = self.rays[step] = Move(cell, (cell[0] + dx, cell[1] + dy))
        return move
