"""Text drawings of Connect 5 boards and positions, in Rich console markup.

The circuit is drawn on a character grid, 4 columns and 2 rows per board unit, with box
characters for the lines (so a dot-less crossing shows as ``┼`` and a dot-less T as ``┬``…);
single dots are ``•``, circled dots ``(•)``. Tokens keep their colour *and* shape (W1: each
colour has its own shape): Red ``●``, Blue ``■``, Purple ``▲``, Yellow ``◆``, Green ``★``; a
double is drawn twice, ``(●●)``. Boards whose dot ids name their lattice point (``c4``) get
file letters and rank numbers along the edges; other boards get each id next to its dot.
The plain text (markup stripped) stays readable without colour.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from connect_arena.games.connect5.board import Board, lattice_ids
from connect_arena.games.connect5.notation import Jump, Place, Split, Stack, Step

if TYPE_CHECKING:
    from connect_arena.games.connect5.rules import Connect5State, RoundResult

_At = Callable[[float, float], tuple[int, int]]

GLYPHS = ("●", "■", "▲", "◆", "★")
COLOURS = ("red", "blue", "magenta", "yellow", "green")
CW, CH = 4, 2
MAX_COLUMNS, MAX_ROWS = 400, 200
"""The largest character grid drawn; a bigger board is listed dot by dot (``_fallback``)."""
_MARKUP_TAG = re.compile(r"(\\*)(\[[a-z#/@][^[]*?])")
UP, DOWN, LEFT, RIGHT = 1, 2, 4, 8
_BOX = {
    0: " ", UP: "│", DOWN: "│", UP | DOWN: "│", LEFT: "─", RIGHT: "─", LEFT | RIGHT: "─",
    DOWN | RIGHT: "┌", DOWN | LEFT: "┐", UP | RIGHT: "└", UP | LEFT: "┘",
    UP | DOWN | RIGHT: "├", UP | DOWN | LEFT: "┤", DOWN | LEFT | RIGHT: "┬",
    UP | LEFT | RIGHT: "┴", UP | DOWN | LEFT | RIGHT: "┼",
}  # fmt: skip


def escape_markup(text: str) -> str:
    """``text`` to be shown as it is inside Rich markup: what ``rich.markup.escape`` does
    (``games/`` does not import Rich). A ``[`` that would open a tag gets a backslash, the
    backslashes before it are doubled, and so is a single backslash at the end."""

    def escape_tag(match: re.Match[str]) -> str:
        backslashes, tag = match.groups()
        return f"{backslashes}{backslashes}\\{tag}"

    text = _MARKUP_TAG.sub(escape_tag, text)
    if text.endswith("\\") and not text.endswith("\\\\"):
        return text + "\\"
    return text


def user_text(text: str, style: str = "none") -> str:
    """Text from a user (a board's name or origin) as markup, shown as it is: escaped and
    closed by a tag, because the escape of a final backslash holds only before a tag
    (``none`` is Rich's empty style)."""
    return f"[{style}]{escape_markup(text)}[/]"


def render(state: Connect5State) -> str:
    """The position: the circuit with its tokens, then supplies, scores and whose turn."""
    last, run = _highlights(state)
    cells = board_lines(state.cfg.board, state.owner, state.height, last, run)
    return "\n".join([*cells, "", *_status(state)])


def render_board(board: Board) -> str:
    """The empty board with a title, its ids and a legend (for ``connect-arena board show``)."""
    from connect_arena.games.connect5.boards import board_stats

    stats = board_stats(board)
    title = user_text(board.name, "bold") + (
        f" — {user_text(board.origin)}" if board.origin else ""
    )
    counts = (
        f"{stats['dots']} dots ({stats['circled']} circled); without a dot: "
        f"{stats['x_junctions']} crossing(s), {stats['t_junctions']} T(s); "
        f"{stats['connect5_paths']} Connect-5 paths"
    )
    legend = "[dim]•[/] single dot   [dim](•)[/] circled dot   ┼ ┬ crossing or T without a dot"
    lines = board_lines(board, [-1] * board.num_dots, [0] * board.num_dots)
    return "\n".join([title, counts, "", *lines, "", legend])


def _scale(board: Board) -> int | None:
    """The smallest factor (1, 2, 4, 5 or 10) that puts every point on the integer grid."""
    values = [v for node in board.nodes for v in (node.x, node.y)]
    values += [v for seg in board.segments for p in seg.points for v in p]
    for factor in (1, 2, 4, 5, 10):
        if all(abs(v * factor - round(v * factor)) < 1e-6 for v in values):
            return factor
    return None


def board_lines(
    board: Board,
    owner: Sequence[int],
    height: Sequence[int],
    last: set[int] | None = None,
    run: set[int] | None = None,
) -> list[str]:
    """The circuit as lines of Rich markup.

    Args:
        board: the board.
        owner: per dot, the seat holding it or ``-1``.
        height: per dot, 0, 1 or 2.
        last: dots of the last action (shown reversed).
        run: dots of a Connect 5 (shown on yellow).
    """
    factor = _scale(board)
    labelled = lattice_ids(board)
    grid = None if factor is None else _grid(board, factor, labelled)
    if grid is None:
        return _fallback(board, owner, height)
    canvas, at = grid
    for seg in board.segments:
        for p, q in itertools.pairwise(seg.points):
            canvas.line(at(*p), at(*q))
    for dot, node in enumerate(board.dots):
        r, c = at(node.x, node.y)
        style = "on yellow" if run and dot in run else "reverse" if last and dot in last else ""
        canvas.dot(r, c, node.circled, owner[dot], height[dot], style)
        if not labelled:
            canvas.label(r + 1, c + 1, node.id)
    if labelled:
        _axes(canvas, board, at)
    return canvas.lines()


def _grid(board: Board, factor: int, labelled: bool) -> tuple[_Canvas, _At] | None:
    """A canvas big enough for the board and the map from board units to (row, column);
    ``None`` if it would exceed :data:`MAX_COLUMNS` or :data:`MAX_ROWS`."""
    xs = [p[0] for seg in board.segments for p in seg.points] + [n.x for n in board.nodes]
    ys = [p[1] for seg in board.segments for p in seg.points] + [n.y for n in board.nodes]
    left, top = min(xs), max(ys)
    margin_c, margin_r = (5, 1) if labelled else (1, 0)
    width = round((max(xs) - left) * factor) * CW + margin_c + 6
    rows = round((top - min(ys)) * factor) * CH + margin_r + 2
    if width > MAX_COLUMNS or rows > MAX_ROWS:
        return None

    def at(x: float, y: float) -> tuple[int, int]:
        return round((top - y) * factor) * CH + margin_r, round((x - left) * factor) * CW + margin_c

    return _Canvas(width, rows), at


def _axes(canvas: _Canvas, board: Board, at: _At) -> None:
    files = sorted({int(node.x) for node in board.dots})
    ranks = sorted({int(node.y) for node in board.dots})
    for x in files:
        _, c = at(x, 0)
        canvas.label(0, c, chr(ord("a") + x), force=True)
        canvas.label(canvas.height - 1, c, chr(ord("a") + x), force=True)
    for y in ranks:
        r, _ = at(0, y)
        canvas.label(r, 0, f"{y + 1:>3}", force=True)


class _Canvas:
    """A character grid: line bits per cell, overlaid by marked-up glyphs."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.bits = [[0] * width for _ in range(height)]
        self.cells: list[list[str | None]] = [[None] * width for _ in range(height)]

    def line(self, a: tuple[int, int], b: tuple[int, int]) -> None:
        """A straight piece between two (row, column) points."""
        (r0, c0), (r1, c1) = a, b
        if r0 == r1:
            for c in range(min(c0, c1), max(c0, c1) + 1):
                self.bits[r0][c] |= (RIGHT if c < max(c0, c1) else 0) | (
                    LEFT if c > min(c0, c1) else 0
                )
        elif c0 == c1:
            for r in range(min(r0, r1), max(r0, r1) + 1):
                self.bits[r][c0] |= (DOWN if r < max(r0, r1) else 0) | (
                    UP if r > min(r0, r1) else 0
                )
        else:  # a diagonal piece: slashes along it
            steps = max(abs(r1 - r0), abs(c1 - c0))
            glyph = "╲" if (r1 - r0) * (c1 - c0) > 0 else "╱"
            for k in range(1, steps):
                r, c = round(r0 + (r1 - r0) * k / steps), round(c0 + (c1 - c0) * k / steps)
                if self.cells[r][c] is None:
                    self.cells[r][c] = glyph

    def dot(self, r: int, c: int, circled: bool, seat: int, tokens: int, style: str) -> None:
        """A dot at (r, c): ``•`` or the tokens, in parentheses when circled."""
        if seat < 0:
            glyphs = ["[dim]•[/]"] if not style else [f"[{style}]•[/]"]
        else:
            colour = f"bold {COLOURS[seat % 5]}" + (f" {style}" if style else "")
            glyphs = [f"[{colour}]{GLYPHS[seat % 5]}[/]"] * tokens
        self.cells[r][c] = glyphs[0]
        if len(glyphs) == 2:
            self.cells[r][c + 1] = glyphs[1]
        if circled:
            self.cells[r][c - 1] = "("
            self.cells[r][c + len(glyphs)] = ")"

    def label(self, r: int, c: int, text: str, force: bool = False) -> None:
        """Write ``text`` from (r, c) where the cells are blank (always with ``force``)."""
        if r >= self.height or c + len(text) > self.width:
            return
        span = range(c, c + len(text))
        if not force and any(self.cells[r][i] is not None or self.bits[r][i] for i in span):
            return
        for i in span:
            self.cells[r][i] = ""  # the whole label is written in its first cell
        self.cells[r][c] = f"[{'dim' if force else 'cyan'}]{text}[/]"

    def lines(self) -> list[str]:
        """The rows as markup, trailing blanks removed."""
        out = []
        for r in range(self.height):
            row = [
                cell if cell is not None else _BOX[self.bits[r][c]]
                for c, cell in enumerate(self.cells[r])
            ]
            out.append("".join(row).rstrip())
        while out and not out[-1]:
            out.pop()
        return out


def _fallback(board: Board, owner: Sequence[int], height: Sequence[int]) -> list[str]:
    """For boards off any grid: one line per dot with its neighbours."""
    lines = ["(this board does not fit a character grid: its dots and where they are)"]
    for dot, node in enumerate(board.dots):
        mark = "(•)" if node.circled else "•"
        if owner[dot] >= 0:
            mark = GLYPHS[owner[dot] % 5] * height[dot]
        lines.append(f"{node.id:>6} {mark:4} ({node.x:g}, {node.y:g})")
    return lines


def _highlights(state: Connect5State) -> tuple[set[int], set[int]]:
    """(dots touched by the last action of the round in play, dots of the Connect 5 that
    ended the game). A new round starts on an empty board: nothing is marked on it."""
    index = state.cfg.board.dot_index
    last: set[int] = set()
    if state.history and any(state.turns_taken):
        action = state.history[-1].action
        if isinstance(action, Place | Stack):
            last = {index(action.dot)}
        elif isinstance(action, Step | Split):
            last = {index(action.src), index(action.dst)}
        elif isinstance(action, Jump):
            last = {index(d) for d in action.path[::2]}
    run: set[int] = set()
    if state.over and state.results and state.results[-1].run:
        run = {index(d) for d in state.results[-1].run}
    return last, run


def seat_label(state: Connect5State, seat: int) -> str:
    """``[red]Red ●[/]``: the seat's name and token in its colour."""
    colour = COLOURS[seat % 5]
    return f"[{colour}]{state.game.seat_name(seat)} {GLYPHS[seat % 5]}[/]"


REASONS = {
    "connect5": "Connect 5",
    "no_connect5": "nobody has five tokens left, so no Connect 5 is possible",
    "dead": "no score can change any more",
    "no_moves": "nobody can place or move",
    "board_full": "the board is full",
    "mover_stuck": "the player to move cannot move",
    "idle_limit": "too many turns without a placement or a capture (idle_limit)",
}


def _status(state: Connect5State) -> list[str]:
    cfg = state.cfg
    on_board = [0] * cfg.players
    for seat, tokens in zip(state.owner, state.height, strict=True):
        if seat >= 0:
            on_board[seat] += tokens
    scores = state.scores()
    lines = [
        f"{seat_label(state, s)}: supply {state.supply[s]:>2}, on the board {on_board[s]:>2}, "
        f"eaten {state.captured[s]:>2}, score [bold]{scores[s]}[/]"
        for s in range(cfg.players)
    ]
    lines += [_result_line(state, result) for result in state.results]
    if state.over:
        names = " and ".join(seat_label(state, s) for s in state.winners())
        verb = "wins" if len(state.winners()) == 1 else "share the victory"
        lines.append(f"[bold]Game over:[/] {names} {verb} with {max(scores)} points.")
    elif state.to_move is None:
        lines.append("Drawing who starts…")
    else:
        rounds = f"round {state.round + 1} of {cfg.rounds}, " if cfg.rounds > 1 else ""
        board = cfg.board
        origin = f" [dim]({user_text(board.origin)})[/]" if board.origin else ""
        mover = seat_label(state, state.to_move)
        lines.append(f"{rounds}board {user_text(board.name)}{origin}: {mover} to play")
    return lines


def _result_line(state: Connect5State, result: RoundResult) -> str:
    if result.connect5 is not None:
        what = f"{seat_label(state, result.connect5)} made Connect 5 ({' '.join(result.run)})"
    else:
        what = f"ended: {REASONS.get(result.reason, result.reason)}"
    points = ", ".join(str(p) for p in result.points)
    return f"Round {result.number + 1}: {what}; points {points}."
