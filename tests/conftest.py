"""Shared test setup: the toy games (``tests/toygames.py``) are registered for every test."""

from toygames import register_toy_games

register_toy_games()
