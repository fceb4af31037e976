"""Random playouts: token conservation after every action, several pairs, tournaments, and
the shared conformance suite with 8 players (the suite itself runs 2, 4 and 6).

Random games with the default options can go on for a very long time (the pawn stays on
the last box, PG-5), so these playouts use ``max_rounds`` or a short track to end.
"""

from __future__ import annotations

import random

import pytest

from connect_arena.core import CHANCE, load, replay, sample_chance_outcome
from connect_arena.core.records import record_of
from connect_arena.games.pairs.invariants import box_counts, check_invariants, violations
from connect_arena.games.pairs.rules import PairsState
from tests.games import test_conformance as conformance
from tests.games.pairs.helpers import position

OPTION_SETS: list[dict[str, object]] = [
    {"max_rounds": 40},
    {"max_rounds": 25, "manches": 2, "turn_order": "interleaved", "connect_chooser": "active"},
    {"track_step": 20, "track_end": "end", "event_trigger": "recheck", "key": "random"},
    {
        "max_rounds": 30,
        "double_swap": "optional",
        "double_empty_zone": "optional",
        "take_short_supply": "partial",
        "connect_swaps": "mandatory",
        "partner_matching": "advice",
        "repeated_subject": "nothing",
        "replacement": "optional",
        "play_on": True,
    },
]


def playout(players: int, options: dict[str, object], seed: int) -> PairsState:
    """A random game to the end, checking every invariant after every action."""
    state = load("pairs", players, **options).new_initial_state()
    assert isinstance(state, PairsState)
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance_outcome(state, rng), CHANCE)
        else:
            player = state.current_player
            state.apply_action(rng.choice(state.legal_actions(player)), player)
        check_invariants(state)
    return state


@pytest.mark.parametrize("options", OPTION_SETS)
@pytest.mark.parametrize("players", [2, 4, 8])
def test_tokens_are_conserved_after_every_action(players: int, options: dict[str, object]) -> None:
    """72 tokens per box (key + supply + zones + top rows) whatever happens."""
    state = playout(players, options, seed=players)
    assert all(box_counts(state, pair) == [12] * 6 for pair in range(players // 2))
    returns = state.returns()
    assert all(returns[2 * p] == returns[2 * p + 1] for p in range(players // 2))
    again = replay(record_of(state, [f"s{i}" for i in range(players)]))
    assert again.observation(0) == state.observation(0)


def test_invariant_check_reports_a_lost_token() -> None:
    state = position()
    state.supply[0][2] -= 1
    assert violations(state) == ["pair 0: 11 tokens of C, not 12"]
    with pytest.raises(AssertionError, match="11 tokens of C"):
        check_invariants(state)


def test_tournament_runs_several_manches_to_a_winner() -> None:
    """ "Al termine delle manches stabilite, sarà eletta vincitrice la coppia che avrà
    totalizzato il maggior numero di punti"."""
    state = playout(4, {"manches": 3, "track_step": 25, "track_end": "end"}, seed=1)
    assert len(state.scores) == 3 and state.is_terminal()
    assert state.returns() == [float(t) for t in state.totals() for _ in range(2)]


def test_a_long_random_game_ends_with_a_victory() -> None:
    """With the default options a random pair does complete its sequence eventually."""
    state = playout(2, {}, seed=2)
    assert state.outcome == "victory" and state.returns()[0] > 0


def test_conformance_suite_with_eight_players() -> None:
    """The shared suite (tests/games/test_conformance.py) with 8 players; a round limit
    keeps it short (the suite runs 2, 4 and 6 players itself)."""
    conformance.test_random_playouts_conform("pairs", 8, {"max_rounds": 12, "manches": 2})
