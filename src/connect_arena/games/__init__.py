"""The rules engines, one package per game; pure and deterministic, no I/O.

Example::

    from connect_arena import games
    state = games.load("quinque", advanced=True).new_initial_state()
"""

from connect_arena.core.registry import game_class, game_names, list_games, load, register

__all__ = ["game_class", "game_names", "list_games", "load", "register"]
