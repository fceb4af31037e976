"""Where each tile of a formation may move, worked out once per formation *shape*.

Whether a tile may move, and where, depends on the set of tiles and the options, not on where
the formation lies on the lattice. So a formation is analysed translated to the origin — its
**shape** — and the result is reused for every position with that shape (``tables.py`` keeps
the cache; there are 13,702 shapes of one to nine edge-connected tiles).

A new process meets thousands of shapes for the first time (a search of 900 simulations meets
about 7,000), so the analysis itself is on the hot path. It works on small integers only: tile
``i`` is bit ``i`` of a *tile set*, and the free cells touching the formation — the only
cells a tile may land on (Q-4, Q-5) — are numbered in increasing ``(x, y)`` order, cell ``t``
being bit ``t`` of a *target set*. Lifting a tile leaves the other tiles in one or more
*pieces* (flood fills over the tiles' neighbour sets); the tile may land on a target touching
every piece, so that one formation remains, and then only where its movement pattern reaches
(:meth:`Shape.steps`). No long integer, tuple or dictionary is built per tile, so the compiled
build analyses a shape in a few microseconds.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from functools import lru_cache
from typing import Final

from connect_arena.games.quinque.geometry import ALL8, GRID, STRIDE_BITS, Cell, ray_offset

Pattern = tuple[tuple[Cell, ...], int, bool]
"""How a tile moves: (unit steps, maximum steps or 0 for any distance, may pass over tiles)."""
Steps = tuple[tuple[int, ...], ...]
"""Per tile of a shape, its moves as ray indices (see :meth:`Shape.steps`)."""


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


_DIRECTION: Final[tuple[int, ...]] = tuple(
    ALL8.index((i // 3 - 1, i % 3 - 1)) if i != 4 else -1 for i in range(9)
)
"""The index in :data:`~connect_arena.games.quinque.geometry.ALL8` of the unit step
``(sx, sy)`` (each -1, 0 or 1), at ``3 * (sx + 1) + sy + 1`` (-1 for ``(0, 0)``)."""


class Kit:
    """What an analysis reads from its :class:`ShapeRules`, unpacked once per rules (get it
    from :func:`kit_for`; it pickles as a reference to that cache).

    Attributes:
        rules: the rules.
        connect: the connecting neighbours (Q-4).
        directions: per pattern id, its unit steps as a set of
            :data:`~connect_arena.games.quinque.geometry.ALL8` indices (bit ``d``: step ``d``).
        max_steps: per pattern id, its longest move (0: any distance).
        through: per pattern id, whether it may pass over tiles.
    """

    __slots__ = ("connect", "directions", "max_steps", "rules", "through")

    def __init__(self, rules: ShapeRules) -> None:
        self.rules = rules
        self.connect: tuple[Cell, ...] = rules.connect_nbrs
        self.directions: list[int] = [
            sum(1 << ALL8.index(step) for step in set(steps)) for steps, _, _ in rules.patterns
        ]
        self.max_steps: list[int] = [limit for _, limit, _ in rules.patterns]
        self.through: list[bool] = [through for _, _, through in rules.patterns]

    def __reduce__(self) -> tuple[object, ...]:
        return (kit_for, (self.rules,))


@lru_cache(maxsize=16)
def kit_for(rules: ShapeRules) -> Kit:
    """The (shared) :class:`Kit` of ``rules``."""
    return Kit(rules)


_PAIRS: dict[Cell, Cell] = {}


def shared(pair: Cell) -> Cell:
    """One tuple object per pair of coordinates: cached shapes hold thousands of cells and
    offsets, nearly all small (the pairs are bounded by the largest formation allowed)."""
    return _PAIRS.setdefault(pair, pair)


class Shape:
    """A formation translated so that its smallest x and smallest y are 0.

    The targets and each tile's landing set are worked out at once; the moves of each
    pattern and the cells where a tile may be added on first use (most positions have no tile
    left to add, and advanced movement uses one pattern per tile).

    Attributes:
        cells: the tiles, sorted (the order of the tiles in the legal actions).
        codes: the tiles' codes relative to the origin (``x * STRIDE + y``, see
            :data:`~connect_arena.games.quinque.geometry.STRIDE`): a tile of a formation
            at origin code ``o`` has code ``o + codes[i]``.
        slots: the tiles' places relative to the origin in the tables' grid of tile
            tables (``x * GRID + y``, see :data:`~connect_arena.games.quinque.geometry.
            GRID`).
        kit: the rules, unpacked.
        landing: per tile, the set of :attr:`targets` where it may land leaving one formation
            (bit ``t``: ``targets[t]``; 0 if it may not move: alone, surrounded on four sides
            (Q-8), or, with ``connectivity_check=lifted``, holding the formation together).
    """

    __slots__ = (
        "_add_cells",
        "_add_codes",
        "_add_slots",
        "_free",
        "_rows",
        "_steps",
        "cells",
        "codes",
        "kit",
        "landing",
        "slots",
    )

    def __init__(self, cells: tuple[Cell, ...], kit: Kit) -> None:
        self.cells = cells
        self.codes: tuple[int, ...] = tuple([(x << STRIDE_BITS) + y for x, y in cells])
        self.slots: tuple[int, ...] = tuple([x * GRID + y for x, y in cells])
        self.kit = kit
        self._add_cells: tuple[Cell, ...] | None = None
        self._add_codes: tuple[int, ...] | None = None
        self._add_slots: tuple[int, ...] | None = None
        # _steps[pattern_id][i]: tile i's moves with that pattern as ray indices, once known.
        # Tuples, not lists: a tuple of ints leaves the garbage collector's lists at its first
        # collection, so thousands of cached shapes do not lengthen every full collection.
        self._steps: tuple[Steps | None, ...] = (None,) * len(kit.directions)
        self._free: tuple[int, ...] = ()  # the targets' grid indices (see _analyse)
        self._rows = 0
        self.landing: tuple[int, ...] = (0,) * len(cells)
        if len(cells) > 1:
            self._analyse()

    def __reduce__(self) -> tuple[object, ...]:
        # analysed afresh: the compiled (mypyc) class cannot be unpickled slot by slot
        return (Shape, (self.cells, self.kit))

    def _analyse(self) -> None:
        """Fill :attr:`targets` and :attr:`landing`.

        The cells lie on a grid with a margin of one cell, column by column: cell ``(x, y)``
        is index ``(x + 1) * rows + y + 1``, so a neighbour is a constant index away and
        increasing indices are increasing ``(x, y)``.
        """
        cells = self.cells
        n = len(cells)
        top = 0
        for _, y in cells:
            top = y if y > top else top
        rows = top + 3
        at = [-1] * ((cells[-1][0] + 3) * rows)  # grid index -> tile, -1 if free
        index = [(x + 1) * rows + y + 1 for x, y in cells]
        for i in range(n):
            at[index[i]] = i
        deltas = [dx * rows + dy for dx, dy in self.kit.connect]
        joined = [0] * n  # per tile, the set of tiles it connects to
        touching = [0] * len(at)  # per free grid cell, the set of tiles it touches
        free: list[int] = []
        for i in range(n):
            g = index[i]
            for delta in deltas:
                h = g + delta
                j = at[h]
                if j >= 0:
                    joined[i] |= 1 << j
                else:
                    if not touching[h]:
                        free.append(h)
                    touching[h] |= 1 << i
        free.sort()
        near = [0] * n  # per tile, the set of targets it touches
        for t in range(len(free)):
            touched = touching[free[t]]
            for j in range(n):
                if touched >> j & 1:
                    near[j] |= 1 << t
        self._free = tuple(free)
        self._rows = rows
        everyone = (1 << n) - 1
        lifted_check = self.kit.rules.lifted_check
        landing = [0] * n
        for i in range(n):
            g = index[i]
            if at[g - 1] >= 0 and at[g + 1] >= 0 and at[g - rows] >= 0 and at[g + rows] >= 0:
                continue  # surrounded on all four sides
            rest = everyone ^ (1 << i)
            land = -1
            parts = 0
            while rest:
                piece = rest & -rest
                while True:  # flood fill: one ring of neighbours at a time
                    grown = piece
                    for j in range(n):
                        if piece >> j & 1:
                            grown |= joined[j]
                    grown &= rest
                    if grown == piece:
                        break
                    piece = grown
                rest ^= piece
                parts += 1
                reach = 0
                for j in range(n):
                    if piece >> j & 1:
                        reach |= near[j]
                land &= reach
            if not (lifted_check and parts > 1):
                landing[i] = land
        self.landing = tuple(landing)

    @property
    def targets(self) -> tuple[Cell, ...]:
        """The free cells touching the formation (by the connecting neighbours), in
        increasing ``(x, y)`` order: the only cells a tile may land on."""
        rows = self._rows
        return tuple([shared((h // rows - 1, h % rows - 1)) for h in self._free])

    @property
    def add_cells(self) -> tuple[Cell, ...]:
        """The free cells where a new tile may go, sorted (Q-9)."""
        if self._add_cells is None:
            tiles = set(self.cells)
            found = {(x + dx, y + dy) for x, y in self.cells for dx, dy in self.kit.rules.add_nbrs}
            self._add_cells = tuple(map(shared, sorted(found - tiles)))
        return self._add_cells

    @property
    def add_codes(self) -> tuple[int, ...]:
        """:attr:`add_cells` as relative codes (see :attr:`codes`)."""
        if self._add_codes is None:
            self._add_codes = tuple([(x << STRIDE_BITS) + y for x, y in self.add_cells])
        return self._add_codes

    @property
    def add_slots(self) -> tuple[int, ...]:
        """:attr:`add_cells` as places in the grid of tile tables (see :attr:`slots`)."""
        if self._add_slots is None:
            self._add_slots = tuple([x * GRID + y for x, y in self.add_cells])
        return self._add_slots

    def rays(self, pattern_id: int, i: int, reach: int) -> tuple[int, ...]:
        """Where pattern ``pattern_id`` lets tile ``i`` move, as ray indices
        (:func:`~connect_arena.games.quinque.geometry.ray_index`, rays of ``reach`` steps),
        by destination: targets in its landing set, along one of the pattern's unit steps,
        within its reach and, unless it passes over tiles, with no tile between."""
        land = self.landing[i]
        if not land:
            return ()
        kit = self.kit
        directions = kit.directions[pattern_id]
        limit = kit.max_steps[pattern_id]
        through = kit.through[pattern_id]
        rows = self._rows
        x0, y0 = self.cells[i]
        x0 += 1  # grid coordinates (see _analyse)
        y0 += 1
        free = self._free
        found: list[int] = []
        for t in range(len(free)):
            if not land >> t & 1:
                continue
            dx = free[t] // rows - x0
            dy = free[t] % rows - y0
            if dx and dy and dx != dy and dx != -dy:
                continue  # on no row, column or diagonal through the tile
            sx = (dx > 0) - (dx < 0)
            sy = (dy > 0) - (dy < 0)
            direction = _DIRECTION[3 * sx + sy + 4]
            if not directions >> direction & 1:
                continue
            steps = dx * sx if dx else dy * sy
            if limit and steps > limit:
                continue
            if not through and self._blocked(x0 - 1, y0 - 1, sx, sy, steps):
                continue
            found.append(direction * reach + steps - 1)
        return tuple(found)

    def _blocked(self, x0: int, y0: int, sx: int, sy: int, steps: int) -> bool:
        """Whether a tile lies strictly between ``(x0, y0)`` and ``steps`` steps along
        ``(sx, sy)``."""
        codes = self.codes
        return any(((x0 + k * sx) << STRIDE_BITS) + y0 + k * sy in codes for k in range(1, steps))

    def steps(self, pattern_id: int, reach: int) -> Steps:
        """Per tile, :meth:`rays` (empty: the tile may not move): the indices of a tile's
        interned ``Move`` actions. ``reach`` is the same for every call (the tables' reach:
        a shape belongs to one table)."""
        found = self._steps[pattern_id]
        if found is None:
            found = tuple([self.rays(pattern_id, i, reach) for i in range(len(self.cells))])
            known = list(self._steps)
            known[pattern_id] = found
            self._steps = tuple(known)
        return found

    def tile_offsets(self, pattern_id: int, i: int) -> tuple[Cell, ...]:
        """Where pattern ``pattern_id`` lets tile ``i`` move, as offsets from it, sorted."""
        reach = self._rows + len(self._free)  # longer than any move within the grid
        found = self.rays(pattern_id, i, reach)
        return tuple([shared(ray_offset(index, reach)) for index in found])
