"""The uniform random agent."""

from __future__ import annotations

import random

from connect_arena.agents.base import Budget, legal_actions_or_raise
from connect_arena.core.game import Action, State


class RandomAgent:
    """Picks uniformly among the legal actions, from its own seeded ``random.Random``.

    Args:
        seed: seed of the agent's random source (``None``: from the OS).
    """

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, state: State[Action], player: int, budget: Budget | None = None) -> Action:
        """A uniformly random legal action of ``player``.

        Raises:
            ValueError: ``player`` has no legal action.
        """
        actions = legal_actions_or_raise(state, player)
        return self.rng.choice(actions)
