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
    "ROOT_BAND",
    "WIN_VALUE",
    "Evaluation",
    "RolloutPolicy",
    "evaluate",
    "leaf_offsets",
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


ROOT_BAND = 2.0
"""Leaf scales of evaluation around 0 within which leaves are squashed as they are
(:func:`leaf_offsets`): ``tanh(2)`` = 0.96 reads as clearly ahead."""


def leaf_values(state: State[Action], offsets: list[float] | None = None) -> list[float]:
    """Per-seat values of a position where a rollout stopped early, on the scale of the
    returns: the returns when terminal or when the game has no ``leaf_scale``; otherwise each
    seat's evaluation, minus its offset (:func:`leaf_offsets` of the search's root) if
    given, squashed into (-1, 1) with ``tanh((evaluate - offset) / leaf_scale)``."""
    known = knowledge_for(state.game.name)
    if state.is_terminal() or known is None or known.leaf_scale is None:
        return state.returns()
    scale = known.leaf_scale
    raw = _evaluations(state)
    if offsets is not None:
        raw = [value - offset for value, offset in zip(raw, offsets, strict=True)]
    return [math.tanh(value / scale) for value in raw]


def leaf_offsets(state: State[Action]) -> list[float] | None:
    """Per seat, how far the evaluation of ``state`` (a search's root) lies beyond
    ``±ROOT_BAND * leaf_scale``, or ``None`` where leaves are not squashed (see
    :func:`leaf_values`).

    Far ahead or far behind, every leaf would squash to nearly ±1 and a search could no
    longer tell a good move from a bad one (a seat that has eaten all the others' tokens
    must still make its Connect 5); shifting the leaves by this offset keeps the root's
    value at ``±tanh(ROOT_BAND)`` and the differences between moves visible. Within the band
    the offset is 0 and nothing changes."""
    known = knowledge_for(state.game.name)
    if state.is_terminal() or known is None or known.leaf_scale is None:
        return None
    band = ROOT_BAND * known.leaf_scale
    return [
        value - band if value > band else value + band if value < -band else 0.0
        for value in _evaluations(state)
    ]


def solo_action(state: State[Action], player: int) -> Action | None:
    """The game's action for ``player`` left alone (:attr:`Knowledge.solo`), or ``None``
    when it is not alone or the game has no such rule."""
    known = knowledge_for(state.game.name)
    if known is None or known.solo is None or state.is_terminal():
        return None
    return known.solo(state, player)


def _evaluations(state: State[Action]) -> list[float]:
    """Every seat's evaluation of a non-terminal ``state`` of a game with knowledge."""
    known = knowledge_for(state.game.name)
    assert known is not None
    if known.evaluate_all is not None:
        return known.evaluate_all(state)
    return [known.evaluate(state, seat) for seat in range(state.game.num_players)]
