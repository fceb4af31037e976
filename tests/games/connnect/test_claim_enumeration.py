"""The claim enumeration (``claims.legal_claims``: placements grouped by their lowest space,
the order rule remembered per outline and numbers, interned claims) lists exactly the claims
of a direct reading of the rules: every placement of every claimable shape whose spaces hold
available numbers (one claimed number with a Reuse bonus) accepted by ``sheet.claim_kind``,
in placement order. Checked on the positions of random games under each order rule."""

from __future__ import annotations

import random
from typing import cast

import pytest

from connect_arena.core import CHANCE, load, sample_chance_outcome
from connect_arena.games.connnect import claims, legal
from connect_arena.games.connnect import sheet as geo
from connect_arena.games.connnect.claims import ClaimRules
from connect_arena.games.connnect.components import Shape
from connect_arena.games.connnect.notation import Claim
from connect_arena.games.connnect.player import PlayerSheet
from connect_arena.games.connnect.rules import ConnnectState


def direct(sheet: PlayerSheet, shapes: list[Shape], rules: ClaimRules, reuse: bool) -> list[Claim]:
    """The rules read directly: every placement, one by one."""
    found = []
    for shape in shapes:
        for cells, mask in zip(shape.placements, shape.masks, strict=True):
            if mask & ~sheet.available == 0:
                again = False
            elif reuse and not mask & ~sheet.numbers and (mask & sheet.claimed).bit_count() == 1:
                again = True
            else:
                continue
            numbers = [sheet.values[c] for c in cells]
            if geo.claim_kind(cells, numbers, rules.order_rule, rules.all_pairs) is not None:
                found.append(Claim(shape.id, cells, again))
    return found


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"order_rule": "monotone"},
        {"order_rule": "cyclic", "order_adjacency": "all_pairs"},
        {"order_adjacency": "all_pairs"},
    ],
)
def test_claims_match_a_direct_reading_of_the_rules(options: dict[str, str]) -> None:
    game = load("connnect", 2, **options)
    rng = random.Random(7)
    state = game.new_initial_state()
    checked = found = 0
    while checked < 300:
        if state.is_terminal():
            state = game.new_initial_state()
        position = cast(ConnnectState, state)
        if position.phase == "claim":
            rules = position.cfg.claims
            for seat in sorted(state.active_players()):
                shapes = legal.claim_shapes(position, seat)
                for reuse in (False, True):
                    sheet = position.sheets[seat]
                    fast = claims.legal_claims(sheet, shapes, rules, reuse)
                    assert fast == direct(sheet, shapes, rules, reuse)
                    checked += 1
                    found += len(fast)
        if state.is_chance_node():
            state.apply_legal_action(sample_chance_outcome(state, rng), CHANCE)
        else:
            seat = min(state.active_players())
            state.apply_legal_action(rng.choice(state.legal_actions(seat)), seat)
    assert found > 100  # the positions had claims to compare
