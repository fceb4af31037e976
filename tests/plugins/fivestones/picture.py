"""Five stones' picture for the landing page: the pile as a row of stones, the taken ones
faded (``(game, state) -> SVG``, the shape the kit's ``picture`` part names)."""

from __future__ import annotations

from typing import Any
from xml.sax.saxutils import escape

from connect_arena.core import Game, State


def draw(game: Game, state: State[Any]) -> str:
    """A standalone SVG document of ``state``'s pile (public information only)."""
    total = int(game.option("stones"))
    left = int(state.public_observation()["pile"])
    colour = game.game_type.seat_colours[0]
    width = 20 + 24 * total
    stones = "".join(
        f'<circle cx="{22 + 24 * k}" cy="40" r="10" fill="{colour}" '
        f'opacity="{1.0 if k < left else 0.2}"/>'
        for k in range(total)
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="80" '
        f'viewBox="0 0 {width} 80" role="img" data-picture="fivestones">'
        f"<title>{escape(game.title)}: {left} stones left</title>{stones}</svg>"
    )
