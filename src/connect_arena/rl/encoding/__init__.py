"""Fixed per-game action encodings (one module per game) and the lookup of a game's encoding.

Each module documents its id ranges and observation planes; ``docs/research.md`` gathers them.
"""

from __future__ import annotations

import functools
import importlib

from connect_arena.core.game import Game
from connect_arena.rl.encoding.base import Encoding, EncodingError, build_tree

__all__ = ["Encoding", "EncodingError", "build_tree", "encoding_for"]

_MODULES = {
    "quinque": "quinque.QuinqueEncoding",
    "connect5": "connect5.Connect5Encoding",
    "connnect": "connnect.ConnnectEncoding",
    "pairs": "pairs.PairsEncoding",
}
"""The encoding of each game, by ``GameType.short_name``: an encoding is designed per game."""


def has_encoding(name: str) -> bool:
    """Whether the game registered as ``name`` has an encoding."""
    return name in _MODULES


@functools.lru_cache(maxsize=64)
def encoding_for(game: Game) -> Encoding:
    """The encoding of ``game`` (its options and number of players fix every size); cached.

    Raises:
        KeyError: the game has no encoding (a game added without one).
    """
    name = game.game_type.short_name
    if name not in _MODULES:
        raise KeyError(f"no action encoding for game {name!r} (known: {', '.join(_MODULES)})")
    module, _, cls = _MODULES[name].partition(".")
    encoding_class = getattr(importlib.import_module(f"{__name__}.{module}"), cls)
    encoding: Encoding = encoding_class(game)
    return encoding
