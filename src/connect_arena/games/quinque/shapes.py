"""Where each tile of a formation may move, worked out once per formation *shape*.

Whether a tile may move, and where, depends on the set of tiles and the options, not on where
the formation lies on the lattice. So a formation is analysed translated to the origin — its
**shape** — and the result is reused for every position with that shape (``tables.py`` keeps
the cache; there are only 13,702 shapes of one to nine edge-connected tiles).

The analysis works on bit masks (Python integers), so that a set operation on the whole
formation is one integer operation. In a shape of ``width × height`` tiles, cell ``(x, y)`` is
bit ``(x + 2) * rows + (y + 2)`` with ``rows = height + 4``: column by column, so that
increasing bits are increasing ``(x, y)``, with a margin of two free rows and columns — one for
the free cells touching the formation, one so that a shift never wraps from one column into
the next. A neighbour in direction ``(dx, dy)`` is a shift by ``dx * rows + dy`` bits.

Lifting a tile leaves the other tiles in one or more *pieces* (flood fills); the tile may land on
a free cell touching every piece, so that one formation remains (Q-4, Q-5), and then only where
its movement pattern reaches (:meth:`Shape.offsets`).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from functools import lru_cache
from typing import cast

from connect_arena.games.quinque.geometry import STRIDE, Cell, ray_index

Pattern = tuple[tuple[Cell, ...], int, bool]
"""How a tile moves: (unit steps, maximum steps or 0 for any distance, may pass over tiles)."""


@dataclass(frozen=True)
class ShapeRules:
    """The options a shape analysis depends on.

    Attributes:
        connect_nbrs: the neighbours that connect tiles (Q-4).
        add_nbrs: the neighbours by which a new tile touches the formation (Q-9).
        lifted_check: cut tiles may not move at all (Q-5, ``connectivity_check=lifted``).
        patterns: the movement patterns, indexed by pattern id (see ``Config.patterns``).
    """

    connect_nbrs: tuple[Cell, ...]
    add_nbrs: tuple[Cell, ...]
    lifted_check: bool
    patterns: tuple[Pattern, ...]

    def __reduce__(self) -> tuple[object, ...]:
        # field by field: the compiled (mypyc) frozen class cannot be unpickled by setattr
        return (type(self), tuple(getattr(self, f.name) for f in fields(self)))


class Frame:
    """The bit layout of shapes of ``width × height`` tiles (see the module docstring).

    Attributes:
        rows: bits per column.
        inner: the cells a tile may reach: the shape's box and one cell around it.
    """

    __slots__ = ("_lines", "_shifts", "inner", "rows")

    def __init__(self, width: int, height: int) -> None:
        self.rows = rows = height + 4
        column = ((1 << (height + 2)) - 1) << 1
        self.inner = sum(column << (x * rows) for x in range(1, width + 3))
        # The full lines through each cell of the frame: rows, columns and both diagonals.
        lines: list[dict[int, int]] = [{}, {}, {}, {}]
        for x in range(width + 4):
            for y in range(rows):
                bit = 1 << (x * rows + y)
                for axis, key in enumerate((y, x, x - y, x + y)):
                    lines[axis][key] = lines[axis].get(key, 0) | bit
        self._lines = lines
        self._shifts: dict[tuple[Cell, ...], tuple[int, ...]] = {}

    def bit(self, cell: Cell) -> int:
        """The bit of the shape cell ``cell``."""
        return 1 << ((cell[0] + 2) * self.rows + cell[1] + 2)

    def block(self, mask: int, cell: Cell) -> int:
        """The 3 × 3 cells of ``mask`` around ``cell`` as 9 bits: bit ``3 * i + j`` is cell
        ``(x + i - 1, y + j - 1)`` (see :func:`local_joins`)."""
        rows = self.rows
        low = (cell[0] + 1) * rows + cell[1] + 1  # the bit of (x - 1, y - 1)
        left, middle, right = mask >> low, mask >> (low + rows), mask >> (low + 2 * rows)
        return (left & 7) | (middle & 7) << 3 | (right & 7) << 6

    def shifts(self, neighbours: tuple[Cell, ...]) -> tuple[int, ...]:
        """The shift amounts of ``neighbours`` (each used both ways: they come in pairs)."""
        found = self._shifts.get(neighbours)
        if found is None:
            found = tuple(sorted({abs(dx * self.rows + dy) for dx, dy in neighbours}))
            self._shifts[neighbours] = found
        return found

    def cells(self, mask: int) -> list[Cell]:
        """The cells of ``mask`` in increasing order, in shape coordinates."""
        return self.offsets(mask, (0, 0))

    def offsets(self, mask: int, tile: Cell) -> list[Cell]:
        """The cells of ``mask`` as offsets from the shape cell ``tile``, increasing."""
        x0, y0 = tile[0] + 2, tile[1] + 2
        found = []
        while mask:
            low = mask & -mask
            x, y = divmod(low.bit_length() - 1, self.rows)
            found.append(shared((x - x0, y - y0)))
            mask ^= low
        return found

    def lines(self, cell: Cell, axes: tuple[int, ...]) -> int:
        """The union of the full lines through ``cell`` along ``axes`` (0 row, 1 column,
        2 diagonal, 3 anti-diagonal)."""
        x, y = cell[0] + 2, cell[1] + 2
        keys = (y, x, x - y, x + y)
        mask = 0
        for axis in axes:
            mask |= self._lines[axis][keys[axis]]
        return mask


_PAIRS: dict[Cell, Cell] = {}


def shared(pair: Cell) -> Cell:
    """One tuple object per pair of coordinates: cached shapes hold thousands of cells and
    offsets, nearly all small (the pairs are bounded by the largest formation allowed)."""
    return _PAIRS.setdefault(pair, pair)


@lru_cache(maxsize=256)
def frame(width: int, height: int) -> Frame:
    """The (shared) :class:`Frame` for shapes of ``width × height`` tiles."""
    return Frame(width, height)


def spread(mask: int, shifts: tuple[int, ...]) -> int:
    """The cells next to ``mask`` (with ``mask`` itself when it has a neighbour in it)."""
    out = 0
    for shift in shifts:
        out |= (mask << shift) | (mask >> shift)
    return out


def pieces(tiles: int, shifts: tuple[int, ...]) -> list[int]:
    """The connected pieces of ``tiles`` (flood fills, one ring of neighbours at a time)."""
    found = []
    while tiles:
        piece = tiles & -tiles
        while True:
            grown = piece
            for shift in shifts:  # spread(), inlined: this loop is most of an analysis
                grown |= (piece << shift) | (piece >> shift)
            grown &= tiles
            if grown == piece:
                break
            piece = grown
        found.append(piece)
        tiles ^= piece
    return found


@lru_cache(maxsize=4)
def local_joins(neighbours: tuple[Cell, ...]) -> tuple[bool, ...]:
    """For each 3 × 3 block of cells around a tile, whether lifting the tile surely leaves
    its neighbouring tiles joined: they are connected inside the block (a "simple" cell of
    digital topology). Bit ``3 * i + j`` of the block is cell ``(i - 1, j - 1)``; the tile
    is bit 4. ``False`` when the tile has no neighbour, or when its neighbours are not joined
    inside the block (they may still be joined further away: a flood fill decides).
    """
    table = []
    for block in range(512):
        cells = {(i - 1, j - 1) for i in range(3) for j in range(3) if block >> (3 * i + j) & 1}
        cells.discard((0, 0))
        near = [cell for cell in neighbours if cell in cells]
        joined = bool(near) and _connected_from(near[0], cells, neighbours) >= set(near)
        table.append(joined)
    return tuple(table)


def _connected_from(start: Cell, cells: set[Cell], neighbours: tuple[Cell, ...]) -> set[Cell]:
    seen = {start}
    todo = [start]
    while todo:
        x, y = todo.pop()
        for dx, dy in neighbours:
            cell = (x + dx, y + dy)
            if cell in cells and cell not in seen:
                seen.add(cell)
                todo.append(cell)
    return seen


@lru_cache(maxsize=16)
def reach_rule(pattern: Pattern) -> tuple[int, ...] | None:
    """The line axes (0 row, 1 column, 2 diagonal, 3 anti-diagonal) a pattern covers whole,
    or ``None`` when its rays must be walked (limited steps, blocked by tiles, one-way)."""
    directions, max_steps, through = pattern
    symmetric = all((-dx, -dy) in directions for dx, dy in directions)
    if max_steps or not through or not symmetric:
        return None
    return tuple(sorted({_AXIS[step] for step in directions}))


_AXIS = {(1, 0): 0, (-1, 0): 0, (0, 1): 1, (0, -1): 1, (1, 1): 2, (-1, -1): 2}
_AXIS |= {(1, -1): 3, (-1, 1): 3}
_SIDES = 0b010_101_010
"""The four edge neighbours in a 3 × 3 block (see :func:`local_joins`)."""


class Shape:
    """A formation translated so that its smallest x and smallest y are 0.

    The moves of each tile and the cells where a tile may be added are worked out on first
    use: most positions have no tile left to add, and advanced movement uses one pattern per
    tile.

    Attributes:
        cells: the tiles, sorted (the order of the tiles in the legal actions).
        codes: the tiles' codes relative to the origin (``x * STRIDE + y``, see
            :data:`~connect_arena.games.quinque.geometry.STRIDE`): a tile of a formation
            at origin code ``o`` has code ``o + codes[i]``.
        frame: its bit layout.
        occupied: the mask of the tiles.
        landing: per tile, the mask of the free cells where it may land leaving one formation
            (0 if it may not move: alone, surrounded on four sides (Q-8), or, with
            ``connectivity_check=lifted``, holding the formation together).
    """

    __slots__ = (
        "_add_cells",
        "_add_codes",
        "_complete",
        "_moves",
        "_steps",
        "cells",
        "codes",
        "frame",
        "landing",
        "occupied",
        "rules",
    )

    def __init__(self, cells: tuple[Cell, ...], rules: ShapeRules) -> None:
        self.cells = tuple(map(shared, cells))
        self.codes: tuple[int, ...] = tuple([x * STRIDE + y for x, y in cells])
        self.rules = rules
        self.frame = layout = frame(max(x for x, _ in cells) + 1, max(y for _, y in cells) + 1)
        self.occupied = sum(map(layout.bit, cells))
        self.landing = self._landing() if len(cells) > 1 else [0]
        self._add_cells: tuple[Cell, ...] | None = None
        # _moves[pattern_id][i]: tile i's moves with that pattern, once known.
        self._moves: list[list[tuple[Cell, ...] | None] | None] = [None] * len(rules.patterns)
        self._complete = 0  # bit p: every tile's moves with pattern p are known
        # _steps[pattern_id][i]: tile i's moves with that pattern as ray indices, once known.
        self._steps: list[list[tuple[int, ...]] | None] = [None] * len(rules.patterns)
        self._add_codes: tuple[int, ...] | None = None

    def __reduce__(self) -> tuple[object, ...]:
        # analysed afresh: the compiled (mypyc) class cannot be unpickled slot by slot
        return (Shape, (self.cells, self.rules))

    @property
    def add_cells(self) -> tuple[Cell, ...]:
        """The free cells where a new tile may go, sorted (Q-9)."""
        if self._add_cells is None:
            touched = spread(self.occupied, self.frame.shifts(self.rules.add_nbrs))
            self._add_cells = tuple(self.frame.cells(touched & ~self.occupied))
        return self._add_cells

    @property
    def add_codes(self) -> tuple[int, ...]:
        """:attr:`add_cells` as relative codes (see :attr:`codes`)."""
        if self._add_codes is None:
            self._add_codes = tuple([x * STRIDE + y for x, y in self.add_cells])
        return self._add_codes

    def steps(self, pattern_id: int, reach: int) -> list[tuple[int, ...]]:
        """Per tile, :meth:`offsets` as ray indices (:func:`~connect_arena.games.quinque.
        geometry.ray_index`, rays of ``reach`` steps; empty: the tile may not move): the
        indices of a tile's interned ``Move`` actions. ``reach`` is the same for every
        call (the tables' reach: a shape belongs to one table)."""
        found = self._steps[pattern_id]
        if found is None:
            found = [
                tuple([ray_index(offset, reach) for offset in offsets])
                for offsets in self.offsets(pattern_id)
            ]
            self._steps[pattern_id] = found
        return found

    def _landing(self) -> list[int]:
        """The ``landing`` masks. A tile whose neighbours stay joined around it (most tiles:
        :func:`local_joins`) leaves one piece; otherwise flood fills find the pieces."""
        layout, occupied = self.frame, self.occupied
        free = layout.inner & ~occupied
        connect = layout.shifts(self.rules.connect_nbrs)
        joins = local_joins(self.rules.connect_nbrs)
        whole_is_one = len(pieces(occupied, connect)) == 1
        landing = []
        for cell in self.cells:
            block = layout.block(occupied, cell)
            rest = occupied ^ layout.bit(cell)
            if block & _SIDES == _SIDES:  # surrounded on all four sides
                landing.append(0)
                continue
            parts = [rest] if whole_is_one and joins[block] else pieces(rest, connect)
            if self.rules.lifted_check and len(parts) > 1:
                landing.append(0)
                continue
            land = free
            for part in parts:
                land &= spread(part, connect)
            landing.append(land)
        return landing

    def offsets(self, pattern_id: int) -> list[tuple[Cell, ...]]:
        """Per tile, where pattern ``pattern_id`` lets it move, as offsets from the tile,
        sorted."""
        if not self._complete >> pattern_id & 1:
            for i in range(len(self.cells)):
                self.tile_offsets(pattern_id, i)
            self._complete |= 1 << pattern_id
        return cast("list[tuple[Cell, ...]]", self._moves[pattern_id])  # all filled in

    def tile_offsets(self, pattern_id: int, i: int) -> tuple[Cell, ...]:
        """Where pattern ``pattern_id`` lets tile ``i`` move, as offsets from it, sorted."""
        row = self._moves[pattern_id]
        if row is None:
            row = self._moves[pattern_id] = [None] * len(self.cells)
        found = row[i]
        if found is None:
            cell, land = self.cells[i], self.landing[i]
            if land:
                pattern = self.rules.patterns[pattern_id]
                axes = reach_rule(pattern)
                land &= self.frame.lines(cell, axes) if axes else self._walk(cell, pattern)
            found = row[i] = tuple(self.frame.offsets(land, cell))
        return found

    def _walk(self, cell: Cell, pattern: Pattern) -> int:
        """The cells ``pattern`` reaches from ``cell`` ray by ray, ignoring connectivity."""
        directions, max_steps, through = pattern
        reach = 0
        rows, inner, start = self.frame.rows, self.frame.inner, self.frame.bit(cell)
        for dx, dy in directions:
            shift = dx * rows + dy
            at, steps = start, 0
            while not max_steps or steps < max_steps:
                at = at << shift if shift > 0 else at >> -shift
                steps += 1
                if not at & inner or (not through and at & self.occupied):
                    break
                reach |= at
        return reach
