"""Connect Pairs options: one per open question of the rulebook (the register PG-1…PG-31 of
``docs/rules/pairs.md``), the recommended reading as the default, and the unpacked
:class:`Config` used by the engine."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import cast

from connect_arena.core.errors import InvalidOptionError
from connect_arena.core.options import OptionSpec, OptionValue
from connect_arena.games.pairs.components import track_values

FIRST_PLAYER_CHOICES = ("random", *map(str, range(8)))

OPTIONS = (
    OptionSpec(
        "key",
        "choose",
        "setup of the key 1-6: chosen by each pair, drawn at random, or fixed A..F",
        ("choose", "random", "fixed"),
    ),
    OptionSpec(
        "first_player",
        "random",
        "seat that begins the first manche",
        FIRST_PLAYER_CHOICES,
        register="PG-7",
    ),
    OptionSpec(
        "turn_order",
        "pairs",
        "several pairs: pair by pair (X1 X2 Y1 Y2) or interleaved (X1 Y1 X2 Y2)",
        ("pairs", "interleaved"),
        register="PG-6",
    ),
    OptionSpec(
        "tokens_per_subject",
        12,
        "tokens of each subject per box",
        minimum=4,
        maximum=30,
        register="PG-2",
    ),
    OptionSpec(
        "track_start", 100, "score-track value of round 1", minimum=1, maximum=1000, register="PG-4"
    ),
    OptionSpec("track_step", 1, "points lost per round", minimum=1, maximum=100, register="PG-4"),
    OptionSpec(
        "track_floor", 1, "lowest box of the track", minimum=0, maximum=1000, register="PG-4"
    ),
    OptionSpec(
        "track_end",
        "stay",
        "when the pawn reaches the last box: it stays there, or the manche ends (0 points)",
        ("stay", "end"),
        register="PG-5",
    ),
    OptionSpec(
        "double_swap",
        "mandatory",
        "DOUBLE with two non-empty zones: the swap is mandatory or may be declined",
        ("mandatory", "optional"),
        register="PG-8",
    ),
    OptionSpec(
        "double_empty_zone",
        "move",
        "DOUBLE with one empty zone: move a token into it (mandatory), optional, or only "
        "from the doubled zone to the third die's zone",
        ("move", "optional", "forward"),
        register="PG-9",
    ),
    OptionSpec(
        "take_short_supply",
        "forbid",
        "TAKE with one token left of the subject: not allowed, or take the one token",
        ("forbid", "partial"),
        register="PG-12",
    ),
    OptionSpec(
        "connect_chooser",
        "each",
        "CONNECT: each partner chooses the token he gives, or the active player both",
        ("each", "active"),
        register="PG-14",
    ),
    OptionSpec(
        "connect_swaps",
        "optional",
        "CONNECT: each possible swap may be skipped, or every possible swap must be made",
        ("optional", "mandatory"),
        register="PG-15",
    ),
    OptionSpec(
        "event_trigger",
        "transition",
        "three of a subject: when a zone becomes so, or whenever a zone is so",
        ("transition", "recheck"),
        register="PG-17",
    ),
    OptionSpec(
        "partner_matching",
        "mandatory",
        "a new top token must go where the partner has the same subject (if free)",
        ("mandatory", "advice"),
        register="PG-18",
    ),
    OptionSpec(
        "repeated_subject",
        "replace_if_full",
        "a subject already in the top row: nothing, except a full row is still replaced; "
        "or always nothing",
        ("replace_if_full", "nothing"),
        register="PG-19",
    ),
    OptionSpec(
        "replacement",
        "mandatory",
        "full top row: the replacement is mandatory or may be declined",
        ("mandatory", "optional"),
        register="PG-20",
    ),
    OptionSpec(
        "completion",
        "end_of_round",
        "several pairs: a pair completes when its rows match at the end of the round (it "
        "plays on until then), or at once (its turn ends, it plays no more)",
        ("end_of_round", "immediate"),
        register="PG-30",
    ),
    OptionSpec(
        "play_on",
        False,
        "several pairs, one manche: play on until every pair has scored",
        register="PG-24",
    ),
    OptionSpec(
        "manches",
        1,
        "manches of a tournament (1: a single game)",
        minimum=1,
        maximum=50,
        register="PG-25",
    ),
    OptionSpec(
        "single_pair_total",
        "best",
        "one pair over several manches: its best manche counts, or the sum of the manches",
        ("best", "sum"),
        register="PG-31",
    ),
    OptionSpec(
        "max_rounds",
        0,
        "end a manche after this many rounds, 0 points to pairs without a score (0: no "
        "limit; for AI play)",
        minimum=0,
        maximum=100_000,
    ),
)


def _largest(name: str) -> int:
    """The largest value the integer option ``name`` accepts."""
    largest = next(spec.maximum for spec in OPTIONS if spec.name == name)
    assert largest is not None
    return largest


MAX_TOTAL = _largest("track_start") * _largest("manches")
"""The largest total a pair can reach with any options (50,000): a manche scores 0 or the
pawn's box, at most ``track_start`` (the pawn only moves down: "la pedina segnapunti viene
posizionata sulla casella successiva"); with ``track_floor = track_start`` every round scores
it), and a total adds at most ``manches`` manche scores (several pairs; one pair keeps its best
manche or adds them, PG-31). No score is negative, so totals lie in ``[0, MAX_TOTAL]``."""


@dataclass(frozen=True, slots=True)
class Config:
    """The options of one game, unpacked once for the hot paths.

    ``immediate``: victory is checked after every step and ends the pair's turn (always with
    one pair, PG-22; with several pairs only with ``completion=immediate``, PG-30).
    ``best_manche``: one pair's result is its best manche (PG-31; several pairs add up).
    """

    num_players: int
    num_pairs: int
    key: str
    first_player: int | None
    interleaved: bool
    tokens: int
    track: tuple[int, ...]
    track_ends_manche: bool
    double_swap_optional: bool
    double_empty: str
    take_partial: bool
    active_chooses: bool
    connect_mandatory: bool
    recheck: bool
    matching_mandatory: bool
    repeated_replaces: bool
    replacement_optional: bool
    immediate: bool
    play_on: bool
    manches: int
    best_manche: bool
    max_rounds: int


def make_config(num_players: int, o: Mapping[str, OptionValue]) -> Config:
    """Check option combinations and unpack them.

    Raises:
        InvalidOptionError: a first player beyond the last seat, a floor above the start of
            the track, or ``replacement=optional`` with ``event_trigger=recheck``.
    """
    _check_combinations(num_players, o)
    return Config(
        num_players=num_players,
        num_pairs=num_players // 2,
        key=cast(str, o["key"]),
        first_player=None if o["first_player"] == "random" else int(cast(str, o["first_player"])),
        interleaved=o["turn_order"] == "interleaved",
        tokens=cast(int, o["tokens_per_subject"]),
        track=track_values(
            cast(int, o["track_start"]), cast(int, o["track_step"]), cast(int, o["track_floor"])
        ),
        track_ends_manche=o["track_end"] == "end",
        double_swap_optional=o["double_swap"] == "optional",
        double_empty=cast(str, o["double_empty_zone"]),
        take_partial=o["take_short_supply"] == "partial",
        active_chooses=o["connect_chooser"] == "active",
        connect_mandatory=o["connect_swaps"] == "mandatory",
        recheck=o["event_trigger"] == "recheck",
        matching_mandatory=o["partner_matching"] == "mandatory",
        repeated_replaces=o["repeated_subject"] == "replace_if_full",
        replacement_optional=o["replacement"] == "optional",
        immediate=num_players == 2 or o["completion"] == "immediate",
        play_on=bool(o["play_on"]),
        manches=cast(int, o["manches"]),
        best_manche=num_players == 2 and o["single_pair_total"] == "best",
        max_rounds=cast(int, o["max_rounds"]),
    )


def _check_combinations(num_players: int, o: Mapping[str, OptionValue]) -> None:
    """Raise ``InvalidOptionError`` for options that conflict (see :func:`make_config`)."""
    first = o["first_player"]
    if first != "random" and int(cast(str, first)) >= num_players:
        raise InvalidOptionError(
            f"option 'first_player' of pairs: seat {first} does not exist with "
            f"{num_players} players (seats 0-{num_players - 1})",
            "first_player",
        )
    start, floor = cast(int, o["track_start"]), cast(int, o["track_floor"])
    if floor > start:
        raise InvalidOptionError(
            f"option 'track_floor' of pairs: {floor} is above track_start {start}", "track_floor"
        )
    if o["replacement"] == "optional" and o["event_trigger"] == "recheck":
        raise InvalidOptionError(
            "replacement=optional needs event_trigger=transition: with recheck a declined "
            "replacement would be offered again after every step, for ever"
        )
