"""Quinque's legal actions: generated from the cached analysis of the formation's shape.

"Al tuo turno puoi eseguire una o due azioni" (the rulebook): a mandatory first action (mark a
free skydiver, add a tile and mark one of its skydivers, or move a tile) and an optional second
one (move a tile, or ``pass``). Where a tile may go comes from its formation's shape
(``shapes.py``, cached per shape in ``tables.py``); the action objects are interned.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from connect_arena.games.quinque.geometry import Cell
from connect_arena.games.quinque.notation import Add, Mark, Move, Pass, QuinqueAction
from connect_arena.games.quinque.shapes import Shape

if TYPE_CHECKING:
    from connect_arena.games.quinque.rules import QuinqueState

PASS = Pass()
ADVANCED_PATTERN = (1, 1, 2, 3, 4, 4, 4, 4, 4, 4)
"""The pattern id (``Config.patterns``) of a tile by its number of parachutes, in advanced
movement: a tile without any (set up by hand) moves like one with one; 3 × 3 tiles hold 9."""


MoveGroups = list[tuple[Cell, list[Move]]]
"""``(tile, its moves by destination)`` per tile that may move."""


class Legal:
    """A position's legal actions, grouped as a player chooses them (shared: do not modify).

    The flat list (:meth:`actions`) is what ``legal_actions`` hands out; the groups let a
    caller that asks "which tile, then where" (the research adapters' two-step moves) skip
    the moves of the tiles it does not choose.

    Attributes:
        parachutes: the ``mark`` actions (by tile, each tile's skydivers row by row), then
            the ``add`` actions (by cell); empty in the second action of a turn.
        moves: ``(tile, its moves by destination)`` for each tile that may move, tiles in
            sorted order; no tile appears twice, no group is empty.
        passing: whether ``pass`` is legal (in the second action, or when nothing else is).
        stuck: whether ``pass`` is the only legal action.
        origin: the smallest x and the smallest y of the formation's tiles (the corner of
            its bounding box), ``None`` before the first tile.
    """

    __slots__ = ("_flat", "moves", "origin", "parachutes", "passing", "stuck")

    def __init__(
        self, parachutes: list[Mark | Add], moves: MoveGroups, origin: Cell | None, second: bool
    ) -> None:
        self.parachutes = parachutes
        self.moves = moves
        self.origin = origin
        self.stuck = not parachutes and not moves
        self.passing = second or self.stuck
        self._flat: list[QuinqueAction] | None = None

    def __reduce__(self) -> tuple[object, ...]:
        # by the constructor (``passing`` stands for ``second``: equal when stuck, as then
        # both are true): the compiled (mypyc) class cannot be unpickled slot by slot
        return (Legal, (self.parachutes, self.moves, self.origin, self.passing))

    def actions(self) -> list[QuinqueAction]:
        """Every legal action in the engine's order: marks, adds, moves (by tile, then
        destination), ``pass`` (built once; shared)."""
        flat = self._flat
        if flat is None:
            flat = self._flat = self.new_list()
        return flat

    def new_list(self) -> list[QuinqueAction]:
        """:meth:`actions` as a new list (the caller's to keep or change)."""
        flat: list[QuinqueAction] = list(self.parachutes)
        for _, group in self.moves:
            flat += group
        if self.passing:
            flat.append(PASS)
        return flat


def grouped(state: QuinqueState, player: int) -> Legal:
    """The legal actions of ``player``, the seat to act in ``state``, grouped (:class:`Legal`).

    A turn (the rulebook): a mandatory first action (mark, add or move) and an optional
    second one (move or pass). Order: marks, adds, then moves (each by tile, then skydiver or
    destination); in the second action, moves then ``pass``; ``pass`` alone when nothing else
    is legal (Q-14).
    """
    tables = state.tables
    parachutes: list[Mark | Add] = []
    first = not state.second and state.supply[player] > 0
    if not state.tiles:
        if first and state.stack:
            parachutes += tables.adds_at[(0, 0)]  # the first tile goes at T0,0
        return Legal(parachutes, [], None, False)
    where = state.located
    if where is None or where[0] is not state.tiles:  # not cached, or the tiles were replaced
        where = state.located = (state.tiles, *tables.locate(state.tiles))
    _, order, origin, shape = where
    if first:
        marks = state.marks
        for tile in order:
            parachutes += [mark for spot, mark in tables.marks_on[tile] if spot not in marks]
        if state.stack:
            adds_at = tables.adds_at
            for dx, dy in shape.add_cells:
                parachutes += adds_at[(origin[0] + dx, origin[1] + dy)]
    return Legal(parachutes, move_groups(state, order, shape), origin, state.second)


def move_groups(state: QuinqueState, order: list[Cell], shape: Shape) -> MoveGroups:
    """Every legal move, grouped by tile (tiles in ``order``), each group by destination.
    Hot path: the shape knows each tile's moves as offsets, and the ``Move`` objects are
    interned per tile and offset."""
    found: MoveGroups = []
    moves_from = state.tables.moves_from
    still = state.marked_tile  # the tile marked this turn stays put
    moved = () if state.cfg.same_tile_twice else state.moved
    if not state.cfg.advanced:
        for tile, offsets in zip(order, shape.offsets(0), strict=True):
            if offsets and tile != still and tile not in moved:
                found.append((tile, list(map(moves_from[tile].__getitem__, offsets))))
        return found
    marks, skydivers = state.marks, state.tables.skydivers
    for i, tile in enumerate(order):
        if shape.landing[i] and tile != still and tile not in moved:
            count = sum(map(marks.__contains__, skydivers[tile]))  # parachutes_on(), inlined
            offsets = shape.tile_offsets(ADVANCED_PATTERN[count], i)
            if offsets:
                found.append((tile, list(map(moves_from[tile].__getitem__, offsets))))
    return found
