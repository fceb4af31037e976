"""Quinque ("the 5 man formation", Mind Fitness Games): the rules engine.

Source: Board Game Arena's Italian help ("Regolamento in sintesi", the rulebook quoted here),
with Board Game Arena's English help for what it leaves open; every decision (Q-1…Q-23) is
listed in ``docs/rules/quinque.md``. The package: ``options.py`` (options), ``notation.py``
(actions), ``legal.py`` (legal actions), ``explain.py`` (why an action is illegal),
``events.py`` (what an action does, as events), ``view.py`` (observation and geometry),
``render.py`` (terminal diagram); ``geometry.py``, ``shapes.py`` and ``tables.py`` hold the
lattice and the cached analysis of formations.

A turn is one or two actions by the same seat: a mandatory first action (``mark``, ``add`` or
``move``) and an optional second one (``move`` or ``pass``). Lines of five are checked after
every action.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import MappingProxyType
from typing import Any, Final, Literal, cast

from mypy_extensions import mypyc_attr

from connect_arena.core.events import Event
from connect_arena.core.game import CHANCE, TERMINAL, Game, State
from connect_arena.core.gametype import (
    ChanceMode,
    GameType,
    ResultKind,
    Utility,
)
from connect_arena.games.quinque import events, explain, legal, view
from connect_arena.games.quinque import geometry as geo
from connect_arena.games.quinque.geometry import Cell
from connect_arena.games.quinque.legal import ADVANCED_PATTERN
from connect_arena.games.quinque.notation import (
    Add,
    FirstPlayer,
    Mark,
    Move,
    Pass,
    QuinqueAction,
    parse_action,
)
from connect_arena.games.quinque.options import OPTIONS, Config, check_options, make_config
from connect_arena.games.quinque.shapes import Pattern, Shape, ShapeRules
from connect_arena.games.quinque.tables import (
    SHORT_BITS,
    ActionTables,
    Flags,
    flags_for,
    tables_for,
)


@mypyc_attr(native_class=False)  # a Game: declared by class variables (see core.game)
class QuinqueGame(Game):
    """Quinque for 2 players: 18 parachutes each, 9 tiles of 2×2 skydivers (configurable).

    Attributes:
        config: the options unpacked (:class:`~connect_arena.games.quinque.options.Config`).
        tables: the cached shapes and interned actions of these options, shared by every game
            with the same rules (:mod:`connect_arena.games.quinque.tables`).
    """

    game_type = GameType(
        short_name="quinque",
        long_name="Quinque",
        summary="Mark skydivers and move tiles to line up five parachutes of your colour.",
        player_counts=(2,),
        default_players=2,
        seat_names=("Red", "Blue"),
        seat_colours=("#d62839", "#1e63d6"),
        chance_mode=ChanceMode.EXPLICIT,  # only with first_player=random; see Config.first_player
        utility=Utility.ZERO_SUM,
        draw_possible=True,
        result=ResultKind.RANKS,
        anti_endless_option="max_turns",
        anti_endless_default=300,
        rulebook="Quinque, Board Game Arena help (Italian)",
        # What a game of people takes, in minutes (the landing page shows it):
        # a game of two people at Board Game Arena's pace.
        extra=MappingProxyType({"minutes": (10, 20)}),
    )
    option_specs = OPTIONS
    event_templates = events.ENGLISH

    def _check_options(self) -> None:
        side = check_options(self.options)
        cfg: Config = make_config(self.options, side)
        self.config = cfg
        self.tables = tables_for(
            ShapeRules(cfg.connect_nbrs, cfg.add_nbrs, cfg.lifted_check, cfg.patterns),
            side,
            cfg.tiles,
        )

    def new_initial_state(self) -> QuinqueState:
        """An empty table: both supplies full, every tile in the stack."""
        return QuinqueState(self)

    def geometry(self) -> dict[str, Any]:
        """What the board needs to draw these options' formations (see
        :func:`~connect_arena.games.quinque.view.geometry`)."""
        return view.geometry(self)


_SEATS: Final = (frozenset((0,)), frozenset((1,)))
_NOBODY: Final[frozenset[int]] = frozenset()

FRAME_SLACK = 8
"""Skydivers of room on each side of the marks when ``QuinqueState.board`` is rebuilt: a
formation drifts a few tiles before the next rebuild (a rebuild costs about as much as a
dozen actions), and the window stays small enough to copy with every clone."""

BITS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple([b for b in range(9) if mask >> b & 1]) for mask in range(512)
)
"""The set bits of a tile's parachute mask (``fill``; 3 × 3 tiles: 9 bits), in order."""


def _run(board: list[int], at: int, step: int, mark: int) -> int:
    """The length of the run of ``mark`` through ``board[at]`` (which holds it) along
    ``step``, both ways; the window's empty outer ring stops it (``QuinqueState.board``)."""
    run = 1
    k = at + step
    while board[k] == mark:
        run += 1
        k += step
    k = at - step
    while board[k] == mark:
        run += 1
        k -= step
    return run


Outcome = Literal[
    "", "line", "both_lines", "opponent_line", "supplies_empty", "no_action", "turn_limit"
]


@mypyc_attr(serializable=True)  # pickled for the process pool
class QuinqueState(State[QuinqueAction]):
    """A Quinque position. Seat 0 is Red, seat 1 is Blue.

    Attributes:
        tiles: tile cells on the table.
        marks: skydiver → seat of the parachute on it.
        supply: parachutes left per seat.
        stack: tiles not yet in play.
        to_move: seat whose turn it is (``None`` before the first player is drawn).
        second: whether the optional second action of the turn is pending.
        marked_tile: the tile marked this turn, which may not move (Q-7).
        moved: cells of the tiles moved this turn (for ``move_same_tile_twice=false``).
        turn: 1-based turn number.
        winner: the winning seat, once decided.
        outcome: why the game ended ("" while it goes on).
        tables: the cached shapes and interned actions of the game's options (shared).
        on: the options read at every action (:class:`~connect_arena.games.quinque.tables.
            Flags`, shared).

    The engine plays on an integer form of the same position, kept in step with ``tiles``
    and ``marks`` (and rebuilt by :meth:`sync` when either is replaced, as set-ups by hand
    do): ``ox``, ``oy`` (the formation's smallest x and smallest y) and ``origin_code``
    (their code, ``ox * STRIDE + oy``); ``mask`` (tile ``(ox + i, oy + j)`` is bit
    ``i * tables.rows + j``) and ``shape`` (its cached :class:`Shape`, ``None`` before the
    first tile); ``fill`` (tile code → mask of the skydivers carrying a parachute, bit
    ``i + side * j`` for skydiver ``(i, j)`` of the tile). A move or an add updates the mask
    and finds the shape by it, without sorting the tiles. The line check reads ``board``, the
    marks in a window of ``bw × bw`` skydivers whose corner is skydiver ``(bx, by)``:
    skydiver ``(x, y)`` is ``board[(x - bx) * bw + y - by]``, its seat plus one (0: no
    parachute); every mark lies off the window's outer ring, so a run along a row, column or
    diagonal stops inside the list, at the empty ring at the latest (:meth:`_frame`).
    """

    def __init__(self, game: QuinqueGame, *, _blank: bool = False) -> None:
        if _blank:
            return  # for :meth:`clone`, which sets every attribute
        super().__init__(game)
        self.cfg: Config = game.config
        self.tables: ActionTables = game.tables
        self.on: Flags = flags_for(self.cfg)
        self.tiles: set[Cell] = set()
        self.marks: dict[Cell, int] = {}
        self.supply = [self.cfg.parachutes, self.cfg.parachutes]
        self.stack = self.cfg.tiles
        self.to_move: int | None = self.cfg.first_player
        self.second = False
        self.marked_tile: Cell | None = None
        self.moved: set[Cell] = set()
        self.turn = 1
        self.winner: int | None = None
        self.over = False
        self.outcome: Outcome = ""
        self._legal: legal.Legal | None = None
        self.shape: Shape | None = None
        self.mask = 0
        self.ox = 0
        self.oy = 0
        self.origin_code = 0
        self.fill: dict[int, int] = {}
        self.board: list[int] = [0]
        self.bw = 1
        self.bx = 0
        self.by = 0
        self._synced: tuple[set[Cell], dict[Cell, int]] = (self.tiles, self.marks)

    # ----- protocol -------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        if self.over:
            return TERMINAL
        return CHANCE if self.to_move is None else self.to_move

    # The three queries below answer as the base class does, without building a frozenset
    # or going through ``current_player`` each time (playouts ask them at every action).
    def active_players(self) -> frozenset[int]:
        """The seat to act, or none while the first player is drawn or at the end."""
        if self.over or self.to_move is None:
            return _NOBODY
        return _SEATS[self.to_move]

    def is_chance_node(self) -> bool:
        """Whether the first player is being drawn (``first_player=random``)."""
        return self.to_move is None and not self.over

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.over

    def returns(self) -> list[float]:
        """``[1, -1]`` or ``[-1, 1]`` for a win, ``[0, 0]`` for a tie or an unfinished game."""
        if self.winner is None:
            return [0.0, 0.0]
        return [1.0 if seat == self.winner else -1.0 for seat in (0, 1)]

    def clone(self) -> QuinqueState:
        """An independent copy: every attribute, the tiles, marks, supply and moved tiles
        copied (the config, the tables and the legal actions found are shared)."""
        other = QuinqueState(cast(QuinqueGame, self.game), _blank=True)
        other.game = self.game
        other.history = list(self.history)
        other.cfg = self.cfg
        other.tables = self.tables
        other.on = self.on
        other.tiles = set(self.tiles)
        other.marks = dict(self.marks)
        other.supply = list(self.supply)
        other.stack = self.stack
        other.to_move = self.to_move
        other.second = self.second
        other.marked_tile = self.marked_tile
        other.moved = set(self.moved)
        other.turn = self.turn
        other.winner = self.winner
        other.over = self.over
        other.outcome = self.outcome
        other._legal = self._legal
        other.shape = self.shape
        other.mask = self.mask
        other.ox = self.ox
        other.oy = self.oy
        other.origin_code = self.origin_code
        other.fill = dict(self.fill)
        other.board = self.board[:]
        other.bw = self.bw
        other.bx = self.bx
        other.by = self.by
        synced = self._synced
        in_step = synced[0] is self.tiles and synced[1] is self.marks
        other._synced = (other.tiles, other.marks) if in_step else (set(), {})
        return other

    def sync(self) -> None:
        """Rebuild the integer form of the position (see the class docstring) if ``tiles``
        or ``marks`` was replaced since it was made (a position set up by hand).

        Raises:
            ValueError: more tiles on the table than the option ``tiles`` puts in the box.
        """
        synced = self._synced
        if synced[0] is self.tiles and synced[1] is self.marks:
            return
        if len(self.tiles) > self.cfg.tiles:  # the mask's columns hold `tiles + 1` rows
            raise ValueError(
                f"{len(self.tiles)} tiles on the table, more than the {self.cfg.tiles} in the box"
            )
        side = self.cfg.side
        fill = dict.fromkeys(map(geo.code, self.tiles), 0)
        for (x, y), _ in self.marks.items():
            tx, ty = x // side, y // side
            fill[(tx << geo.STRIDE_BITS) + ty] |= 1 << ((y - ty * side) * side + x - tx * side)
        self.fill = fill
        self._frame()
        self.shape, self.mask, self.ox, self.oy, self.origin_code = None, 0, 0, 0, 0
        if self.tiles:
            ox = self.ox = min(self.tiles)[0]
            oy = self.oy = min([y for _, y in self.tiles])
            rows = self.tables.rows
            self.mask = sum([1 << ((x - ox) * rows + y - oy) for x, y in self.tiles])
            self.origin_code = (ox << geo.STRIDE_BITS) + oy
            self.shape = self.tables.by_mask(self.mask)
        self._synced = (self.tiles, self.marks)

    def _frame(self) -> None:
        """Rebuild ``board`` around the marks: their bounding box, a margin of
        :data:`FRAME_SLACK` skydivers each side (room to drift before the next rebuild) and
        the empty outer ring."""
        marks = self.marks
        if not marks:
            self.board, self.bw, self.bx, self.by = [0], 1, 0, 0
            return
        xs = [x for x, _ in marks]
        ys = [y for _, y in marks]
        x0, y0 = min(xs), min(ys)
        across, down = max(xs) - x0 + 1, max(ys) - y0 + 1
        span = max(across, down)
        w = span + 2 * FRAME_SLACK + 2
        # the marks centred: the ring, the slack, then half of what the shorter side leaves
        bx = x0 - 1 - FRAME_SLACK - (span - across) // 2
        by = y0 - 1 - FRAME_SLACK - (span - down) // 2
        board = [0] * (w * w)
        for (x, y), seat in marks.items():
            board[(x - bx) * w + y - by] = seat + 1
        self.board, self.bw, self.bx, self.by = board, w, bx, by

    def _inside(self, x: int, y: int) -> bool:
        """Whether skydiver ``(x, y)`` lies off the outer ring of ``board``'s window."""
        last = self.bw - 2
        dx, dy = x - self.bx, y - self.by
        return 1 <= dx <= last and 1 <= dy <= last

    def line_seats(self, through: Sequence[Cell]) -> int:
        """The seats with a line of five or more (Q-23, Q-12) through one of the skydivers
        ``through``, as bits (bit ``s``: seat ``s``). A line through a point has the colour of
        its parachute, so one pass serves both colours. Reads ``board`` (see the class
        docstring): equal to :func:`~connect_arena.games.quinque.geometry.seats_with_lines`
        on ``marks``."""
        self.sync()
        board = self.board
        w = self.bw
        last = w - 2
        bx, by = self.bx, self.by
        found = 0
        for x, y in through:
            dx, dy = x - bx, y - by
            if not (1 <= dx <= last and 1 <= dy <= last):
                continue  # off the window: no parachute there
            at = dx * w + dy
            mark = board[at]
            if not mark or found >> (mark - 1) & 1:
                continue
            # row, column, the two diagonals; four calls, no tuple of steps iterated
            if (
                _run(board, at, w, mark) >= geo.LINE_LENGTH
                or _run(board, at, 1, mark) >= geo.LINE_LENGTH
                or _run(board, at, w + 1, mark) >= geo.LINE_LENGTH
                or _run(board, at, w - 1, mark) >= geo.LINE_LENGTH
            ):
                found |= 1 << (mark - 1)
        return found

    def _chance_outcomes(self) -> list[tuple[QuinqueAction, float]]:
        return [(FirstPlayer(0), 0.5), (FirstPlayer(1), 0.5)]

    def _parse(self, text: str) -> QuinqueAction:
        return parse_action(text, self.cfg.side)

    def _legal_actions(self, player: int) -> list[QuinqueAction]:
        found = self._legal
        if found is None:
            found = self._legal = legal.grouped(self, player)
        return found.new_list()  # built afresh: no shared list to copy

    def legal_list(self, player: int) -> list[QuinqueAction]:
        """The legal actions, generated once per position (the list is shared: do not modify)."""
        return self.legal_grouped(player).actions()

    def legal_grouped(self, player: int) -> legal.Legal:
        """The legal actions of ``player`` (the seat to act) grouped as a player chooses them
        (:class:`~connect_arena.games.quinque.legal.Legal`), generated once per position
        (shared: do not modify)."""
        found = self._legal
        if found is None:
            found = self._legal = legal.grouped(self, player)
        return found

    def add_cells(self) -> list[Cell]:
        """Free cells where a new tile may go: ``T0,0`` for the first tile (Q-21), else cells
        touching the formation (edge-adjacent by default, Q-9), sorted."""
        if not self.tiles:
            return [(0, 0)]
        _, (x0, y0), shape = self.tables.locate(self.tiles)
        return [(x0 + dx, y0 + dy) for dx, dy in shape.add_cells]

    def move_destinations(self, tile: Cell) -> list[Cell]:
        """Where the tile at ``tile`` may move now, sorted (empty if it may not move).

        Seat-independent: the marked-this-turn, surround and connectivity rules apply.
        """
        if explain.move_block(self, tile) is not None:
            return []
        order, _, shape = self.tables.locate(self.tiles)
        offsets = shape.tile_offsets(self._pattern_id(tile), order.index(tile))
        return [(tile[0] + dx, tile[1] + dy) for dx, dy in offsets]

    def parachutes_on(self, tile: Cell) -> int:
        """Number of parachutes (of either colour) on the tile at ``tile``."""
        return sum(map(self.marks.__contains__, self.tables.skydivers[tile]))

    def _pattern_id(self, tile: Cell) -> int:
        """Which of ``cfg.patterns`` moves ``tile``: 0 in basic movement, else its number of
        parachutes from 1 to 4 (a tile without any, set up by hand, moves like one with 1)."""
        return ADVANCED_PATTERN[self.parachutes_on(tile)] if self.cfg.advanced else 0

    def move_pattern(self, tile: Cell) -> Pattern:
        """(directions, maximum steps or 0 for any, may pass over tiles) for ``tile``."""
        return self.cfg.patterns[self._pattern_id(tile)]

    # ----- legality explained and actions described -------------------------------------
    def _illegal_reason(self, action: QuinqueAction, player: int) -> Event | None:
        return explain.illegal_reason(self, action, player)

    def describe_action(self, action: QuinqueAction, player: int) -> Event:
        """What ``action`` by ``player`` does from here, as a ``quinque.*`` event (see
        :func:`~connect_arena.games.quinque.events.describe`)."""
        return events.describe(self, action, player)

    # ----- applying -------------------------------------------------------------------------
    def _apply(self, action: QuinqueAction, player: int) -> None:
        self._legal = None
        self.sync()
        changed: Sequence[Cell] = ()
        kind = type(action)  # the exact class: quicker than ``isinstance`` on an ABC
        # The action's cells are read as Any, and stay the action's own tuple objects for
        # the sets and dicts: a Cell-typed local is unboxed by the compiled build, and each
        # set or dict operation on it would build, hash and compare a new tuple.
        boxed = cast(Any, action)
        if kind is Move:
            changed = self._move_tile(boxed.tile, boxed.to)
        elif kind is Mark or kind is Add:
            if kind is Add:
                self._add_tile(boxed.tile)
            skydiver = boxed.skydiver
            x, y = cast(Cell, skydiver)
            side = self.on.side
            tx, ty = x // side, y // side
            k = (tx << geo.STRIDE_BITS) + ty
            self.fill[k] |= 1 << ((y - ty * side) * side + x - tx * side)
            self.marks[skydiver] = player
            if self._inside(x, y):
                self.board[(x - self.bx) * self.bw + y - self.by] = player + 1
            else:
                self._frame()
            self.supply[player] -= 1
            self.marked_tile = self.tables.of(tx, ty).cell
            changed = (skydiver,)
        elif kind is FirstPlayer:
            self.to_move = cast(FirstPlayer, action).seat
            self._begin_turn(previous_passed=False)
            return
        self._after_action(player, changed, kind is Pass)

    def _add_tile(self, tile_at: Any) -> None:
        """Put a tile from the stack at ``tile_at`` (a :data:`Cell`, kept boxed: see
        :meth:`_apply`; a free cell touching the formation, or ``T0,0`` first)."""
        self.tiles.add(tile_at)
        tile = cast(Cell, tile_at)
        self.stack -= 1
        self.fill[geo.code(tile)] = 0
        if self.shape is None:
            self.ox, self.oy, self.mask = tile[0], tile[1], 0
        self._put(tile[0], tile[1])
        self._located()

    def _put(self, x: int, y: int) -> None:
        """Set the bit of tile ``(x, y)`` in ``mask``, moving the origin left or up first
        if the tile lies beyond it (a column holds ``rows`` bits, more than a formation's
        height, so shifting the whole mask by one moves every tile one row down)."""
        mask, rows = self.mask, self.tables.rows
        dx, dy = x - self.ox, y - self.oy
        if dx < 0:
            mask <<= -dx * rows
            self.ox, dx = x, 0
        if dy < 0:
            mask <<= -dy
            self.oy, dy = y, 0
        self.mask = mask | 1 << (dx * rows + dy)

    def _located(self) -> None:
        """Move the origin to the formation's smallest x and y (after a tile left them) and
        find the shape of ``mask``."""
        tables = self.tables
        mask, rows = self.mask, tables.rows
        if not mask & ((1 << rows) - 1):  # column 0 is empty
            columns = ((mask & -mask).bit_length() - 1) // rows
            mask >>= columns * rows
            self.ox += columns
        # nearly every formation is narrower than SHORT_BITS: `&` on short ints, no long
        row0 = tables.row0 if mask >> SHORT_BITS else tables.row0_short
        while not mask & row0:  # row 0 is empty
            mask >>= 1
            self.oy += 1
        self.mask = mask
        self.origin_code = (self.ox << geo.STRIDE_BITS) + self.oy
        self.shape = tables.by_mask(mask)

    def _move_tile(self, origin_at: Any, to_at: Any) -> Sequence[Cell]:
        """Move the tile and the parachutes on it; returns the skydivers of the moved tile.
        ``origin_at`` and ``to_at`` are :data:`Cell` objects, kept boxed (see :meth:`_apply`)."""
        origin, to = cast(Cell, origin_at), cast(Cell, to_at)  # their coordinates, unboxed
        tiles = self.tiles
        tiles.remove(origin_at)
        tiles.add(to_at)
        moved = self.moved
        moved.discard(origin_at)
        moved.add(to_at)
        start, end = geo.code(origin), geo.code(to)
        fill = self.fill
        mask = fill.pop(start)
        fill[end] = mask
        tables = self.tables
        skydivers = tables.of(to[0], to[1]).skydivers
        if mask:
            marks: dict[Any, int] = self.marks
            board, w, bx, by = self.board, self.bw, self.bx, self.by
            framed = True
            # Any: the tables' own tuples as keys (see _apply), unboxed only for the board
            before: tuple[Any, ...] = tables.of(origin[0], origin[1]).skydivers
            after: tuple[Any, ...] = skydivers
            for b in BITS[mask]:  # only the skydivers with a parachute
                old_at, new_at = before[b], after[b]
                seat = marks.pop(old_at)
                marks[new_at] = seat
                old, new = cast(Cell, old_at), cast(Cell, new_at)
                board[(old[0] - bx) * w + old[1] - by] = 0
                if framed and self._inside(new[0], new[1]):
                    board[(new[0] - bx) * w + new[1] - by] = seat + 1
                else:
                    framed = False
            if not framed:
                self._frame()
        self.mask ^= 1 << ((origin[0] - self.ox) * self.tables.rows + origin[1] - self.oy)
        self._put(to[0], to[1])
        self._located()
        return skydivers if mask else ()  # no parachute moved: no line can have formed

    def _after_action(self, player: int, changed: Sequence[Cell], passed: bool) -> None:
        if changed and self.on.win_each_action and self._settle_lines(player, changed):
            return
        if self.on.tie_immediate and not self.supply[0] and not self.supply[1]:
            self._finish(None, "supplies_empty")
            return
        if passed or self.second:
            self._end_turn(player, no_action_pass=passed and not self.second)
            return
        self.second = True
        if self.legal_grouped(player).stuck:  # no tile can move: the turn just ends
            self._legal = None
            self._end_turn(player, no_action_pass=False)

    def _settle_lines(self, player: int, changed: Sequence[Cell] | None) -> bool:
        """Decide a win from lines through ``changed`` (``None``: anywhere). Returns whether
        the game ended. The active player wins simultaneous lines (rulebook); a line only for
        the opponent follows option ``opponent_line`` (Q-11)."""
        opponent = 1 - player
        if changed is None:
            seats = sum(1 << seat for seat in (0, 1) if geo.has_line(self.marks, seat, None))
        else:
            seats = self.line_seats(changed)
        if seats >> player & 1:
            self._finish(player, "both_lines" if seats >> opponent & 1 else "line")
            return True
        if self.on.opponent_wins and seats >> opponent & 1:
            self._finish(opponent, "opponent_line")
            return True
        return False

    def _end_turn(self, player: int, no_action_pass: bool) -> None:
        if not self.on.win_each_action and self._settle_lines(player, None):
            return
        if not self.supply[0] and not self.supply[1]:
            self._finish(None, "supplies_empty")
            return
        if self.on.max_turns and self.turn >= self.on.max_turns:
            self._finish(None, "turn_limit")
            return
        self.to_move = 1 - player
        self.second = False
        self.marked_tile = None
        self.moved.clear()
        self.turn += 1
        self._begin_turn(no_action_pass)

    def _begin_turn(self, previous_passed: bool) -> None:
        player = cast(int, self.to_move)
        if self.on.at_turn_start and geo.has_line(self.marks, player, None):
            self._finish(player, "opponent_line")
            return
        if not self.legal_grouped(player).stuck:
            return
        if self.on.no_action == "lose":
            self._finish(1 - player, "no_action")
        elif self.on.no_action == "tie" or previous_passed:
            self._finish(None, "no_action")

    def _finish(self, winner: int | None, outcome: Outcome) -> None:
        self.winner = winner
        self.over = True
        self.outcome = outcome
        self._legal = None

    # ----- views ----------------------------------------------------------------------------
    def observation(self, player: int) -> dict[str, Any]:
        """The whole position (Quinque has no hidden information), JSON-serialisable (see
        :func:`~connect_arena.games.quinque.view.observation`)."""
        return view.observation(self)

    def render(self, viewer: int | None = None) -> str:
        """The formation drawn with box characters and coloured parachutes (Rich markup)."""
        from connect_arena.games.quinque.render import render

        return render(self)
