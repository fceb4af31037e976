"""What the page draws: the observation of a Connect Pairs state (nothing is hidden) and the
static geometry of a game (its zones, slots, pairs and score track)."""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import TYPE_CHECKING, Any

from connect_arena.core.events import GameEvent
from connect_arena.games.pairs import legal
from connect_arena.games.pairs.components import (
    EMPTY,
    FACES,
    NUM_SUBJECTS,
    PAIR_NAMES,
    SLOTS,
    SUBJECTS,
    ZONE_SIZE,
    double_faces,
    letter,
    roll_kind,
    triple_subject,
)
from connect_arena.games.pairs.events import outcome_event
from connect_arena.games.pairs.explain import option_reasons

if TYPE_CHECKING:
    from connect_arena.games.pairs.options import Config
    from connect_arena.games.pairs.rules import PairsState

ZONE_ROWS = ((1, 2, 3), (4, 5, 6))
"""The zones of a player board as drawn, row by row (the sheet's pictures are lost: our layout,
PG-29)."""


_ZONE_TEXT = {
    zone: "".join(SUBJECTS[s] for s in zone)
    for size in range(ZONE_SIZE + 1)
    for zone in combinations_with_replacement(range(NUM_SUBJECTS), size)
}
"""Every possible zone (a sorted tuple of at most three subjects) → its letters."""
_SLOT_TEXT: dict[int, str | None] = {EMPTY: None, **dict(enumerate(SUBJECTS))}


def observation(state: PairsState) -> dict[str, Any]:
    """See :meth:`PairsState.observation` for the keys."""
    over = state.stage == "over"
    return {
        "game": "pairs",
        "pairs": [_pair(state, pair) for pair in range(state.cfg.num_pairs)],
        "boards": [
            {
                "zones": [_ZONE_TEXT[zone] for zone in zones],
                "top": [_SLOT_TEXT[subject] for subject in top],
            }
            for zones, top in zip(state.zones, state.tops, strict=True)
        ],
        "stage": state.stage,
        "to_move": None if over else state.current_player,
        "turn_seat": state.turn_seat,
        "dice": None if state.dice is None else list(state.dice),
        "roll": _roll(state),
        "connection": {
            "left": list(state.conn_left),
            "offer": None
            if state.offer is None
            else {"zone": state.offer[0], "subject": letter(state.offer[1])},
            **_zones_in_common(state),
        },
        "why_not": _why_not(state),
        "pending": [list(zones) for zones in state.pending],
        "triples": [{str(face): letter(s) for face, s in _triples(zones)} for zones in state.zones],
        "manche": state.manche,
        "round": state.round,
        "pawn": state.pawn(),
        "order": list(state.order),
        "scores": [list(manche) for manche in state.scores],
        "totals": state.totals(),
        "outcome": outcome_event(state.outcome, state.cfg.max_rounds).to_json()
        if state.outcome
        else None,
        "terminal": over,
        "log": [event.to_json() for event in state.log],
    }


def _roll(state: PairsState) -> dict[str, Any] | None:
    """The kind of the dice (``triple``, ``double``, ``different``) and, for a DOUBLE, its
    doubled face ``d`` and third face ``e``."""
    if state.dice is None:
        return None
    kind = roll_kind(state.dice)
    if kind != "double":
        return {"kind": kind}
    d, e = double_faces(state.dice)
    return {"kind": kind, "d": d, "e": e}


def _zones_in_common(state: PairsState) -> dict[str, Any]:
    """For the dice of the turn: the subjects each die's zone shares between the turn's seat
    and his partner (``common``: face → letters), and the faces where a connection can swap
    (``swappable``)."""
    seat = state.turn_seat
    if state.dice is None or seat is None:
        return {"common": {}, "swappable": []}
    faces = sorted(set(state.dice))
    return {
        "common": {
            str(face): [letter(s) for s in legal.common_subjects(state, seat, face)]
            for face in faces
        },
        "swappable": [face for face in faces if legal.can_swap(state, seat, face)],
    }


def _why_not(state: PairsState) -> dict[str, list[GameEvent]] | None:
    """At the choice after all-different dice: why MOVE and TAKE are impossible, die by die
    (events), else ``None``."""
    seat = state.turn_seat
    if state.stage != "choose" or seat is None or state.dice is None:
        return None
    if roll_kind(state.dice) != "different":
        return None
    reasons = option_reasons(state, seat)
    return {option: [event.to_json() for event in events] for option, events in reasons.items()}


def _triples(zones: list[tuple[int, ...]]) -> list[tuple[int, int]]:
    """``(face, subject)`` of every zone holding three tokens of one subject."""
    found = []
    for face, zone in enumerate(zones, start=1):
        subject = triple_subject(zone)
        if subject is not None:
            found.append((face, subject))
    return found


def geometry(cfg: Config) -> dict[str, Any]:
    """The static layout of a game with the options of ``cfg``, JSON-able.

    Keys: ``subjects`` (the letters, by subject index), ``faces`` (die faces = zone numbers =
    key spaces, 1-6), ``zone_size`` (spaces per zone), ``zone_rows`` (the zones of a player
    board row by row, as drawn), ``slots`` (top slots 1-4, left to right), ``pairs`` (per pair:
    ``name`` and its two ``seats``, 0-based), ``track`` (the score-track boxes in pawn order,
    from round 1), ``track_end`` (``"stay"`` or ``"end"``: what the last box does),
    ``tokens_per_subject`` and ``manches``.
    """
    return {
        "subjects": list(SUBJECTS),
        "faces": list(FACES),
        "zone_size": ZONE_SIZE,
        "zone_rows": [list(row) for row in ZONE_ROWS],
        "slots": list(SLOTS),
        "pairs": [
            {"name": PAIR_NAMES[pair], "seats": [2 * pair, 2 * pair + 1]}
            for pair in range(cfg.num_pairs)
        ],
        "track": list(cfg.track),
        "track_end": "end" if cfg.track_ends_manche else "stay",
        "tokens_per_subject": cfg.tokens,
        "manches": cfg.manches,
    }


def _pair(state: PairsState, pair: int) -> dict[str, Any]:
    key = state.keys[pair]
    return {
        "name": PAIR_NAMES[pair],
        "key": None if key is None else "".join(letter(s) for s in key),
        "supply": dict(zip(SUBJECTS, state.supply[pair], strict=True)),
        "complete": state.complete[pair],
        "score": state.current[pair],
    }
