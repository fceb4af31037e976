"""The options of Quinque and their unpacked form for the hot paths.

Each option settles an entry of the ambiguity register (named in ``register``);
``docs/rules/quinque.md`` gives every decision with its reasons.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import cast

from connect_arena.core.errors import InvalidOptionError
from connect_arena.core.options import OptionSpec, OptionValue
from connect_arena.games.quinque import geometry as geo
from connect_arena.games.quinque.geometry import Cell
from connect_arena.games.quinque.shapes import Pattern

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
    patterns: tuple[Pattern, ...]
    """Movement by pattern id: 0 basic movement; 1 to 4 advanced movement by the number of
    parachutes on the tile ("Quinque avanzato": 1 → adjacent cell in its row or column,
    2 → row or column, 3 → diagonals, 4 or more → all eight, "anche attraverso le tessere")."""


def check_options(o: Mapping[str, OptionValue]) -> int:
    """Reject conflicting options; returns the number of skydivers per tile side.

    Raises:
        InvalidOptionError: the message names the conflict.
    """
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
    return side


def make_config(o: Mapping[str, OptionValue], side: int) -> Config:
    """Unpack checked options."""
    corner = o["connectivity"] == "corner"
    basic_dirs = geo.ORTHOGONAL if o["basic_orthogonal_only"] else geo.ALL8
    single_step_dirs = geo.ALL8 if o["advanced_single_step"] == "any" else geo.ORTHOGONAL
    return Config(
        side=side,
        parachutes=cast(int, o["parachutes"]),
        tiles=cast(int, o["tiles"]),
        advanced=bool(o["advanced"]),
        basic_dirs=basic_dirs,
        basic_through=not o["basic_move_blocked_by_tiles"],
        connect_nbrs=geo.ALL8 if corner else geo.ORTHOGONAL,
        lifted_check=o["connectivity_check"] == "lifted",
        same_tile_twice=bool(o["move_same_tile_twice"]),
        add_nbrs=geo.ALL8 if o["add_adjacency"] == "corner" else geo.ORTHOGONAL,
        win_each_action=o["win_check"] == "action",
        opponent_line=cast(str, o["opponent_line"]),
        tie_immediate=o["tie_timing"] == "immediate",
        no_action=cast(str, o["no_action"]),
        single_step_dirs=single_step_dirs,
        first_player=None if o["first_player"] == "random" else int(cast(str, o["first_player"])),
        max_turns=cast(int, o["max_turns"]),
        patterns=(
            (basic_dirs, 0, not o["basic_move_blocked_by_tiles"]),
            (single_step_dirs, 1, True),
            (geo.ORTHOGONAL, 0, True),
            (geo.DIAGONAL, 0, True),
            (geo.ALL8, 0, True),
        ),
    )
