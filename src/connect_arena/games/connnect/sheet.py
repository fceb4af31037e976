"""Geometry of the CO'NNN'ECT play area: cells, shapes (with rotations and mirrors), adjacency,
the order rule of claims and the arrow-line tiers. Pure functions, no game state.

Cells are 0-based integers ``row * 6 + column`` (row 0 at the top of the sheet). Their
notation is a column letter ``a``..``f`` and a row number ``1``..``6``: ``a1`` is the top-left
space, ``f6`` the bottom-right one (``docs/rules/connnect.md`` §Geometry). The rulebook's own
``R1C1`` form (row, column, 1-based) is accepted on input too. Sets of cells are bit masks
(bit ``cell``) on the hot paths.

Rulebook (EN, seed 003): "The numbers used MUST: be adjacent to each other; be arranged in
ascending or descending order; or all numbers are the same. The claimed shape can be rotated
or mirrored. If a player claims ordered numbers, adjacent numbers MUST be in the correct
order."
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from itertools import pairwise
from typing import Final

SIZE: Final = 6
"""Rows and columns of the play area (six zones of two lines each: R1 in
``docs/rules/connnect.md`` §Components)."""
CELLS: Final = SIZE * SIZE
FACES: Final = 6
"""Faces of a die: numbers run 1..6."""
COLUMN_LETTERS = "abcdef"

Cell = int
Point = tuple[int, int]
"""A ``(row, column)`` pair, 0-based, used for shapes."""

_CELL_RE = re.compile(r"([a-f])([1-6])|r([1-6])c([1-6])", re.I)


def cell_of(row: int, column: int) -> Cell:
    """The cell at 0-based ``row`` and ``column``."""
    return row * SIZE + column


def row_of(cell: Cell) -> int:
    """0-based row of ``cell``."""
    return cell // SIZE


def column_of(cell: Cell) -> int:
    """0-based column of ``cell``."""
    return cell % SIZE


def cell_name(cell: Cell) -> str:
    """``0`` → ``"a1"``, ``35`` → ``"f6"``."""
    return f"{COLUMN_LETTERS[column_of(cell)]}{row_of(cell) + 1}"


def parse_cell(text: str) -> Cell | None:
    """``"c1"``, ``"C1"`` or ``"R1C3"`` → the cell; ``None`` if ``text`` names no space."""
    match = _CELL_RE.fullmatch(text.strip())
    if match is None:
        return None
    letter, number, row, column = match.groups()
    if letter is not None:
        return cell_of(int(number) - 1, COLUMN_LETTERS.index(letter.lower()))
    return cell_of(int(row) - 1, int(column) - 1)


def mask_of(cells: Iterable[Cell]) -> int:
    """The bit mask of ``cells``."""
    mask = 0
    for cell in cells:
        mask |= 1 << cell
    return mask


def cells_of(mask: int) -> list[Cell]:
    """The cells of ``mask``, ascending."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


def adjacent(a: Cell, b: Cell) -> bool:
    """Whether two cells share a side (orthogonal adjacency, CN-7)."""
    ra, ca, rb, cb = a // SIZE, a % SIZE, b // SIZE, b % SIZE
    return abs(ra - rb) + abs(ca - cb) == 1


# ----- shapes (polyominoes) ----------------------------------------------------------------------


def parse_shape(rows: Sequence[str]) -> frozenset[Point]:
    """A shape drawn as text rows, ``X`` (or ``#``) for a cell and ``.`` for a gap.

    Example: ``["X.", "XX"]`` is the L-shaped Connect 3.

    Raises:
        ValueError: a row has another character, or the drawing has no cell.
    """
    points = set()
    for r, line in enumerate(rows):
        for c, char in enumerate(line):
            if char in "X#x":
                points.add((r, c))
            elif char not in ". ":
                raise ValueError(f"shape row {line!r} may only hold 'X' and '.'")
    if not points:
        raise ValueError("a shape needs at least one cell")
    return normalise(points)


def normalise(points: Iterable[Point]) -> frozenset[Point]:
    """Translate ``points`` so that the smallest row and column are 0."""
    pts = list(points)
    r0 = min(r for r, _ in pts)
    c0 = min(c for _, c in pts)
    return frozenset((r - r0, c - c0) for r, c in pts)


def orientations(shape: frozenset[Point]) -> list[frozenset[Point]]:
    """The distinct images of ``shape`` under the 8 rotations and mirrors, in a fixed order."""
    found: list[frozenset[Point]] = []
    for flip in (False, True):
        pts = [(r, -c) if flip else (r, c) for r, c in shape]
        for _ in range(4):
            pts = [(c, -r) for r, c in pts]  # a quarter turn
            image = normalise(pts)
            if image not in found:
                found.append(image)
    return found


def canonical(shape: Iterable[Point]) -> tuple[Point, ...]:
    """A key equal for two shapes exactly when one is a rotation/mirror of the other."""
    return min(tuple(sorted(image)) for image in orientations(normalise(shape)))


def canonical_cells(cells: Iterable[Cell]) -> tuple[Point, ...]:
    """:func:`canonical` of a set of cells of the play area."""
    return canonical((row_of(cell), column_of(cell)) for cell in cells)


def is_connected(shape: Iterable[Point]) -> bool:
    """Whether the points form one orthogonally connected piece."""
    pts = set(shape)
    if not pts:
        return False
    start = next(iter(pts))
    seen, todo = {start}, [start]
    while todo:
        r, c = todo.pop()
        for nxt in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if nxt in pts and nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen == pts


def has_path(shape: Iterable[Point]) -> bool:
    """Whether an orthogonal path visits every point once (so ordered numbers fit; CN-5)."""
    pts = list(shape)
    nbrs = {p: [q for q in pts if abs(p[0] - q[0]) + abs(p[1] - q[1]) == 1] for p in pts}

    def walk(point: Point, seen: frozenset[Point]) -> bool:
        if len(seen) == len(pts):
            return True
        return any(walk(q, seen | {q}) for q in nbrs[point] if q not in seen)

    return any(walk(p, frozenset((p,))) for p in pts)


def placements(shape: frozenset[Point]) -> list[tuple[Cell, ...]]:
    """Every placement of ``shape`` (rotated or mirrored) inside the play area.

    Returns:
        Tuples of cells (ascending), distinct, in a fixed order.
    """
    found: list[tuple[Cell, ...]] = []
    seen: set[tuple[Cell, ...]] = set()
    for image in orientations(shape):
        height = 1 + max(r for r, _ in image)
        width = 1 + max(c for _, c in image)
        for dr in range(SIZE - height + 1):
            for dc in range(SIZE - width + 1):
                cells = tuple(sorted(cell_of(r + dr, c + dc) for r, c in image))
                if cells not in seen:
                    seen.add(cells)
                    found.append(cells)
    return found


# ----- the order rule --------------------------------------------------------------------------

ORDER_RULES: Final = ("consecutive", "monotone", "cyclic")
"""CN-4: (a) +1 per step; (b) strictly monotone with gaps; (c) +1 per step, 6 → 1 wraps."""


def claim_kind(
    cells: Sequence[Cell], values: Sequence[int], order_rule: str, all_pairs: bool
) -> str | None:
    """Whether numbers on ``cells`` may be claimed together, and how.

    Args:
        cells: the cells of one shape (already known to be connected).
        values: the number on each cell (1..6), same order as ``cells``.
        order_rule: one of :data:`ORDER_RULES` (CN-4).
        all_pairs: CN-5 (b): every two adjacent cells of the shape must also be neighbours in
            the order; default (a) only needs a path through the cells in order.

    Returns:
        ``"equal"`` (all numbers the same), ``"ordered"`` (ascending along a path, hence
        descending the other way), or ``None`` when the numbers do not qualify.
    """
    if len(set(values)) == 1:
        return "equal"
    if len(set(values)) != len(values):
        return None
    ranks = _ranks(values, order_rule)
    if ranks is None:
        return None
    ordered = [cell for _, cell in sorted(zip(ranks, cells, strict=True))]
    if not all(adjacent(a, b) for a, b in pairwise(ordered)):
        return None
    if all_pairs:
        position = {cell: index for index, cell in enumerate(ordered)}
        for a in cells:
            for b in cells:
                if a < b and adjacent(a, b) and abs(position[a] - position[b]) != 1:
                    return None
    return "ordered"


def _ranks(values: Sequence[int], order_rule: str) -> list[int] | None:
    """The position of each (distinct) value in its run, or ``None`` if they form no run."""
    k = len(values)
    if order_rule == "monotone":
        return list(values)
    if order_rule == "consecutive":
        low = min(values)
        return [v - low for v in values] if max(values) - low == k - 1 else None
    for start in range(1, FACES + 1):  # cyclic: 5, 6, 1 is a run starting at 5
        ranks = [(v - start) % FACES for v in values]
        if max(ranks) == k - 1:
            return ranks
    return None


# ----- arrow lines -------------------------------------------------------------------------------


def arrow_points(values: Sequence[int], crossed: Sequence[bool], crossed_counts: bool) -> int:
    """Points of one full arrow line (end of the game, 2nd scoring row).

    "8 points: Fill the row or column with 1 to 6 in ascending or decending order; or with all
    the same number. May not have a crossed out space. 6 points: Fill the row or column with 1
    to 6, but not in order. May not have a crossed out space. 3 points: Fill all spaces in the
    line." Either reading direction counts as ascending (CN-31).

    Args:
        values: the number in each space along the line (0 for an empty space).
        crossed: whether each space was crossed out by a Move Number bonus.
        crossed_counts: CN-18: a crossed space counts as filled for the 3-point tier.

    Returns:
        8, 6, 3 or 0.
    """
    if any(v == 0 for v in values):
        return 0
    if any(crossed):
        return 3 if crossed_counts else 0
    run = list(range(1, FACES + 1))
    if list(values) in (run, run[::-1]) or len(set(values)) == 1:
        return 8
    if sorted(values) == run:
        return 6
    return 3
