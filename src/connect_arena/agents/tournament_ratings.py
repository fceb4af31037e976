"""Ratings with 95% intervals from tournament results.

Which rating a tournament gets (:func:`rate`):

* **Elo** when every game has two sides of one seat each (the 2-player games): a
  Bradley-Terry model fitted by maximum likelihood over all games at once (:func:`fit_elo`),
  ``P(i beats j) = 1 / (1 + 10 ** ((R_j - R_i) / 400))``, a draw counting as half a win for
  each. The scale is anchored so that the **mean rating of the entrants is 1500**. To keep the
  ratings finite when an agent wins every game, each pair of entrants that met gets
  ``prior_draws`` virtual draws (default 1, as in BayesElo). The 95% interval is ±1.96
  standard errors from the observed Fisher information (its pseudo-inverse: errors relative
  to the anchored mean).
* **OpenSkill** (Weng-Lin, Plackett-Luce model) for 3 or more sides and for teams
  (:func:`fit_openskill`): games are taken in tournament order, each team's members rated
  together, ranks from the team results (ties share a rank). The skill is constant during a
  tournament, so the dynamics parameter ``tau`` is 0. The scale is OpenSkill's (a new entrant is
  μ = 25, σ = 25/3); the interval is μ ± 1.96σ.
* **Score** when there is only one side (solo games, Connect Pairs with one pair): no one to
  beat, so the rating is the mean return with a normal 95% interval (±1.96 s/√n).

``openskill`` is imported only when an OpenSkill rating is needed.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from connect_arena.agents.tournament import GameResult, Tournament, team_ranks, team_results

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""
ELO_PER_NATURAL_UNIT = 400 / math.log(10)
"""Elo points per unit of natural log-odds."""
ELO_MEAN = 1500.0
"""The mean Elo rating of a tournament's entrants (the anchor of the scale)."""
DIVERGED = 40.0
"""Log-strengths beyond this (about 7000 Elo) mean the maximum-likelihood fit diverges."""

PairResult = tuple[int, int, float]
"""``(i, j, score of i)``: one game between entrants ``i`` and ``j``; 1 win, 0.5 draw, 0 loss."""
Match = tuple[list[list[int]], list[int]]
"""One game for OpenSkill: the entrant indices of each team and each team's rank (1 = best)."""


@dataclass(frozen=True, slots=True)
class Rating:
    """An entrant's rating and its 95% interval ``[low, high]``."""

    value: float
    low: float
    high: float


@dataclass(frozen=True, slots=True)
class RatingTable:
    """The ratings of a tournament, one per entrant in entrant order.

    Attributes:
        method: ``"elo"``, ``"openskill"`` or ``"score"``.
        description: how the ratings were computed, for humans (one line).
        ratings: one per entrant.
    """

    method: str
    description: str
    ratings: tuple[Rating, ...]


# ----- Elo (Bradley-Terry maximum likelihood) --------------------------------------------------


def fit_elo(
    num_players: int, games: Sequence[PairResult], prior_draws: float = 1.0
) -> list[Rating]:
    """Maximum-likelihood Elo ratings (mean 1500) with 95% intervals.

    Args:
        num_players: number of entrants (indices ``0 .. num_players - 1``).
        games: one ``(i, j, score of i)`` per game.
        prior_draws: virtual draws added to every pair of entrants that met.

    Raises:
        ValueError: an entrant played no game, the entrants do not all form one connected
            group, or (with ``prior_draws=0``) the ratings are infinite (someone won all).
    """
    counts = [[0.0] * num_players for _ in range(num_players)]
    scores = [[0.0] * num_players for _ in range(num_players)]
    for i, j, score in games:
        counts[i][j] += 1
        counts[j][i] += 1
        scores[i][j] += score
        scores[j][i] += 1 - score
    for i in range(num_players):
        for j in range(num_players):
            if counts[i][j] > 0:
                counts[i][j] += prior_draws
                scores[i][j] += prior_draws / 2
    theta = _newton(counts, scores)
    covariance = _pseudo_inverse(_information(counts, theta))
    ratings = []
    for i, value in enumerate(theta):
        error = Z95 * ELO_PER_NATURAL_UNIT * math.sqrt(max(covariance[i][i], 0.0))
        elo = ELO_MEAN + ELO_PER_NATURAL_UNIT * value
        ratings.append(Rating(elo, elo - error, elo + error))
    return ratings


def _win_probability(delta: float) -> float:
    """The logistic function, without overflow."""
    if delta >= 0:
        return 1.0 / (1.0 + math.exp(-delta))
    odds = math.exp(delta)
    return odds / (1.0 + odds)


def _information(counts: list[list[float]], theta: list[float]) -> list[list[float]]:
    """The observed Fisher information (negative Hessian of the log-likelihood)."""
    n = len(theta)
    info = [[0.0] * n for _ in range(n)]
    for i in range(n):
        for j in range(n):
            if i != j and counts[i][j] > 0:
                p = _win_probability(theta[i] - theta[j])
                weight = counts[i][j] * p * (1 - p)
                info[i][j] -= weight
                info[i][i] += weight
    return info


def _newton(counts: list[list[float]], scores: list[list[float]]) -> list[float]:
    """Newton's method on the log-strengths (natural units, mean 0), steps capped at 2."""
    n = len(counts)
    _check_connected(counts)
    theta = [0.0] * n
    for _ in range(200):
        gradient = [
            sum(
                scores[i][j] - counts[i][j] * _win_probability(theta[i] - theta[j])
                for j in range(n)
                if j != i
            )
            for i in range(n)
        ]
        try:
            inverse = _pseudo_inverse(_information(counts, theta))
        except ValueError:
            break
        step = [sum(inverse[i][j] * gradient[j] for j in range(n)) for i in range(n)]
        largest = max(abs(value) for value in step)
        scale = min(1.0, 2.0 / largest) if largest > 0 else 1.0
        theta = [value + scale * delta for value, delta in zip(theta, step, strict=True)]
        mean = sum(theta) / n
        theta = [value - mean for value in theta]
        if largest < 1e-10:
            return theta
        if max(abs(value) for value in theta) > DIVERGED:
            break
    raise ValueError(
        "the Elo ratings have no finite maximum-likelihood value (an agent won or lost "
        "every game): use prior_draws > 0"
    )


def _check_connected(counts: list[list[float]]) -> None:
    """Raise ``ValueError`` unless every entrant met every other, directly or not."""
    reached = {0}
    frontier = [0]
    while frontier:
        i = frontier.pop()
        for j, count in enumerate(counts[i]):
            if count > 0 and j not in reached:
                reached.add(j)
                frontier.append(j)
    if len(reached) < len(counts):
        raise ValueError("cannot rate agents that never meet the others, directly or not")


def _pseudo_inverse(laplacian: list[list[float]]) -> list[list[float]]:
    """Pseudo-inverse of a connected graph's weighted Laplacian: ``(L + J/n)^-1 - J/n``.

    Raises:
        ValueError: the graph is not connected (the matrix is singular).
    """
    n = len(laplacian)
    shifted = [[value + 1.0 / n for value in row] for row in laplacian]
    inverse = _inverse(shifted)
    return [[value - 1.0 / n for value in row] for row in inverse]


def _inverse(matrix: list[list[float]]) -> list[list[float]]:
    """Gauss-Jordan inverse with partial pivoting (small matrices)."""
    n = len(matrix)
    rows = [list(row) + [1.0 if i == j else 0.0 for j in range(n)] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        if abs(rows[pivot][col]) < 1e-12:
            raise ValueError("singular matrix")
        rows[col], rows[pivot] = rows[pivot], rows[col]
        head = rows[col][col]
        rows[col] = [value / head for value in rows[col]]
        for r in range(n):
            if r != col and rows[r][col] != 0.0:
                factor = rows[r][col]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col], strict=True)]
    return [row[n:] for row in rows]


# ----- OpenSkill (Plackett-Luce) -----------------------------------------------------------------


def fit_openskill(num_players: int, matches: Sequence[Match]) -> list[Rating]:
    """OpenSkill Plackett-Luce ratings (μ with interval μ ± 1.96σ), games in the given order.

    An entrant filling several seats of one game (possible when there are fewer agents than
    seats) gets the sum of the μ changes of its seats, and its σ² shrinks by the product of
    their variance ratios.
    """
    from openskill.models import PlackettLuce  # imported only when needed

    model = PlackettLuce(tau=0.0)
    current = [(model.mu, model.sigma)] * num_players
    for teams, ranks in matches:
        rated = [[model.rating(*current[entrant]) for entrant in team] for team in teams]
        updated = model.rate(rated, ranks=[float(rank) for rank in ranks])
        deltas = [0.0] * num_players
        ratios = [1.0] * num_players
        for team, new_team in zip(teams, updated, strict=True):
            for entrant, new in zip(team, new_team, strict=True):
                mu, sigma = current[entrant]
                deltas[entrant] += new.mu - mu
                ratios[entrant] *= (new.sigma / sigma) ** 2
        current = [
            (mu + deltas[i], sigma * math.sqrt(ratios[i])) for i, (mu, sigma) in enumerate(current)
        ]
    return [Rating(mu, mu - Z95 * sigma, mu + Z95 * sigma) for mu, sigma in current]


# ----- mean score ------------------------------------------------------------------------------


def mean_with_interval(values: Sequence[float]) -> Rating:
    """The mean of ``values`` with a normal 95% interval (zero width below two values)."""
    if not values:
        return Rating(0.0, 0.0, 0.0)
    mean = sum(values) / len(values)
    if len(values) < 2:
        return Rating(mean, mean, mean)
    variance = sum((value - mean) ** 2 for value in values) / (len(values) - 1)
    error = Z95 * math.sqrt(variance / len(values))
    return Rating(mean, mean - error, mean + error)


# ----- choosing the method -----------------------------------------------------------------------


def pair_results(results: Sequence[GameResult]) -> list[PairResult]:
    """The games of a tournament with two one-seat sides as ``(i, j, score of i)``."""
    pairs = []
    for result in results:
        first, second = result.returns[0], result.returns[1]
        score = 1.0 if first > second else 0.5 if first == second else 0.0
        pairs.append((result.lineup[0], result.lineup[1], score))
    return pairs


def matches(tournament: Tournament, results: Sequence[GameResult]) -> list[Match]:
    """The games of a tournament as OpenSkill matches: entrants per team and team ranks."""
    found: list[Match] = []
    for result in results:
        teams = [[result.lineup[seat] for seat in team] for team in tournament.teams]
        found.append((teams, team_ranks(team_results(tournament.teams, result.returns))))
    return found


def rating_method(tournament: Tournament) -> str:
    """``"elo"`` (two one-seat sides), ``"score"`` (one side) or ``"openskill"``."""
    teams = tournament.teams
    if len(teams) == 1:
        return "score"
    if len(teams) == 2 and all(len(team) == 1 for team in teams):
        return "elo"
    return "openskill"


def rate(
    tournament: Tournament, results: Sequence[GameResult], prior_draws: float = 1.0
) -> RatingTable:
    """Rate every entrant with the method suited to the game (see the module docstring).

    Raises:
        ValueError: the results cannot be rated (see :func:`fit_elo`).
    """
    method = rating_method(tournament)
    count = len(tournament.names)
    if method == "elo":
        ratings = fit_elo(count, pair_results(results), prior_draws)
        text = f"Elo: Bradley-Terry maximum likelihood, mean 1500, {prior_draws:g} virtual draw(s)"
        return RatingTable(
            method, text + " per pairing; 95% from the Fisher information", tuple(ratings)
        )
    if method == "openskill":
        ratings = fit_openskill(count, matches(tournament, results))
        text = "OpenSkill Plackett-Luce μ (new agent 25), tau 0; 95%: μ ± 1.96σ"
        return RatingTable(method, text, tuple(ratings))
    per_entrant: list[list[float]] = [[] for _ in range(count)]
    for result in results:
        for seat, entrant in enumerate(result.lineup):
            per_entrant[entrant].append(result.returns[seat])
    text = "mean return (one side: nobody to beat); 95%: normal interval"
    return RatingTable(method, text, tuple(mean_with_interval(values) for values in per_entrant))
