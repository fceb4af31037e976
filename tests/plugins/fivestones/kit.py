"""Five stones' game kit: the entry point of its distribution (``entry_points.txt``).

Every part is named by a lazy reference into this package, so the platform finds the picture,
the tutorial and the encoding with no edit anywhere else; the parts it leaves out (agent
knowledge, UI module, translations, rules pages) get the platform's documented fallbacks.
"""

from __future__ import annotations

from connect_arena.core import GameKit

KIT = GameKit(
    game="fivestones:FiveStonesGame",
    encoding="fivestones.encoding:FiveStonesEncoding",
    picture="fivestones.picture:draw",
    tutorial="fivestones:tutorial.json",
)
