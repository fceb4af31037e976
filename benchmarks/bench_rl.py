"""Throughput of the research adapters against the raw engine (random playouts, one core).

Run: ``.venv/bin/python benchmarks/bench_rl.py [--games N] [--game NAME] [--cpu]``. Prints
figures; asserts nothing (speed targets live in benchmarks, never in unit tests).

For each game (default options and players, the anti-endless option at its default as the
adapters set it), ``N`` seeded random games are played on the engine (``legal_actions`` +
``apply_legal_action``, chance drawn from the same ``random.Random(seed)``), then the same
games are replayed, in the same run, through the adapters, which ask for the legal ids at every
step as a player would:

* ``stepper``: ids through :class:`connect_arena.rl.stepper.Stepper` (no OpenSpiel);
* ``openspiel``: ids through ``pyspiel`` (``state.legal_actions()`` / ``apply_action``).

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
from typing import Any

import pyspiel

from connect_arena.core import CHANCE, load, sample_chance_outcome
from connect_arena.rl import Stepper, encoding_for
from connect_arena.rl.openspiel import GAMES, PREFIX, parameter_specification

Trajectory = list[tuple[bool, int]]
"""One game as the adapters replay it: (chance?, id) per step."""


def engine_games(
    name: str, options: dict[str, Any], seeds: range, clock: Callable[[], float]
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
            state.apply_legal_action(rng.choice(state.legal_actions(player)), player)
        finished.append(state)
    seconds = clock() - start
    return finished, sum(len(state.history) for state in finished), seconds


def trajectories(name: str, options: dict[str, Any], finished: list[Any]) -> list[Trajectory]:
    """The engine's games as id sequences (untimed)."""
    game = load(name, **options)
    encoding = encoding_for(game)
    found = []
    for state in finished:
        stepper = Stepper(encoding, game.new_initial_state())
        steps: Trajectory = []
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
    game = pyspiel.load_game(PREFIX + name, options)
    start = clock()
    for steps in games:
        state = game.new_initial_state()
        for chance, step in steps:
            legal = state.chance_outcomes() if chance else state.legal_actions()
            assert legal
            state.apply_action(step)
    return clock() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="random games per game and way")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each way; the best")
    parser.add_argument("--cpu", action="store_true", help="time CPU, not the wall clock")
    args = parser.parse_args()
    clock = time.process_time if args.cpu else time.perf_counter
    names = args.game or sorted(name.removeprefix(PREFIX) for name in GAMES)
    print(f"{'game':10} {'way':10} {'actions/s':>10} {'steps/s':>10} {'µs/action':>10} overhead")
    for name in names:
        gt = load(name).game_type
        options: dict[str, Any] = {}
        if gt.anti_endless_option is not None:
            options[gt.anti_endless_option] = parameter_specification(gt)[gt.anti_endless_option]
        engine_games(name, options, range(args.games), clock)  # warm the engine's caches
        finished, actions, _ = engine_games(name, options, range(args.games), clock)
        games = trajectories(name, options, finished)
        steps = sum(len(game) for game in games)
        seconds = {"engine": float("inf"), "stepper": float("inf"), "openspiel": float("inf")}
        for _ in range(args.repeat):  # interleaved, the best of each: a shared machine
            seconds["engine"] = min(
                seconds["engine"], engine_games(name, options, range(args.games), clock)[2]
            )
            seconds["stepper"] = min(seconds["stepper"], stepper_games(name, options, games, clock))
            seconds["openspiel"] = min(
                seconds["openspiel"], openspiel_games(name, options, games, clock)
            )
        base = seconds["engine"]
        for way, time_taken in seconds.items():
            ids = f"{steps / time_taken:10.0f}" if way != "engine" else f"{'':>10}"
            overhead = f"{time_taken / base - 1:+.0%}" if way != "engine" else ""
            print(
                f"{name:10} {way:10} {actions / time_taken:10.0f} {ids} "
                f"{time_taken / actions * 1e6:10.1f} {overhead}",
                flush=True,
            )


if __name__ == "__main__":
    main()
