"""Connect Pairs engine throughput and random-game length (one core).

Run: ``.venv/bin/python benchmarks/bench_pairs.py [--seconds S] [--games N]``. Prints
figures; asserts nothing (speed targets live in benchmarks, never in unit tests).

* **throughput**: random playouts (uniform random choices, seeded dice), actions per second
  through ``apply_legal_action`` (unchecked, the agents' path) and ``apply_action`` with the
  notation text (checked and parsed, the records' path);
* **game length**: rounds (and actions) of complete random games with the default options,
  which end only when a pair completes its sequence, so they are long and vary a lot.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from connect_arena.core import CHANCE, State, load, sample_chance_outcome
from connect_arena.games.pairs.rules import PairsState


def random_game(game: Any, rng: random.Random, checked: bool) -> PairsState:
    """One random game to its end."""
    state: State[Any] = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            action = sample_chance_outcome(state, rng)
            player = CHANCE
        else:
            player = state.current_player
            action = rng.choice(state.legal_actions(player))
        if checked:
            state.apply_action(str(action), player)
        else:
            state.apply_legal_action(action, player)
    assert isinstance(state, PairsState)
    return state


def measure(
    players: int, options: dict[str, Any], seconds: float, games: int, checked: bool
) -> dict[str, float]:
    """Random games for up to ``seconds`` (at least one, at most ``games``)."""
    game = load("pairs", players, **options)
    rng = random.Random(players)
    rounds: list[int] = []
    actions = 0
    start = time.perf_counter()
    while len(rounds) < games and (not rounds or time.perf_counter() - start < seconds):
        state = random_game(game, rng, checked)
        actions += len(state.history)
        rounds.append(state.round)
    elapsed = time.perf_counter() - start
    return {
        "games": len(rounds),
        "actions_per_s": actions / elapsed,
        "mean_rounds": statistics.fmean(rounds),
        "median_rounds": statistics.median(rounds),
        "mean_actions": actions / len(rounds),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=20.0, help="per configuration")
    parser.add_argument("--games", type=int, default=200, help="at most, per configuration")
    args = parser.parse_args()
    configs: list[tuple[str, int, dict[str, Any]]] = [
        ("1 pair", 2, {}),
        ("2 pairs", 4, {}),
        ("4 pairs", 8, {}),
        ("1 pair, max_rounds=100", 2, {"max_rounds": 100}),
    ]
    header = f"{'configuration':24} {'mode':9} {'actions/s':>10} {'games':>6}"
    print(f"{header} {'mean rounds':>12} {'median':>8} {'mean actions':>13}")
    for label, players, options in configs:
        for checked in (False, True):
            if checked and options:
                continue
            r = measure(players, options, args.seconds, args.games, checked)
            mode = "checked" if checked else "unchecked"
            print(
                f"{label:24} {mode:9} {r['actions_per_s']:10.0f} {r['games']:6.0f}"
                f" {r['mean_rounds']:12.0f} {r['median_rounds']:8.0f} {r['mean_actions']:13.0f}"
            )


if __name__ == "__main__":
    main()
