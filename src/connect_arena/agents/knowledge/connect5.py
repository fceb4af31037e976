"""Connect 5 knowledge: points and tokens ahead of the best opponent."""

from __future__ import annotations

from typing import Any

from connect_arena.agents.knowledge import Knowledge
from connect_arena.core.game import State


def evaluate(state: State[Any], player: int) -> float:
    """Points ahead of the best opponent, plus a little for tokens still in play."""
    from connect_arena.games.connect5.rules import Connect5State

    assert isinstance(state, Connect5State)
    if state.is_terminal():
        return 1000.0 * state.returns()[player]
    scores = state.scores()
    others = [points for seat, points in enumerate(scores) if seat != player]
    tokens = state.tokens_left()
    rivals = [count for seat, count in enumerate(tokens) if seat != player]
    return (scores[player] - max(others)) + 0.05 * (tokens[player] - max(rivals))


KNOWLEDGE = Knowledge(evaluate=evaluate, leaf_scale=8.0, widening=0.6)
