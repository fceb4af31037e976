"""Seeded random positions for tests and benchmarks (``benchmarks/bench_root_parallel.py``)."""

from __future__ import annotations

import random

from connect_arena.core import CHANCE, Action, State


def random_steps(state: State[Action], rng: random.Random, steps: int) -> list[tuple[int, str]]:
    """Play up to ``steps`` random actions on ``state`` (fewer if the game ends): a chance
    outcome by its probability, else a random legal action of the lowest active seat. Returns
    the log as ``(seat, notation)`` pairs, seat ``CHANCE`` for chance."""
    log: list[tuple[int, str]] = []
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
            seat = CHANCE
        else:
            seat = min(state.active_players())
            action = rng.choice(state.legal_actions(seat))
        state.apply_action(action, seat)
        log.append((seat, str(action)))
    return log
