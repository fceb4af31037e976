"""Make sure ``connnect`` is registered, even before its entry point is installed."""

from connect_arena.core import game_names, register

if "connnect" not in game_names():
    register("connnect", "connect_arena.games.connnect.rules:ConnnectGame")
