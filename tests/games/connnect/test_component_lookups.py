"""Look-ups kept per components (bonus spaces by kind, objective cards by id) answer for the
components asked, when two editions are used in turn (the last one found is kept apart)."""

from __future__ import annotations

from dataclasses import replace

from connect_arena.core import load
from connect_arena.games.connnect.player import bonus_slots


def test_bonus_slots_and_objectives_follow_the_components_asked() -> None:
    comps = load("connnect").new_initial_state().comps
    other = replace(
        comps,
        sections=(comps.sections[1], comps.sections[0]),
        objectives=tuple(replace(card, points=card.points + 1) for card in comps.objectives),
    )
    kind = comps.sections[0][0].kind
    mine = [
        (s, i) for s, row in enumerate(comps.sections) for i, b in enumerate(row) if b.kind == kind
    ]
    theirs = [
        (s, i) for s, row in enumerate(other.sections) for i, b in enumerate(row) if b.kind == kind
    ]
    assert mine != theirs
    ident = comps.objectives[0].id
    for _ in range(3):
        assert bonus_slots(comps, kind) == mine
        assert bonus_slots(other, kind) == theirs
        assert comps.objective(ident).points + 1 == other.objective(ident).points
    assert bonus_slots(comps, "no such kind") == []
