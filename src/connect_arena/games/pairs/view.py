"""The JSON-serialisable observation of a Connect Pairs state (nothing is hidden)."""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import TYPE_CHECKING, Any

from connect_arena.games.pairs.components import (
    EMPTY,
    NUM_SUBJECTS,
    PAIR_NAMES,
    SUBJECTS,
    ZONE_SIZE,
    letter,
)

if TYPE_CHECKING:
    from connect_arena.games.pairs.rules import PairsState


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
        "connection": {
            "left": list(state.conn_left),
            "offer": None
            if state.offer is None
            else {"zone": state.offer[0], "subject": letter(state.offer[1])},
        },
        "pending": [list(zones) for zones in state.pending],
        "manche": state.manche,
        "round": state.round,
        "pawn": state.pawn(),
        "order": list(state.order),
        "scores": [list(manche) for manche in state.scores],
        "totals": state.totals(),
        "outcome": state.outcome,
        "terminal": over,
        "log": list(state.log),
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
