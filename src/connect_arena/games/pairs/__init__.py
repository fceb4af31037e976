"""Connect Pairs: 2-8 players in pairs roll dice and connect with their partner until both
top rows show the same four subjects."""

from connect_arena.games.pairs.notation import (
    Connect,
    Done,
    FirstPlayer,
    Give,
    Keep,
    KeyChoice,
    Move,
    Pass,
    Roll,
    Swap,
    Take,
    Top,
)
from connect_arena.games.pairs.rules import PairsGame, PairsState

__all__ = [
    "Connect",
    "Done",
    "FirstPlayer",
    "Give",
    "Keep",
    "KeyChoice",
    "Move",
    "PairsGame",
    "PairsState",
    "Pass",
    "Roll",
    "Swap",
    "Take",
    "Top",
]
