"""Copies of a CO'NNN'ECT position share what is never changed in place (a sheet's Connect-4
marker pairs, which a claim or its resolution replaces), so a copy is cheap to take and
still never moves with the original: a search's clones, the phase-start snapshots. The
components find an objective card by its id from an index built once."""

from __future__ import annotations

import pytest

from connect_arena.games.connnect.player import CROSSED, EMPTY, FILLED
from tests.games.connnect.helpers import LISA, LUCAS, at_claim, finish, play

LUCAS_L = {"R1C5": 1, "R2C5": 2, "R3C5": 3, "R3C6": 4}


def test_copies_keep_their_markers_when_a_first_claim_resolves() -> None:
    state = at_claim(3, {LUCAS: LUCAS_L}, round_number=3)
    play(state, LUCAS, "claim L4 e1 e2 e3 f3")
    before = state.clone()
    sheet = state.sheets[LISA].copy()
    play(state, LUCAS, "take 1")
    finish(state, LUCAS)  # the phase resolves: the others cross out their first-claim marker
    assert state.sheets[LISA].markers["L4"] == [CROSSED, EMPTY]
    assert state.sheets[LUCAS].markers["L4"] == [FILLED, CROSSED]
    assert before.sheets[LISA].markers["L4"] == [EMPTY, EMPTY]
    assert sheet.markers["L4"] == [EMPTY, EMPTY]
    assert before.sheets[LUCAS].markers["L4"] == [FILLED, CROSSED]  # at the claim


def test_a_copy_of_a_sheet_equals_it_attribute_by_attribute() -> None:
    state = at_claim(3, {LUCAS: LUCAS_L}, round_number=3)
    play(state, LUCAS, "claim L4 e1 e2 e3 f3", "take 1")
    sheet = state.sheets[LUCAS]
    copy = sheet.copy()
    names = [n for n in dir(sheet) if not n.startswith("_") and not callable(getattr(sheet, n))]
    assert names  # the attributes are read, whatever the build
    for name in names:
        assert getattr(copy, name) == getattr(sheet, name), name


def test_objective_cards_are_found_by_id() -> None:
    from connect_arena.core import load

    comps = load("connnect").new_initial_state().comps  # type: ignore[attr-defined]
    assert comps.objectives
    for card in comps.objectives:
        assert comps.objective(card.id) is next(c for c in comps.objectives if c.id == card.id)
    with pytest.raises(KeyError):
        comps.objective("no such card")
