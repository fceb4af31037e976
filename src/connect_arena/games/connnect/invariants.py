"""Invariants of a CO'NNN'ECT state, for tests and debugging (the conformance suite)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from connect_arena.games.connnect import sheet as geo
from connect_arena.games.connnect.player import CROSSED, EMPTY, FILLED, PlayerSheet

if TYPE_CHECKING:
    from connect_arena.games.connnect.rules import ConnnectState

MARKER_STATES = ([EMPTY, EMPTY], [FILLED, CROSSED], [CROSSED, EMPTY], [CROSSED, FILLED])


def violations(state: ConnnectState) -> list[str]:
    """Every broken invariant, as text (empty when the state is consistent)."""
    problems: list[str] = []
    comps = state.comps
    for seat, sheet in enumerate(state.sheets):
        problems += [f"seat {seat}: {text}" for text in _sheet(state, sheet)]
        busy = state.pending[seat] or state.task[seat] is not None
        if state.phase in ("setup_write", "fill", "claim") and state.done[seat] and busy:
            problems.append(f"seat {seat} is done with work left")
    problems += _dice(state)
    cards = set(state.face_up) | set(state.face_down)
    if len(cards) != len(state.face_up) + len(state.face_down) or (
        state.face_up and len(cards) != comps.face_up
    ):
        problems.append("Connect-5 cards lost or duplicated")
    if len(state.score_cards) < len(state.face_up):
        problems.append("fewer score cards than face-up cards (CN-38)")
    if state.round > comps.rounds:
        problems.append(f"round {state.round} > {comps.rounds}")
    return problems


def _dice(state: ConnnectState) -> list[str]:
    """Each player's zone and Number Dice are the three rolled dice (a Switch swaps roles; a
    Free Action or an Adjust changes only the numbers he writes), and he never has more than
    two numbers to write in a round."""
    if state.phase not in ("fill", "claim") or not state.zone_die:
        return []
    problems = []
    for p in state.participants():
        if sorted([state.zone[p], *state.number_dice[p]]) != sorted(state.dice):
            problems.append(f"seat {p}: zone and Number Dice are not the dice rolled")
        if len(state.pending[p]) > len(state.number_dice[p]):
            problems.append(f"seat {p}: more numbers to write than Number Dice")
    return problems


def _sheet(state: ConnnectState, sheet: PlayerSheet) -> list[str]:
    comps = state.comps
    problems = []
    written = geo.mask_of(c for c, v in enumerate(sheet.values) if v)
    if written != sheet.written or any(not 0 <= v <= geo.FACES for v in sheet.values):
        problems.append("values and written mask disagree")
    if sheet.crossed & ~sheet.written or sheet.claimed & ~sheet.numbers:
        problems.append("a crossed or claimed space holds no number (or a claimed one is crossed)")
    if sheet.free_actions > comps.free_actions or len(sheet.connect5) > comps.c5_boxes:
        problems.append("track overflow")
    if any(pair not in MARKER_STATES for pair in sheet.markers.values()):
        problems.append(f"impossible Connect-4 markers {sheet.markers}")
    reused = sum(1 for claim in sheet.claims if claim.reused >= 0)
    cells = sum(claim.size for claim in sheet.claims)
    if cells != bin(sheet.claimed).count("1") + reused:
        problems.append("claimed spaces do not match the claims")
    reuse_used = sum(
        1
        for s, bonuses in enumerate(comps.sections)
        for slot, bonus in enumerate(bonuses)
        if bonus.kind == "reuse" and sheet.used[s][slot]
    )
    if reuse_used != reused:
        problems.append("Reuse bonuses used do not match the reused spaces")
    for s, row in enumerate(sheet.used):
        if any(used and not sheet.circled[s][i] for i, used in enumerate(row)):
            problems.append("a bonus is used but not circled")
    return problems
