"""Throughput of the research adapters against the raw engine (random playouts, one core).

Run: ``.venv/bin/python benchmarks/bench_rl.py [--games N] [--game NAME] [--cpu]``. Prints
figures; asserts nothing (speed targets live in benchmarks, never in unit tests).

For each game (default options and players, the anti-endless option at its default as the
adapters set it), ``N`` seeded random games are played on the engine (untimed), then the same
games are replayed, in the same run, by the engine and through the adapters, each asking for
what a player needs at every step and applying the game's recorded choice, so that every way
does the same work and only the layers differ:

* ``engine``: ``legal_actions`` (``chance_outcomes`` at a chance node) then
  ``apply_legal_action`` of the recorded action (no random choice: a playout's ``rng.choice``
  would count as the engine's time and shrink the adapters' share);
* ``stepper``: ids through :class:`connect_arena.rl.stepper.Stepper` (no OpenSpiel);
* ``openspiel``: ids through ``pyspiel`` (``state.legal_actions()`` / ``apply_action``);
* ``pyspiel alone``: the same id sequences through a Python game of OpenSpiel that does
  nothing (each state only walks its recorded list): what OpenSpiel's C++ side costs any
  Python game per step (its ``apply_action`` calls back into Python for the current player
  and the action). ``openspiel − pyspiel alone`` is then the adapter's own part of the
  ``openspiel`` row.

``overhead`` is the adapter's time over the engine's for the same games, minus one; actions/s
counts engine actions (chance outcomes included), steps/s the adapter's ids (a multi-part
action is several). Each way runs ``--repeat`` times, interleaved, and the best time counts
(the machine may be shared). ``--cpu`` times the process's CPU time instead of the wall
clock: steadier on a shared machine.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any, ClassVar

import pyspiel

from connect_arena.core import CHANCE, load, sample_chance_outcome
from connect_arena.rl import Stepper, encoding_for
from connect_arena.rl.openspiel import GAMES, PREFIX, parameter_specification

Trajectory = list[tuple[bool, int]]
"""One game as the adapters replay it: (chance?, id) per step."""


def engine_games(
    name: str,
    options: dict[str, Any],
    seeds: range,
    clock: Callable[[], float],
) -> tuple[list[Any], int, float]:
    """Random playouts on the engine: the finished states, engine actions, seconds."""
    game = load(name, **options)
    finished = []
    start = clock()
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_legal_action(sample_chance_outcome(state, rng), CHANCE)
                continue
            player = state.current_player
            if player < 0:  # a simultaneous phase: the lowest active seat, as the adapters
                player = min(state.active_players())
            actions = state.legal_actions(player)
            state.apply_legal_action(rng.choice(actions), player)
        finished.append(state)
    seconds = clock() - start
    return finished, sum(len(state.history) for state in finished), seconds


def engine_replay(
    name: str, options: dict[str, Any], finished: list[Any], clock: Callable[[], float]
) -> float:
    """Seconds to replay the finished games' actions on the engine, asking at every step for
    the legal actions (the outcomes at a chance node), as the adapters ask for the ids."""
    game = load(name, **options)
    start = clock()
    for done in finished:
        state = game.new_initial_state()
        for entry in done.history:
            player = entry.player
            legal = state.chance_outcomes() if player == CHANCE else state.legal_actions(player)
            assert legal
            state.apply_legal_action(entry.action, player)
    return clock() - start


def trajectories(name: str, options: dict[str, Any], finished: list[Any]) -> list[Trajectory]:
    """The engine's games as id sequences (untimed)."""
    game = load(name, **options)
    encoding = encoding_for(game)
    found = []
    for state in finished:
        stepper = Stepper(encoding, game.new_initial_state())
        steps: ClassVar[Trajectory] = []
        for entry in state.history:
            if entry.player == CHANCE:
                ids = [encoding.chance_id(stepper.state, entry.action)]
            else:
                ids = list(stepper.encode_action(entry.action))
            for step in ids:
                steps.append((entry.player == CHANCE, step))
                stepper.apply_id(step)
        found.append(steps)
    return found


def stepper_games(
    name: str, options: dict[str, Any], games: list[Trajectory], clock: Callable[[], float]
) -> float:
    """Seconds to replay ``games`` through a Stepper, asking the legal ids at every step."""
    game = load(name, **options)
    encoding = encoding_for(game)
    start = clock()
    for steps in games:
        stepper = Stepper(encoding, game.new_initial_state())
        for chance, step in steps:
            legal = stepper.chance_outcomes() if chance else stepper.legal_ids()
            assert legal
            stepper.apply_id(step)
    return clock() - start


def openspiel_games(
    name: str, options: dict[str, Any], games: list[Trajectory], clock: Callable[[], float]
) -> float:
    """Seconds to replay ``games`` through pyspiel, asking the legal ids at every step."""
    return replay(pyspiel.load_game(PREFIX + name, options), games, clock)


def replay(
    game: Any,
    games: list[Trajectory],
    clock: Callable[[], float],
    each: Callable[[Trajectory], None] = lambda steps: None,
) -> float:
    """Seconds to replay ``games`` through the pyspiel ``game``, asking the legal ids at every
    step (``each`` is told of every game before it starts)."""
    start = clock()
    for steps in games:
        each(steps)
        state = game.new_initial_state()
        for chance, step in steps:
            legal = state.chance_outcomes() if chance else state.legal_actions()
            assert legal
            state.apply_action(step)
    return clock() - start


NULL = "connect_arena_bench_null"
"""OpenSpiel's name of the game that does nothing (``pyspiel alone``)."""


class NullState(pyspiel.State):  # type: ignore[misc]  # pyspiel has no type hints
    """A state that walks a recorded trajectory and nothing else; its Python queries answer
    without the C++ round trip, as :class:`connect_arena.rl.openspiel.ArenaState`'s do."""

    steps: ClassVar[Trajectory] = []

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self.at = 0

    def current_player(self) -> int:
        if self.at >= len(self.steps):
            return int(pyspiel.PlayerId.TERMINAL)
        return int(pyspiel.PlayerId.CHANCE) if self.steps[self.at][0] else 0

    def legal_actions(self, player: int | None = None) -> list[int]:
        return [self.steps[self.at][1]]

    def _legal_actions(self, player: int) -> list[int]:
        return [self.steps[self.at][1]]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(self.steps[self.at][1], 1.0)]

    def _apply_action(self, action: int) -> None:
        self.at += 1

    def is_terminal(self) -> bool:
        return self.at >= len(self.steps)

    def returns(self) -> list[float]:
        return [0.0, 0.0]


class NullGame(pyspiel.Game):  # type: ignore[misc]
    """The game of :class:`NullState`."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        info = pyspiel.GameInfo(
            num_distinct_actions=100_000,
            max_chance_outcomes=100_000,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=1_000_000,
        )
        super().__init__(NULL_TYPE, info, params or {})

    def new_initial_state(self) -> NullState:
        return NullState(self)


NULL_TYPE = pyspiel.GameType(
    short_name=NULL,
    long_name="a game that does nothing",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.PERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=False,
    provides_information_state_tensor=False,
    provides_observation_string=False,
    provides_observation_tensor=False,
    parameter_specification={},
)
pyspiel.register_game(NULL_TYPE, NullGame)


def null_games(games: list[Trajectory], clock: Callable[[], float]) -> float:
    """Seconds to replay ``games`` through the game that does nothing, as
    :func:`openspiel_games` does."""

    def walk(steps: Trajectory) -> None:
        NullState.steps = steps

    return replay(pyspiel.load_game(NULL), games, clock, walk)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="random games per game and way")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each way; the best")
    parser.add_argument("--cpu", action="store_true", help="time CPU, not the wall clock")
    args = parser.parse_args()
    clock = time.process_time if args.cpu else time.perf_counter
    names = args.game or sorted(name.removeprefix(PREFIX) for name in GAMES)
    print(f"{'game':10} {'way':13} {'actions/s':>10} {'steps/s':>10} {'µs/action':>10} overhead")
    for name in names:
        gt = load(name).game_type
        options: dict[str, Any] = {}
        if gt.anti_endless_option is not None:
            options[gt.anti_endless_option] = parameter_specification(gt)[gt.anti_endless_option]
        engine_games(name, options, range(args.games), clock)  # warm the engine's caches
        finished, actions, _ = engine_games(name, options, range(args.games), clock)
        games = trajectories(name, options, finished)
        steps = sum(len(game) for game in games)
        ways = ("engine", "stepper", "openspiel", "pyspiel alone")
        seconds = dict.fromkeys(ways, float("inf"))
        for _ in range(args.repeat):  # interleaved, the best of each: a shared machine
            seconds["engine"] = min(
                seconds["engine"], engine_replay(name, options, finished, clock)
            )
            seconds["stepper"] = min(seconds["stepper"], stepper_games(name, options, games, clock))
            seconds["openspiel"] = min(
                seconds["openspiel"], openspiel_games(name, options, games, clock)
            )
            seconds["pyspiel alone"] = min(seconds["pyspiel alone"], null_games(games, clock))
        base = seconds["engine"]
        for way, time_taken in seconds.items():
            stepped = way in ("stepper", "openspiel", "pyspiel alone")
            ids = f"{steps / time_taken:10.0f}" if stepped else " " * 10
            if way == "pyspiel alone":  # not an adapter: its share of the ``openspiel`` row
                own = (seconds["openspiel"] - time_taken) / base - 1
                overhead = f"{time_taken / base:.0%} of the engine; openspiel without it {own:+.0%}"
            else:
                overhead = f"{time_taken / base - 1:+.0%}" if way != "engine" else ""
            print(
                f"{name:10} {way:13} {actions / time_taken:10.0f} {ids} "
                f"{time_taken / actions * 1e6:10.1f} {overhead}",
                flush=True,
            )


if __name__ == "__main__":
    main()
