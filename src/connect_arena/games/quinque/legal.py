"""Quinque's legal actions: generated from the cached analysis of the formation's shape.

"Al tuo turno puoi eseguire una o due azioni" (the rulebook): a mandatory first action (mark a
free skydiver, add a tile and mark one of its skydivers, or move a tile) and an optional second
one (move a tile, or ``pass``). Where a tile may go comes from its formation's shape
(``shapes.py``, cached per shape in ``tables.py``); the action objects are interned.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, cast

from connect_arena.games.quinque import geometry as geo
from connect_arena.games.quinque.geometry import Cell
from connect_arena.games.quinque.notation import Add, Mark, Move, Pass, QuinqueAction
from connect_arena.games.quinque.shapes import Shape

if TYPE_CHECKING:
    from connect_arena.games.quinque.rules import QuinqueState

PASS: Final = Pass()
ADVANCED_PATTERN: Final = (1, 1, 2, 3, 4, 4, 4, 4, 4, 4)
"""The pattern id (``Config.patterns``) of a tile by its number of parachutes, in advanced
movement: a tile without any (set up by hand) moves like one with one; 3 × 3 tiles hold 9."""
POPCOUNT: Final = tuple(bin(mask).count("1") for mask in range(512))
"""The number of set bits of a tile's occupancy mask (3 × 3 tiles: 9 bits)."""


NO_ORIGIN: Final = -(1 << 60)
"""``Legal``'s x of the origin when there is none (a formation never drifts that far)."""
MoveGroups = list[tuple[Cell, list[Move]]]
"""``(tile, its moves by destination)`` per tile that may move."""


class Legal:
    """A position's legal actions, grouped as a player chooses them (shared: do not modify).

    The flat list (:meth:`actions`) is what ``legal_actions`` hands out, and what the engine
    builds: each tile's interned moves go straight into it. The groups (:attr:`parachutes`,
    :attr:`moves`) are cut from it on first use, for a caller that asks "which tile, then
    where" (the research adapters' two-step moves) and skips the tiles it does not choose.

    Attributes:
        count: the number of ``mark`` and ``add`` actions at the front of the flat list.
        passing: whether ``pass`` is legal (in the second action, or when nothing else is).
        stuck: whether ``pass`` is the only legal action.
    """

    __slots__ = (
        "_flat",
        "_groups",
        "_parachutes",
        "_starts",
        "_x",
        "_y",
        "count",
        "passing",
        "stuck",
    )

    def __init__(
        self,
        flat: list[QuinqueAction],
        count: int,
        x: int,
        y: int,
        passing: bool,
        starts: list[int] | None = None,
    ) -> None:
        """``flat``: every legal action in the engine's order, ``pass`` last when
        ``passing`` (the list is kept, not copied); ``count``: its marks and adds; ``(x,
        y)``: the origin (``x`` = :data:`NO_ORIGIN`: none; two integers, no tuple built per
        position); ``starts``: the index in ``flat`` of each moving tile's first move
        (:func:`add_moves`; ``None``: no move)."""
        self._flat = flat
        self._starts = starts
        self.count = count
        self._x = x
        self._y = y
        self.passing = passing
        self.stuck = passing and len(flat) == 1
        self._parachutes: list[Mark | Add] | None = None
        self._groups: MoveGroups | None = None

    def __reduce__(self) -> tuple[object, ...]:
        # by the constructor: the compiled (mypyc) class cannot be unpickled slot by slot
        return (Legal, (self._flat, self.count, self._x, self._y, self.passing, self._starts))

    @property
    def origin(self) -> Cell | None:
        """The smallest x and the smallest y of the formation's tiles, ``None`` before the
        first tile."""
        return None if self._x == NO_ORIGIN else (self._x, self._y)

    @property
    def parachutes(self) -> list[Mark | Add]:
        """The ``mark`` actions (by tile, each tile's skydivers row by row), then the
        ``add`` actions (by cell); empty in the second action of a turn (built once;
        shared)."""
        found = self._parachutes
        if found is None:
            found = self._parachutes = cast("list[Mark | Add]", self._flat[: self.count])
        return found

    @property
    def moves(self) -> MoveGroups:
        """``(tile, its moves by destination)`` for each tile that may move, tiles in sorted
        order; no tile appears twice, no group is empty (built once; shared)."""
        found = self._groups
        if found is None:
            found = self._groups = []
            # cut at the tiles' first moves, as add_moves kept them: one slice a tile, no
            # comparison a move (the adapters ask for the groups at every position)
            for n in range(len(self._starts or ())):
                group = self._group(n)
                found.append((group[0].tile, group))
        return found

    def _group(self, n: int) -> list[Move]:
        """The moves of the ``n``-th tile that may move (a new list: one slice of the flat
        list, from its first move to the next tile's, or to ``pass`` or the end)."""
        starts = self._starts
        assert starts is not None
        flat = self._flat
        last = len(flat) - 1 if self.passing else len(flat)  # pass, if any, ends the list
        end = starts[n + 1] if n + 1 < len(starts) else last
        return cast("list[Move]", flat[starts[n] : end])

    def movers(self) -> list[Cell]:
        """The tiles that may move, in the order of :attr:`moves`, without cutting the
        groups (the adapters' legal ids need the tiles only)."""
        starts = self._starts
        if not starts:
            return []
        flat = self._flat
        return [cast(Move, flat[i]).tile for i in starts]

    def group(self, tile: Cell) -> list[Move] | None:
        """The moves of ``tile`` by destination, as in :attr:`moves` (a new list), or
        ``None`` if it may not move now; one slice, without cutting the other groups."""
        starts = self._starts
        if not starts:
            return None
        flat = self._flat
        for n in range(len(starts)):
            if cast(Move, flat[starts[n]]).tile == tile:
                return self._group(n)
        return None

    def actions(self) -> list[QuinqueAction]:
        """Every legal action in the engine's order: marks, adds, moves (by tile, then
        destination), ``pass`` (shared)."""
        return self._flat

    def new_list(self) -> list[QuinqueAction]:
        """:meth:`actions` as a new list (the caller's to keep or change)."""
        return self._flat[:]


def grouped(state: QuinqueState, player: int) -> Legal:
    """The legal actions of ``player``, the seat to act in ``state``, grouped (:class:`Legal`).

    A turn (the rulebook): a mandatory first action (mark, add or move) and an optional
    second one (move or pass). Order: marks, adds, then moves (each by tile, then skydiver or
    destination); in the second action, moves then ``pass``; ``pass`` alone when nothing else
    is legal (Q-14).

    Hot path: the formation is its cached shape and its origin's code (kept by the state as
    it plays); each tile is the origin's code plus the shape's relative code, whose table
    (:class:`~connect_arena.games.quinque.tables.TileTable`) holds its interned actions,
    copied straight into one flat list.
    """
    state.sync()
    tables = state.tables
    flat: list[QuinqueAction] = []
    first = not state.second and state.supply[player] > 0
    shape = state.shape
    starts: list[int] | None = None
    if shape is None:
        if first and state.stack:
            flat += tables.tile(0).adds  # the first tile goes at T0,0
        count = len(flat)
    else:
        o = state.origin_code
        base = tables.base(state.ox, state.oy)
        if first:
            fill = state.fill
            codes = shape.codes
            slots = shape.slots
            for i in range(len(codes)):
                k = o + codes[i]
                flat += tables.at(base, slots[i], k).free_marks(fill[k])
            if state.stack:
                codes = shape.add_codes
                slots = shape.add_slots
                for i in range(len(codes)):
                    flat += tables.at(base, slots[i], o + codes[i]).adds
        count = len(flat)
        starts = []
        add_moves(flat, state, shape, o, base, starts)
    passing = state.second or not flat
    if passing:
        flat.append(PASS)
    return Legal(flat, count, NO_ORIGIN if shape is None else state.ox, state.oy, passing, starts)


def add_moves(
    flat: list[QuinqueAction],
    state: QuinqueState,
    shape: Shape,
    o: int,
    base: int = -1,
    starts: list[int] | None = None,
) -> None:
    """Append every legal move to ``flat``, by tile (tiles in the shape's order), each tile's
    by destination: ``shape`` is the formation's, ``o`` its origin's code, ``base`` its grid
    index (``ActionTables.base``; -1: read the tile tables by code); ``starts`` (if given)
    gets the index in ``flat`` of each moving tile's first move. Hot path: the shape
    knows each tile's moves as ray indices, and each tile's table keeps its ``Move`` objects
    in a list by ray index."""
    tables = state.tables
    reach = tables.reach
    marked = state.marked_tile  # the tile marked this turn stays put
    still = o - 1 if marked is None else geo.code(marked)  # o - 1: never a tile's code
    moved: set[int] = set()
    if not state.on.same_tile_twice and state.moved:
        moved = {geo.code(cell) for cell in state.moved}
    codes = shape.codes
    slots = shape.slots
    advanced = state.on.advanced
    steps = shape.steps(0, reach)
    fill = state.fill
    landing = shape.landing
    for i in range(len(codes)):
        if not landing[i]:
            continue
        k = o + codes[i]
        if k == still or (moved and k in moved):
            continue
        if advanced:
            pattern = ADVANCED_PATTERN[POPCOUNT[fill[k]]]  # parachutes_on(), inlined
            mine = shape.steps(pattern, reach)[i]
        else:
            mine = steps[i]
        if mine:
            if starts is not None:
                starts.append(len(flat))
            table = tables.at(base, slots[i], k)
            rays = table.rays
            for step in mine:
                move = rays[step]
                flat.append(table.move(step) if move is None else move)
