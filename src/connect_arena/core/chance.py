"""Chance outcomes are chosen by the driver, never by the rules."""

from __future__ import annotations

import random

from connect_arena.core.game import Action, State


def sample_chance_outcome(state: State[Action], rng: random.Random) -> Action:
    """Pick one outcome of the chance node ``state`` according to its probabilities.

    Args:
        state: a state whose ``current_player`` is ``CHANCE``.
        rng: the injected random source (seed it for reproducible games).

    Raises:
        ValueError: ``state`` is not a chance node.
    """
    outcomes = state.chance_outcomes()
    if not outcomes:
        raise ValueError("not a chance node")
    actions = [action for action, _ in outcomes]
    weights = [probability for _, probability in outcomes]
    return rng.choices(actions, weights=weights, k=1)[0]
