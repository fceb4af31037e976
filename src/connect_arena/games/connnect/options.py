"""The options of CO'NNN'ECT (one per register decision left open) and their unpacked form."""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

from connect_arena.core.options import OptionSpec, OptionValue
from connect_arena.games.connnect.claims import ClaimRules
from connect_arena.games.connnect.data import BUILTIN

OPTIONS = (
    OptionSpec(
        "data",
        BUILTIN,
        "components: 'reconstructed' (built in) or a variant .toml file merged over it",
        register="CN-6, CN-10, CN-14, CN-22, CN-30",
    ),
    OptionSpec(
        "setup",
        "shared",
        "setup numbers: rolled by the first player for all, or each player rolls his own",
        ("shared", "individual"),
    ),
    OptionSpec(
        "setup_spaces",
        "any",
        "first setup roll into any 3 setup spaces, or into a fixed group",
        ("any", "groups"),
        register="CN-29",
    ),
    OptionSpec(
        "order_rule",
        "consecutive",
        "ordered numbers: +1 per step, any increase, or +1 with 6 -> 1",
        ("consecutive", "monotone", "cyclic"),
        register="CN-4",
    ),
    OptionSpec(
        "order_adjacency",
        "path",
        "ordered claims: a path in order, or every adjacent pair consecutive",
        ("path", "all_pairs"),
        register="CN-5",
    ),
    OptionSpec(
        "connect4_shapes",
        "all",
        "Connect-4 shapes: I O T L S, or only those ordered numbers can fill (no T)",
        ("all", "path"),
        register="CN-9",
    ),
    OptionSpec(
        "repeat_connect4",
        "bonus",
        "a Connect-4 shape claimed again: no marker but a bonus, or forbidden",
        ("bonus", "forbidden"),
        register="CN-11",
    ),
    OptionSpec(
        "same_card_twice",
        False,
        "one player may claim the same Connect-5 card twice in one Claim Phase",
        register="CN-12",
    ),
    OptionSpec(
        "empty_section",
        "no_bonus",
        "a claim whose bonus section is full: allowed without bonus, or forbidden",
        ("no_bonus", "forbidden"),
        register="CN-15",
    ),
    OptionSpec(
        "adjust",
        "any",
        "Adjust: one number (Number Die or unclaimed) +-1/+-2; two +-1 steps on any "
        "numbers; or Number Dice only",
        ("any", "split", "dice"),
        register="CN-16",
    ),
    OptionSpec(
        "move_source",
        "crossed",
        "the space a Move Number bonus takes its number from: crossed out for good, or empty",
        ("crossed", "empty"),
        register="CN-17",
    ),
    OptionSpec(
        "crossed_counts",
        True,
        "a crossed-out space counts as filled (circles, 3-point lines, objectives)",
        register="CN-18",
    ),
    OptionSpec(
        "circles",
        "permanent",
        "a circle counts once filled, or only if still filled at the end",
        ("permanent", "final"),
        register="CN-19",
    ),
    OptionSpec(
        "elimination",
        "out",
        "a player who cannot play on: out and cannot win, or stops and keeps his score",
        ("out", "keep_score"),
        register="CN-21",
    ),
    OptionSpec(
        "lightning",
        "lost",
        "a lightning bonus that cannot be fully used: numbers lost, or it cannot be chosen",
        ("lost", "forbidden"),
        register="CN-25",
    ),
    OptionSpec(
        "objectives",
        "each",
        "objectives: every player scores each once; only the first to fulfil it; or the "
        "first score it in full, later ones half",
        ("each", "first", "decreasing"),
        register="CN-28",
    ),
    OptionSpec(
        "returns",
        "outcome",
        "returns: +1 for the winners and -1 for the others, or the scores",
        ("outcome", "score"),
    ),
)


@dataclass(frozen=True, slots=True)
class Config:
    """The options of one game, unpacked once for the hot paths (see :data:`OPTIONS`)."""

    shared_setup: bool
    setup_groups: bool
    claims: ClaimRules
    adjust_cells: bool
    adjust_split: bool
    move_source_empty: bool
    crossed_counts: bool
    permanent_circles: bool
    out_cannot_win: bool
    lightning_forbidden: bool
    objectives: str
    score_returns: bool


def make_config(options: dict[str, OptionValue]) -> Config:
    """Unpack validated options."""
    o = options
    return Config(
        shared_setup=o["setup"] == "shared",
        setup_groups=o["setup_spaces"] == "groups",
        claims=ClaimRules(
            order_rule=cast(str, o["order_rule"]),
            all_pairs=o["order_adjacency"] == "all_pairs",
            connect4_path_only=o["connect4_shapes"] == "path",
            repeat_connect4=o["repeat_connect4"] == "bonus",
            same_card_twice=bool(o["same_card_twice"]),
            empty_section_claims=o["empty_section"] == "no_bonus",
        ),
        adjust_cells=o["adjust"] != "dice",
        adjust_split=o["adjust"] == "split",
        move_source_empty=o["move_source"] == "empty",
        crossed_counts=bool(o["crossed_counts"]),
        permanent_circles=o["circles"] == "permanent",
        out_cannot_win=o["elimination"] == "out",
        lightning_forbidden=o["lightning"] == "forbidden",
        objectives=cast(str, o["objectives"]),
        score_returns=o["returns"] == "score",
    )
