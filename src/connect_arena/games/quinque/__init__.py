"""Quinque: 2 players mark skydivers and slide tiles to make five in a row."""

from connect_arena.games.quinque.notation import Add, FirstPlayer, Mark, Move, Pass
from connect_arena.games.quinque.rules import QuinqueGame, QuinqueState

__all__ = ["Add", "FirstPlayer", "Mark", "Move", "Pass", "QuinqueGame", "QuinqueState"]
