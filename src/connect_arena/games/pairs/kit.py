"""Connect Pairs's game kit: the game and every part it offers the platform (``core.kit``).

The parts live in the layers that use them (named by strings, so this package imports none of
them): the encoding in ``rl/``, the agents' knowledge in ``agents/``, the picture and the
tutorial in ``service/``, the table page's module, translations and rules pages in ``server/``.
"""

from __future__ import annotations

from connect_arena.core.kit import GameKit

KIT = GameKit(
    game="connect_arena.games.pairs.rules:PairsGame",
    encoding="connect_arena.rl.encoding.pairs:PairsEncoding",
    picture="connect_arena.service.pictures:pairs_picture",
    knowledge="connect_arena.agents.knowledge.pairs:KNOWLEDGE",
    tutorial="connect_arena.service:tutorial_scripts/pairs.json",
    ui_module="connect_arena.server:static/games/pairs.js",
    i18n="connect_arena.server:static/i18n",
    rules="connect_arena.server:static/rules",
)
"""The entry point ``pairs`` of the ``connect_arena.games`` group (``pyproject.toml``)."""
