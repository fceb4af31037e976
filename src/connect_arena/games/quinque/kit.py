"""Quinque's game kit: the game and every part it offers the platform (``core.kit``).

The parts live in the layers that use them (named by strings, so this package imports none of
them): the encoding in ``rl/``, the agents' knowledge in ``agents/``, the picture and the
tutorial in ``service/``, the table page's module, translations and rules pages in ``server/``.
"""

from __future__ import annotations

from connect_arena.core.kit import GameKit

KIT = GameKit(
    game="connect_arena.games.quinque.rules:QuinqueGame",
    encoding="connect_arena.rl.encoding.quinque:QuinqueEncoding",
    picture="connect_arena.service.pictures:quinque_picture",
    knowledge="connect_arena.agents.knowledge.quinque:KNOWLEDGE",
    tutorial="connect_arena.service:tutorial_scripts/quinque.json",
    ui_module="connect_arena.server:static/games/quinque.js",
    i18n="connect_arena.server:static/i18n",
    rules="connect_arena.server:static/rules",
)
"""The entry point ``quinque`` of the ``connect_arena.games`` group (``pyproject.toml``)."""
