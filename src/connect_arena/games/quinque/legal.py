"""Quinque's legal actions: generated from the cached analysis of the formation's shape.

"Al tuo turno puoi eseguire una o due azioni" (the rulebook): a mandatory first action (mark a
free skydiver, add a tile and mark one of its skydivers, or move a tile) and an optional second
one (move a tile, or ``pass``). Where a tile may go comes from its formation's shape
(``shapes.py``, cached per shape in ``tables.py``); the action objects are interned.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from connect_arena.games.quinque import geometry as geo
from connect_arena.games.quinque.geometry import Cell
from connect_arena.games.quinque.notation import Add, Mark, Move, Pass, QuinqueAction
from connect_arena.games.quinque.shapes import Shape

if TYPE_CHECKING:
    from connect_arena.games.quinque.rules import QuinqueState

PASS = Pass()
ADVANCED_PATTERN = (1, 1, 2, 3, 4, 4, 4, 4, 4, 4)
"""The pattern id (``Config.patterns``) of a tile by its number of parachutes, in advanced
movement: a tile without any (set up by hand) moves like one with one; 3 × 3 tiles hold 9."""
POPCOUNT = tuple(bin(mask).count("1") for mask in range(512))
"""The number of set bits of a tile's occupancy mask (3 × 3 tiles: 9 bits)."""


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

    Hot path: the formation is its cached shape and its origin's code (kept by the state as
    it plays); each tile is the origin's code plus the shape's relative code, whose table
    (:class:`~connect_arena.games.quinque.tables.TileTable`) holds its interned actions.
    """
    state.sync()
    tables = state.tables
    parachutes: list[Mark | Add] = []
    first = not state.second and state.supply[player] > 0
    shape = state.shape
    if shape is None:
        if first and state.stack:
            parachutes += tables.tile(0).adds  # the first tile goes at T0,0
        return Legal(parachutes, [], None, False)
    o = state.origin_code
    base = tables.base(state.ox, state.oy)
    if first:
        fill = state.fill
        codes = shape.codes
        slots = shape.slots
        for i in range(len(codes)):
            k = o + codes[i]
            parachutes += tables.at(base, slots[i], k).free_marks(fill[k])
        if state.stack:
            codes = shape.add_codes
            slots = shape.add_slots
            for i in range(len(codes)):
                parachutes += tables.at(base, slots[i], o + codes[i]).adds
    moves = move_groups(state, shape, o, base)
    return Legal(parachutes, moves, (state.ox, state.oy), state.second)


def move_groups(state: QuinqueState, shape: Shape, o: int, base: int = -1) -> MoveGroups:
    """Every legal move, grouped by tile (tiles in the shape's order), each group by
    destination: ``shape`` is the formation's, ``o`` its origin's code, ``base`` its grid
    index (``ActionTables.base``; -1: read the tile tables by code). Hot path: the shape
    knows each tile's moves as ray indices, and each tile's table keeps its ``Move``
    objects in a list by ray index."""
    found: MoveGroups = []
    tables = state.tables
    reach = tables.reach
    marked = state.marked_tile  # the tile marked this turn stays put
    still = o - 1 if marked is None else geo.code(marked)  # o - 1: never a tile's code
    moved: set[int] = set()
    if not state.on.same_tile_twice and state.moved:
        moved = {geo.code(cell) for cell in state.moved}
    codes = shape.codes
    slots = shape.slots
    if not state.on.advanced:
        steps = shape.steps(0, reach)
        for i in range(len(codes)):
            mine = steps[i]
            if mine:
                k = o + codes[i]
                if k != still and (not moved or k not in moved):
                    table = tables.at(base, slots[i], k)
                    found.append((table.cell, table.moves(mine)))
        return found
    fill = state.fill
    landing = shape.landing
    for i in range(len(codes)):
        if landing[i]:
            k = o + codes[i]
            if k != still and (not moved or k not in moved):
                pattern = ADVANCED_PATTERN[POPCOUNT[fill[k]]]  # parachutes_on(), inlined
                mine = shape.steps(pattern, reach)[i]
                if mine:
                    table = tables.at(base, slots[i], k)
                    found.append((table.cell, table.moves(mine)))
    return found
