"""Reading a board file: TOML → :class:`~connect_arena.games.connect5.board.Board`, with
the static checks (ids, coordinates, lines, geometry, node shapes).

The reader collects every problem it finds (:class:`BoardError`), each naming the element
(``dots[3] 'c3'``, ``lines[2]``) and, where it can be found, the line of the file.
"""

from __future__ import annotations

import itertools
import math
import re
import tomllib
from collections.abc import Mapping
from typing import Any

from connect_arena.games.connect5 import geometry as geo
from connect_arena.games.connect5.board import (
    BOARD_FORMAT,
    ID_PATTERN,
    RESERVED_IDS,
    SYMMETRIES,
    Arm,
    Board,
    BoardError,
    Node,
    Problem,
    Segment,
)
from connect_arena.games.connect5.geometry import Point

_TOP_KEYS = frozenset(
    {"format", "id", "name", "description", "origin", "symmetry", "dots", "junctions", "lines"}
)


def parse_board(text: str, source: str) -> Board:
    """Parse and statically validate a board file's text.

    Args:
        text: the TOML text.
        source: the file name (or board name), used in messages.

    Returns:
        The board. Derived checks (adjacency, Connect-5 paths, connectivity) are made by
        :func:`connect_arena.games.connect5.boards.load_board`.

    Raises:
        BoardError: the text is not TOML, or any problem with the board (all are listed).
    """
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise BoardError(source, [Problem("file", f"not valid TOML: {error}")]) from None
    except RecursionError:  # tomllib recurses once per level of nested arrays or tables
        raise BoardError(source, [Problem("file", "nested too deeply to be a board")]) from None
    reader = _Reader(text)
    header = reader.header(data)
    nodes = reader.nodes(data)
    segments = reader.lines(data, nodes) if not reader.problems else []
    if reader.problems:
        raise BoardError(source, reader.problems)
    reader.geometry(nodes, segments)
    arms, opposite = _arms(nodes, segments)
    reader.shapes(nodes, arms, opposite, isolated_only=bool(reader.problems))
    if reader.problems:
        raise BoardError(source, reader.problems)
    return _assemble(header, source, nodes, segments, arms, opposite)


def _assemble(
    header: dict[str, str],
    source: str,
    nodes: list[Node],
    segments: list[Segment],
    arms: list[tuple[Arm, ...]],
    opposite: list[tuple[int, ...]],
) -> Board:
    """The board, with the dots renumbered first (in file order) and the junctions after."""
    dots = [node for node in nodes if node.dot]
    junctions = [node for node in nodes if not node.dot]
    order = [nodes.index(node) for node in dots + junctions]
    renumber = {old: new for new, old in enumerate(order)}
    return Board(
        id=header["id"],
        name=header["name"],
        description=header["description"],
        origin=header["origin"],
        symmetry=header["symmetry"],
        source=source,
        nodes=tuple(dots + junctions),
        num_dots=len(dots),
        segments=tuple(
            Segment(renumber[s.a], renumber[s.b], s.points, s.straight, s.line) for s in segments
        ),
        arms=tuple(
            tuple(Arm(arm.segment, arm.direction, renumber[arm.other]) for arm in arms[old])
            for old in order
        ),
        opposite=tuple(opposite[old] for old in order),
        _index={node.id.lower(): index for index, node in enumerate(dots + junctions)},
    )


def _path_needle(path: list[object]) -> str | None:
    """A pattern finding a line path in the file: its first two ids, or its first id."""
    ids = [item for item in path if isinstance(item, str)]
    if len(ids) >= 2 and path[1] == ids[1]:
        return r"\s*,\s*".join(f'"{re.escape(i)}"' for i in ids[:2])
    return f'"{re.escape(ids[0])}"' if ids else None


def _is_waypoint(item: object) -> bool:
    """Whether ``item`` is an ``[x, y]`` pair of finite numbers."""
    return (
        isinstance(item, list)
        and len(item) == 2
        and all(not isinstance(v, bool) and isinstance(v, int | float) for v in item)
        and all(math.isfinite(v) for v in item)
    )


def _arms(
    nodes: list[Node], segments: list[Segment]
) -> tuple[list[tuple[Arm, ...]], list[tuple[int, ...]]]:
    """Per node: its arms, and for each arm the index of the arm in line with it (or -1)."""
    arms: list[list[Arm]] = [[] for _ in nodes]
    for index, seg in enumerate(segments):
        arms[seg.a].append(Arm(index, geo.direction(seg.points[0], seg.points[1]), seg.b))
        arms[seg.b].append(Arm(index, geo.direction(seg.points[-1], seg.points[-2]), seg.a))
    opposite = []
    for node_arms in arms:
        row = []
        for i, arm in enumerate(node_arms):
            match = [
                j
                for j, other in enumerate(node_arms)
                if j != i and geo.opposite(arm.direction, other.direction)
            ]
            row.append(match[0] if match else -1)
        opposite.append(tuple(row))
    return [tuple(a) for a in arms], opposite


class _Reader:
    """Reads the parts of a board file, collecting problems instead of stopping at the first."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.lines_of_text = text.splitlines()
        self.problems: list[Problem] = []
        self.line_needles: dict[int, str | None] = {}

    def problem(self, element: str, message: str, needle: str | None = None) -> None:
        """Record a problem; ``needle`` (a regular expression) finds its line in the file."""
        self.problems.append(Problem(element, message, self._locate(needle)))

    def _locate(self, needle: str | None) -> int | None:
        """The first line of the file that contains ``needle`` (a regular expression)."""
        if needle is None:
            return None
        pattern = re.compile(needle)
        for number, line in enumerate(self.lines_of_text, start=1):
            if pattern.search(line.split("#", 1)[0]):
                return number
        return None

    # ----- header --------------------------------------------------------------------------
    def header(self, data: Mapping[str, Any]) -> dict[str, str]:
        """The top-level keys: ``format``, ``id``, ``name``, ``description``, ``origin``,
        ``symmetry``; unknown keys are problems."""
        for key in sorted(set(data) - _TOP_KEYS):
            known = ", ".join(sorted(_TOP_KEYS))
            self.problem(key, f"unknown key (a board file has: {known})", rf"^\s*{key}\s*=")
        if data.get("format") != BOARD_FORMAT:
            self.problem("format", f'must be "{BOARD_FORMAT}"', r"^\s*format\s*=")
        values: dict[str, str] = {}
        for key, required in (("id", True), ("name", True), ("description", False)):
            value = data.get(key, None if required else "")
            if not isinstance(value, str) or (required and not value.strip()):
                self.problem(key, "missing or not a non-empty string", rf"^\s*{key}\s*=")
                value = ""
            values[key] = value
        origin = data.get("origin", "")
        values["origin"] = origin if isinstance(origin, str) else ""
        symmetry = data.get("symmetry", "none")
        if symmetry not in SYMMETRIES:
            self.problem("symmetry", f"must be one of {', '.join(SYMMETRIES)}", r"symmetry")
            symmetry = "none"
        values["symmetry"] = symmetry
        return values

    # ----- nodes ---------------------------------------------------------------------------
    def nodes(self, data: Mapping[str, Any]) -> list[Node]:
        """The valid ``dots`` and ``junctions``, in file order (faulty ones are left out)."""
        nodes: list[Node] = []
        seen: dict[str, str] = {}
        for table, is_dot in (("dots", True), ("junctions", False)):
            entries = data.get(table, [])
            if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
                self.problem(table, "must be an array of tables", rf"^\s*{table}\s*=")
                continue
            for position, entry in enumerate(entries):
                node = self._node(table, position, entry, is_dot, seen)
                if node is not None:
                    nodes.append(node)
        if not any(node.dot for node in nodes) and not self.problems:
            self.problem("dots", "the board has no dots")
        self._distinct_positions(nodes)
        return nodes

    def _node(
        self, table: str, position: int, entry: dict[str, Any], is_dot: bool, seen: dict[str, str]
    ) -> Node | None:
        raw_id = entry.get("id")
        label = f"{table}[{position}]" + (f" {raw_id!r}" if isinstance(raw_id, str) else "")
        needle = rf'id\s*=\s*"{re.escape(raw_id)}"' if isinstance(raw_id, str) else None
        allowed = {"id", "x", "y", "kind"} if is_dot else {"id", "x", "y"}
        ok = True
        for key in sorted(set(entry) - allowed):
            self.problem(label, f"unknown key {key!r} (allowed: {', '.join(sorted(allowed))})")
            ok = False
        if not isinstance(raw_id, str) or not ID_PATTERN.fullmatch(raw_id):
            self.problem(label, "id must be a letter followed by up to 15 letters, digits or _")
            return None
        if raw_id.lower() in RESERVED_IDS:
            self.problem(label, f"{raw_id!r} is a word of the notation and cannot be an id", needle)
            ok = False
        if raw_id.lower() in seen:
            self.problem(label, f"duplicate id (already used by {seen[raw_id.lower()]})", needle)
            ok = False
        seen[raw_id.lower()] = label
        coords = [self._number(entry.get(axis), label, axis, needle) for axis in ("x", "y")]
        kind = entry.get("kind", "single") if is_dot else "junction"
        if is_dot and kind not in ("single", "circled"):
            self.problem(label, f'kind must be "single" or "circled", not {kind!r}', needle)
            ok = False
        if not ok or coords[0] is None or coords[1] is None:
            return None
        return Node(raw_id, coords[0], coords[1], is_dot, kind == "circled")

    def _number(self, value: object, label: str, axis: str, needle: str | None) -> float | None:
        if isinstance(value, bool) or not isinstance(value, int | float):
            self.problem(label, f"{axis} must be a number, not {value!r}", needle)
            return None
        if not math.isfinite(value):
            self.problem(label, f"{axis} = {value} is not a finite number", needle)
            return None
        return float(value)

    def _distinct_positions(self, nodes: list[Node]) -> None:
        at: dict[tuple[int, int], Node] = {}
        for node in nodes:
            other = at.setdefault(geo.key(node.point), node)
            if other is not node:
                self.problem(
                    f"{'dot' if node.dot else 'junction'} {node.id!r}",
                    f"stands at ({node.x:g}, {node.y:g}) like {other.id!r}",
                    rf'id\s*=\s*"{re.escape(node.id)}"',
                )

    # ----- lines ---------------------------------------------------------------------------
    def lines(self, data: Mapping[str, Any], nodes: list[Node]) -> list[Segment]:
        """The segments of every path in ``lines`` (node to node, waypoints kept)."""
        paths = data.get("lines", [])
        if not isinstance(paths, list) or not paths:
            self.problem("lines", "must be a non-empty array of paths", r"^\s*lines\s*=")
            return []
        index = {node.id.lower(): i for i, node in enumerate(nodes)}
        segments: list[Segment] = []
        for number, path in enumerate(paths):
            segments.extend(self._path(number, path, nodes, index))
        return segments

    def _path(
        self, number: int, path: object, nodes: list[Node], index: dict[str, int]
    ) -> list[Segment]:
        label = f"lines[{number}]"
        if not isinstance(path, list) or len(path) < 2:
            self.problem(label, "a line is a list of at least two node ids")
            return []
        needle = _path_needle(path)
        self.line_needles[number] = needle
        if not isinstance(path[0], str) or not isinstance(path[-1], str):
            self.problem(label, "a line must start and end at a node id", needle)
            return []
        segments: list[Segment] = []
        start: int | None = None
        points: list[Point] = []
        for item in path:
            if isinstance(item, str):
                node = index.get(item.lower())
                if node is None:
                    self.problem(label, f"unknown node id {item!r}", needle)
                    return []
                here = nodes[node].point
                if start is not None:
                    segment = self._segment(label, start, node, [*points, here], number, nodes)
                    if segment is None:
                        return []
                    segments.append(segment)
                start, points = node, [here]
            elif _is_waypoint(item):
                points.append((float(item[0]), float(item[1])))
            else:
                self.problem(label, f"{item!r} is neither a node id nor an [x, y] waypoint", needle)
                return []
        return segments

    def _segment(
        self, label: str, a: int, b: int, points: list[Point], number: int, nodes: list[Node]
    ) -> Segment | None:
        names = f"{nodes[a].id!r}–{nodes[b].id!r}"
        needle = self.line_needles.get(number)
        if a == b:
            self.problem(label, f"the stretch {names} starts and ends at the same node", needle)
            return None
        for p, q in itertools.pairwise(points):
            if geo.close(p, q):
                self.problem(label, f"the stretch {names} has a zero-length piece at {p}", needle)
                return None
        for p in points[1:-1]:
            for node in nodes:
                if geo.close(p, node.point):
                    self.problem(
                        label, f"waypoint {p} of {names} is node {node.id!r}: name it", needle
                    )
                    return None
        return Segment(a, b, tuple(points), geo.is_straight(points), number)

    # ----- geometry ------------------------------------------------------------------------
    def geometry(self, nodes: list[Node], segments: list[Segment]) -> None:
        """Lines may meet only at the nodes that end them: no crossing, touching or
        overlapping elsewhere, and no line running over a node it does not stop at."""
        pieces = [
            (s, i, seg.points[i], seg.points[i + 1])
            for s, seg in enumerate(segments)
            for i in range(len(seg.points) - 1)
        ]
        for s, _, p, q in pieces:
            seg = segments[s]
            for n, node in enumerate(nodes):
                if n not in (seg.a, seg.b) and geo.on_piece(node.point, p, q):
                    self.problem(
                        f"lines[{seg.line}]",
                        f"the stretch {nodes[seg.a].id!r}–{nodes[seg.b].id!r} runs over "
                        f"{node.id!r} without stopping there: list {node.id!r} in the line",
                        self.line_needles.get(seg.line),
                    )
        for first in range(len(pieces)):
            for second in range(first + 1, len(pieces)):
                self._pair(pieces[first], pieces[second], segments, nodes)

    def _pair(
        self,
        one: tuple[int, int, Point, Point],
        two: tuple[int, int, Point, Point],
        segments: list[Segment],
        nodes: list[Node],
    ) -> None:
        (s1, i1, p1, q1), (s2, i2, p2, q2) = one, two
        where = geo.pieces_meet(p1, q1, p2, q2)
        if where is None:
            return
        seg1, seg2 = segments[s1], segments[s2]
        names = (
            f"{nodes[seg1.a].id!r}–{nodes[seg1.b].id!r} (lines[{seg1.line}]) and "
            f"{nodes[seg2.a].id!r}–{nodes[seg2.b].id!r} (lines[{seg2.line}])"
        )
        if geo.collinear_overlap(p1, q1, p2, q2):
            self.problem(
                f"lines[{seg2.line}]",
                f"the stretches {names} overlap",
                self.line_needles.get(seg2.line),
            )
            return
        shared_node = any(
            geo.close(where, nodes[n].point) for n in {seg1.a, seg1.b} & {seg2.a, seg2.b}
        )
        shared_waypoint = s1 == s2 and abs(i1 - i2) == 1
        if shared_node or shared_waypoint:
            return
        self.problem(
            f"lines[{seg2.line}]",
            f"the stretches {names} cross or touch at ({where[0]:g}, {where[1]:g}) where "
            "there is no node: add a dot or junction there and split both lines",
            self.line_needles.get(seg2.line),
        )

    def shapes(
        self,
        nodes: list[Node],
        arms: list[tuple[Arm, ...]],
        opposite: list[tuple[int, ...]],
        isolated_only: bool = False,
    ) -> None:
        """Every node is an end, a line, a bend, a T (3 arms, two in line) or an X (two
        straight lines crossing); junctions are T's or X's; no dot is isolated. With
        ``isolated_only`` (after geometry problems, which would confuse the rest) only the
        last is checked."""
        for n, node in enumerate(nodes):
            if isolated_only and arms[n]:
                continue
            label = f"{'dot' if node.dot else 'junction'} {node.id!r}"
            needle = rf'id\s*=\s*"{re.escape(node.id)}"'
            degree = len(arms[n])
            in_line = sum(1 for j in opposite[n] if j >= 0)
            if degree == 0:
                self.problem(label, "is isolated: no line reaches it", needle)
            elif degree > 4:
                self.problem(label, f"has {degree} arms; a node joins at most 4", needle)
            elif not node.dot and degree < 3:
                self.problem(
                    label,
                    f"has {degree} arm{'s' if degree > 1 else ''}; a junction is a T (3) or a "
                    "crossing (4) — use an [x, y] waypoint for a bend",
                    needle,
                )
            elif degree == 3 and in_line != 2:
                self.problem(label, "has 3 arms but no two in line: not a T-connection", needle)
            elif degree == 4 and in_line != 4:
                self.problem(label, "has 4 arms that are not two straight lines crossing", needle)
