"""Tournament schedule, paired seeds, teams and standings (``connect_arena.agents.tournament``)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from connect_arena.agents import Agent, Budget, RandomAgent
from connect_arena.agents.tournament import (
    GameResult,
    entrant_names,
    lineups,
    plan,
    round_seed,
    run,
    seat_counts,
    standings,
    team_ranks,
    teams_of,
)
from connect_arena.core import Action, State, load


class WinNowAgent:
    """Takes an immediately winning action when there is one, else plays at random."""

    name = "win-now"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, state: State[Action], player: int, budget: Budget | None = None) -> Action:
        actions = state.legal_actions(player)
        for action in actions:
            child = state.clone()
            child.apply_legal_action(action, player)
            returns = child.returns()
            if child.is_terminal() and sorted(returns)[-2] < returns[player]:
                return action
        return self.rng.choice(actions)


def factory(spec: str, seed: int) -> Agent:
    """Agents for the tests: ``win-now`` or ``random``."""
    return WinNowAgent(seed) if spec == "win-now" else RandomAgent(seed)


def test_entrant_names_are_unique() -> None:
    specs = ["random", "random", "greedy", "random"]
    assert entrant_names(specs) == ["random", "random#2", "greedy", "random#3"]


def test_two_player_lineups_play_every_pairing_in_both_seat_orders() -> None:
    schedule = lineups(3, 2)
    assert sorted(schedule) == [(0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1)]


@pytest.mark.parametrize(("entrants", "seats", "expected"), [(4, 3, 12), (2, 4, 12), (3, 1, 3)])
def test_every_entrant_sits_in_every_seat_equally_often(
    entrants: int, seats: int, expected: int
) -> None:
    schedule = lineups(entrants, seats)
    assert len(schedule) == len(set(schedule)) == expected
    per_seat = [Counter(lineup[seat] for lineup in schedule) for seat in range(seats)]
    assert all(counts == per_seat[0] for counts in per_seat)
    assert len(set(per_seat[0].values())) == 1  # and every entrant equally often


def test_permutations_give_every_agent_every_neighbour() -> None:
    rotations = lineups(5, 5)
    schedule = lineups(5, 5, "permutations")
    assert len(rotations) == 5
    assert len(schedule) == len(set(schedule)) == 120
    # Cyclic rotations keep each agent's left neighbour; permutations vary it evenly.
    left = Counter((lineup[seat], lineup[seat - 1]) for lineup in rotations for seat in range(5))
    assert len(left) == 5
    left = Counter((lineup[seat], lineup[seat - 1]) for lineup in schedule for seat in range(5))
    assert len(left) == 20 and len(set(left.values())) == 1
    # Repeated agents: only the distinct orders (4 seats, 2 agents: 4 + 6 + 4).
    assert len(lineups(2, 4, "permutations")) == 14
    with pytest.raises(ValueError, match="unknown seatings 'random'"):
        lineups(2, 2, "random")


def test_fewer_agents_than_seats_fill_the_seats_with_repeats() -> None:
    schedule = lineups(2, 4)
    assert Counter(tuple(sorted(lineup)) for lineup in schedule) == {
        (0, 0, 0, 1): 4,
        (0, 0, 1, 1): 4,
        (0, 1, 1, 1): 4,
    }
    assert lineups(2, 2) == [(0, 1), (1, 0)]


def test_at_least_two_agents_and_one_round() -> None:
    with pytest.raises(ValueError, match="two agents"):
        lineups(1, 2)
    with pytest.raises(ValueError, match="one round"):
        plan(load("toy-tictactoe"), ["random", "random"], 0, 1)


def test_teams_of_the_games() -> None:
    assert teams_of(load("toy-tictactoe")) == ((0,), (1,))
    assert teams_of(load("pairs", 4)) == ((0, 1), (2, 3))
    assert teams_of(load("pairs", 2)) == ((0, 1),)


class DeclaresTeams:
    """A stand-in game that declares its teams."""

    name = "declared"
    num_players = 4

    def __init__(self, teams: list[list[int]]) -> None:
        self.declared = teams

    def teams(self) -> list[list[int]]:
        return self.declared


def test_a_game_can_declare_its_teams() -> None:
    game: Any = DeclaresTeams([[0, 2], [1, 3]])
    assert teams_of(game) == ((0, 2), (1, 3))
    with pytest.raises(ValueError, match="do not cover"):
        teams_of(DeclaresTeams([[0, 1]]))  # type: ignore[arg-type]


def test_seats_are_rotated_fairly_in_play() -> None:
    tournament = plan(load("toy-tictactoe"), ["random", "win-now", "random"], 2, 7)
    results = run(tournament, factory)
    assert len(results) == tournament.total_games == 12
    assert seat_counts(tournament, results) == [[4, 4], [4, 4], [4, 4]]


def test_seeds_are_paired_within_a_round_and_reproducible() -> None:
    tournament = plan(load("toy-pig", target=10), ["random", "random", "random"], 3, 11)
    seen: list[tuple[str, int]] = []

    def recording(spec: str, seed: int) -> Agent:
        seen.append((spec, seed))
        return RandomAgent(seed)

    results = run(tournament, recording)
    for result in results:
        assert result.seed == round_seed(11, result.round)
    assert len({result.seed for result in results}) == 3
    seeds = [seed for _, seed in seen]
    assert seeds == [r.seed + 1 + seat for r in results for seat in range(2)]
    assert run(tournament, factory) == run(tournament, factory)
    # Same kind of agent, same seat seeds, same dice: swapping the entrants replays the game.
    first, swapped = results[0], results[1]
    assert swapped.lineup == first.lineup[::-1]
    assert (swapped.returns, swapped.length) == (first.returns, first.length)


def test_the_progress_callback_sees_every_game() -> None:
    tournament = plan(load("toy-tictactoe"), ["random", "random"], 2, 3)
    seen: list[GameResult] = []
    assert run(tournament, factory, on_game=seen.append) == seen


def test_team_ranks_share_ties() -> None:
    assert team_ranks([3.0, 5.0, 5.0]) == [3, 1, 1]
    assert team_ranks([1.0, -1.0]) == [1, 2]


def test_standings_count_wins_draws_losses_per_team() -> None:
    tournament = plan(load("pairs", 4), ["a", "b"], 1, 1)
    results = [
        GameResult(0, 0, 1, (0, 0, 1, 1), (5.0, 5.0, 2.0, 2.0), 10),  # team a wins
        GameResult(0, 1, 1, (0, 1, 1, 0), (3.0, 3.0, 3.0, 3.0), 12),  # shared: draws
        GameResult(0, 2, 1, (1, 1, 0, 1), (1.0, 1.0, 0.0, 0.0), 14),  # team b+a loses
    ]
    a, b = standings(tournament, results)
    assert (a.games, a.wins, a.draws, a.losses) == (5, 2, 2, 1)
    assert (b.games, b.wins, b.draws, b.losses) == (7, 2, 2, 3)
    assert a.mean_return == pytest.approx((5 + 5 + 3 + 3 + 0) / 5)
    assert b.mean_rank == pytest.approx((2 + 2 + 1 + 1 + 1 + 1 + 2) / 7)


def test_single_team_games_count_no_outcomes() -> None:
    tournament = plan(load("pairs", 2), ["a", "b"], 1, 1)
    results = [GameResult(0, 0, 1, (0, 1), (7.0, 7.0), 10)]
    a, b = standings(tournament, results)
    assert (a.games, a.wins, a.draws, a.losses, a.mean_return) == (1, 0, 0, 0, 7.0)
    assert b.mean_rank == 1.0
