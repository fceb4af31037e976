"""Connect Pairs agents: MCTS and greedy complete the pair's sequence when one action does it,
take the completing action in a race with another pair, and the rollout policy plays only
legal actions and puts events where the partner matches them.

Positions are built with ``tests.games.pairs.helpers`` (key ``ABCDEF``: die 1 → A … 6 → F).

There is no blocking test: pairs never interfere ("non potendo in alcun modo porre ostacoli
agli altri"; each pair has its own box), so no action can stop another pair from completing.
The closest case is the race: the other pair completes at the end of the round, and the only
way not to lose is to complete in the same round (both pairs then score the same, PG-23).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from connect_arena.agents.greedy import GreedyAgent
from connect_arena.agents.knowledge.pairs import evaluate, rollout
from connect_arena.agents.mcts import MCTSAgent
from connect_arena.core import CHANCE, load, sample_chance_outcome
from connect_arena.core.game import State
from connect_arena.games.pairs.rules import PairsState
from tests.games.pairs.helpers import X1, conserve, position, roll, texts, top, zone

WIN = "take D 1 2"


def _win_in_one(players: int) -> State[Any]:
    """X1 to choose after ``roll 1 2 4``: ``take D 1 2`` makes zone 1 ``DDD``, whose D must go
    to slot 4 where X2 has D, so both rows read ``ABCD``; no other action completes."""
    state = position(players, turn=X1)
    state.zones[X1][0] = zone("DD")
    state.tops[X1], state.tops[X1 + 1] = top("ABC-"), top("ABCD")
    if players == 4:  # pair Y's rows already match: it completes at the end of this round
        state.tops[2], state.tops[3] = top("EFAB"), top("EFAB")
    conserve(state)
    roll(state, "1 2 4")
    assert WIN in texts(state) and len(texts(state)) > 3
    return state


def test_mcts_and_greedy_complete_the_sequence_in_one() -> None:
    state = _win_in_one(2)
    assert str(MCTSAgent(seed=1, iterations=30, max_rollout=10).act(state, X1)) == WIN
    assert str(GreedyAgent(seed=1).act(state, X1)) == WIN
    after = state.clone()
    after.apply_action(WIN, X1)
    assert after.is_terminal() and after.returns() == [100.0, 100.0]


def test_in_a_race_mcts_completes_in_the_round_the_other_pair_does() -> None:
    """Pair Y completes at the end of the round whatever X does (it cannot be hindered); X1
    completes now, so both pairs score 100 instead of X scoring 0."""
    state = _win_in_one(4)
    assert str(MCTSAgent(seed=2, iterations=60, max_rollout=10).act(state, X1)) == WIN
    assert str(GreedyAgent(seed=2).act(state, X1)) == WIN


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (2, {}),
        (4, {}),
        (2, {"connect_chooser": "active", "double_swap": "optional"}),
        (
            4,
            {
                "replacement": "optional",
                "take_short_supply": "partial",
                "double_empty_zone": "optional",
                "partner_matching": "advice",
            },
        ),
    ],
)
def test_rollout_policy_plays_only_legal_actions(players: int, options: dict[str, str]) -> None:
    game = load("pairs", players, max_rounds=40, **options)
    rng = random.Random(players)
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_legal_action(sample_chance_outcome(state, rng), CHANCE)
                continue
            player = min(state.active_players())
            action = rollout(state, player, rng)
            assert action in state.legal_actions(player)
            state.apply_action(str(action), player)  # checked application


def _policy_picks(state: PairsState, text: str) -> int:
    """How often the rollout policy picks ``text`` for X1 over 50 seeds."""
    return sum(str(rollout(state, X1, random.Random(seed))) == text for seed in range(50))


def test_rollout_puts_an_event_on_the_partners_slot_and_keeps_matched_slots() -> None:
    """With free slot choice (``partner_matching=advice``) the policy still matches the
    partner's slot; on a full row it replaces the mismatched slot, never a matched one (1
    choice in 10 is uniform exploration)."""
    state = position(partner_matching="advice", turn=X1)
    state.zones[X1][0] = zone("DD")
    state.tops[X1], state.tops[X1 + 1] = top("A---"), top("A-D-")
    conserve(state)
    roll(state, "1 2 4")
    state.apply_action(WIN, X1)  # zone 1 DDD: slots 2, 3, 4 are free
    assert set(texts(state)) == {"top 1>2", "top 1>3", "top 1>4"}
    assert _policy_picks(state, "top 1>3") >= 40

    full = position(turn=X1)
    full.zones[X1][0] = zone("DD")
    full.tops[X1], full.tops[X1 + 1] = top("ABCE"), top("ABFD")
    conserve(full)
    roll(full, "1 2 4")
    full.apply_action(WIN, X1)
    assert set(texts(full)) == {"top 1>1", "top 1>2", "top 1>3", "top 1>4"}
    assert _policy_picks(full, "top 1>4") >= 40
    assert _policy_picks(full, "top 1>1") + _policy_picks(full, "top 1>2") <= 5


def test_evaluation_prefers_matched_slots_and_needed_tokens() -> None:
    base = position()
    base.tops[0], base.tops[1] = top("AB--"), top("AB--")
    matched = evaluate(base, 0)
    crossed = base.clone()
    crossed.tops[1] = top("BA--")
    assert evaluate(crossed, 0) < matched
    needed = base.clone()
    needed.tops[1] = top("ABC-")
    needed.zones[0][2] = zone("CC")
    junk = needed.clone()
    junk.zones[0][2] = zone("CE")
    assert evaluate(needed, 0) > evaluate(junk, 0)
    assert evaluate(base, 0) == evaluate(base, 1)  # partners share the value
