"""Connect 5 boards as data: the board file format, its parser and its static validator.

A board file (TOML, format ``connect-arena/connect5-board@1``; ``docs/rules/connect5.md``
§Board files) lists **dots** (single or circled), dot-less **junctions** and **lines**. A line
is a path of node ids, optionally with ``[x, y]`` waypoints where the line bends between two
nodes; each stretch from one node to the next is a **segment**. Nothing else is listed: which
arms of a node are in line ("straight"), T-connections and crossings are derived from the
coordinates (``x`` east, ``y`` north), and the adjacency of dots, the jumps and the paths of a
Connect 5 from those (``topology.py``).

Example::

    format = "connect-arena/connect5-board@1"
    id = "tiny"
    name = "A tiny board"
    dots = [{ id = "a", x = 0, y = 0, kind = "circled" }, { id = "b", x = 1, y = 0 }]
    junctions = [{ id = "J", x = 2, y = 0 }]
    lines = [["a", "b", "J", "c"], ["J", [2, 1], "d"]]

This module holds the board model; ``boardfile.py`` reads and checks files, ``boards.py``
loads the shipped boards and runs the checks that need the derived adjacency.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from connect_arena.core.errors import GameError
from connect_arena.games.connect5.geometry import Point

BOARD_FORMAT = "connect-arena/connect5-board@1"
ID_PATTERN = re.compile(r"[A-Za-z][A-Za-z0-9_]{0,15}")
RESERVED_IDS = frozenset({"over", "to", "pass", "first", "starter"})
"""Words the notation reads specially, so no id: ``over`` and ``to`` inside a capture, a
bare ``pass``, and ``first`` (the chance action's verb; ``starter`` is its old form)."""
SYMMETRIES = ("none", "half-turn", "quarter-turn")


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a board file.

    Attributes:
        element: what is wrong, e.g. ``"dots[3] 'c3'"``, ``"lines[2]"`` or ``"file"``.
        message: why, for the author of the file.
        line: 1-based line of the file where the element is, if known.
    """

    element: str
    message: str
    line: int | None = None

    def __str__(self) -> str:
        where = f"line {self.line}, " if self.line is not None else ""
        return f"{where}{self.element}: {self.message}"


class BoardError(GameError):
    """A board file cannot be read or is not a valid board.

    Attributes:
        source: the file (or board name) at fault.
        problems: every problem found, in file order as far as possible.
    """

    def __init__(self, source: str, problems: list[Problem]) -> None:
        count = len(problems)
        head = f"{source}: {count} problem{'s' if count != 1 else ''} in the board"
        super().__init__("\n  ".join([head, *map(str, problems)]))
        self.source = source
        self.problems = problems


@dataclass(frozen=True, slots=True)
class Node:
    """A dot or a dot-less junction.

    Attributes:
        id: the id used in the notation (dots) or in messages (junctions).
        x: east coordinate, board units.
        y: north coordinate, board units.
        dot: whether tokens may stand here (a dot) or not (a junction).
        circled: for dots, whether it is a circled dot ("pallino nero cerchiato").
    """

    id: str
    x: float
    y: float
    dot: bool
    circled: bool = False

    @property
    def point(self) -> Point:
        """``(x, y)``."""
        return (self.x, self.y)


@dataclass(frozen=True, slots=True)
class Segment:
    """A stretch of line from node ``a`` to node ``b`` (node indices), straight or bent.

    Attributes:
        points: the polyline from ``a`` to ``b``, waypoints included.
        straight: whether the polyline keeps one direction.
        line: index of the line in the file that holds it (for messages).
    """

    a: int
    b: int
    points: tuple[Point, ...]
    straight: bool
    line: int


@dataclass(frozen=True, slots=True)
class Arm:
    """A segment leaving a node.

    Attributes:
        segment: the segment's index.
        direction: unit vector of the segment as it leaves the node.
        other: the node at the segment's other end.
    """

    segment: int
    direction: Point
    other: int


@dataclass(frozen=True, eq=False)
class Board:
    """A validated board. Dots are nodes ``0 .. num_dots - 1``; junctions follow.

    Attributes:
        id: the board's short name (``board=`` option).
        name: display name.
        description: free text.
        origin: where the layout comes from (e.g. "Connect Arena design, not the printed
            board").
        symmetry: the declared symmetry, checked by the validator.
        source: the file it was read from.
        nodes: dots, then junctions.
        num_dots: number of dots.
        segments: every segment.
        arms: per node, its arms (at most 4).
        opposite: per node and arm, the index of the arm in line with it, or ``-1``.
    """

    id: str
    name: str
    description: str
    origin: str
    symmetry: str
    source: str
    nodes: tuple[Node, ...]
    num_dots: int
    segments: tuple[Segment, ...]
    arms: tuple[tuple[Arm, ...], ...]
    opposite: tuple[tuple[int, ...], ...]
    _index: Mapping[str, int] = field(repr=False)

    @property
    def dots(self) -> tuple[Node, ...]:
        """The dots, in file order (the order of legal actions)."""
        return self.nodes[: self.num_dots]

    def find(self, name: str) -> int | None:
        """The index of the node called ``name`` (any case), or ``None``."""
        return self._index.get(name.lower())

    def dot_index(self, name: str) -> int:
        """The index of dot ``name`` (any case).

        Raises:
            KeyError: there is no dot of that name (junctions are not dots).
        """
        index = self._index.get(name.lower())
        if index is None or index >= self.num_dots:
            raise KeyError(name)
        return index

    def degree(self, node: int) -> int:
        """Number of arms of ``node``."""
        return len(self.arms[node])

    def stem(self, node: int) -> int:
        """At a T (3 arms), the index of the arm not in line with another; else ``-1``."""
        if len(self.arms[node]) != 3:
            return -1
        return self.opposite[node].index(-1)

    def shape(self, node: int) -> str:
        """``"end"``, ``"line"`` (2 arms in line), ``"bend"``, ``"T"`` or ``"X"``."""
        degree = len(self.arms[node])
        if degree == 2:
            return "line" if self.opposite[node][0] == 1 else "bend"
        return {1: "end", 3: "T", 4: "X"}.get(degree, "isolated")


def lattice_ids(board: Board) -> bool:
    """Whether every dot id is its file letter and rank number (``a1`` at ``(0, 0)``, ``c4``
    at ``(2, 3)``): such boards are drawn with letters and numbers along the edges."""
    return all(
        float(node.x).is_integer()
        and float(node.y).is_integer()
        and 0 <= node.x < 26
        and node.id == f"{chr(ord('a') + int(node.x))}{int(node.y) + 1}"
        for node in board.dots
    )
