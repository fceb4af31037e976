"""The game knowledge the search uses in CO'NNN'ECT and Connect Pairs: leaf values on the scale
of the returns, and prior scores that order a node's expansion (issue 24, levels)."""

from __future__ import annotations

import math
from typing import Any

import pytest

from connect_arena.agents.base import Budget
from connect_arena.agents.knowledge import connnect, knowledge_for, pairs
from connect_arena.agents.mcts import MCTSAgent
from connect_arena.core.game import State
from tests.agents.test_connnect_ai import connect5_position, is_connect5
from tests.games.connnect.helpers import at_roll
from tests.games.pairs.helpers import X1, position, roll, top, zone

AHEAD = {"a5": 2, "b5": 3, "c5": 4, "d5": 5}
"""A run of four: a Connect-4 (and Connect-3s) one number away."""
SCATTERED = {"a1": 1, "c3": 6, "e5": 2, "f2": 5}


# ----- CO'NNN'ECT -------------------------------------------------------------------------------
def test_connnect_leaf_in_solo_is_the_estimated_score() -> None:
    """Solo returns are the score, so the leaf is the estimate in points (not squashed)."""
    good = at_roll(1, sheets={0: AHEAD})
    bad = at_roll(1, sheets={0: SCATTERED})
    assert connnect.leaf(good) == [pytest.approx(connnect.estimate(good, 0))]
    assert connnect.leaf(good)[0] > connnect.leaf(bad)[0] > 1.0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_connnect_leaf_with_opponents_is_bounded_and_ordered(players: int) -> None:
    """Like the ±1 of a finished game: the seat ahead above 0, the others below, all in
    (-1, 1); a seat's value grows with its lead."""
    state = at_roll(players, sheets={0: AHEAD, 1: SCATTERED})
    values = connnect.leaf(state)
    assert len(values) == players
    assert all(-1.0 < v < 1.0 for v in values)
    assert values[0] > 0.0 > values[1]
    bigger = at_roll(players, sheets={0: {**AHEAD, "e5": 1, "f5": 6}, 1: SCATTERED})
    assert connnect.leaf(bigger)[0] > values[0]


def test_connnect_prior_ranks_the_connect5_claim_first() -> None:
    state = connect5_position(2)
    actions = state.legal_actions(0)
    scores = connnect.prior(state, 0, actions)
    best = max(range(len(actions)), key=scores.__getitem__)
    assert is_connect5(actions[best])
    assert len({round(s, 6) for s in scores}) > 1


@pytest.mark.parametrize("players", [1, 2])
def test_mcts_expands_the_priors_best_action_first(players: int) -> None:
    """One simulation expands one root action: the prior's best (the Connect-5 claim here,
    among many Connect-3 / Connect-4 claims), whatever the seed."""
    state = connect5_position(players)
    for seed in range(3):
        root = MCTSAgent(seed=seed).search(state, 0, Budget(iterations=1))
        assert len(root.children) == 1
        assert is_connect5(next(iter(root.children)))


def test_connnect_search_leaves_use_the_games_leaf() -> None:
    """With no rollout (``max_rollout=0``) a solo search's root mean is on the score's scale
    (tens of points), not squashed into (-1, 1)."""
    state: State[Any] = connect5_position(1)
    root = MCTSAgent(seed=1, max_rollout=0).search(state, 0, Budget(iterations=8))
    assert root.mean(0) > 5.0


# ----- Connect Pairs ----------------------------------------------------------------------------
def _race(ahead: str, behind: str) -> Any:
    """Two pairs at X1's turn: pair X's rows read ``ahead`` on both boards, pair Y's
    ``behind``."""
    state = position(4, turn=X1, round_=5)
    state.tops[0], state.tops[1] = top(ahead), top(ahead)
    state.tops[2], state.tops[3] = top(behind), top(behind)
    return state


def test_pairs_leaf_is_on_the_points_scale_and_shared_by_partners() -> None:
    state = _race("AB--", "----")
    values = pairs.leaf(state)
    pawn = state.pawn()
    assert values[0] == values[1] and values[2] == values[3]
    assert all(0.0 <= v <= pawn for v in values)
    assert values[0] > pawn / 2 > values[2]  # the pair ahead is more likely to complete first
    level = _race("AB--", "AB--")
    assert pairs.leaf(level)[0] == pytest.approx(pawn / 2)


def test_pairs_leaf_grows_with_progress_and_counts_a_completed_pair_fully() -> None:
    one, two = _race("A---", "----"), _race("AB--", "----")
    assert pairs.leaf(two)[0] > pairs.leaf(one)[0]
    done = _race("ABCD", "----")
    done.complete[0] = True
    pawn = done.pawn()
    assert pairs.leaf(done)[:2] == [pawn, pawn]
    assert pairs.leaf(done)[2] < pawn / 2


def test_pairs_prior_ranks_the_completing_take_first() -> None:
    """``take D 1 2`` makes zone 1 ``DDD``, whose D completes the rows (see test_pairs_ai)."""
    state = position(2, turn=X1)
    state.zones[X1][0] = zone("DD")
    state.tops[X1], state.tops[X1 + 1] = top("ABC-"), top("ABCD")
    roll(state, "1 2 4")
    actions = state.legal_actions(X1)
    scores = pairs.prior(state, X1, actions)
    best = max(scores)
    assert "take D 1 2" in [str(a) for a, s in zip(actions, scores, strict=True) if s == best]
    assert min(scores) < best


def test_both_games_give_their_search_a_leaf_and_a_prior() -> None:
    for name in ("connnect", "pairs"):
        known = knowledge_for(name)
        assert known is not None and known.leaf is not None and known.prior is not None
    quinque = knowledge_for("quinque")
    assert quinque is not None and quinque.prior is None  # other games search as before
    assert math.isfinite(pairs.LEAF_SCALE) and math.isfinite(connnect.LEAF_SCALE)


def test_leaf_values_use_the_games_own_leaf() -> None:
    from connect_arena.agents.heuristics import leaf_values

    state = at_roll(2, sheets={0: AHEAD, 1: SCATTERED})
    assert leaf_values(state) == pytest.approx(connnect.leaf(state))
    race = _race("AB--", "----")
    assert leaf_values(race) == pytest.approx(pairs.leaf(race))


def test_connnect_bit_counts_equal_int_bit_count() -> None:
    """The evaluation's own bit count (a compiled loop) equals ``int.bit_count`` on a sheet's
    masks: 0, single bits, the full 36-cell sheet and random masks."""
    import random

    from connect_arena.agents.knowledge.connnect import _ones

    rng = random.Random(5)
    masks = [0, 1, 1 << 35, (1 << 36) - 1, *(rng.getrandbits(36) for _ in range(500))]
    assert [_ones(m) for m in masks] == [m.bit_count() for m in masks]


# ----- finished rollouts valued by the score margin (Level.margin) -----------------------------
class _Recording(MCTSAgent):
    """Keeps every rollout's last position's points and returns, and the values it gave."""

    seen: list[tuple[bool, list[float] | None, list[float], list[float]]]

    def _rollout(self, state: Any) -> list[float]:
        values = super()._rollout(state)
        self.seen.append((state.is_terminal(), state.points(), state.returns(), values))
        return values


def _record(game: str, players: int, margin: float | None, monkeypatch: Any) -> _Recording:
    from connect_arena.agents.knowledge import Level
    from connect_arena.core import load, sample_chance_outcome

    known = knowledge_for(game)
    assert known is not None and isinstance(known.levels, dict)
    level = Level(iterations=12, seconds=None, max_rollout=2000, exploration=0.5, margin=margin)
    monkeypatch.setitem(known.levels, "hard", level)  # restored after the test
    state: Any = load(game, num_players=players).new_initial_state()
    import random

    rng = random.Random(4)
    while state.is_chance_node():
        state.apply_action(sample_chance_outcome(state, rng))
    agent = _Recording(seed=4, level="hard", reuse=False)
    agent.seen = []
    agent.search(state, state.current_player if state.current_player >= 0 else 0)
    return agent


def test_a_finished_rollout_is_valued_by_the_score_margin_when_the_level_says_so(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """CO'NNN'ECT, 2 players: with ``margin=25`` a rollout played to the end is worth
    ``tanh((own - other) / 25)`` per seat (a close win little, a big one nearly 1), not the
    ±1 of ``returns()``; the winner's value stays above the loser's. Without it: ``returns()``."""
    agent = _record("connnect", 2, 25.0, monkeypatch)
    finished = [entry for entry in agent.seen if entry[0]]
    assert len(finished) >= 6
    for _, points, returns, values in finished:
        assert points is not None
        a, b = points
        assert values == pytest.approx([math.tanh((a - b) / 25.0), math.tanh((b - a) / 25.0)])
        assert all(-1.0 < v < 1.0 for v in values)
        if returns[0] != returns[1]:
            assert (values[0] - values[1]) * (returns[0] - returns[1]) >= 0.0
    assert len({round(v[0], 6) for *_, v in finished}) > 2  # not just the three of ±1 / 0
    plain = _record("connnect", 2, None, monkeypatch)
    for done, _, returns, values in plain.seen:
        if done:
            assert values == returns


def test_partners_ignore_the_margin(monkeypatch: pytest.MonkeyPatch) -> None:
    """Connect Pairs' partners share one return: a margin between seats means nothing, so a
    level's ``margin`` leaves its rollouts valued as before (the game's leaf or returns)."""
    with_margin = _record("pairs", 4, 10.0, monkeypatch)
    without = _record("pairs", 4, None, monkeypatch)
    assert [v for *_, v in with_margin.seen] == [v for *_, v in without.seen]
