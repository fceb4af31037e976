"""Fixed per-game action encodings (one module per game) and the lookup of a game's encoding.

Each module documents its id ranges and observation planes; ``docs/research.md`` gathers them.
"""

from __future__ import annotations

import functools

from connect_arena.core.errors import UnknownGameError
from connect_arena.core.game import Game
from connect_arena.core.kit import GameKit
from connect_arena.core.registry import kit_of
from connect_arena.rl.encoding.base import Encoding, EncodingError, build_tree

__all__ = ["Encoding", "EncodingError", "build_tree", "encoding_for", "has_encoding"]


def _kit(name: str) -> GameKit | None:
    try:
        return kit_of(name)
    except UnknownGameError:
        return None


def has_encoding(name: str) -> bool:
    """Whether the game registered as ``name`` has an encoding (its kit's ``encoding`` part)."""
    kit = _kit(name)
    return kit is not None and kit.has("encoding")


@functools.lru_cache(maxsize=64)
def encoding_for(game: Game) -> Encoding:
    """The encoding of ``game`` (its options and number of players fix every size), named by
    the ``encoding`` part of the game's kit (``core/kit.py``); cached.

    Raises:
        KeyError: the game has no encoding (not registered, or its kit names none).
        TypeError: the kit's encoding is not an :class:`Encoding` subclass.
    """
    name = game.game_type.short_name
    kit = _kit(name)
    encoding_class = None if kit is None else kit.load("encoding")
    if encoding_class is None:
        raise KeyError(f"no action encoding for game {name!r}: its kit names none")
    if not (isinstance(encoding_class, type) and issubclass(encoding_class, Encoding)):
        raise TypeError(f"the encoding of {name!r} is not an Encoding class: {encoding_class!r}")
    return encoding_class(game)
