"""Position evaluations for the greedy agent, MCTS rollout cut-offs and hints.

An evaluation ``evaluate(state, player) -> float`` says how good ``state`` is for ``player``:
higher is better. Terminal positions score ``WIN_VALUE * returns()[player]`` (or the final
score where a game's return is a score), so a won game always beats any heuristic value.
The per-game evaluations live in :mod:`connect_arena.agents.knowledge`; games without one fall
back to their current ``returns()``.
"""

from __future__ import annotations

import math

from connect_arena.agents.knowledge import Evaluation, RolloutPolicy, knowledge_for
from connect_arena.core.game import Action, State

__all__ = [
    "WIN_VALUE",
    "Evaluation",
    "RolloutPolicy",
    "evaluate",
    "leaf_values",
    "solo_action",
]

WIN_VALUE = 1000.0
"""Value of a won game (times the return), far above any heuristic value."""


def evaluate(state: State[Action], player: int) -> float:
    """How good ``state`` is for ``player`` (the game's evaluation; see the module doc)."""
    known = knowledge_for(state.game.name)
    if state.is_terminal() or known is None:
        return WIN_VALUE * state.returns()[player]
    return known.evaluate(state, player)


def leaf_values(state: State[Action]) -> list[float]:
    """Per-seat values of a position where a rollout stopped early, on the scale of the
    returns: the returns when terminal; the game's own leaf values when it has them
    (:attr:`~connect_arena.agents.knowledge.Knowledge.leaf`); the returns when the game has
    no ``leaf_scale``; otherwise each seat's evaluation squashed into (-1, 1) with
    ``tanh(evaluate / leaf_scale)``."""
    known = knowledge_for(state.game.name)
    if not state.is_terminal() and known is not None and known.leaf is not None:
        return known.leaf(state)
    if state.is_terminal() or known is None or known.leaf_scale is None:
        return state.returns()
    scale = known.leaf_scale
    if known.evaluate_all is not None:
        return [math.tanh(value / scale) for value in known.evaluate_all(state)]
    seats = range(state.game.num_players)
    return [math.tanh(known.evaluate(state, seat) / scale) for seat in seats]


def solo_action(state: State[Action], player: int) -> Action | None:
    """The game's action for ``player`` left alone (:attr:`Knowledge.solo`), or ``None``
    when it is not alone or the game has no such rule."""
    known = knowledge_for(state.game.name)
    if known is None or known.solo is None or state.is_terminal():
        return None
    return known.solo(state, player)
