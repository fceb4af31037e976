"""Whether ``done`` is a Claim Phase player's only action is decided without listing every
claim (``legal.only_done``, what the flow asks after each action), and agrees with the full
list on every Claim Phase position of random games; a claim found first is one of the list's."""

from __future__ import annotations

import random

import pytest

from connect_arena.core import CHANCE, load, sample_chance_outcome
from connect_arena.games.connnect import legal
from connect_arena.games.connnect.flow import CLAIM
from connect_arena.games.connnect.rules import ConnnectState


@pytest.mark.parametrize(
    ("players", "options", "seed"),
    [
        (2, {}, 0),
        (3, {"move_source": "empty", "adjust": "split"}, 1),
        (1, {}, 2),
        (2, {"order_adjacency": "all_pairs", "order_rule": "cyclic"}, 3),
    ],
)
def test_only_done_agrees_with_the_listed_actions(
    players: int, options: dict[str, object], seed: int
) -> None:
    rng = random.Random(seed)
    checked = with_claims = 0
    for _ in range(6):
        state = load("connnect", players, **options).new_initial_state()
        assert isinstance(state, ConnnectState)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_legal_action(sample_chance_outcome(state, rng), CHANCE)
                continue
            if state.phase == CLAIM:
                for p in sorted(state.active_players()):
                    if state.task[p] is not None:
                        continue
                    fresh = state.clone()
                    fresh.cache = [None] * players  # nothing listed yet
                    listed = legal.generate(state, p)
                    assert legal.only_done(fresh, p) == (listed == [legal.DONE])
                    claims = legal.claim_list(fresh, p)
                    found = legal.claim_list(fresh, p, first=True)
                    assert len(found) == min(1, len(claims))
                    assert all(claim in claims for claim in found)
                    checked += 1
                    with_claims += bool(claims)
            p = min(state.active_players())
            state.apply_legal_action(rng.choice(state.legal_actions(p)), p)
    assert checked > 20 and with_claims > 0
