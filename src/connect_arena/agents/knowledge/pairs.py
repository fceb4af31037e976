"""Connect Pairs knowledge: progress of a pair towards equal top rows."""

from __future__ import annotations

from typing import Any

from connect_arena.agents.knowledge import Knowledge
from connect_arena.core.game import State


def evaluate(state: State[Any], player: int) -> float:
    """Progress of ``player``'s pair towards equal top rows: slots already matching, slots
    filled."""
    from connect_arena.games.pairs.rules import PairsState

    assert isinstance(state, PairsState)
    if state.is_terminal():
        return 1000.0 * state.returns()[player]
    partner = player ^ 1
    mine, theirs = state.tops[player], state.tops[partner]
    empty = -1
    matching = sum(1 for a, b in zip(mine, theirs, strict=True) if a == b != empty)
    filled = sum(1 for slot in (*mine, *theirs) if slot != empty)
    return 4.0 * matching + 1.0 * filled


KNOWLEDGE = Knowledge(evaluate=evaluate)
