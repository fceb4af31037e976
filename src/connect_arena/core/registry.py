"""The game registry: names → game kits (:class:`~connect_arena.core.kit.GameKit`), each
holding a :class:`~connect_arena.core.game.Game` class and the optional parts the platform asks
for (encoding, picture, agent knowledge, tutorial, UI module, translations, rules pages).

Games are found through the ``connect_arena.games`` entry-point group (the built-in games are
declared in ``pyproject.toml``; another installed package can add its own) and through
:func:`register`. An entry names a kit (``"package.module:KIT"``) or, as before kits existed,
a Game class, which gets a kit with no parts. Entries are imported on first use, so listing
names imports no engine.
"""

from __future__ import annotations

import importlib
from importlib.metadata import entry_points

from connect_arena.core.errors import UnknownGameError
from connect_arena.core.game import Game
from connect_arena.core.kit import GameKit

ENTRY_POINT_GROUP = "connect_arena.games"

_REGISTRY: dict[str, GameKit | str] = {}
_discovered = False


def _discover() -> None:
    global _discovered
    if not _discovered:
        for entry in entry_points(group=ENTRY_POINT_GROUP):
            _REGISTRY.setdefault(entry.name, entry.value)
        _discovered = True


def register(name: str, game: GameKit | type[Game] | str) -> None:
    """Register a kit, a game class (a kit with no parts), or a lazy ``"package.module:attr"``
    path to either, under ``name``."""
    _discover()
    _REGISTRY[name] = GameKit(game) if isinstance(game, type) else game


def unregister(name: str) -> None:
    """Remove ``name`` from the registry (no error if absent); for tests and plugins."""
    _discover()
    _REGISTRY.pop(name, None)


def game_names() -> list[str]:
    """The registered game names, sorted."""
    _discover()
    return sorted(_REGISTRY)


def kit_of(name: str) -> GameKit:
    """The kit of the game registered as ``name`` (imported on first use).

    Raises:
        UnknownGameError: no such game (the message lists the registered ones).
        TypeError: the entry names neither a kit nor a Game class.
    """
    _discover()
    entry = _REGISTRY.get(name)
    if entry is None:
        known = ", ".join(sorted(_REGISTRY)) or "none"
        raise UnknownGameError(f"unknown game {name!r} (registered games: {known})")
    if isinstance(entry, str):
        module_name, _, attribute = entry.partition(":")
        found = getattr(importlib.import_module(module_name), attribute)
        if isinstance(found, type) and issubclass(found, Game):
            found = GameKit(found)
        if not isinstance(found, GameKit):
            raise TypeError(f"{entry} is neither a GameKit nor a Game class")
        _REGISTRY[name] = entry = found
    return entry


def game_class(name: str) -> type[Game]:
    """The Game class registered as ``name``.

    Raises:
        UnknownGameError: no such game (the message lists the registered ones).
        TypeError: the entry names no Game class.
    """
    return kit_of(name).game_class()


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
