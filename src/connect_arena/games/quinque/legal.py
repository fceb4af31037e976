"""Quinque's legal actions: generated from the cached analysis of the formation's shape.

"Al tuo turno puoi eseguire una o due azioni" (the rulebook): a mandatory first action (mark a
free skydiver, add a tile and mark one of its skydivers, or move a tile) and an optional second
one (move a tile, or ``pass``). Where a tile may go comes from its formation's shape
(``shapes.py``, cached per shape in ``tables.py``); the action objects are interned.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from connect_arena.games.quinque.geometry import Cell
from connect_arena.games.quinque.notation import Move, Pass, QuinqueAction
from connect_arena.games.quinque.shapes import Shape

if TYPE_CHECKING:
    from connect_arena.games.quinque.rules import QuinqueState

PASS = Pass()
ADVANCED_PATTERN = (1, 1, 2, 3, 4, 4, 4, 4, 4, 4)
"""The pattern id (``Config.patterns``) of a tile by its number of parachutes, in advanced
movement: a tile without any (set up by hand) moves like one with one; 3 × 3 tiles hold 9."""


class Legal:
    """A position's legal actions, with where each kind lies (shared: do not modify).

    ``actions`` is what ``legal_actions`` hands out; the bounds let a caller that asks
    "which tile, then where" (the research adapters' two-step moves) skip the moves of the
    tiles it does not choose.

    Attributes:
        actions: every legal action in the engine's order: the ``mark`` actions (by tile,
            each tile's skydivers row by row), the ``add`` actions (by cell), the moves (by
            tile, then destination), ``pass``.
        parachutes: how many marks and adds lead the list (0 in the second action).
        moves: ``(tile, start, end)`` for each tile that may move, tiles in sorted order:
            its moves are ``actions[start:end]``; no tile appears twice, no run is empty.
        passing: whether ``pass`` is legal (in the second action, or when nothing else is);
            it is then the last action.
        stuck: whether ``pass`` is the only legal action.
        origin: the smallest x and the smallest y of the formation's tiles (the corner of
            its bounding box), ``None`` before the first tile.
    """

    __slots__ = ("actions", "moves", "origin", "parachutes", "passing", "stuck")

    def __init__(
        self,
        actions: list[QuinqueAction],
        parachutes: int,
        moves: list[tuple[Cell, int, int]],
        origin: Cell | None,
        passing: bool,
    ) -> None:
        self.actions = actions
        self.parachutes = parachutes
        self.moves = moves
        self.origin = origin
        self.passing = passing
        self.stuck = not actions
        if passing:
            actions.append(PASS)

    def move_groups(self) -> list[tuple[Cell, list[Move]]]:
        """``(tile, its moves by destination)`` per tile that may move."""
        actions = cast(list[Move], self.actions)
        return [(tile, actions[start:end]) for tile, start, end in self.moves]


def grouped(state: QuinqueState, player: int) -> Legal:
    """The legal actions of ``player``, the seat to act in ``state``, with their bounds
    (:class:`Legal`).

    A turn (the rulebook): a mandatory first action (mark, add or move) and an optional
    second one (move or pass). Order: marks, adds, then moves (each by tile, then skydiver or
    destination); in the second action, moves then ``pass``; ``pass`` alone when nothing else
    is legal (Q-14).
    """
    tables = state.tables
    actions: list[QuinqueAction] = []
    first = not state.second and state.supply[player] > 0
    if not state.tiles:
        if first and state.stack:
            actions += tables.adds_at[(0, 0)]  # the first tile goes at T0,0
        return Legal(actions, len(actions), [], None, not actions)
    order, origin, shape = tables.locate(state.tiles)
    if first:
        marks = state.marks
        for tile in order:
            actions += [mark for spot, mark in tables.marks_on[tile] if spot not in marks]
        if state.stack:
            adds_at = tables.adds_at
            for dx, dy in shape.add_cells:
                actions += adds_at[(origin[0] + dx, origin[1] + dy)]
    parachutes = len(actions)
    runs = add_moves(state, order, shape, actions)
    return Legal(actions, parachutes, runs, origin, state.second or not actions)


def add_moves(
    state: QuinqueState, order: list[Cell], shape: Shape, found: list[QuinqueAction]
) -> list[tuple[Cell, int, int]]:
    """Append every legal move to ``found``, by tile (tiles in ``order``) then destination;
    return ``(tile, start, end)`` per tile that may move (its moves: ``found[start:end]``).
    Hot path: the shape knows each tile's moves as offsets, and the ``Move`` objects are
    interned per tile and offset."""
    runs: list[tuple[Cell, int, int]] = []
    moves_from = state.tables.moves_from
    still = state.marked_tile  # the tile marked this turn stays put
    moved = () if state.cfg.same_tile_twice else state.moved
    if not state.cfg.advanced:
        for tile, offsets in zip(order, shape.offsets(0), strict=True):
            if offsets and tile != still and tile not in moved:
                start = len(found)
                found += map(moves_from[tile].__getitem__, offsets)
                runs.append((tile, start, len(found)))
        return runs
    marks, skydivers = state.marks, state.tables.skydivers
    for i, tile in enumerate(order):
        if shape.landing[i] and tile != still and tile not in moved:
            count = sum(map(marks.__contains__, skydivers[tile]))  # parachutes_on(), inlined
            offsets = shape.tile_offsets(ADVANCED_PATTERN[count], i)
            if offsets:
                start = len(found)
                found += map(moves_from[tile].__getitem__, offsets)
                runs.append((tile, start, len(found)))
    return runs
