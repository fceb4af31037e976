"""Quinque's legal actions: generated from the cached analysis of the formation's shape.

"Al tuo turno puoi eseguire una o due azioni" (the rulebook): a mandatory first action (mark a
free skydiver, add a tile and mark one of its skydivers, or move a tile) and an optional second
one (move a tile, or ``pass``). Where a tile may go comes from its formation's shape
(``shapes.py``, cached per shape in ``tables.py``); the action objects are interned.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from connect_arena.games.quinque.geometry import Cell
from connect_arena.games.quinque.notation import Move, Pass, QuinqueAction
from connect_arena.games.quinque.shapes import Shape

if TYPE_CHECKING:
    from connect_arena.games.quinque.rules import QuinqueState

PASS = Pass()
ADVANCED_PATTERN = (1, 1, 2, 3, 4, 4, 4, 4, 4, 4)
"""The pattern id (``Config.patterns``) of a tile by its number of parachutes, in advanced
movement: a tile without any (set up by hand) moves like one with one; 3 × 3 tiles hold 9."""


def generate(state: QuinqueState, player: int) -> list[QuinqueAction]:
    """The legal actions of ``player``, the seat to act in ``state``.

    Order: marks, adds, then moves (each by tile, then skydiver or destination); in the second
    action, moves then ``pass``; ``pass`` alone when nothing else is legal (Q-14).
    """
    tables = state.tables
    actions: list[QuinqueAction] = []
    first = not state.second and state.supply[player] > 0
    if not state.tiles:
        if first and state.stack:
            actions += tables.adds_at[(0, 0)]  # the first tile goes at T0,0
        return actions or [PASS]
    order, origin, shape = tables.locate(state.tiles)
    if first:
        marks = state.marks
        for tile in order:
            actions += [mark for spot, mark in tables.marks_on[tile] if spot not in marks]
        if state.stack:
            adds_at = tables.adds_at
            for dx, dy in shape.add_cells:
                actions += adds_at[(origin[0] + dx, origin[1] + dy)]
    actions += moves(state, order, shape)
    if state.second or not actions:
        actions.append(PASS)
    return actions


def moves(state: QuinqueState, order: list[Cell], shape: Shape) -> list[Move]:
    """Every legal move, by tile then destination. Hot path: the shape knows each tile's
    moves as offsets, and the ``Move`` objects are interned per tile and offset."""
    found: list[Move] = []
    moves_from = state.tables.moves_from
    still = state.marked_tile  # the tile marked this turn stays put
    moved = () if state.cfg.same_tile_twice else state.moved
    if not state.cfg.advanced:
        for tile, offsets in zip(order, shape.offsets(0), strict=True):
            if offsets and tile != still and tile not in moved:
                found.extend(map(moves_from[tile].__getitem__, offsets))
        return found
    marks, skydivers = state.marks, state.tables.skydivers
    for i, tile in enumerate(order):
        if shape.landing[i] and tile != still and tile not in moved:
            count = sum(map(marks.__contains__, skydivers[tile]))  # parachutes_on(), inlined
            offsets = shape.tile_offsets(ADVANCED_PATTERN[count], i)
            found.extend(map(moves_from[tile].__getitem__, offsets))
    return found
