"""Ratings: Elo by maximum likelihood, OpenSkill for more sides or teams, mean score for one."""

from __future__ import annotations

import math

import pytest
from openskill.models import PlackettLuce

from connect_arena.agents.tournament import GameResult, plan, run
from connect_arena.agents.tournament_ratings import (
    Z95,
    fit_elo,
    fit_openskill,
    mean_with_interval,
    rate,
    rating_method,
)
from connect_arena.core import load
from tests.agents.test_tournament import factory


def test_elo_of_three_wins_to_one_is_400_log10_3() -> None:
    strong, weak = fit_elo(2, [(0, 1, 1.0)] * 3 + [(0, 1, 0.0)], prior_draws=0)
    assert strong.value - weak.value == pytest.approx(400 * math.log10(3))  # 190.85
    assert (strong.value + weak.value) / 2 == pytest.approx(1500)
    # Fisher information n p (1 - p) = 0.75 for the difference; each rating carries half.
    half_width = Z95 * 400 / math.log(10) * math.sqrt(1 / (4 * 0.75))
    assert strong.high - strong.value == pytest.approx(half_width)
    assert strong.value - strong.low == pytest.approx(half_width)


def test_draws_count_half_and_the_prior_adds_virtual_draws() -> None:
    games = [(0, 1, 1.0), (0, 1, 1.0), (0, 1, 0.5), (0, 1, 0.5)]  # 3 points of 4
    strong, weak = fit_elo(2, games, prior_draws=0)
    assert strong.value - weak.value == pytest.approx(400 * math.log10(3))
    strong, weak = fit_elo(2, games, prior_draws=1)  # 3.5 points of 5
    assert strong.value - weak.value == pytest.approx(400 * math.log10(3.5 / 1.5))


def test_elo_of_a_balanced_cycle_is_equal() -> None:
    games = [(0, 1, 1.0), (1, 2, 1.0), (2, 0, 1.0)] * 2
    assert [round(r.value, 6) for r in fit_elo(3, games, prior_draws=0)] == [1500.0] * 3


def test_elo_fits_all_games_at_once() -> None:
    """a beats b 3-1 and b beats c 3-1, a and c never meet: a - c = 2 * 400 log10(3)."""
    games = [(0, 1, 1.0)] * 3 + [(0, 1, 0.0)] + [(1, 2, 1.0)] * 3 + [(1, 2, 0.0)]
    a, b, c = fit_elo(3, games, prior_draws=0)
    assert a.value - c.value == pytest.approx(2 * 400 * math.log10(3))
    assert b.value == pytest.approx(1500)


def test_perfect_records_need_the_prior() -> None:
    with pytest.raises(ValueError, match="no finite"):
        fit_elo(2, [(0, 1, 1.0)] * 5, prior_draws=0)
    strong, weak = fit_elo(2, [(0, 1, 1.0)] * 5)
    assert strong.value - weak.value == pytest.approx(400 * math.log10(5.5 / 0.5))


def test_agents_that_never_meet_cannot_be_rated() -> None:
    with pytest.raises(ValueError, match="never meet"):
        fit_elo(4, [(0, 1, 1.0), (2, 3, 0.5)])


def test_openskill_matches_the_library_and_ranks_the_winner_first() -> None:
    winner, loser, third = fit_openskill(3, [([[0], [1], [2]], [1, 3, 2])])
    model = PlackettLuce(tau=0.0)
    expected = model.rate([[model.rating()], [model.rating()], [model.rating()]], ranks=[1, 3, 2])
    assert winner.value == pytest.approx(expected[0][0].mu)
    assert winner.high - winner.value == pytest.approx(Z95 * expected[0][0].sigma)
    assert winner.value > third.value > loser.value


def test_openskill_rates_teams_and_repeated_entrants() -> None:
    a, b = fit_openskill(2, [([[0, 0], [1, 1]], [1, 2])] * 4)
    assert a.value > 25 > b.value
    # An entrant on both teams of a drawn game: the changes cancel out, sigma shrinks.
    a, b = fit_openskill(2, [([[0, 1], [1, 0]], [1, 1])])
    assert a.value == pytest.approx(25) == b.value
    assert a.high - a.low < 2 * Z95 * 25 / 3


def test_mean_with_interval() -> None:
    rating = mean_with_interval([1.0, 2.0, 3.0])
    assert rating.value == 2.0
    assert rating.high - rating.value == pytest.approx(Z95 / math.sqrt(3))
    assert mean_with_interval([4.0]).low == 4.0


def test_rating_method_follows_the_sides() -> None:
    def method(name: str, players: int) -> str:
        return rating_method(plan(load(name, players), ["a", "b"], 1, 1))

    assert method("toy-tictactoe", 2) == "elo"
    assert method("connect5", 3) == "openskill"
    assert method("pairs", 4) == "openskill"
    assert method("pairs", 2) == "score"
    assert method("connnect", 1) == "score"


def test_a_seeded_mini_tournament_rates_the_strong_agent_above_random() -> None:
    tournament = plan(load("toy-tictactoe"), ["random", "win-now", "random"], 10, 2024)
    results = run(tournament, factory)
    table = rate(tournament, results)
    assert table.method == "elo"
    values = [round(rating.value, 1) for rating in table.ratings]
    assert values == [round(r.value, 1) for r in rate(tournament, run(tournament, factory)).ratings]
    random_a, strong, random_b = table.ratings
    assert strong.low > max(random_a.value, random_b.value)
    assert sum(values) / 3 == pytest.approx(1500, abs=0.1)
    assert values == PINNED_MINI_TOURNAMENT


PINNED_MINI_TOURNAMENT = [1459.9, 1580.3, 1459.9]
"""The ratings of that tournament (10 rounds of 6 games, seed 2024): a change here means the
schedule, the seeds or the fit changed."""


def test_a_multiplayer_mini_tournament_uses_openskill() -> None:
    tournament = plan(load("connect5", 3), ["random", "win-now"], 1, 5)
    results = run(tournament, factory)
    table = rate(tournament, results)
    assert table.method == "openskill"
    assert len(results) == 6
    assert table.ratings[1].value > table.ratings[0].value


def test_single_side_games_rate_by_mean_return() -> None:
    tournament = plan(load("pairs", 2), ["a", "b"], 1, 1)
    results = [
        GameResult(0, 0, 1, (0, 1), (4.0, 4.0), 5),
        GameResult(0, 1, 1, (1, 0), (2.0, 2.0), 5),
    ]
    table = rate(tournament, results)
    assert table.method == "score"
    assert [rating.value for rating in table.ratings] == [3.0, 3.0]
