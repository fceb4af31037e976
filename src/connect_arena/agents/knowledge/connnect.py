"""CO'NNN'ECT knowledge: the running score."""

from __future__ import annotations

from typing import Any

from connect_arena.agents.knowledge import Knowledge
from connect_arena.core.game import State


def evaluate(state: State[Any], player: int) -> float:
    """The running score ahead of the best opponent (the score itself in solo)."""
    from connect_arena.games.connnect.rules import ConnnectState

    assert isinstance(state, ConnnectState)
    totals = [score.total for score in state.scores()]
    if state.is_terminal() and len(totals) > 1:
        return 1000.0 * state.returns()[player]
    others = [points for seat, points in enumerate(totals) if seat != player]
    return float(totals[player] - (max(others) if others else 0))


KNOWLEDGE = Knowledge(evaluate=evaluate, leaf_scale=25.0, widening=0.5)
