"""Loading and fully validating boards: the shipped ones by name, or a user's file by path.

The shipped boards (``data/boards/*.toml``) are the project's own designs — the printed boards
of the game could not be recovered (``docs/rules/connect5.md`` §Boards):

* ``basic`` — "Basic" (B), the default;
* ``advanced`` — "Advanced" (A);
* ``t1`` — a small test board (23 dots, every kind of node), invented for the tests.

A server operator offers more boards by naming a folder of board files in the environment
variable ``CONNECT_ARENA_CONNECT5_BOARDS``: each valid ``<name>.toml`` there becomes the board
``<name>`` (a choice of option ``board`` in the lobby, the terminal and records), since web
clients may not name files. A shipped name wins over a file of the same name.

Example::

    board = load_board("basic")                  # cached
    board = read_board_file("my_board.toml")     # a file a user wrote; raises BoardError
"""

from __future__ import annotations

import functools
import os
from collections import Counter
from importlib import resources
from pathlib import Path

from connect_arena.games.connect5 import geometry as geo
from connect_arena.games.connect5.board import Board, BoardError, Problem
from connect_arena.games.connect5.boardfile import parse_board
from connect_arena.games.connect5.topology import RunRules, topology

SHIPPED = ("basic", "advanced", "t1")
"""Names of the boards that come with the game."""
BOARDS_ENV = "CONNECT_ARENA_CONNECT5_BOARDS"
"""The environment variable naming a folder of extra board files (``<name>.toml``)."""


def board_names() -> tuple[str, ...]:
    """The shipped boards' names, then those of the folder named by :data:`BOARDS_ENV`
    (sorted; file names are lowercased)."""
    return SHIPPED + tuple(sorted(name for name in _extra_files() if name not in SHIPPED))


def _extra_files() -> dict[str, Path]:
    """``{name: path}`` of the ``.toml`` files in the folder named by :data:`BOARDS_ENV`
    (none when it is unset or no folder); names are lowercase letters, digits, ``_``, ``-``."""
    folder = os.environ.get(BOARDS_ENV, "").strip()
    if not folder or not Path(folder).is_dir():
        return {}
    found = {}
    for path in Path(folder).glob("*.toml"):
        name = path.stem.lower()
        if name.replace("_", "").replace("-", "").isalnum() and name.isascii():
            found[name] = path
    return found


def load_board(name: str) -> Board:
    """A board by name (any case): a shipped one or one of the folder named by
    :data:`BOARDS_ENV`; or a board file by path (ending in ``.toml``).

    Named boards are read once and cached.

    Raises:
        BoardError: unknown name, unreadable file, or an invalid board (every problem is
            listed, each with its element and, where known, its line).
    """
    key = name.strip().lower()
    if key in SHIPPED:
        return _shipped(key)
    if name.strip().endswith(".toml"):
        return read_board_file(name.strip())
    extra = _extra_files().get(key)
    if extra is not None:
        return _offered(str(extra))
    known = ", ".join(board_names())
    raise BoardError(name, [Problem("board", f"no such board (boards: {known}, or a .toml file)")])


@functools.cache
def _shipped(name: str) -> Board:
    text = (resources.files(__package__) / "data" / "boards" / f"{name}.toml").read_text("utf-8")
    return check(parse_board(text, f"{name}.toml"))


@functools.cache
def _offered(path: str) -> Board:
    """A board of the operator's folder, read once (a running server keeps what it read)."""
    return read_board_file(path)


def read_board_file(path: str | Path) -> Board:
    """Read and validate a board file (for ``connect-arena board check FILE``).

    Raises:
        BoardError: unreadable file or an invalid board.
    """
    try:
        text = Path(path).read_text("utf-8")
    except (OSError, UnicodeDecodeError) as error:
        reason = getattr(error, "strerror", None) or str(error)
        raise BoardError(str(path), [Problem("file", f"cannot read it: {reason}")]) from None
    return check(parse_board(text, str(path)))


def check(board: Board) -> Board:
    """Run the derived checks on a parsed board and return it.

    Checks: no dot joined to itself and no two stretches joining the same dots (the
    adjacency must be unambiguous), the circuit is one piece, at least one Connect 5 can be
    made, and the declared symmetry holds.

    Raises:
        BoardError: with every problem found.
    """
    problems = list(topology(board).problems)
    if not problems:
        problems += _connectivity(board)
        if not topology(board).runs(RunRules()):
            problems.append(Problem("board", "no five dots in a row anywhere: no Connect 5"))
    problems += symmetry_problems(board, board.symmetry)
    if problems:
        raise BoardError(board.source, problems)
    return board


def _connectivity(board: Board) -> list[Problem]:
    topo = topology(board)
    piece = [-1] * board.num_dots
    pieces = 0
    for start in range(board.num_dots):
        if piece[start] >= 0:
            continue
        piece[start] = pieces
        todo = [start]
        while todo:
            dot = todo.pop()
            for link in topo.out[dot]:
                if piece[link.dst] < 0:
                    piece[link.dst] = pieces
                    todo.append(link.dst)
        pieces += 1
    if pieces == 1:
        return []
    sizes = Counter(piece)
    lonely = [board.nodes[d].id for d in range(board.num_dots) if sizes[piece[d]] < sizes[0]]
    return [
        Problem(
            "board",
            f"the circuit falls apart into {pieces} pieces (not reached from "
            f"{board.nodes[0].id!r}: {', '.join(lonely[:8])}{' …' if len(lonely) > 8 else ''})",
        )
    ]


def symmetry_problems(board: Board, symmetry: str) -> list[Problem]:
    """Whether turning the board about its centre maps it onto itself.

    Args:
        board: the board.
        symmetry: ``"none"``, ``"half-turn"`` or ``"quarter-turn"``.

    Returns:
        Problems (at most five) naming nodes or stretches without a matching image.
    """
    turns = {"half-turn": 2, "quarter-turn": 1}.get(symmetry)
    if turns is None:
        return []
    pivot = geo.centre([node.point for node in board.nodes])
    at = {geo.key(node.point): node for node in board.nodes}
    problems = []
    for node in board.nodes:
        image = at.get(geo.key(geo.rotate(node.point, pivot, turns)))
        if image is None or (image.dot, image.circled) != (node.dot, node.circled):
            what = "nothing" if image is None else f"{image.id!r}, a different kind of node"
            problems.append(Problem(f"node {node.id!r}", f"its {symmetry} image is {what}"))
    shapes = set()
    for seg in board.segments:
        shapes.add(tuple(geo.key(p) for p in seg.points))
        shapes.add(tuple(geo.key(p) for p in reversed(seg.points)))
    for seg in board.segments:
        turned = tuple(geo.key(geo.rotate(p, pivot, turns)) for p in seg.points)
        if turned not in shapes:
            a, b = board.nodes[seg.a].id, board.nodes[seg.b].id
            problems.append(Problem(f"lines[{seg.line}]", f"{a!r}–{b!r} has no {symmetry} image"))
    return [
        Problem(p.element, f"{p.message} (the file declares symmetry = {symmetry!r})")
        for p in problems[:5]
    ]


def board_stats(board: Board) -> dict[str, int]:
    """Counts that describe a board (for ``board show`` and the docs).

    Returns:
        ``dots``, ``circled``, ``single``, ``junctions``, ``t_dots``, ``x_dots``,
        ``bend_dots``, ``t_junctions``, ``x_junctions``, ``segments``, ``bent_segments``,
        ``adjacent_pairs``, ``circled_pairs`` (adjacent pairs of circled dots: a double
        steps between them), ``jumps``, ``circled_jumps`` (jumps between two circled dots,
        each way: a double eats a double, a sandwich), ``connect5_paths``.
    """
    topo = topology(board)
    shapes = Counter((node.dot, board.shape(index)) for index, node in enumerate(board.nodes))
    ring = [node.circled for node in board.dots]
    circled = sum(ring)
    return {
        "dots": board.num_dots,
        "circled": circled,
        "single": board.num_dots - circled,
        "junctions": len(board.nodes) - board.num_dots,
        "t_dots": shapes[(True, "T")],
        "x_dots": shapes[(True, "X")],
        "bend_dots": shapes[(True, "bend")],
        "t_junctions": shapes[(False, "T")],
        "x_junctions": shapes[(False, "X")],
        "segments": len(board.segments),
        "bent_segments": sum(1 for seg in board.segments if not seg.straight),
        "adjacent_pairs": len({frozenset((lk.src, lk.dst)) for lk in topo.links}),
        "circled_pairs": len(
            {frozenset((lk.src, lk.dst)) for lk in topo.links if ring[lk.src] and ring[lk.dst]}
        ),
        "jumps": sum(len(row) for row in topo.jumps),
        "circled_jumps": sum(
            1 for a, row in enumerate(topo.jumps) for jump in row if ring[a] and ring[jump.to]
        ),
        "connect5_paths": len(topo.runs(RunRules())),
    }
