"""Swiss, arena and round-robin events between computer agents, played here and now with the
pairing of this package (what ``connect-arena tournament --format ...`` runs).

**Entrants** are agent specs, labelled as in :func:`connect_arena.agents.tournament.
entrant_names`. An entrant is one *side*: in a game with partners (Connect Pairs) it plays
every seat of its team, one agent per seat.

**Seeds**: table ``t`` of round ``r`` gets :func:`table_seed`; the chance source is
``random.Random(seed)`` and the agent in seat ``s`` is ``make_agent(spec, seed + 1 + s)``, as
in ``connect-arena play GAME --players SPECS --seed SEED``, which replays the game.

**Arena offline**: a simulated clock. A game lasts :data:`ACTION_SECONDS` per action; when a
game ends its entrants wait and everyone waiting is paired at once (:func:`.pair_arena`;
rematches only when no other game is running). No game starts once ``minutes`` have passed or
``games`` games have started; games in progress then finish and count.
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from connect_arena.agents.base import Agent
from connect_arena.agents.pairing.arena import pair_arena
from connect_arena.agents.pairing.model import Bye, Entrant, Played
from connect_arena.agents.pairing.roundrobin import round_robin
from connect_arena.agents.pairing.swiss import pair_swiss
from connect_arena.agents.playout import play_game
from connect_arena.agents.tournament import entrant_names, team_ranks, team_results, teams_of
from connect_arena.core.game import Game

SYSTEMS = ("swiss", "arena", "round-robin")
ACTION_SECONDS = 10.0
"""Simulated seconds per action in an offline arena."""

AgentFactory = Callable[[str, int], Agent]


def table_seed(system: str, seed: int, round_index: int, table: int) -> int:
    """The seed of table ``table`` of round ``round_index`` (arena: the game's start order)."""
    text = f"connect-arena {system} {seed} {round_index} {table}"
    return random.Random(text).randrange(1, 2**31)


@dataclass(frozen=True, slots=True)
class TableGame:
    """One game of an event.

    Attributes:
        round: its round (arena: the order it finished in).
        table: its table in the round (arena: the order it started in).
        seed: see the module docstring.
        sides: the entrants' labels, side 0 first.
        lineup: entrant index per seat.
        returns: each seat's return.
        ranks: each side's competition rank.
        length: actions played, chance outcomes included.
        start, end: simulated seconds (arena only, else 0).
    """

    round: int
    table: int
    seed: int
    sides: tuple[str, ...]
    lineup: tuple[int, ...]
    returns: tuple[float, ...]
    ranks: tuple[int, ...]
    length: int
    start: float = 0.0
    end: float = 0.0


@dataclass
class Event:
    """An event's plan and, once :func:`run_event` returns, its games and byes.

    Attributes:
        system: ``swiss``, ``arena`` or ``round-robin``.
        games: the game per table size in sides (Swiss may use smaller tables).
        size: sides per table (the largest allowed).
        specs, names: the entrants' agent specs and labels.
        seed: the event's seed.
        rounds: Swiss rounds or round-robin cycles.
        max_games: arena: games started at most.
        minutes: arena: simulated minutes during which games start.
        played: the games, in the order they were recorded.
        byes: the byes.
    """

    system: str
    games: Mapping[int, Game]
    size: int
    specs: tuple[str, ...]
    names: tuple[str, ...]
    seed: int
    rounds: int = 1
    max_games: int | None = None
    minutes: float | None = None
    played: list[TableGame] = field(default_factory=list)
    byes: list[Bye] = field(default_factory=list)

    @property
    def entrants(self) -> list[Entrant]:
        """The entrants for the pairing code (no ratings: a seeded draw orders equals)."""
        return [Entrant(name) for name in self.names]

    def results(self) -> list[Played]:
        """The games as the pairing code's :class:`Played`."""
        return [Played(g.round, g.sides, g.ranks) for g in self.played]


def plan_event(
    system: str,
    games: Mapping[int, Game],
    specs: Sequence[str],
    seed: int,
    rounds: int = 1,
    max_games: int | None = None,
    minutes: float | None = None,
) -> Event:
    """Check and build an event.

    Args:
        system: one of :data:`SYSTEMS`.
        games: the game per allowed table size in sides (at least one, each with two sides
            or more; only Swiss uses more than the largest).
        specs: agent specs, two or more.
        seed: the event's seed.
        rounds: Swiss rounds or round-robin cycles (1 or more).
        max_games, minutes: arena limits (at least one; each positive when given).

    Raises:
        ValueError: any of the above broken, or fewer entrants than a table's size.
    """
    if system not in SYSTEMS:
        raise ValueError(f"unknown format {system!r} (known: {', '.join(SYSTEMS)})")
    if not games:
        raise ValueError("no game to play")
    for sides, game in games.items():
        if sides < 2 or len(teams_of(game)) != sides:
            raise ValueError(f"{game.name}: an event needs two sides or more at a table")
    size = max(games)
    if len(specs) < 2:
        raise ValueError("a tournament needs at least two agents")
    if len(specs) < size:
        raise ValueError(f"tables of {size} sides need {size} agents or more")
    if rounds < 1:
        raise ValueError("an event needs at least one round")
    if system == "arena":
        if max_games is None and minutes is None:
            raise ValueError("an arena needs a number of games or minutes")
        if (max_games is not None and max_games < 1) or (minutes is not None and minutes <= 0):
            raise ValueError("an arena's games and minutes must be positive")
    return Event(
        system=system,
        games=dict(games),
        size=size,
        specs=tuple(specs),
        names=tuple(entrant_names(specs)),
        seed=seed,
        rounds=rounds,
        max_games=max_games,
        minutes=minutes,
    )


def play_table(
    game: Game,
    specs: Sequence[str],
    sides: Sequence[int],
    seed: int,
    factory: AgentFactory,
) -> tuple[tuple[int, ...], tuple[float, ...], tuple[int, ...], int]:
    """Play one table: ``sides`` are entrant indices per side, ``specs`` every entrant's spec.

    Returns:
        ``(lineup, returns, side ranks, length)``.
    """
    teams = teams_of(game)
    lineup = [0] * game.num_players
    for side, team in enumerate(teams):
        for seat in team:
            lineup[seat] = sides[side]
    agents = [factory(specs[entrant], seed + 1 + seat) for seat, entrant in enumerate(lineup)]
    state = play_game(game.new_initial_state(), agents, random.Random(seed))
    returns = tuple(float(value) for value in state.returns())
    ranks = tuple(team_ranks(team_results(teams, returns)))
    return tuple(lineup), returns, ranks, len(state.history)


def _play_round(
    event: Event,
    round_index: int,
    tables: Sequence[tuple[str, ...]],
    factory: AgentFactory,
    jobs: int,
    on_game: Callable[[TableGame], None] | None,
) -> None:
    index = {name: i for i, name in enumerate(event.names)}
    jobs_args = [
        (
            event.games[len(table)],
            event.specs,
            [index[name] for name in table],
            table_seed(event.system, event.seed, round_index, t),
            factory,
        )
        for t, table in enumerate(tables)
    ]
    if jobs > 1 and len(jobs_args) > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            outcomes = list(pool.map(play_table, *zip(*jobs_args, strict=True)))
    else:
        outcomes = [play_table(*args) for args in jobs_args]
    for t, (table, outcome) in enumerate(zip(tables, outcomes, strict=True)):
        lineup, returns, ranks, length = outcome
        seed = jobs_args[t][3]
        assert isinstance(seed, int)
        game = TableGame(round_index, t, seed, table, lineup, returns, ranks, length)
        event.played.append(game)
        if on_game is not None:
            on_game(game)


def _swiss(
    event: Event, factory: AgentFactory, jobs: int, on_game: Callable[[TableGame], None] | None
) -> None:
    sizes = tuple(sorted(event.games))
    for round_index in range(event.rounds):
        pairing = pair_swiss(event.entrants, event.results(), event.byes, sizes, event.seed)
        event.byes.extend(Bye(round_index, entrant) for entrant in pairing.byes)
        _play_round(event, round_index, pairing.tables, factory, jobs, on_game)


def _round_robin(
    event: Event, factory: AgentFactory, jobs: int, on_game: Callable[[TableGame], None] | None
) -> None:
    schedule = round_robin(event.names, event.size, event.rounds)
    for round_index, pairing in enumerate(schedule):
        # A round-robin bye (odd field) scores nothing: everyone gets the same number.
        event.byes.extend(Bye(round_index, entrant, 0.0) for entrant in pairing.byes)
        _play_round(event, round_index, pairing.tables, factory, jobs, on_game)


def _arena(
    event: Event, factory: AgentFactory, on_game: Callable[[TableGame], None] | None
) -> None:
    game = event.games[event.size]
    index = {name: i for i, name in enumerate(event.names)}
    limit = None if event.minutes is None else event.minutes * 60
    running: list[tuple[float, int, TableGame]] = []
    waiting = list(event.names)
    started = 0

    def open_tables(now: float) -> None:
        nonlocal waiting, started
        if limit is not None and now >= limit:
            return
        pairing = pair_arena(
            event.entrants,
            event.results(),
            waiting,
            size=event.size,
            allow_rematch=not running,
            seed=event.seed,
        )
        seated: set[str] = set()
        for table in pairing.tables:
            if event.max_games is not None and started >= event.max_games:
                break
            seed = table_seed("arena", event.seed, 0, started)
            sides = [index[name] for name in table]
            lineup, returns, ranks, length = play_table(game, event.specs, sides, seed, factory)
            end = now + length * ACTION_SECONDS
            played = TableGame(-1, started, seed, table, lineup, returns, ranks, length, now, end)
            heapq.heappush(running, (end, started, played))
            started += 1
            seated.update(table)
        waiting = [name for name in waiting if name not in seated]

    open_tables(0.0)
    finished = 0
    while running:
        now, _, played = heapq.heappop(running)
        done = [played]
        while running and running[0][0] == now:
            done.append(heapq.heappop(running)[2])
        for game_over in done:
            recorded = TableGame(
                finished,
                game_over.table,
                game_over.seed,
                game_over.sides,
                game_over.lineup,
                game_over.returns,
                game_over.ranks,
                game_over.length,
                game_over.start,
                game_over.end,
            )
            finished += 1
            event.played.append(recorded)
            waiting.extend(recorded.sides)
            if on_game is not None:
                on_game(recorded)
        open_tables(now)


def run_event(
    event: Event,
    factory: AgentFactory,
    on_game: Callable[[TableGame], None] | None = None,
    jobs: int = 1,
) -> Event:
    """Play ``event`` to its end (filling :attr:`Event.played` and :attr:`Event.byes`).

    Args:
        event: from :func:`plan_event`.
        factory: builds an agent from its spec and seed (``make_agent``; picklable with
            ``jobs > 1``).
        on_game: called after each game.
        jobs: Swiss and round-robin: tables of a round played at once in separate processes
            (the results do not depend on it). The arena plays one game at a time.

    Returns:
        ``event``.
    """
    if event.system == "swiss":
        _swiss(event, factory, jobs, on_game)
    elif event.system == "round-robin":
        _round_robin(event, factory, jobs, on_game)
    else:
        _arena(event, factory, on_game)
    return event
