"""Quinque's action encoding: a window that follows the formation.

Quinque is played on an unbounded lattice and the formation drifts as tiles move, so ids are
relative to a *window* of ``W × W`` tile cells, ``W = tiles + 2``, whose corner is one cell up
and left of the formation's bounding box (``T-1,-1`` before the first tile). A connected
formation of at most ``tiles`` tiles spans at most ``tiles`` cells each way, and every legal
target (a skydiver of a tile, a free cell touching the formation) lies within one cell of it, so
the window holds every legal action. With ``s`` skydivers per tile side, the window has
``S × S`` skydivers, ``S = s · W``.

=========================  ==============================================================
ids                         meaning
=========================  ==============================================================
``0 .. S²-1``               put a parachute on skydiver ``(i % S, i // S)`` of the window:
                            ``mark`` when its tile is on the table, else ``add`` that tile
``S² .. S²+W²-1``           first step of a ``move``: the tile at window cell ``j``
``S²+W² .. S²+2W²-1``       second step of a ``move``: to window cell ``j``
``S²+2W²``                  ``pass``
=========================  ==============================================================

With the default options (9 tiles of 2 × 2): ``W = 11``, ``S = 22``, 727 ids. Chance: the first
player (``first_player=random``), ids 0 and 1 (the seat; two chance ids whatever the option).

Observation, shape ``(13, S, S)`` over the window's skydivers: 0 tile on the table; 1, 2 Red's
and Blue's parachutes; 3 free skydivers of tiles; 4 the tile marked this turn (it may not
move); 5 tiles moved this turn; 6 the tile chosen by a pending ``move``; then constant planes:
7 Red to act, 8 second action of the turn, 9, 10 Red's and Blue's parachutes left (fraction of
the supply), 11 tiles left in the stack (fraction), 12 the observer is Red.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any, cast

import numpy as np

from connect_arena.core.game import Action, State
from connect_arena.games.quinque.legal import PASS, Legal
from connect_arena.games.quinque.notation import Add, FirstPlayer, Mark, Move, format_cell
from connect_arena.games.quinque.rules import QuinqueGame, QuinqueState
from connect_arena.rl.encoding.base import Bucket, Encoding, Node, Root, Tensor

Cell = tuple[int, int]

_second = itemgetter(1)


class QuinqueEncoding(Encoding):
    """The window encoding described in the module docstring."""

    game_name = "quinque"

    def __init__(self, game: QuinqueGame) -> None:
        super().__init__(game)
        cfg = game.config
        self.side = cfg.side
        self.width = cfg.tiles + 2
        self.span = self.side * self.width
        self.move_from = self.span * self.span
        self.move_to = self.move_from + self.width * self.width
        self.pass_id = self.move_to + self.width * self.width
        self.num_distinct_actions = self.pass_id + 1
        self.max_chance_outcomes = 2  # the same whichever first_player: a fixed size
        self.observation_shape = (13, self.span, self.span)
        self.max_turns = cfg.max_turns
        self.parachutes = cfg.parachutes
        self.tiles = cfg.tiles

    @staticmethod
    def origin(state: QuinqueState) -> Cell:
        """The window's top-left tile cell in ``state``: one up and left of the formation."""
        tiles = state.tiles
        if not tiles:
            return (-1, -1)
        return (min(tiles)[0] - 1, min(map(_second, tiles)) - 1)

    def encode(self, state: State[Any], action: Action) -> tuple[int, ...]:
        """The ids of a legal action of ``state`` (see the module docstring)."""
        return self.encode_all(state, [action])[0]

    def encode_all(self, state: State[Any], actions: Any) -> list[tuple[int, ...]]:
        # One window origin per position, then arithmetic per action.
        ox, oy = self.origin(cast(QuinqueState, state))
        s, span, width = self.side, self.span, self.width
        sx, sy = ox * s, oy * s
        move_from, move_to = self.move_from - oy * width - ox, self.move_to - oy * width - ox
        found: list[tuple[int, ...]] = []
        for action in actions:
            kind = type(action)
            if kind is Mark or kind is Add:
                x, y = action.skydiver
                found.append(((y - sy) * span + x - sx,))
            elif kind is Move:
                (tx, ty), (dx, dy) = action.tile, action.to
                found.append((move_from + ty * width + tx, move_to + dy * width + dx))
            else:
                found.append((self.pass_id,))
        return found

    def tree(self, state: State[Any], actions: list[Action]) -> Node:
        """The prefix tree of any list of legal actions of ``state``: a parachute is one step,
        a move two (its tile, then its destination); each tile's moves are left as a
        :data:`~connect_arena.rl.encoding.base.Bucket` for :meth:`expand`."""
        ox, oy = self.origin(cast(QuinqueState, state))
        s, span, width = self.side, self.span, self.width
        sx, sy = ox * s, oy * s
        move_from = self.move_from - oy * width - ox
        root: dict[int, Any] = {}
        for action in cast(list[Any], actions):
            kind = type(action)
            if kind is Mark or kind is Add:
                x, y = action.skydiver
                root[(y - sy) * span + x - sx] = action
            elif kind is Move:
                x, y = action.tile
                root.setdefault(move_from + y * width + x, []).append(action)
            else:
                root[self.pass_id] = action
        return root

    def root(self, state: State[Any], player: int) -> Node:
        """The prefix tree from the engine's grouped legal actions (the hot path of the
        adapters): one entry per parachute and one per tile that may move, whose group of
        moves is the bucket (the destinations are built only for the tile chosen). One plain
        loop is the quickest for the parachutes (C-level ``map`` chains over identity tables
        lose on the dozen of a typical position)."""
        return self.grouped_root(state, cast(QuinqueState, state).legal_grouped(player))

    def first(self, state: State[Any], player: int) -> Root:
        """:class:`QuinqueRoot`: the engine's grouped legal actions, read once."""
        return QuinqueRoot(self, state, player)

    def grouped_root(self, state: State[Any], legal: Legal) -> Node:
        """:meth:`root` from ``legal``, the engine's grouped legal actions of ``state``."""
        origin = legal.origin
        if origin is None:  # no tile yet: the window is fixed
            return self.tree(state, cast(list[Action], legal.actions()))
        ox, oy = origin[0] - 1, origin[1] - 1  # the window: one cell up and left
        s, span, width = self.side, self.span, self.width
        shift = oy * s * span + ox * s
        root: dict[int, Any] = {}
        for action in legal.parachutes:
            x, y = action.skydiver
            root[y * span + x - shift] = action
        move_from = self.move_from - oy * width - ox
        for (x, y), group in legal.moves:
            root[move_from + y * width + x] = group
        if legal.passing:
            root[self.pass_id] = PASS
        return root

    def expand(self, state: State[Any], bucket: Bucket, action_id: int) -> Node:
        """The destinations of the moves of the tile chosen by ``action_id`` (a move's first
        step; ``bucket``: that tile's moves). A destination's window cell is the tile's plus
        the move's offset, so the window's origin is not needed."""
        moves = cast(list[Move], bucket)
        wy, wx = divmod(action_id - self.move_from, self.width)
        tx, ty = moves[0].tile
        width = self.width
        base = self.move_to + (wy - ty) * width + wx - tx
        node: dict[int, Any] = {}
        for move in moves:
            x, y = move.to
            node[base + y * width + x] = move
        return node

    def id_name(self, action_id: int) -> str:
        """``"parachute 3,2"``, ``"move from W4,5"``, ``"move to W5,5"``, ``"pass"`` (window
        coordinates, ``W`` for a window tile cell)."""
        if action_id < self.move_from:
            return f"parachute {format_cell((action_id % self.span, action_id // self.span))}"
        if action_id < self.move_to:
            cell = divmod(action_id - self.move_from, self.width)
            return f"move from W{cell[1]},{cell[0]}"
        if action_id < self.pass_id:
            cell = divmod(action_id - self.move_to, self.width)
            return f"move to W{cell[1]},{cell[0]}"
        return "pass"

    def chance_id(self, state: State[Any], action: Action) -> int:
        """The first player's seat."""
        return cast(FirstPlayer, action).seat

    def chance_name(self, chance_id: int) -> str:
        return f"first {chance_id}"

    def max_game_length(self) -> int:
        """Four steps a turn at most (a move, then a move); ``max_turns`` turns. Without a
        turn limit a game may not end: the bound is then OpenSpiel's largest length."""
        return 4 * self.max_turns if self.max_turns else 2**31 - 1

    def observe(self, state: State[Any], player: int, prefix: tuple[int, ...], out: Tensor) -> None:
        """The planes of the module docstring (``out``: zeros). A slice a tile, an element a
        parachute, the free skydivers as the tiles minus the parachutes (every parachute lies
        on a tile), and only the constant planes that are not 0: few array operations."""
        q = cast(QuinqueState, state)
        s = self.side
        ox, oy = self.origin(q)
        sx, sy = ox * s, oy * s
        marked = q.marked_tile
        moved = q.moved
        for tile in q.tiles:
            x0, y0 = tile[0] * s - sx, tile[1] * s - sy
            out[0, y0 : y0 + s, x0 : x0 + s] = 1.0
            if tile == marked:
                out[4, y0 : y0 + s, x0 : x0 + s] = 1.0
            if moved and tile in moved:
                out[5, y0 : y0 + s, x0 : x0 + s] = 1.0
        for (x, y), seat in q.marks.items():
            out[1 + seat, y - sy, x - sx] = 1.0
        np.subtract(out[0], out[1], out=out[3])
        np.subtract(out[3], out[2], out=out[3])
        if prefix:
            y0, x0 = divmod(prefix[0] - self.move_from, self.width)
            out[6, y0 * s : (y0 + 1) * s, x0 * s : (x0 + 1) * s] = 1.0
        if q.to_move == 0:
            out[7] = 1.0
        if q.second:
            out[8] = 1.0
        if q.supply[0]:
            out[9] = q.supply[0] / self.parachutes
        if q.supply[1]:
            out[10] = q.supply[1] / self.parachutes
        if q.stack:
            out[11] = q.stack / self.tiles
        if player == 0:
            out[12] = 1.0


class QuinqueRoot(Root):
    """A position's first steps from the engine's grouped legal actions
    (:class:`~connect_arena.games.quinque.legal.Legal`), read once: an id given before the
    legal ids were asked (an ``env.step`` without an observation) finds its parachute by the
    skydiver (the id read backwards through the window) and ``pass`` by the groups' flag,
    with no dict built; the ids are listed from the groups (:meth:`ids`) and a move's first
    step expands its tile's group alone (:meth:`child`), so the root node is built only for
    an id that is not legal or a caller that asks for the tree."""

    def __init__(self, encoding: QuinqueEncoding, state: State[Any], player: int) -> None:
        super().__init__(encoding, state, player)
        self.quinque = encoding
        self.legal = cast(QuinqueState, state).legal_grouped(player)

    def _pick_unbuilt(self, action_id: int) -> Action | None:
        q, legal = self.quinque, self.legal
        origin = legal.origin
        if origin is None:  # before the first tile: the root is a handful of adds
            target = self.node().get(action_id)
            return target if isinstance(target, Action) else None
        if 0 <= action_id < q.move_from:
            row, column = divmod(action_id, q.span)
            x, y = column + (origin[0] - 1) * q.side, row + (origin[1] - 1) * q.side
            for action in legal.parachutes:
                sx, sy = action.skydiver
                if sx == x and sy == y:
                    return action
            return None
        if action_id == q.pass_id and legal.passing:
            return PASS
        return None  # a move's first step (the node has its bucket), or not legal

    def ids(self) -> list[int]:
        """The legal first ids, ascending, read from the engine's groups without the root
        node: each parachute's skydiver and each moving tile through the window, one sort
        (the moves' destinations are not looked at)."""
        legal = self.legal
        origin = legal.origin
        q = self.quinque
        # the window: one cell up and left of the formation (T-1,-1 before the first tile)
        ox, oy = (-1, -1) if origin is None else (origin[0] - 1, origin[1] - 1)
        s, span, width = q.side, q.span, q.width
        shift = oy * s * span + ox * s
        found: list[int] = []
        for action in legal.parachutes:
            x, y = action.skydiver
            found.append(y * span + x - shift)
        move_from = q.move_from - oy * width - ox
        for x, y in legal.movers():
            found.append(move_from + y * width + x)
        found.sort()
        if legal.passing:
            found.append(q.pass_id)  # the largest id
        return found

    def child(self, action_id: int) -> Node | None:
        """The destinations of the tile chosen by a move's first step (:meth:`QuinqueEncoding.
        expand` of that tile's group), without the root node; ``None`` for any other id
        (the root node answers, and refuses an id that is not legal)."""
        q, legal = self.quinque, self.legal
        origin = legal.origin
        if origin is None or not q.move_from <= action_id < q.move_to:
            return None
        wy, wx = divmod(action_id - q.move_from, q.width)
        group = legal.group((wx + origin[0] - 1, wy + origin[1] - 1))
        if group is None:
            return None
        return q.expand(self.state, cast("list[Action]", group), action_id)

    def node(self) -> Node:
        node = self._node
        if node is None:
            node = self._node = self.quinque.grouped_root(self.state, self.legal)
        return node
