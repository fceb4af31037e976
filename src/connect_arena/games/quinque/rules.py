"""Quinque ("the 5 man formation", Mind Fitness Games): the rules engine.

Source: Board Game Arena's help (seed ``004``, Italian, "Regolamento in sintesi"), with the
English help and reviews collected in ``shared/rules/quinque.md``; every decision (Q-1…Q-23)
is listed in ``docs/rules/quinque.md``. Quotations below are from seed 004.

A turn is one or two actions by the same seat: a mandatory first action (``mark``, ``add`` or
``move``) and an optional second one (``move`` or ``pass``). Lines of five are checked after
every action.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal, cast

from connect_arena.core.game import CHANCE, TERMINAL, Game, State
from connect_arena.core.gametype import (
    ChanceMode,
    GameType,
    ResultKind,
    Utility,
)
from connect_arena.games.quinque import geometry as geo
from connect_arena.games.quinque.config import OPTIONS, Config, check_options, make_config
from connect_arena.games.quinque.geometry import Cell
from connect_arena.games.quinque.notation import (
    Add,
    Mark,
    Move,
    Pass,
    QuinqueAction,
    Starter,
    format_cell,
    format_tile,
    parse_action,
)
from connect_arena.games.quinque.shapes import Pattern, Shape, ShapeRules
from connect_arena.games.quinque.tables import ActionTables, tables_for

PASS = Pass()
ADVANCED_PATTERN = (1, 1, 2, 3, 4, 4, 4, 4, 4, 4)
"""The pattern id (``Config.patterns``) of a tile by its number of parachutes, in advanced
movement: a tile without any (set up by hand) moves like one with one; 3 × 3 tiles hold 9."""


class QuinqueGame(Game):
    """Quinque for 2 players: 18 parachutes each, 9 tiles of 2×2 skydivers (configurable).

    Attributes:
        config: the options unpacked (:class:`~connect_arena.games.quinque.config.Config`).
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
    )
    option_specs = OPTIONS

    def _check_options(self) -> None:
        side = check_options(self.options)
        cfg: Config = make_config(self.options, side)
        self.config = cfg
        self.tables = tables_for(
            ShapeRules(cfg.connect_nbrs, cfg.add_nbrs, cfg.lifted_check, cfg.patterns), side
        )

    def new_initial_state(self) -> QuinqueState:
        """An empty table: both supplies full, every tile in the stack."""
        return QuinqueState(self)


Outcome = Literal[
    "", "line", "both_lines", "opponent_line", "supplies_empty", "no_action", "turn_limit"
]


class QuinqueState(State[QuinqueAction]):
    """A Quinque position. Seat 0 is Red, seat 1 is Blue.

    Attributes:
        tiles: tile cells on the table.
        marks: skydiver → seat of the parachute on it.
        supply: parachutes left per seat.
        stack: tiles not yet in play.
        to_move: seat whose turn it is (``None`` before the starter is drawn).
        second: whether the optional second action of the turn is pending.
        marked_tile: the tile marked this turn, which may not move (Q-7).
        moved: cells of the tiles moved this turn (for ``move_same_tile_twice=false``).
        turn: 1-based turn number.
        winner: the winning seat, once decided.
        outcome: why the game ended ("" while it goes on).
    """

    def __init__(self, game: QuinqueGame) -> None:
        super().__init__(game)
        self.cfg = game.config
        self._tables: ActionTables = game.tables
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
        self._legal: list[QuinqueAction] | None = None

    # ----- protocol -------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        if self.over:
            return TERMINAL
        return CHANCE if self.to_move is None else self.to_move

    def returns(self) -> list[float]:
        """``[1, -1]`` or ``[-1, 1]`` for a win, ``[0, 0]`` for a tie or an unfinished game."""
        if self.winner is None:
            return [0.0, 0.0]
        return [1.0 if seat == self.winner else -1.0 for seat in (0, 1)]

    def clone(self) -> QuinqueState:
        other = QuinqueState.__new__(QuinqueState)
        other.__dict__.update(self.__dict__)
        other.history = list(self.history)
        other.tiles = set(self.tiles)
        other.marks = dict(self.marks)
        other.supply = list(self.supply)
        other.moved = set(self.moved)
        return other

    def _chance_outcomes(self) -> list[tuple[QuinqueAction, float]]:
        return [(Starter(0), 0.5), (Starter(1), 0.5)]

    def _parse(self, text: str) -> QuinqueAction:
        return parse_action(text, self.cfg.side)

    def _legal_actions(self, player: int) -> list[QuinqueAction]:
        return list(self._legal_list(player))

    def _legal_list(self, player: int) -> list[QuinqueAction]:
        """The legal actions, generated once per position (the list is shared: do not modify)."""
        if self._legal is None:
            self._legal = self._generate(player)
        return self._legal

    def _generate(self, player: int) -> list[QuinqueAction]:
        """Marks, adds, then moves (each by tile, then skydiver or destination); in the second
        action, moves then ``pass``; ``pass`` alone when nothing else is legal."""
        actions: list[QuinqueAction] = []
        first = not self.second and self.supply[player] > 0
        if not self.tiles:
            if first and self.stack:
                actions += self._tables.adds_at[(0, 0)]  # the first tile goes at T0,0
            return actions or [PASS]
        order, origin, shape = self._tables.locate(self.tiles)
        if first:
            marks = self.marks
            for tile in order:
                actions += [mark for spot, mark in self._tables.marks_on[tile] if spot not in marks]
            if self.stack:
                adds_at = self._tables.adds_at
                for dx, dy in shape.add_cells:
                    actions += adds_at[(origin[0] + dx, origin[1] + dy)]
        actions += self._moves(order, shape)
        if self.second or not actions:
            actions.append(PASS)
        return actions

    def _moves(self, order: list[Cell], shape: Shape) -> list[Move]:
        """Every legal move, by tile then destination. Hot path: the shape knows each tile's
        moves as offsets, and the ``Move`` objects are interned per tile and offset."""
        moves: list[Move] = []
        moves_from = self._tables.moves_from
        still = self.marked_tile
        moved = () if self.cfg.same_tile_twice else self.moved
        if not self.cfg.advanced:
            for tile, offsets in zip(order, shape.offsets(0), strict=True):
                if offsets and tile != still and tile not in moved:
                    moves.extend(map(moves_from[tile].__getitem__, offsets))
            return moves
        marks, skydivers = self.marks, self._tables.skydivers
        for i, tile in enumerate(order):
            if shape.landing[i] and tile != still and tile not in moved:
                count = sum(map(marks.__contains__, skydivers[tile]))  # parachutes_on(), inlined
                offsets = shape.tile_offsets(ADVANCED_PATTERN[count], i)
                moves.extend(map(moves_from[tile].__getitem__, offsets))
        return moves

    def add_cells(self) -> list[Cell]:
        """Free cells where a new tile may go: ``T0,0`` for the first tile (Q-21), else cells
        touching the formation (edge-adjacent by default, Q-9), sorted."""
        if not self.tiles:
            return [(0, 0)]
        _, (x0, y0), shape = self._tables.locate(self.tiles)
        return [(x0 + dx, y0 + dy) for dx, dy in shape.add_cells]

    def move_destinations(self, tile: Cell) -> list[Cell]:
        """Where the tile at ``tile`` may move now, sorted (empty if it may not move).

        Seat-independent: the marked-this-turn, surround and connectivity rules apply.
        """
        if self._move_block(tile) is not None:
            return []
        order, _, shape = self._tables.locate(self.tiles)
        offsets = shape.tile_offsets(self._pattern_id(tile), order.index(tile))
        return [(tile[0] + dx, tile[1] + dy) for dx, dy in offsets]

    def _move_block(self, tile: Cell) -> str | None:
        """Why the tile may not move at all this action, or ``None``."""
        name = format_tile(tile)
        if tile not in self.tiles:
            return f"there is no tile at {name}"
        if tile == self.marked_tile:
            return f"a skydiver on {name} was marked this turn, so the tile cannot move"
        if not self.cfg.same_tile_twice and tile in self.moved:
            return f"{name} already moved this turn (move_same_tile_twice=false)"
        if geo.surrounded(self.tiles, tile):
            return f"{name} is surrounded on all four sides and cannot move"
        if len(self.tiles) == 1:
            return "a lone tile cannot move: it must stay in touch with another tile"
        if self.cfg.lifted_check and not geo.connected(self.tiles - {tile}, self.cfg.connect_nbrs):
            return f"lifting {name} would split the formation (connectivity_check=lifted)"
        return None

    def parachutes_on(self, tile: Cell) -> int:
        """Number of parachutes (of either colour) on the tile at ``tile``."""
        return sum(map(self.marks.__contains__, self._tables.skydivers[tile]))

    def _pattern_id(self, tile: Cell) -> int:
        """Which of ``cfg.patterns`` moves ``tile``: 0 in basic movement, else its number of
        parachutes from 1 to 4 (a tile without any, set up by hand, moves like one with 1)."""
        return ADVANCED_PATTERN[self.parachutes_on(tile)] if self.cfg.advanced else 0

    def _move_pattern(self, tile: Cell) -> Pattern:
        """(directions, maximum steps or 0 for any, may pass over tiles) for ``tile``."""
        return self.cfg.patterns[self._pattern_id(tile)]

    # ----- legality explained ---------------------------------------------------------------
    def _illegal_reason(self, action: QuinqueAction, player: int) -> str | None:
        if not isinstance(action, Mark | Add | Move | Pass | Starter):
            return f"{action!r} is not a Quinque action"
        reason = self._explain(action, player)
        if reason is None and action not in self._legal_list(player):
            reason = f"{action} is not legal now"
        return reason

    def _explain(self, action: QuinqueAction, player: int) -> str | None:
        seat = self.game.seat_name(player)
        if isinstance(action, Starter):
            return "the starter is drawn by chance, not chosen"
        if isinstance(action, Pass):
            if self.second or self._legal_list(player) == [PASS]:
                return None
            return "you must act (mark, add or move) while you have a legal action"
        if isinstance(action, Move):
            return self._explain_move(action)
        if self.second:
            return "the second action of a turn can only move a tile (or pass)"
        if self.supply[player] == 0:
            return f"{seat} has no parachutes left: move a tile instead"
        if isinstance(action, Mark):
            return self._explain_mark(action)
        return self._explain_add(action)

    def _explain_mark(self, action: Mark) -> str | None:
        where = format_cell(action.skydiver)
        if geo.tile_of(action.skydiver, self.cfg.side) not in self.tiles:
            return f"there is no skydiver at {where} (no tile there)"
        if action.skydiver in self.marks:
            return f"skydiver {where} already carries a parachute"
        return None

    def _explain_add(self, action: Add) -> str | None:
        name = format_tile(action.tile)
        if self.stack == 0:
            return "there are no tiles left to add"
        if action.tile in self.tiles:
            return f"{name} is already occupied by a tile"
        if not self.tiles and action.tile != (0, 0):
            return "the first tile goes at T0,0"
        if self.tiles and action.tile not in geo.frontier(self.tiles, self.cfg.add_nbrs):
            touch = "an edge" if self.cfg.add_nbrs == geo.ORTHOGONAL else "an edge or corner"
            return f"a new tile must share {touch} with a tile in play, and {name} does not"
        return None

    def _explain_move(self, action: Move) -> str | None:
        block = self._move_block(action.tile)
        if block is not None:
            return block
        origin, to = format_tile(action.tile), format_tile(action.to)
        if action.to in self.tiles:
            return f"{to} is occupied"
        directions, max_steps, through = self._move_pattern(action.tile)
        step = geo.direction_to(action.tile, action.to)
        if step is None or step[0] not in directions:
            return f"{to} is not {self._pattern_text(action.tile)} of {origin}"
        if max_steps and step[1] > max_steps:
            return f"{origin} with one parachute moves only to an adjacent cell (advanced rules)"
        blocker = None if through else geo.first_blocker(self.tiles, action.tile, *step)
        if blocker is not None:
            return f"the way from {origin} to {to} is blocked by {format_tile(blocker)}"
        if action.to not in self.move_destinations(action.tile):
            return f"moving {origin} to {to} would not leave a single connected formation"
        return None

    def _pattern_text(self, tile: Cell) -> str:
        directions, _, _ = self._move_pattern(tile)
        lines = {geo.ORTHOGONAL: "in the row or column", geo.DIAGONAL: "on a diagonal"}
        text = lines.get(directions, "in the row, column or on a diagonal")
        if self.cfg.advanced:
            count = self.parachutes_on(tile)
            plural = "s" if count != 1 else ""
            return f"{text} (a tile with {count} parachute{plural}, advanced rules)"
        return text

    # ----- applying -------------------------------------------------------------------------
    def _apply(self, action: QuinqueAction, player: int) -> None:
        self._legal = None
        changed: Sequence[Cell] = ()
        if isinstance(action, Move):
            changed = self._move_tile(action.tile, action.to)
        elif isinstance(action, Mark | Add):
            if isinstance(action, Add):
                self.tiles.add(action.tile)
                self.stack -= 1
            self.marks[action.skydiver] = player
            self.supply[player] -= 1
            self.marked_tile = geo.tile_of(action.skydiver, self.cfg.side)
            changed = (action.skydiver,)
        elif isinstance(action, Starter):
            self.to_move = action.seat
            self._begin_turn(previous_passed=False)
            return
        self._after_action(player, changed, isinstance(action, Pass))

    def _move_tile(self, origin: Cell, to: Cell) -> Sequence[Cell]:
        """Move the tile and the parachutes on it; returns the skydivers of the moved tile."""
        self.tiles.remove(origin)
        self.tiles.add(to)
        self.moved.discard(origin)
        self.moved.add(to)
        skydivers = self._tables.skydivers
        marks = self.marks
        for old, new in zip(skydivers[origin], skydivers[to], strict=True):
            seat = marks.pop(old, None)
            if seat is not None:
                marks[new] = seat
        return skydivers[to]

    def _after_action(self, player: int, changed: Sequence[Cell], passed: bool) -> None:
        if changed and self.cfg.win_each_action and self._settle_lines(player, changed):
            return
        if self.cfg.tie_immediate and self.supply == [0, 0]:
            self._finish(None, "supplies_empty")
            return
        if passed or self.second:
            self._end_turn(player, no_action_pass=passed and not self.second)
            return
        self.second = True
        if self._legal_list(player) == [PASS]:  # no tile can move: the turn just ends
            self._legal = None
            self._end_turn(player, no_action_pass=False)

    def _settle_lines(self, player: int, changed: Sequence[Cell] | None) -> bool:
        """Decide a win from lines through ``changed`` (``None``: anywhere). Returns whether
        the game ended. The active player wins simultaneous lines (rulebook); a line only for
        the opponent follows option ``opponent_line`` (Q-11)."""
        opponent = 1 - player
        if changed is None:
            seats = {seat for seat in (0, 1) if geo.has_line(self.marks, seat, None)}
        else:
            seats = geo.seats_with_lines(self.marks, changed)
        if player in seats:
            self._finish(player, "both_lines" if opponent in seats else "line")
            return True
        if self.cfg.opponent_line == "opponent_wins" and opponent in seats:
            self._finish(opponent, "opponent_line")
            return True
        return False

    def _end_turn(self, player: int, no_action_pass: bool) -> None:
        if not self.cfg.win_each_action and self._settle_lines(player, None):
            return
        if self.supply == [0, 0]:
            self._finish(None, "supplies_empty")
            return
        if self.cfg.max_turns and self.turn >= self.cfg.max_turns:
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
        if self.cfg.opponent_line == "at_turn_start" and geo.has_line(self.marks, player, None):
            self._finish(player, "opponent_line")
            return
        if self._legal_list(player) != [PASS]:
            return
        if self.cfg.no_action == "lose":
            self._finish(1 - player, "no_action")
        elif self.cfg.no_action == "tie" or previous_passed:
            self._finish(None, "no_action")

    def _finish(self, winner: int | None, outcome: Outcome) -> None:
        self.winner = winner
        self.over = True
        self.outcome = outcome
        self._legal = None

    # ----- views ----------------------------------------------------------------------------
    def observation(self, player: int) -> dict[str, Any]:
        """The whole position (Quinque has no hidden information), JSON-serialisable.

        Keys: ``tiles`` (list of ``[tx, ty]``), ``marks`` (list of ``[x, y, seat]``),
        ``supply`` (per seat), ``stack``, ``to_move`` (seat or null), ``phase``
        (``"first"``/``"second"``), ``marked_tile``, ``turn``, ``winner``, ``outcome``,
        ``terminal``.
        """
        return {
            "game": "quinque",
            "tiles": [list(tile) for tile in sorted(self.tiles)],
            "marks": [[x, y, seat] for (x, y), seat in sorted(self.marks.items())],
            "supply": list(self.supply),
            "stack": self.stack,
            "to_move": None if self.over else self.to_move,
            "phase": "second" if self.second else "first",
            "marked_tile": None if self.marked_tile is None else list(self.marked_tile),
            "turn": self.turn,
            "winner": self.winner,
            "outcome": self.outcome,
            "terminal": self.over,
        }

    def render(self, viewer: int | None = None) -> str:
        """The formation drawn with box characters and coloured parachutes (Rich markup)."""
        from connect_arena.games.quinque.render import render

        return render(self)
