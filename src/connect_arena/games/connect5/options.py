"""The options of Connect 5 and their unpacked form for the hot paths.

Each option settles a point the rulebook leaves open (``register`` names the entry, AMB-n or
§9, of ``docs/rules/connect5.md``, which gives every decision with its reasons).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import cast

from connect_arena.core.errors import InvalidOptionError
from connect_arena.core.options import OptionSpec, OptionValue
from connect_arena.games.connect5.board import Board, BoardError
from connect_arena.games.connect5.boards import board_names, load_board
from connect_arena.games.connect5.tables import Tables, tables
from connect_arena.games.connect5.topology import T_TURNS, RunEntry, RunRules, Topology, topology

MAX_PLAYERS = 5
OPTIONS = (
    OptionSpec(
        "board",
        "basic",
        "board: basic (B), advanced (A), t1 (test board) or a path to a .toml board file",
        # The shipped boards and those of the operator's folder (boards.BOARDS_ENV), read
        # once: the lobby offers them, and web clients may choose only among them.
        suggestions=board_names(),
        test_values=("t1",),
    ),
    OptionSpec(
        "mode",
        "quick",
        "quick game (one round) or full game (one round per player)",
        ("quick", "full"),
    ),
    OptionSpec("tokens", 25, "tokens per player and round (5 or more)", minimum=5, maximum=200),
    OptionSpec(
        "first_player",
        "random",
        "who starts the first round (random: a chance action)",
        ("random", "0", "1", "2", "3", "4"),
        register="AMB-22",
    ),
    OptionSpec(
        "stack_by_step",
        False,
        "a single may also step onto an adjacent own single on a circled dot (a double)",
        register="AMB-3, AMB-4",
    ),
    OptionSpec(
        "t_turns",
        "any",
        "at a T-connection: any turn, or only from the stem into the bar",
        T_TURNS,
        register="AMB-8",
    ),
    OptionSpec("jump_turn_at_T_dot", False, "a jump may turn at a T-dot", register="AMB-9"),
    OptionSpec(
        "double_capture_removes",
        "both",
        "capturing a double removes both tokens (2 points) or the top one (1 point)",
        ("both", "top"),
        register="AMB-11",
    ),
    OptionSpec(
        "retrace_rule",
        "chain",
        "no stretch of line twice in a capture chain (chain); nor landing on a dot the chain "
        "already used (no_revisit, FR); or also not back along last turn's path",
        ("chain", "no_revisit", "previous_turn"),
        register="AMB-12",
    ),
    OptionSpec(
        "sandwich_mode",
        "reconciled",
        "sandwich from a single or a double (reconciled) or only from a double (strict)",
        ("reconciled", "strict_only_double_start"),
        register="AMB-13",
    ),
    OptionSpec("sandwich_in_chain", False, "a sandwich may end a multiple capture", register="§9"),
    OptionSpec(
        "connect5_straight_only",
        False,
        "a Connect 5 must be straight (no turn at all)",
        register="AMB-14",
    ),
    OptionSpec(
        "connect5_turn_at_crossing_dot",
        True,
        "a Connect 5 may turn at a crossing that carries a dot",
        register="AMB-15",
    ),
    OptionSpec(
        "connect5_may_retrace",
        False,
        "a Connect 5 may walk a stretch of line twice (looser reading)",
        register="§9",
    ),
    OptionSpec(
        "round_end",
        "no_moves",
        "a round without Connect 5 ends when nobody can move, when the board is full, "
        "or when the player to move cannot move",
        ("no_moves", "board_full", "mover_stuck"),
        register="AMB-16",
    ),
    OptionSpec(
        "end_without_connect5",
        False,
        "the round also ends once nobody has five tokens left (no Connect 5 possible), "
        "though captures could still score",
        register="AMB-16",
    ),
    OptionSpec(
        "idle_limit",
        0,
        "end the round after this many turns in a row without a placement, stack or "
        "capture (0: never; for AI-only play)",
        minimum=0,
        maximum=100_000,
        register="AMB-17",
    ),
    OptionSpec(
        "tie_break",
        "shared",
        "equal top scores: shared victory, or most Connect 5s then most captures",
        ("shared", "connect5_then_captures"),
        register="AMB-20",
    ),
    OptionSpec(
        "capture_compulsory", False, "a player who can capture must capture", register="AMB-25"
    ),
)


@dataclass(frozen=True, slots=True)
class Config:
    """The options of one game, unpacked once.

    Attributes:
        board: the board.
        topo: its derived tables under ``t_turns`` and ``jump_turn_at_T_dot``.
        tables: the tables of the hot paths (interned actions, jump masks) for ``topo``.
        circled: per dot, whether it is circled.
        ids: per dot, its id.
        rounds: rounds in the game (1, or the number of players in a full game).
        first_player: the fixed first starter, or ``None`` for a chance action.
        run_rules: how a Connect 5 may run.
        runs: per dot, the Connect-5 runs through it under ``run_rules``
            (:meth:`Topology.run_index`).
    """

    board: Board
    topo: Topology
    tables: Tables
    circled: tuple[bool, ...]
    ids: tuple[str, ...]
    players: int
    rounds: int
    tokens: int
    first_player: int | None
    stack_by_step: bool
    remove_top_only: bool
    retrace_previous_turn: bool
    no_revisit: bool
    sandwich_strict: bool
    sandwich_in_chain: bool
    run_rules: RunRules
    runs: tuple[tuple[RunEntry, ...], ...]
    round_end: str
    end_without_connect5: bool
    idle_limit: int
    tie_break: str
    capture_compulsory: bool

    def __reduce__(self) -> tuple[object, ...]:
        # field by field: the compiled (mypyc) frozen class cannot be unpickled by setattr
        return (type(self), tuple(getattr(self, f.name) for f in fields(self)))


def _board(name: str, players: int) -> Board:
    """The board of option ``board``, checked against the number of players.

    Raises:
        InvalidOptionError: unknown or invalid board (its problems listed), or too small.
    """
    try:
        board = load_board(name)
    except BoardError as error:
        raise InvalidOptionError(f"option 'board' of connect5: {error}", "board") from None
    if board.num_dots < 5 * players:
        raise InvalidOptionError(
            f"board {board.id!r} has {board.num_dots} dots; {players} players need at least "
            f"{5 * players} (five for each player's Connect 5)",
            "board",
        )
    return board


def make_config(options: dict[str, OptionValue], players: int) -> Config:
    """Unpack and cross-check the options.

    Raises:
        InvalidOptionError: an unknown or invalid board (the board's problems are listed),
            a board too small for the players, or a first player who has no seat.
    """
    board = _board(cast(str, options["board"]), players)
    first = options["first_player"]
    if first != "random" and int(cast(str, first)) >= players:
        raise InvalidOptionError(
            f"option 'first_player' of connect5: seat {first} does not exist with {players} "
            "players (seats are 0-based)",
            "first_player",
        )
    topo = topology(board, cast(str, options["t_turns"]), bool(options["jump_turn_at_T_dot"]))
    run_rules = RunRules(
        straight_only=bool(options["connect5_straight_only"]),
        turn_at_crossing_dot=bool(options["connect5_turn_at_crossing_dot"]),
        may_retrace=bool(options["connect5_may_retrace"]),
    )
    return Config(
        board=board,
        topo=topo,
        tables=tables(topo),
        circled=tuple(node.circled for node in board.dots),
        ids=tuple(node.id for node in board.dots),
        players=players,
        rounds=players if options["mode"] == "full" else 1,
        tokens=cast(int, options["tokens"]),
        first_player=None if first == "random" else int(cast(str, first)),
        stack_by_step=bool(options["stack_by_step"]),
        remove_top_only=options["double_capture_removes"] == "top",
        retrace_previous_turn=options["retrace_rule"] == "previous_turn",
        no_revisit=options["retrace_rule"] == "no_revisit",
        sandwich_strict=options["sandwich_mode"] == "strict_only_double_start",
        sandwich_in_chain=bool(options["sandwich_in_chain"]),
        run_rules=run_rules,
        runs=topo.run_index(run_rules),
        round_end=cast(str, options["round_end"]),
        end_without_connect5=bool(options["end_without_connect5"]),
        idle_limit=cast(int, options["idle_limit"]),
        tie_break=cast(str, options["tie_break"]),
        capture_compulsory=bool(options["capture_compulsory"]),
    )
