"""Text diagram of a Quinque position, in Rich console markup (plain text once stripped).

Tiles are drawn as boxes; each skydiver is ``·`` when free, ``●`` for Red and ``■`` for Blue
(shapes differ so the diagram reads without colour). Skydiver coordinates run along the top
and the left edge, tile coordinates (``T…``) above and beside them, and one ring of empty cells
around the formation shows where tiles may go.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from connect_arena.games.quinque import events
from connect_arena.games.quinque import geometry as geo
from connect_arena.games.quinque.notation import Add, Mark, Move

if TYPE_CHECKING:
    from connect_arena.games.quinque.rules import QuinqueState

Cell = geo.Cell

GLYPHS = ("[bold red]●[/]", "[bold blue]■[/]")
PLAIN_GLYPHS = ("●", "■")
FREE = "[dim]·[/]"
SEAT_COLOURS = ("red", "blue")
_BOX = {
    # (up, down, left, right) → character
    (True, True, True, True): "┼",
    (True, True, False, True): "├",
    (True, True, True, False): "┤",
    (False, True, True, True): "┬",
    (True, False, True, True): "┴",
    (False, True, False, True): "┌",
    (False, True, True, False): "┐",
    (True, False, False, True): "└",
    (True, False, True, False): "┘",
    (True, True, False, False): "│",
    (False, False, True, True): "─",
    (True, False, False, False): "│",
    (False, True, False, False): "│",
    (False, False, True, False): "─",
    (False, False, False, True): "─",
    (False, False, False, False): " ",
}


def render(state: QuinqueState) -> str:
    """The board diagram followed by the supplies and whose turn it is."""
    return "\n".join([*_board(state), "", *_status(state)])


def _highlights(state: QuinqueState) -> tuple[set[Cell], set[Cell]]:
    """(skydivers of the last action, skydivers in winning lines)."""
    last: set[Cell] = set()
    if state.history:
        action = state.history[-1].action
        if isinstance(action, Mark | Add):
            last = {action.skydiver}
        elif isinstance(action, Move):
            last = set(geo.skydivers(action.to, state.cfg.side))
    winning: set[Cell] = set()
    if state.winner is not None:
        for run in geo.lines(state.marks, state.winner):
            winning.update(run)
    return last, winning


def _board(state: QuinqueState) -> list[str]:
    if not state.tiles:
        return ["The table is empty: the first tile goes at T0,0 (skydivers 0,0 to 1,1)."]
    side = state.cfg.side
    xs = [x for x, _ in state.tiles]
    ys = [y for _, y in state.tiles]
    cols = range(min(xs) - 1, max(xs) + 2)
    rows = range(min(ys) - 1, max(ys) + 2)
    tiles = state.tiles
    last, winning = _highlights(state)
    margin = 8
    lines = [" " * margin + "".join(f" {f'T{tx}':^{3 * side}}" for tx in cols)]
    lines.append(
        " " * margin
        + "".join(" " + "".join(f"{tx * side + i:>3}" for i in range(side)) for tx in cols)
    )
    for ty in rows:
        lines.append(" " * margin + _edge_line(tiles, cols, ty, side))
        for j in range(side):
            y = ty * side + j
            label = f"T{ty}" if j == 0 else ""
            row = f"{label:>4}{y:>3} "
            for tx in cols:
                row += "│" if (tx, ty) in tiles or (tx - 1, ty) in tiles else " "
                for i in range(side):
                    row += " " + _skydiver(state, (tx, ty), (tx * side + i, y), last, winning) + " "
            row += "│" if (cols[-1], ty) in tiles else " "
            lines.append(row)
    lines.append(" " * margin + _edge_line(tiles, cols, rows[-1] + 1, side))
    return lines


def _skydiver(
    state: QuinqueState, tile: Cell, skydiver: Cell, last: set[Cell], winning: set[Cell]
) -> str:
    if tile not in state.tiles:
        return " "
    seat = state.marks.get(skydiver)
    if seat is None:
        return FREE
    glyph = PLAIN_GLYPHS[seat]
    colour = SEAT_COLOURS[seat]
    if skydiver in winning:
        return f"[bold {colour} on yellow]{glyph}[/]"
    if skydiver in last:
        return f"[bold {colour} reverse]{glyph}[/]"
    return GLYPHS[seat]


def _edge_line(tiles: set[Cell], cols: range, ty: int, side: int) -> str:
    """The border line above tile row ``ty``."""

    def horizontal(tx: int) -> bool:
        return (tx, ty) in tiles or (tx, ty - 1) in tiles

    def vertical(tx: int, row: int) -> bool:
        return (tx, row) in tiles or (tx - 1, row) in tiles

    out = ""
    for tx in [*cols, cols[-1] + 1]:
        corner = (vertical(tx, ty - 1), vertical(tx, ty), horizontal(tx - 1), horizontal(tx))
        out += _BOX[corner]
        if tx <= cols[-1]:
            out += ("─" if horizontal(tx) else " ") * (3 * side)
    return out


def _status(state: QuinqueState) -> list[str]:
    game = state.game
    supplies = "   ".join(
        f"[{SEAT_COLOURS[s]}]{game.seat_name(s)}[/] {GLYPHS[s]} {state.supply[s]} parachutes"
        for s in (0, 1)
    )
    lines = [f"{supplies}   tiles in the stack: {state.stack}   turn {state.turn}"]
    if state.over:
        lines.append(_result(state))
    elif state.to_move is None:
        lines.append("Drawing who begins…")
    else:
        name = f"[{SEAT_COLOURS[state.to_move]}]{game.seat_name(state.to_move)}[/]"
        choices = _choices(state, state.to_move)
        if state.second:
            lines.append(f"{name} to play: second action ({choices})")
        else:
            lines.append(f"{name} to play: {choices}")
    return lines


_CHOICES = {
    "mark": "mark a skydiver",
    "add": "add a tile",
    "move": "move a tile",
    "pass": "pass",
}
"""What each kind of action is called in the prompt, in the order it is listed."""


def _choices(state: QuinqueState, seat: int) -> str:
    """The kinds of action ``seat`` may play now, in words ("add a tile", "mark a skydiver or
    move a tile"): only the legal ones (at the first turn only a tile may be added)."""
    kinds = {str(action).split()[0] for action in state.legal_actions(seat)}
    names = [text for kind, text in _CHOICES.items() if kind in kinds]
    if len(names) < 2:
        return "".join(names) or "nothing"
    return ", ".join(names[:-1]) + f", or {names[-1]}" if len(names) > 2 else " or ".join(names)


def _result(state: QuinqueState) -> str:
    outcome = events.outcome(state)
    reason = "" if outcome is None else state.game.render_event(outcome)
    if state.winner is None:
        return f"[bold]Game over: a tie[/] ({reason})."
    name = state.game.seat_name(state.winner)
    return f"[bold {SEAT_COLOURS[state.winner]}]{name} wins[/] ({reason})."
