"""Invariants of a Connect Pairs state, for tests and debugging (the conformance suite).

The main one is **token conservation**: in each box (one per pair) every subject has
``tokens_per_subject`` tokens (12) on the key, in the supply, in the zones and in the top rows
of the two partners ("72 gettoni suddivisi in sei diversi soggetti").
"""

from __future__ import annotations

from typing import Any

from connect_arena.core.game import State
from connect_arena.games.pairs.components import (
    EMPTY,
    NUM_SUBJECTS,
    ZONE_SIZE,
    letter,
    triple_subject,
)
from connect_arena.games.pairs.rules import PairsState


def box_counts(state: PairsState, pair: int) -> list[int]:
    """Tokens of each subject in pair ``pair``'s box: key + supply + zones + top rows."""
    key = state.keys[pair]
    counts = [state.supply[pair][s] + (1 if key is not None else 0) for s in range(NUM_SUBJECTS)]
    for seat in (2 * pair, 2 * pair + 1):
        for zone in state.zones[seat]:
            for subject in zone:
                counts[subject] += 1
        for subject in state.tops[seat]:
            if subject != EMPTY:
                counts[subject] += 1
    return counts


def violations(state: PairsState) -> list[str]:
    """Every broken invariant, as text (empty when the state is consistent)."""
    problems: list[str] = []
    tokens = state.cfg.tokens
    for pair in range(state.cfg.num_pairs):
        counts = box_counts(state, pair)
        problems += [
            f"pair {pair}: {counts[s]} tokens of {letter(s)}, not {tokens}"
            for s in range(NUM_SUBJECTS)
            if counts[s] != tokens
        ]
        if min(state.supply[pair]) < 0:
            problems.append(f"pair {pair}: negative supply {state.supply[pair]}")
        key = state.keys[pair]
        if key is not None and sorted(key) != list(range(NUM_SUBJECTS)):
            problems.append(f"pair {pair}: the key {key} is not one token of each subject")
        a, b = state.tops[2 * pair], state.tops[2 * pair + 1]
        if state.complete[pair] and (a != b or EMPTY in a):
            problems.append(f"pair {pair} is complete but its rows differ: {a} {b}")
    for seat, zones in enumerate(state.zones):
        if len(zones) != 6 or any(len(z) > ZONE_SIZE or list(z) != sorted(z) for z in zones):
            problems.append(f"seat {seat}: bad zones {zones}")
        if len(state.tops[seat]) != 4:
            problems.append(f"seat {seat}: bad top row {state.tops[seat]}")
        problems += [
            f"seat {seat}: pending event in zone {face}, which is not three of a subject"
            for face in state.pending[seat]
            if triple_subject(zones[face - 1]) is None
        ]
    if (state.stage == "reply") != (state.offer is not None):
        problems.append(f"stage {state.stage} with offer {state.offer}")
    return problems


def check_invariants(state: State[Any]) -> None:
    """Raise ``AssertionError`` listing every broken invariant of ``state``.

    Raises:
        TypeError: ``state`` is not a Connect Pairs state.
        AssertionError: an invariant is broken (the message lists them all).
    """
    if not isinstance(state, PairsState):
        raise TypeError(f"not a Connect Pairs state: {type(state).__name__}")
    problems = violations(state)
    if problems:
        raise AssertionError("; ".join(problems))
