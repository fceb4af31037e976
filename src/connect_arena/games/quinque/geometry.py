"""Lattice geometry for Quinque: tiles, skydivers, connectivity, moves and lines of five.

Tiles sit on cells ``(tx, ty)`` of an unbounded square lattice; with tiles of ``side × side``
skydivers, tile ``(tx, ty)`` holds the skydivers ``(side*tx + i, side*ty + j)``. All functions
are pure; sets of cells are never modified.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from collections.abc import Set as AbstractSet
from typing import Final

Cell = tuple[int, int]

ORTHOGONAL: tuple[Cell, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAGONAL: tuple[Cell, ...] = ((1, 1), (1, -1), (-1, 1), (-1, -1))
ALL8: tuple[Cell, ...] = ORTHOGONAL + DIAGONAL
LINE_AXES: tuple[Cell, ...] = ((1, 0), (0, 1), (1, 1), (1, -1))
"""One direction per line through a point: row, column and the two diagonals (Q-23)."""
LINE_LENGTH: Final = 5
STRIDE_BITS: Final = 32
STRIDE: Final = 1 << STRIDE_BITS
"""Tile cell ``(x, y)`` has the integer code ``x * STRIDE + y`` (:func:`code`): the engine's
per-tile tables are keyed by it, and a shape's cells are codes relative to its origin, so a
tile of a formation is the origin's code plus a constant, with no tuple built. Codes are
distinct while ``|y| < 2**31`` (a formation drifts by at most ``tiles`` cells a move). The
engine computes it as ``(x << STRIDE_BITS) + y`` (the same integer): the compiled build's
multiplication takes its slow, boxing path for any factor of 2**31 or more."""

GRID: Final = 64
"""Tile cells per side of the window of tile tables around ``T0,0`` (``ActionTables.grid``):
tile ``(x, y)`` is at ``(x + GRID // 2) * GRID + y + GRID // 2``, a list index computed from
the formation's origin and a shape's constant, with no integer boxed or dictionary read."""


def code(cell: Cell) -> int:
    """The integer code of the tile cell ``cell`` (see :data:`STRIDE`)."""
    return (cell[0] << STRIDE_BITS) + cell[1]


def cell_of(key: int) -> Cell:
    """The tile cell of the code ``key`` (the inverse of :func:`code`)."""
    y = (key + (STRIDE >> 1)) % STRIDE - (STRIDE >> 1)
    return ((key - y) // STRIDE, y)


def ray_index(offset: Cell, reach: int) -> int:
    """The index of a move's ``offset`` (along a row, column or diagonal, not ``(0, 0)``)
    among the rays of a tile: direction ``d`` of :data:`ALL8`, ``k`` steps (``1 <= k <=
    reach``) is ``d * reach + k - 1`` (the tables of a tile's moves are lists by it)."""
    dx, dy = offset
    steps = max(abs(dx), abs(dy))
    return ALL8.index((dx // steps, dy // steps)) * reach + steps - 1


def ray_offset(index: int, reach: int) -> Cell:
    """The offset of the ray index ``index`` (the inverse of :func:`ray_index`)."""
    direction, steps = divmod(index, reach)
    dx, dy = ALL8[direction]
    return (dx * (steps + 1), dy * (steps + 1))


def skydivers(tile: Cell, side: int) -> list[Cell]:
    """The skydivers of the tile at ``tile``, row by row."""
    x0, y0 = tile[0] * side, tile[1] * side
    return [(x0 + i, y0 + j) for j in range(side) for i in range(side)]


def tile_of(skydiver: Cell, side: int) -> Cell:
    """The tile cell that holds ``skydiver`` (floor division, so negatives work)."""
    return (skydiver[0] // side, skydiver[1] // side)


def frontier(tiles: set[Cell], neighbours: tuple[Cell, ...]) -> set[Cell]:
    """Free cells touching ``tiles`` through one of ``neighbours``."""
    return {(x + dx, y + dy) for (x, y) in tiles for dx, dy in neighbours} - tiles


def surrounded(tiles: AbstractSet[Cell], tile: Cell) -> bool:
    """Whether all four edge neighbours of ``tile`` hold tiles ("circondata su tutti e 4 i
    suoi lati"; Q-8: judged before the move)."""
    x, y = tile
    return all((x + dx, y + dy) in tiles for dx, dy in ORTHOGONAL)


def components(tiles: set[Cell], neighbours: tuple[Cell, ...]) -> tuple[dict[Cell, int], int]:
    """Label the connected components of ``tiles``.

    Returns:
        ``(label, count)``: component index (0-based) of every tile, and the number of
        components.
    """
    label: dict[Cell, int] = {}
    count = 0
    for start in tiles:
        if start in label:
            continue
        label[start] = count
        todo = [start]
        while todo:
            x, y = todo.pop()
            for dx, dy in neighbours:
                cell = (x + dx, y + dy)
                if cell in tiles and cell not in label:
                    label[cell] = count
                    todo.append(cell)
        count += 1
    return label, count


def connected(tiles: set[Cell], neighbours: tuple[Cell, ...]) -> bool:
    """Whether ``tiles`` form one formation (an empty set counts as connected)."""
    return components(tiles, neighbours)[1] <= 1


def destinations(
    tiles: set[Cell],
    tile: Cell,
    directions: tuple[Cell, ...],
    max_steps: int,
    through: bool,
    neighbours: tuple[Cell, ...],
) -> list[Cell]:
    """Free cells the tile at ``tile`` can reach along ``directions`` leaving one formation.

    A destination must touch every component of the other tiles, so that the formation is
    connected after the move (Q-5: the final state is what counts). The candidates are
    therefore the cells touching all components; each is kept if it lies on one of the
    allowed lines from ``tile`` within reach. This is the direct, per-tile computation; the
    engine uses the cached whole-formation analysis of ``shapes.py``, and the tests check
    that both agree.

    Args:
        tiles: the tiles on the table, ``tile`` included.
        tile: the tile to move.
        directions: unit steps allowed.
        max_steps: longest move in steps (0: any distance).
        through: whether the move may pass over other tiles (else it stops at the first).
        neighbours: the connectivity (edge or corner neighbours; Q-4).

    Returns:
        The destinations, sorted.
    """
    rest = tiles - {tile}
    if not rest:
        return []
    label, count = components(rest, neighbours)
    if count == 1:
        candidates = frontier(rest, neighbours)
    else:
        groups: list[set[Cell]] = [set() for _ in range(count)]
        for cell, index in label.items():
            groups[index].add(cell)
        candidates = frontier(groups[0], neighbours)
        for group in groups[1:]:
            candidates &= frontier(group, neighbours)
        candidates -= rest
    candidates.discard(tile)
    x0, y0 = tile
    found: list[Cell] = []
    for cell in candidates:
        dx, dy = cell[0] - x0, cell[1] - y0
        if dx and dy and dx != dy and dx != -dy:
            continue
        steps = abs(dx) if dx else abs(dy)
        step = (dx // steps, dy // steps)
        if step not in directions or (max_steps and steps > max_steps):
            continue
        if not through and first_blocker(tiles, tile, step, steps) is not None:
            continue
        found.append(cell)
    found.sort()
    return found


def direction_to(origin: Cell, target: Cell) -> tuple[Cell, int] | None:
    """The unit step and number of steps from ``origin`` to ``target`` along a row, column or
    diagonal, or ``None`` if ``target`` is on none of them (or equals ``origin``)."""
    dx, dy = target[0] - origin[0], target[1] - origin[1]
    if (dx, dy) == (0, 0) or (dx and dy and abs(dx) != abs(dy)):
        return None
    steps = max(abs(dx), abs(dy))
    return (dx // steps, dy // steps), steps


def first_blocker(tiles: AbstractSet[Cell], origin: Cell, step: Cell, steps: int) -> Cell | None:
    """The first tile strictly between ``origin`` and ``steps`` steps along ``step``."""
    for k in range(1, steps):
        cell = (origin[0] + k * step[0], origin[1] + k * step[1])
        if cell in tiles:
            return cell
    return None


def has_line(marks: Mapping[Cell, int], seat: int, through: Iterable[Cell] | None) -> bool:
    """Whether ``seat`` has five (or more, Q-12) parachutes in a row, column or diagonal.

    Args:
        marks: skydiver → seat of its parachute.
        seat: the colour to look for.
        through: only lines through these skydivers are considered (``None``: anywhere).
    """
    points = [p for p, s in marks.items() if s == seat] if through is None else through
    return any(marks.get(point) == seat and _in_line(marks, point, seat) for point in points)


def seats_with_lines(marks: Mapping[Cell, int], through: Iterable[Cell]) -> set[int]:
    """The seats with a line of five or more through one of the skydivers ``through``: one
    pass for both colours, since a line through a point has the colour of its parachute."""
    found: set[int] = set()
    for point in through:
        seat = marks.get(point)
        if seat is not None and seat not in found and _in_line(marks, point, seat):
            found.add(seat)
    return found


def _in_line(marks: Mapping[Cell, int], point: Cell, seat: int) -> bool:
    """Whether the parachute of ``seat`` at ``point`` is part of a line of five or more."""
    x, y = point
    for dx, dy in LINE_AXES:
        run = 1
        k = 1
        while marks.get((x + k * dx, y + k * dy)) == seat:
            run += 1
            k += 1
        k = 1
        while marks.get((x - k * dx, y - k * dy)) == seat:
            run += 1
            k += 1
        if run >= LINE_LENGTH:
            return True
    return False


def lines(marks: Mapping[Cell, int], seat: int) -> list[list[Cell]]:
    """Every maximal run of five or more of ``seat``'s parachutes (for display), each a list of
    skydivers in order."""
    found: list[list[Cell]] = []
    for (x, y), owner in sorted(marks.items()):
        if owner != seat:
            continue
        for dx, dy in LINE_AXES:
            if marks.get((x - dx, y - dy)) == seat:
                continue  # not the start of the run
            run = [(x, y)]
            while marks.get((run[-1][0] + dx, run[-1][1] + dy)) == seat:
                run.append((run[-1][0] + dx, run[-1][1] + dy))
            if len(run) >= LINE_LENGTH:
                found.append(run)
    return found
