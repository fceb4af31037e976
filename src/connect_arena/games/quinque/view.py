"""What interfaces see of Quinque: the observation of a position and the game's geometry.

The **geometry** (:func:`geometry`) is fixed for a game with given options: the lattice, the
size of a tile, the box's counts, how tiles join and move, the seats' colours. The browser
draws the board from it (``static/games/quinque.js``), so the page holds no copy of the rules.
The **observation** (:func:`observation`) is the changing formation.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from connect_arena.core import last_action_json
from connect_arena.games.quinque import events
from connect_arena.games.quinque import geometry as geo
from connect_arena.games.quinque.geometry import Cell

if TYPE_CHECKING:
    from connect_arena.games.quinque.rules import QuinqueGame, QuinqueState

FIRST_TILE: Cell = (0, 0)
"""Where the first tile goes (Q-21)."""


def _steps(steps: tuple[Cell, ...]) -> list[list[int]]:
    return [list(step) for step in steps]


def _pattern(pattern: tuple[tuple[Cell, ...], int, bool], parachutes: int | None) -> dict[str, Any]:
    directions, max_steps, through = pattern
    return {
        "parachutes": parachutes,
        "axes": events.AXES.get(directions, "all"),
        "directions": _steps(directions),
        "max_steps": max_steps,
        "through_tiles": through,
    }


def geometry(game: QuinqueGame) -> dict[str, Any]:
    """The static geometry of ``game`` (its options decide it), JSON-able.

    Keys:
        ``lattice``: ``"square"``: tiles lie on the cells ``Tx,y`` of an unbounded square
        lattice (x east, y south); ``tile_side``: skydivers per tile side (tile ``Tx,y`` holds
        skydivers ``tile_side*x + i, tile_side*y + j``, ``0 <= i, j < tile_side``);
        ``skydivers_per_tile``; ``tiles``: tiles in the box; ``parachutes``: per seat;
        ``first_tile``: ``[0, 0]``; ``line_length``: 5 (five or more in a row win);
        ``line_axes``: one unit step per kind of line (row, column, two diagonals);
        ``connect``/``add``: how tiles join the formation and how a new tile must touch it,
        each ``{"name": "edge"|"corner", "neighbours": [[dx, dy], ...]}``; ``advanced``:
        advanced movement; ``movement``: the movement patterns, each ``{"parachutes"`` (the
        count it applies to, 4 meaning 4 or more; ``None`` in basic movement)``, "axes"``
        (``"orthogonal"``, ``"diagonal"`` or ``"all"``)``, "directions", "max_steps"`` (0: any
        distance)``, "through_tiles"}``; ``seat_colours``: a CSS colour per seat.
    """
    cfg = game.config
    patterns = cfg.patterns
    if cfg.advanced:
        movement = [_pattern(patterns[count], count) for count in (1, 2, 3, 4)]
    else:
        movement = [_pattern(patterns[0], None)]
    return {
        "lattice": "square",
        "tile_side": cfg.side,
        "skydivers_per_tile": cfg.side * cfg.side,
        "tiles": cfg.tiles,
        "parachutes": cfg.parachutes,
        "first_tile": list(FIRST_TILE),
        "line_length": geo.LINE_LENGTH,
        "line_axes": _steps(geo.LINE_AXES),
        "connect": _adjacency(cfg.connect_nbrs),
        "add": _adjacency(cfg.add_nbrs),
        "advanced": cfg.advanced,
        "movement": movement,
        "seat_colours": list(game.game_type.seat_colours),
    }


def _adjacency(neighbours: tuple[Cell, ...]) -> dict[str, Any]:
    return {
        "name": "edge" if neighbours == geo.ORTHOGONAL else "corner",
        "neighbours": _steps(neighbours),
    }


def observation(state: QuinqueState) -> dict[str, Any]:
    """The whole position (Quinque has no hidden information), JSON-serialisable.

    Keys: ``tiles`` (list of ``[tx, ty]``), ``marks`` (list of ``[x, y, seat]``), ``supply``
    (per seat), ``stack``, ``to_move`` (seat or null), ``phase`` (``"first"``/``"second"``),
    ``marked_tile``, ``turn``, ``winner``, ``outcome`` (a code, ``""`` while the game goes on),
    ``result`` (why it ended, an event ``{"key", "params"}``, or null), ``lines`` (the winner's
    lines of five or more, each a list of ``[x, y]`` skydivers in order), ``terminal``,
    ``last`` (the last action as ``{"notation", "parts"}``, null before the first: the board
    draws it without parsing notation).
    """
    result = events.outcome(state)
    lines = [] if state.winner is None else geo.lines(state.marks, state.winner)
    return {
        "game": "quinque",
        "tiles": [list(tile) for tile in sorted(state.tiles)],
        "marks": [[x, y, seat] for (x, y), seat in sorted(state.marks.items())],
        "supply": list(state.supply),
        "stack": state.stack,
        "to_move": None if state.over else state.to_move,
        "phase": "second" if state.second else "first",
        "marked_tile": None if state.marked_tile is None else list(state.marked_tile),
        "turn": state.turn,
        "winner": state.winner,
        "outcome": state.outcome,
        "result": None if result is None else result.to_json(),
        "lines": [[list(cell) for cell in line] for line in lines],
        "terminal": state.over,
        "last": last_action_json(state),
    }
