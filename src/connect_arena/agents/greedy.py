"""The greedy agent: one ply of lookahead with a per-game evaluation."""

from __future__ import annotations

import math
import random

from connect_arena.agents.base import Budget, legal_actions_or_raise
from connect_arena.agents.heuristics import Evaluation, evaluate, solo_action
from connect_arena.core.game import Action, State
from connect_arena.core.simultaneous import decision_state


class GreedyAgent:
    """Plays the action whose resulting position evaluates best for it (ties: at random).

    The evaluation is :func:`connect_arena.agents.heuristics.evaluate` unless given; a winning
    action is always taken, since a won position outscores every heuristic value. A seat left
    alone plays the game's solo action (:func:`~connect_arena.agents.heuristics.solo_action`).

    Args:
        seed: seed of the tie-breaking random source.
        evaluation: ``(state, player) -> float``, higher is better for ``player``.
    """

    name = "greedy"

    def __init__(self, seed: int | None = None, evaluation: Evaluation = evaluate) -> None:
        self.rng = random.Random(seed)
        self.evaluation = evaluation

    def act(self, state: State[Action], player: int, budget: Budget | None = None) -> Action:
        """The best action by one-ply evaluation.

        Raises:
            ValueError: ``player`` has no legal action.
        """
        actions = legal_actions_or_raise(state, player)
        if len(actions) == 1:
            return actions[0]
        alone = solo_action(state, player)
        if alone is not None:
            return alone
        state = decision_state(state, player)  # not the others' hidden choices
        best: list[Action] = []
        best_value = -math.inf
        for action in actions:
            child = state.clone()
            child.apply_legal_action(action, player)
            value = self.evaluation(child, player)
            if value > best_value + 1e-9:
                best, best_value = [action], value
            elif value > best_value - 1e-9:
                best.append(action)
        return self.rng.choice(best)
