"""Quinque: 2 players mark skydivers and slide tiles to make five in a row."""

from connect_arena.games.quinque.notation import Add, Mark, Move, Pass, Starter
from connect_arena.games.quinque.rules import QuinqueGame, QuinqueState

__all__ = ["Add", "Mark", "Move", "Pass", "QuinqueGame", "QuinqueState", "Starter"]
