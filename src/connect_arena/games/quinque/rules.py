"""Quinque ("the 5 man formation", Mind Fitness Games): the rules engine.

Source: Board Game Arena's help (seed ``004``, Italian, "Regolamento in sintesi"), with the
English help and reviews collected in ``shared/rules/quinque.md``; every decision (Q-1…Q-23)
is listed in ``docs/rules/quinque.md``. Quotations below are from seed 004.

A turn is one or two actions by the same seat: a mandatory first action (``mark``, ``add`` or
``move``) and an optional second one (``move`` or ``pass``). Lines of five are checked after
every action.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, cast

from connect_arena.core.errors import InvalidOptionError
from connect_arena.core.game import CHANCE, TERMINAL, Game, State
from connect_arena.core.options import OptionSpec
from connect_arena.games.quinque import geometry as geo
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

OPTIONS = (
    OptionSpec("advanced", False, "advanced movement: a tile moves by its parachute count"),
    OptionSpec("parachutes", 18, "parachutes per player", minimum=1, maximum=200),
    OptionSpec("tiles", 9, "skydiver tiles in the box", minimum=1, maximum=100, register="Q-18"),
    OptionSpec(
        "skydivers_per_tile",
        4,
        "skydivers per tile: 1, 4 (2×2) or 9 (3×3)",
        minimum=1,
        maximum=9,
        register="Q-18",
    ),
    OptionSpec("first_player", "random", "who begins", ("random", "0", "1"), register="Q-21"),
    OptionSpec(
        "basic_orthogonal_only", False, "basic moves only along rows and columns", register="Q-2"
    ),
    OptionSpec(
        "basic_move_blocked_by_tiles",
        False,
        "basic moves stop at the first tile in the way (no passing over tiles)",
        register="Q-3",
    ),
    OptionSpec(
        "connectivity",
        "edge",
        "formation connected by edges or also by corners",
        ("edge", "corner"),
        register="Q-4",
    ),
    OptionSpec(
        "connectivity_check",
        "final",
        "connectivity checked after the move only, or also with the tile lifted",
        ("final", "lifted"),
        register="Q-5",
    ),
    OptionSpec(
        "move_same_tile_twice", True, "one tile may make both moves of a turn", register="Q-6"
    ),
    OptionSpec(
        "add_adjacency",
        "edge",
        "a new tile touches the formation by an edge (or a corner)",
        ("edge", "corner"),
        register="Q-9",
    ),
    OptionSpec(
        "win_check",
        "action",
        "lines checked after every action or at the end of the turn",
        ("action", "turn"),
        register="Q-10",
    ),
    OptionSpec(
        "opponent_line",
        "opponent_wins",
        "a line made only for the opponent: he wins now, when his turn starts, or never",
        ("opponent_wins", "at_turn_start", "ignored"),
        register="Q-11",
    ),
    OptionSpec(
        "tie_timing",
        "end_of_turn",
        "the tie when both supplies are empty: at the end of that turn, or at once",
        ("end_of_turn", "immediate"),
        register="Q-13",
    ),
    OptionSpec(
        "no_action",
        "pass",
        "a player with no legal action passes, loses, or the game is tied",
        ("pass", "lose", "tie"),
        register="Q-14",
    ),
    OptionSpec(
        "advanced_single_step",
        "orthogonal",
        "advanced, 1 parachute: step to an orthogonal or to any adjacent cell",
        ("orthogonal", "any"),
        register="Q-15",
    ),
    OptionSpec(
        "max_turns",
        0,
        "stop in a tie after this many turns (0: no limit; for AI play)",
        minimum=0,
        maximum=100_000,
    ),
)


@dataclass(frozen=True, slots=True)
class Config:
    """The options of one game, unpacked once for the hot paths."""

    side: int
    parachutes: int
    tiles: int
    advanced: bool
    basic_dirs: tuple[Cell, ...]
    basic_through: bool
    connect_nbrs: tuple[Cell, ...]
    lifted_check: bool
    same_tile_twice: bool
    add_nbrs: tuple[Cell, ...]
    win_each_action: bool
    opponent_line: str
    tie_immediate: bool
    no_action: str
    single_step_dirs: tuple[Cell, ...]
    first_player: int | None
    max_turns: int


class QuinqueGame(Game):
    """Quinque for 2 players: 18 parachutes each, 9 tiles of 2×2 skydivers (configurable)."""

    name = "quinque"
    title = "Quinque"
    summary = "Mark skydivers and move tiles to line up five parachutes of your colour."
    player_counts = (2,)
    default_players = 2
    option_specs = OPTIONS
    deterministic = False  # only with first_player=random; see Config.first_player
    seat_names = ("Red", "Blue")

    def _check_options(self) -> None:
        o = self.options
        side = {1: 1, 4: 2, 9: 3}.get(cast(int, o["skydivers_per_tile"]))
        if side is None:
            raise InvalidOptionError(
                "option 'skydivers_per_tile' of quinque: must be 1, 4 or 9 (square tiles)",
                "skydivers_per_tile",
            )
        if o["add_adjacency"] == "corner" and o["connectivity"] == "edge":
            raise InvalidOptionError(
                "add_adjacency=corner needs connectivity=corner: a tile added on a diagonal "
                "would break an edge-connected formation (quinque.md §9)"
            )
        spots = cast(int, o["tiles"]) * cast(int, o["skydivers_per_tile"])
        if 2 * cast(int, o["parachutes"]) > spots:
            raise InvalidOptionError(
                f"2 × parachutes ({2 * cast(int, o['parachutes'])}) exceeds the {spots} "
                "skydivers in the box: the supplies could never run out, so no tie could end "
                "the game",
                "parachutes",
            )
        self.config = self._make_config(side)

    def _make_config(self, side: int) -> Config:
        o = self.options
        corner = o["connectivity"] == "corner"
        return Config(
            side=side,
            parachutes=cast(int, o["parachutes"]),
            tiles=cast(int, o["tiles"]),
            advanced=bool(o["advanced"]),
            basic_dirs=geo.ORTHOGONAL if o["basic_orthogonal_only"] else geo.ALL8,
            basic_through=not o["basic_move_blocked_by_tiles"],
            connect_nbrs=geo.ALL8 if corner else geo.ORTHOGONAL,
            lifted_check=o["connectivity_check"] == "lifted",
            same_tile_twice=bool(o["move_same_tile_twice"]),
            add_nbrs=geo.ALL8 if o["add_adjacency"] == "corner" else geo.ORTHOGONAL,
            win_each_action=o["win_check"] == "action",
            opponent_line=cast(str, o["opponent_line"]),
            tie_immediate=o["tie_timing"] == "immediate",
            no_action=cast(str, o["no_action"]),
            single_step_dirs=geo.ALL8 if o["advanced_single_step"] == "any" else geo.ORTHOGONAL,
            first_player=None
            if o["first_player"] == "random"
            else int(cast(str, o["first_player"])),
            max_turns=cast(int, o["max_turns"]),
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
        if self._legal is None:
            self._legal = self._generate(player)
        return list(self._legal)

    def _generate(self, player: int) -> list[QuinqueAction]:
        moves: list[QuinqueAction] = [
            Move(tile, to) for tile in sorted(self.tiles) for to in self.move_destinations(tile)
        ]
        if self.second:
            return [*moves, Pass()]
        first = [*self._marks(player), *self._adds(player), *moves]
        return first or [Pass()]

    def _marks(self, player: int) -> list[QuinqueAction]:
        if self.supply[player] == 0:
            return []
        return [
            Mark(skydiver)
            for tile in sorted(self.tiles)
            for skydiver in geo.skydivers(tile, self.cfg.side)
            if skydiver not in self.marks
        ]

    def _adds(self, player: int) -> list[QuinqueAction]:
        if self.supply[player] == 0 or self.stack == 0:
            return []
        return [
            Add(cell, skydiver)
            for cell in self.add_cells()
            for skydiver in geo.skydivers(cell, self.cfg.side)
        ]

    def add_cells(self) -> list[Cell]:
        """Free cells where a new tile may go: ``T0,0`` for the first tile (Q-21), else cells
        touching the formation (edge-adjacent by default, Q-9), sorted."""
        if not self.tiles:
            return [(0, 0)]
        return sorted(geo.frontier(self.tiles, self.cfg.add_nbrs))

    def move_destinations(self, tile: Cell) -> list[Cell]:
        """Where the tile at ``tile`` may move now, sorted (empty if it may not move).

        Seat-independent: the marked-this-turn, surround and connectivity rules apply.
        """
        if self._move_block(tile) is not None:
            return []
        directions, max_steps, through = self._move_pattern(tile)
        return geo.destinations(
            self.tiles, tile, directions, max_steps, through, self.cfg.connect_nbrs
        )

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
        return sum(1 for s in geo.skydivers(tile, self.cfg.side) if s in self.marks)

    def _move_pattern(self, tile: Cell) -> tuple[tuple[Cell, ...], int, bool]:
        """(directions, maximum steps or 0 for any, may pass over tiles) for ``tile``.

        Advanced table ("Quinque avanzato"): 1 parachute → adjacent cell in its row or
        column; 2 → row or column; 3 → diagonals; 4 → all eight, "anche attraverso le tessere".
        """
        cfg = self.cfg
        if not cfg.advanced:
            return cfg.basic_dirs, 0, cfg.basic_through
        count = self.parachutes_on(tile)
        if count <= 1:
            return cfg.single_step_dirs, 1, True
        if count == 2:
            return geo.ORTHOGONAL, 0, True
        if count == 3:
            return geo.DIAGONAL, 0, True
        return geo.ALL8, 0, True

    # ----- legality explained ---------------------------------------------------------------
    def _illegal_reason(self, action: QuinqueAction, player: int) -> str | None:
        if not isinstance(action, Mark | Add | Move | Pass | Starter):
            return f"{action!r} is not a Quinque action"
        reason = self._explain(action, player)
        if reason is None and action not in self._legal_actions(player):
            reason = f"{action} is not legal now"
        return reason

    def _explain(self, action: QuinqueAction, player: int) -> str | None:
        seat = self.game.seat_name(player)
        if isinstance(action, Starter):
            return "the starter is drawn by chance, not chosen"
        if isinstance(action, Pass):
            if self.second or self._legal_actions(player) == [Pass()]:
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
        if isinstance(action, Starter):
            self.to_move = action.seat
            self._begin_turn(previous_passed=False)
            return
        changed: list[Cell] = []
        if isinstance(action, Mark | Add):
            if isinstance(action, Add):
                self.tiles.add(action.tile)
                self.stack -= 1
            self.marks[action.skydiver] = player
            self.supply[player] -= 1
            self.marked_tile = geo.tile_of(action.skydiver, self.cfg.side)
            changed = [action.skydiver]
        elif isinstance(action, Move):
            changed = self._move_tile(action.tile, action.to)
        self._after_action(player, changed, isinstance(action, Pass))

    def _move_tile(self, origin: Cell, to: Cell) -> list[Cell]:
        side = self.cfg.side
        self.tiles.remove(origin)
        self.tiles.add(to)
        self.moved.discard(origin)
        self.moved.add(to)
        carried = [
            (skydiver, self.marks.pop(skydiver))
            for skydiver in geo.skydivers(origin, side)
            if skydiver in self.marks
        ]
        dx, dy = side * (to[0] - origin[0]), side * (to[1] - origin[1])
        for (x, y), seat in carried:
            self.marks[(x + dx, y + dy)] = seat
        return geo.skydivers(to, side)

    def _after_action(self, player: int, changed: list[Cell], passed: bool) -> None:
        if changed and self.cfg.win_each_action and self._settle_lines(player, changed):
            return
        if self.cfg.tie_immediate and self.supply == [0, 0]:
            self._finish(None, "supplies_empty")
            return
        if passed or self.second:
            self._end_turn(player, no_action_pass=passed and not self.second)
            return
        self.second = True
        if self._legal_actions(player) == [Pass()]:  # no tile can move: the turn just ends
            self._legal = None
            self._end_turn(player, no_action_pass=False)

    def _settle_lines(self, player: int, changed: list[Cell] | None) -> bool:
        """Decide a win from lines through ``changed`` (``None``: anywhere). Returns whether
        the game ended. The active player wins simultaneous lines (rulebook); a line only for
        the opponent follows option ``opponent_line`` (Q-11)."""
        opponent = 1 - player
        mine = geo.has_line(self.marks, player, changed)
        if mine:
            theirs = geo.has_line(self.marks, opponent, changed)
            self._finish(player, "both_lines" if theirs else "line")
            return True
        if self.cfg.opponent_line == "opponent_wins" and geo.has_line(
            self.marks, opponent, changed
        ):
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
        if self._legal_actions(player) != [Pass()]:
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
