"""The game registry: names → :class:`~connect_arena.core.game.Game` classes.

Games are found through the ``connect_arena.games`` entry-point group (the built-in games are
declared in ``pyproject.toml``; another installed package can add its own) and through
:func:`register`. Entries are imported on first use, so listing names imports no engine.
"""

from __future__ import annotations

import importlib
from importlib.metadata import entry_points

from connect_arena.core.errors import UnknownGameError
from connect_arena.core.game import Game

ENTRY_POINT_GROUP = "connect_arena.games"

_REGISTRY: dict[str, type[Game] | str] = {}
_discovered = False


def _discover() -> None:
    global _discovered
    if not _discovered:
        for entry in entry_points(group=ENTRY_POINT_GROUP):
            _REGISTRY.setdefault(entry.name, entry.value)
        _discovered = True


def register(name: str, game: type[Game] | str) -> None:
    """Register a game class, or a lazy ``"package.module:ClassName"`` path, under ``name``."""
    _discover()
    _REGISTRY[name] = game


def unregister(name: str) -> None:
    """Remove ``name`` from the registry (no error if absent); for tests and plugins."""
    _discover()
    _REGISTRY.pop(name, None)


def game_names() -> list[str]:
    """The registered game names, sorted."""
    _discover()
    return sorted(_REGISTRY)


def game_class(name: str) -> type[Game]:
    """The Game class registered as ``name``.

    Raises:
        UnknownGameError: no such game (the message lists the registered ones).
    """
    _discover()
    entry = _REGISTRY.get(name)
    if entry is None:
        known = ", ".join(sorted(_REGISTRY)) or "none"
        raise UnknownGameError(f"unknown game {name!r} (registered games: {known})")
    if isinstance(entry, str):
        module_name, _, class_name = entry.partition(":")
        cls = getattr(importlib.import_module(module_name), class_name)
        if not (isinstance(cls, type) and issubclass(cls, Game)):
            raise TypeError(f"{entry} is not a Game class")
        _REGISTRY[name] = cls
        return cls
    return entry


def load(name: str, num_players: int | None = None, **options: object) -> Game:
    """Create the game ``name`` with ``num_players`` seats and the given options.

    Example: ``load("quinque", advanced=True).new_initial_state()``.

    Raises:
        UnknownGameError: no such game.
        InvalidOptionError: bad player count, unknown option or bad value.
    """
    return game_class(name)(num_players, **options)


def list_games() -> list[type[Game]]:
    """Every registered game class, sorted by name."""
    return [game_class(name) for name in game_names()]
