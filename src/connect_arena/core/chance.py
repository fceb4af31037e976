"""Chance outcomes are chosen by the driver, never by the rules."""

from __future__ import annotations

import random

from connect_arena.core.game import Action, State


def sample_chance_outcome(state: State[Action], rng: random.Random) -> Action:
    """Pick one outcome of the chance node ``state`` according to its probabilities.

    The draw is ``rng.choices``' (one ``rng.random()``) on the state's
    :class:`~connect_arena.core.state.ChanceTable`, so seeded games are unchanged.

    Args:
        state: a state whose ``current_player`` is ``CHANCE``.
        rng: the injected random source (seed it for reproducible games).

    Raises:
        ValueError: ``state`` is not a chance node.
    """
    action: Action = state.chance_table().sample(rng)
    return action
