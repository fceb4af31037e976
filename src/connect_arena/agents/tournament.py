"""Round-robin tournaments between agents: the schedule, paired seeds, play and standings.

Everything here is pure (no terminal output); ``connect-arena tournament`` adds the progress bar,
tables, JSON and plot, and :mod:`connect_arena.agents.tournament_ratings` fits the ratings.

**Entrants** are the agent specs in the order given (``random,greedy,mcts:hard``); a spec given
twice becomes two entrants, labelled ``random`` and ``random#2``.

**Lineups** (which entrant sits in which seat) for ``P`` seats and ``k >= 2`` entrants:

* ``k >= P``: every combination of ``P`` distinct entrants;
* ``k < P``: every multiset of ``P`` entrants with at least two different ones (so with
  ``random,greedy`` in a 4-seat game: 3 random + 1 greedy, 2 + 2 and 1 + 3);

and each lineup is played in each of its distinct **cyclic rotations** of the seats (or, with
``seatings="permutations"``, in every distinct order). Every entrant therefore sits in every
seat equally often; in a 2-player game every pairing plays both seat orders. The ordered
lineups make up one **round**; ``rounds`` rounds are played.

**Paired seeds**: game ``g`` of the tournament (0-based round index) has one seed
:func:`round_seed` derived from the tournament seed, used for *every* lineup of that round: the
chance source is ``random.Random(seed)`` and the agent in seat ``s`` is ``make_agent(spec,
seed + 1 + s)``, as in ``connect-arena play GAME --players SPECS --seed SEED``, which therefore
replays any tournament game.

**Teams** (:func:`teams_of`): seats whose results are shared, e.g. the partners of Connect
Pairs. A team's result is the mean of its members' returns; a team wins when its result is
strictly the best, draws when it shares the best, and loses otherwise; its rank is 1 plus the
number of teams with a strictly better result. With a single team (solo or purely cooperative
games) wins, draws and losses are not counted.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from itertools import combinations, combinations_with_replacement, permutations
from typing import Any

from connect_arena.agents.base import Agent, Budget, close_agents
from connect_arena.agents.playout import play_game
from connect_arena.core.game import Action, Game, State

AgentFactory = Callable[[str, int], Agent]
"""Builds an agent from its spec and seed, like :func:`connect_arena.agents.make_agent`."""

Lineup = tuple[int, ...]
"""Entrant index per seat (seat ``s`` is played by entrant ``lineup[s]``)."""

Teams = tuple[tuple[int, ...], ...]
"""Seat indices of each team; every seat is in exactly one team."""


def entrant_names(specs: Sequence[str]) -> list[str]:
    """Unique labels for the entrants: a repeated spec gets ``#2``, ``#3``… from its second use.

    Example: ``["random", "random", "greedy"]`` → ``["random", "random#2", "greedy"]``.
    """
    seen: dict[str, int] = {}
    names = []
    for spec in specs:
        seen[spec] = seen.get(spec, 0) + 1
        names.append(spec if seen[spec] == 1 else f"{spec}#{seen[spec]}")
    return names


SEATINGS = ("rotations", "permutations")
"""How each lineup is seated: its cyclic rotations, or every distinct order."""


def lineups(num_entrants: int, num_seats: int, seatings: str = "rotations") -> list[Lineup]:
    """The ordered lineups of one round (see the module docstring), in a deterministic order.

    With ``seatings="permutations"`` every distinct seat order of each lineup is played, so
    each agent also has every other agent as its left and right neighbour equally often
    (with 3+ seats the neighbours matter: who blocks or captures whom). 5 different agents in
    5 seats make 120 games a round.

    Raises:
        ValueError: fewer than two entrants, no seat, or an unknown ``seatings``.
    """
    if seatings not in SEATINGS:
        raise ValueError(f"unknown seatings {seatings!r} (known: {', '.join(SEATINGS)})")
    if num_entrants < 2:
        raise ValueError("a tournament needs at least two agents")
    if num_seats < 1:
        raise ValueError("a game needs at least one seat")
    if num_entrants >= num_seats:
        bases = list(combinations(range(num_entrants), num_seats))
    else:
        bases = [
            base
            for base in combinations_with_replacement(range(num_entrants), num_seats)
            if len(set(base)) > 1
        ]
    result: list[Lineup] = []
    for base in bases:
        if seatings == "permutations":
            result.extend(sorted(set(permutations(base))))
            continue
        rotations = dict.fromkeys(base[shift:] + base[:shift] for shift in range(num_seats))
        result.extend(rotations)
    return result


def round_seed(seed: int, round_index: int) -> int:
    """The seed of every game of round ``round_index`` (0-based) of a tournament with ``seed``."""
    return random.Random(f"connect-arena tournament {seed} {round_index}").randrange(1, 2**31)


def teams_of(game: Game) -> Teams:
    """The teams of ``game``'s seats (:meth:`Game.teams`): partners share one result.

    Raises:
        ValueError: the declared teams do not cover every seat exactly once.
    """
    seats = game.num_players
    teams: Teams = tuple(tuple(int(seat) for seat in team) for team in game.teams())
    if sorted(seat for team in teams for seat in team) != list(range(seats)):
        raise ValueError(f"{game.name}: teams {teams} do not cover seats 0..{seats - 1} once")
    return teams


@dataclass(frozen=True, slots=True)
class GameResult:
    """One finished tournament game.

    Attributes:
        round: 0-based round index (games of one round share their seed).
        seating: index of the lineup in the round's schedule.
        seed: the game's seed (chance source; seat ``s``'s agent gets ``seed + 1 + s``).
        lineup: entrant index per seat.
        returns: the final return of each seat.
        length: number of actions, chance outcomes included.
        moves: decisions taken by each seat's agent.
        think: each seat's agent's total thinking time, in seconds (wall clock).
        slowest: each seat's agent's longest decision, in seconds.

    Equality ignores the two timings: equal results mean the same games.
    """

    round: int
    seating: int
    seed: int
    lineup: Lineup
    returns: tuple[float, ...]
    length: int
    moves: tuple[int, ...] = ()
    think: tuple[float, ...] = field(default=(), compare=False)
    slowest: tuple[float, ...] = field(default=(), compare=False)


@dataclass(frozen=True)
class Tournament:
    """The plan of a tournament: entrants, schedule, teams, rounds and seed.

    Build it with :func:`plan`.
    """

    game: Game
    specs: tuple[str, ...]
    names: tuple[str, ...]
    schedule: tuple[Lineup, ...]
    teams: Teams
    rounds: int
    seed: int
    seatings: str = "rotations"

    @property
    def total_games(self) -> int:
        """Number of games: rounds × lineups per round."""
        return self.rounds * len(self.schedule)


def plan(
    game: Game, specs: Sequence[str], rounds: int, seed: int, seatings: str = "rotations"
) -> Tournament:
    """The tournament of ``specs`` at ``game`` over ``rounds`` rounds (``seatings``: see
    :func:`lineups`).

    Raises:
        ValueError: fewer than two agents, fewer than one round, bad teams or seatings.
    """
    if rounds < 1:
        raise ValueError("a tournament needs at least one round")
    specs = tuple(specs)
    return Tournament(
        game=game,
        specs=specs,
        names=tuple(entrant_names(specs)),
        schedule=tuple(lineups(len(specs), game.num_players, seatings)),
        teams=teams_of(game),
        rounds=rounds,
        seed=seed,
        seatings=seatings,
    )


class _Timed:
    """An agent wrapper that counts decisions and measures their wall-clock time."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.name = agent.name
        self.moves = 0
        self.think = 0.0
        self.slowest = 0.0

    def act(self, state: State[Action], player: int, budget: Budget | None = None) -> Action:
        started = time.perf_counter()
        action = self.agent.act(state, player, budget)
        spent = time.perf_counter() - started
        self.moves += 1
        self.think += spent
        self.slowest = max(self.slowest, spent)
        return action


def play_one(
    tournament: Tournament, round_index: int, seating: int, factory: AgentFactory
) -> GameResult:
    """Play game ``seating`` of round ``round_index`` to its end."""
    seed = round_seed(tournament.seed, round_index)
    lineup = tournament.schedule[seating]
    built = [
        factory(tournament.specs[entrant], seed + 1 + seat) for seat, entrant in enumerate(lineup)
    ]
    agents = [_Timed(agent) for agent in built]
    try:
        state = play_game(tournament.game.new_initial_state(), agents, random.Random(seed))
    finally:
        close_agents(built)  # external engines end their programs
    return GameResult(
        round=round_index,
        seating=seating,
        seed=seed,
        lineup=lineup,
        returns=tuple(float(value) for value in state.returns()),
        length=len(state.history),
        moves=tuple(agent.moves for agent in agents),
        think=tuple(agent.think for agent in agents),
        slowest=tuple(agent.slowest for agent in agents),
    )


def run(
    tournament: Tournament,
    factory: AgentFactory,
    on_game: Callable[[GameResult], None] | None = None,
    jobs: int = 1,
) -> list[GameResult]:
    """Play every game and return the results round by round, in schedule order.

    Args:
        tournament: the plan.
        factory: builds each agent from its spec and seed (usually ``make_agent``; with
            ``jobs > 1`` it must be picklable, e.g. a module-level function).
        on_game: called after each game, in the order they finish (e.g. for a progress bar).
        jobs: games played at once in separate processes (``1``: in this process). The
            results do not depend on it, except for time-capped agents on a busy machine.
    """
    keys = [
        (round_index, seating)
        for round_index in range(tournament.rounds)
        for seating in range(len(tournament.schedule))
    ]
    if jobs <= 1:
        results = []
        for round_index, seating in keys:
            result = play_one(tournament, round_index, seating, factory)
            results.append(result)
            if on_game is not None:
                on_game(result)
        return results
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(play_one, tournament, r, s, factory) for r, s in keys]
        try:
            for future in as_completed(futures):
                result = future.result()
                if on_game is not None:
                    on_game(result)
        except BaseException:
            # A failed game or Ctrl-C: do not wait for the games still queued.
            pool.shutdown(wait=False, cancel_futures=True)
            raise
        return [future.result() for future in futures]


# ----- outcomes and standings --------------------------------------------------------------------


def team_results(teams: Teams, returns: Sequence[float]) -> list[float]:
    """Each team's result: the mean return of its seats."""
    return [sum(returns[seat] for seat in team) / len(team) for team in teams]


def team_ranks(results: Sequence[float]) -> list[int]:
    """Competition ranks (1 = best; ties share the better rank): ``[3, 5, 5]`` → ``[3, 1, 1]``."""
    return [1 + sum(other > value for other in results) for value in results]


@dataclass
class Standing:
    """One entrant's totals over its seats in every game (an entrant may fill several seats).

    Attributes:
        name: the entrant's label.
        spec: its agent spec.
        games: seats played (one per game, unless the entrant filled several seats).
        wins, draws, losses: outcomes of its team (not counted in single-team games).
        returns: its return in each seat played.
        ranks: its team's rank in each seat played.
        moves: decisions it took.
        think: its total thinking time, in seconds.
        slowest: its longest decision, in seconds.
    """

    name: str
    spec: str
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    returns: list[float] = field(default_factory=list)
    ranks: list[int] = field(default_factory=list)
    moves: int = 0
    think: float = 0.0
    slowest: float = 0.0

    @property
    def seconds_per_move(self) -> float:
        """Mean thinking time per decision, in seconds (0 before any decision)."""
        return self.think / self.moves if self.moves else 0.0

    @property
    def mean_return(self) -> float:
        """Mean return per seat played (0 before any game)."""
        return sum(self.returns) / len(self.returns) if self.returns else 0.0

    @property
    def mean_rank(self) -> float:
        """Mean team rank per seat played (1 = best; 0 before any game)."""
        return sum(self.ranks) / len(self.ranks) if self.ranks else 0.0


def standings(tournament: Tournament, results: Sequence[GameResult]) -> list[Standing]:
    """Games, wins/draws/losses, returns and ranks of each entrant, in entrant order."""
    table = [
        Standing(name, spec) for name, spec in zip(tournament.names, tournament.specs, strict=True)
    ]
    teams = tournament.teams
    for result in results:
        values = team_results(teams, result.returns)
        ranks = team_ranks(values)
        shared_best = ranks.count(1) > 1
        for team_index, team in enumerate(teams):
            for seat in team:
                entry = table[result.lineup[seat]]
                entry.games += 1
                entry.returns.append(result.returns[seat])
                entry.ranks.append(ranks[team_index])
                if result.moves:
                    entry.moves += result.moves[seat]
                    entry.think += result.think[seat]
                    entry.slowest = max(entry.slowest, result.slowest[seat])
                if len(teams) == 1:
                    continue
                if ranks[team_index] > 1:
                    entry.losses += 1
                elif shared_best:
                    entry.draws += 1
                else:
                    entry.wins += 1
    return table


def seat_counts(tournament: Tournament, results: Sequence[GameResult]) -> list[list[int]]:
    """``counts[entrant][seat]``: how often each entrant sat in each seat."""
    counts = [[0] * tournament.game.num_players for _ in tournament.names]
    for result in results:
        for seat, entrant in enumerate(result.lineup):
            counts[entrant][seat] += 1
    return counts


def game_json(tournament: Tournament, result: GameResult) -> dict[str, Any]:
    """One game as a JSON-able dict: round, seating, seed, lineup (names and specs), returns,
    length, and per seat the decisions taken, the thinking time and the longest decision
    (seconds)."""
    return {
        "round": result.round,
        "seating": result.seating,
        "seed": result.seed,
        "lineup": list(result.lineup),
        "agents": [tournament.names[entrant] for entrant in result.lineup],
        "specs": [tournament.specs[entrant] for entrant in result.lineup],
        "returns": list(result.returns),
        "length": result.length,
        "moves": list(result.moves),
        "think": [round(value, 4) for value in result.think],
        "slowest": [round(value, 4) for value in result.slowest],
    }
