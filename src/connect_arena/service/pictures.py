"""Pictures of the games for the landing page: a typical position, drawn as SVG on the server
from the engine's own geometry (``Game.geometry()``) and observation — no browser involved.

The *typical position* of a game is reproducible: a game with the default options is played
to its end (or :data:`MAX_PLAYOUT` actions) by seeded uniformly random players and chance,
and the position two thirds of the way through is drawn by the ``picture`` part of the game's
kit: Connect 5 by its own ``games/connect5/svg.py``, Quinque, CO'NNN'ECT and Connect Pairs by
the small renderers below (their kits name them); a game whose kit has no picture gets a title
card in its seats' colours.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from functools import cache
from typing import Any
from xml.sax.saxutils import escape

from connect_arena.core import Game, State, game_class, kit_of, sample_chance_outcome
from connect_arena.core.errors import UnknownGameError
from connect_arena.games.connect5.svg import board_to_svg

SEED = 2026
"""The seed of every typical position (changing it changes the pictures)."""
MAX_PLAYOUT = 3000
"""At most this many actions are played to find a game's length."""
INK = "#1b2433"
PAPER = "#f4f7fb"

Renderer = Callable[[Game, State[Any]], str]
"""The shape of a kit's ``picture`` part: ``(game, state) -> SVG document``."""


def typical_position(game: Game, seed: int = SEED) -> State[Any]:
    """The position two thirds of the way through a seeded random game of ``game``.

    Args:
        game: the game (its options decide the rules).
        seed: the random players' and chance's seed.

    Returns:
        A state that is not terminal unless the game ended at once; the same for the same
        game, options and seed.
    """
    rng = random.Random(seed)
    state = game.new_initial_state()
    played: list[tuple[Any, int | None]] = []
    while not state.is_terminal() and len(played) < MAX_PLAYOUT:
        if state.is_chance_node():
            outcome = sample_chance_outcome(state, rng)
            state.apply_action(outcome)
            played.append((outcome, None))
        else:
            mover = min(state.active_players())
            action = rng.choice(state.legal_actions(mover))
            state.apply_action(action, mover)
            played.append((action, mover))
    state = game.new_initial_state()
    for action, seat in played[: len(played) * 2 // 3]:
        state.apply_action(action, seat)
    return state


@cache
def picture(name: str) -> str:
    """The SVG picture of game ``name`` with its default options (cached for the process).

    Raises:
        ValueError: no game is registered under ``name``.
    """
    cls = game_class(name)
    game = cls()
    return draw(game, typical_position(game))


def draw(game: Game, state: State[Any]) -> str:
    """The SVG picture of ``state`` (public information only): the drawing that the ``picture``
    part of the game's kit names (``core/kit.py``), or a title card for a game without one
    (or not registered)."""
    try:
        renderer = kit_of(game.game_type.short_name).load("picture")
    except UnknownGameError:
        renderer = None
    if renderer is None:
        return _title_card(game, state)
    if not callable(renderer):
        raise TypeError(f"the picture of {game.name!r} is not a function: {renderer!r}")
    text: str = renderer(game, state)
    return text


def _svg(width: float, height: float, body: list[str], label: str) -> str:
    """A standalone SVG document of ``body`` with an accessible name."""
    return "\n".join(
        [
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
            f'viewBox="0 0 {width:.0f} {height:.0f}" role="img" '
            'font-family="DejaVu Sans, Arial, sans-serif">',
            f"<title>{escape(label)}</title>",
            *body,
            "</svg>",
        ]
    )


# ----- Quinque -------------------------------------------------------------------------------
def quinque_picture(game: Game, state: State[Any]) -> str:
    """Tiles of skydivers on their square lattice; a marked skydiver wears its seat's
    parachute; a winning line is underlined."""
    geo, obs = game.geometry(), state.public_observation()
    side: int = geo["tile_side"]
    colours: list[str] = geo["seat_colours"]
    cell, gap, pad = 30.0, 6.0, 14.0
    tile_px = side * cell
    tiles = [tuple(t) for t in obs["tiles"]] or [tuple(geo["first_tile"])]
    left = min(t[0] for t in tiles)
    top = min(t[1] for t in tiles)
    cols = max(t[0] for t in tiles) - left + 1
    rows = max(t[1] for t in tiles) - top + 1

    def at(x: int, y: int) -> tuple[float, float]:
        tx, ty = x // side, y // side
        ox = pad + (tx - left) * (tile_px + gap)
        oy = pad + (ty - top) * (tile_px + gap)
        return ox + (x - tx * side + 0.5) * cell, oy + (y - ty * side + 0.5) * cell

    body = [f'<rect width="100%" height="100%" fill="{PAPER}"/>']
    for tx, ty in tiles:
        x = pad + (tx - left) * (tile_px + gap)
        y = pad + (ty - top) * (tile_px + gap)
        body.append(
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{tile_px:.1f}" height="{tile_px:.1f}" rx="6" '
            'fill="#d6e6fa" stroke="#8fb4e3" stroke-width="1.5"/>'
        )
    marks = {(m[0], m[1]): m[2] for m in obs["marks"]}
    for tx, ty in tiles:
        for i in range(side):
            for j in range(side):
                x, y = tx * side + i, ty * side + j
                cx, cy = at(x, y)
                seat = marks.get((x, y))
                colour = None if seat is None else colours[seat % len(colours)]
                body.append(_skydiver(cx, cy + 3, colour))  # + 3: the parachute fits
    for line in obs.get("lines", []):
        points = " ".join("{:.1f},{:.1f}".format(*at(x, y)) for x, y in line)
        body.append(
            f'<polyline points="{points}" fill="none" stroke="#f4a81d" stroke-width="6" '
            'stroke-linecap="round" opacity="0.7"/>'
        )
    width = 2 * pad + cols * tile_px + (cols - 1) * gap
    height = 2 * pad + rows * tile_px + (rows - 1) * gap
    return _svg(width, height, body, f"{game.title}: a formation of tiles and parachutes")


def _skydiver(x: float, y: float, parachute: str | None) -> str:
    """A skydiver (head, body, arms and legs), under a parachute of colour ``parachute``."""
    parts = [
        f'<g stroke="{INK}" stroke-width="1.4" stroke-linecap="round" fill="none">',
        f'<path d="M{x:.1f},{y - 1:.1f} v6 M{x - 5:.1f},{y - 3:.1f} L{x:.1f},{y + 1:.1f} '
        f"L{x + 5:.1f},{y - 3:.1f} M{x - 4:.1f},{y + 10:.1f} L{x:.1f},{y + 5:.1f} "
        f'L{x + 4:.1f},{y + 10:.1f}"/>',
    ]
    if parachute:
        parts.append(
            f'<path d="M{x - 6:.1f},{y - 9:.1f} L{x:.1f},{y - 1:.1f} L{x + 6:.1f},{y - 9:.1f}" '
            'stroke-width="0.8"/>'
        )
        parts.append(
            f'<path d="M{x - 11:.1f},{y - 9:.1f} A11,9 0 0 1 {x + 11:.1f},{y - 9:.1f} Z" '
            f'fill="{parachute}" stroke-width="1"/>'
        )
    parts.append(f'<circle cx="{x:.1f}" cy="{y - 4:.1f}" r="2.4" fill="{INK}" stroke="none"/>')
    parts.append("</g>")
    return "".join(parts)


# ----- Connect 5 -----------------------------------------------------------------------------
def connect5_picture(game: Game, state: State[Any]) -> str:
    """The game's own board drawing (``games/connect5/svg.py``), with the position's tokens."""
    obs = state.public_observation()
    stacks = {dot: (seat, height) for dot, (seat, height) in obs["stacks"].items()}
    board = game.config.board  # type: ignore[attr-defined]
    text = board_to_svg(board, stacks, show_ids=False, show_junctions=False, title="")
    label = f"<title>{escape(game.title)}: tokens on the circuit board</title>"
    return text.replace(">", ' role="img">' + label, 1)


# ----- CO'NNN'ECT ----------------------------------------------------------------------------
def connnect_picture(game: Game, state: State[Any]) -> str:
    """The first player's sheet: the zones, the numbers written, crossed spaces, the
    circles (filled ones in the seat's colour) and the claimed shapes."""
    geo, obs = game.geometry(), state.public_observation()
    size: int = geo["size"]
    columns: str = geo["columns"]
    colour = game.game_type.seat_colours[0]
    sheet = obs["sheets"][0]
    cell, pad = 40.0, 12.0

    def centre(name: str) -> tuple[float, float]:
        return pad + (columns.index(name[0]) + 0.5) * cell, pad + (int(name[1:]) - 0.5) * cell

    body = [f'<rect width="100%" height="100%" fill="{PAPER}"/>']
    claimed = {name for claim in sheet["claims"] for name in claim["cells"]}
    for index, value in enumerate(sheet["values"]):
        name = f"{columns[index % size]}{index // size + 1}"
        x, y = centre(name)
        fill = "#fde7b5" if name in claimed else "#ffffff"
        body.append(
            f'<rect x="{x - cell / 2:.1f}" y="{y - cell / 2:.1f}" width="{cell:.0f}" '
            f'height="{cell:.0f}" fill="{fill}" stroke="#b9c5d4" stroke-width="1"/>'
        )
        if value:
            body.append(
                f'<text x="{x:.1f}" y="{y + 8:.1f}" font-size="22" font-weight="bold" '
                f'text-anchor="middle" fill="{INK}">{value}</text>'
            )
    for name in sheet["crossed"]:
        x, y = centre(name)
        body.append(
            f'<path d="M{x - 11:.1f},{y - 11:.1f} L{x + 11:.1f},{y + 11:.1f} '
            f'M{x + 11:.1f},{y - 11:.1f} L{x - 11:.1f},{y + 11:.1f}" stroke="#a4262c" '
            'stroke-width="3" stroke-linecap="round"/>'
        )
    blocks = [2 * k for k in range(size // 2 + 1)]
    for k in blocks:  # the 2x2 blocks the zones are made of
        offset = pad + k * cell
        body.append(
            f'<path d="M{offset:.1f},{pad:.1f} V{pad + size * cell:.1f} M{pad:.1f},{offset:.1f} '
            f'H{pad + size * cell:.1f}" stroke="{INK}" stroke-width="2.5"/>'
        )
    filled = set(sheet["filled_circles"])
    for circle in geo["circles"]:
        points = [centre(name) for name in circle["cells"]]
        x = sum(p[0] for p in points) / len(points)
        y = sum(p[1] for p in points) / len(points)
        fill = colour if circle["id"] in filled else "#ffffff"
        body.append(
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="8" fill="{fill}" stroke="{INK}" '
            'stroke-width="2"/>'
        )
    side = 2 * pad + size * cell
    return _svg(side, side, body, f"{game.title}: a player's sheet of numbers and shapes")


# ----- Connect Pairs -------------------------------------------------------------------------
_SUBJECT_LOOK = {
    "A": ("#E69F00", INK, 0),  # circle
    "B": ("#56B4E9", INK, 4),  # square
    "C": ("#009E73", INK, 3),  # triangle
    "D": ("#F0E442", INK, -4),  # diamond
    "E": ("#0072B2", "#ffffff", 6),  # hexagon
    "F": ("#CC79A7", INK, -5),  # star
}
"""Colour, letter colour and shape (corners; negative: a diamond or a star) of each subject,
as the table page draws them (``static/games/pairs.js``): shapes tell them apart too."""


def _token(x: float, y: float, subject: str, r: float = 11.0) -> str:
    fill, ink, corners = _SUBJECT_LOOK.get(subject, ("#cccccc", INK, 0))
    if corners == 0:
        shape = f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}"'
    else:
        points = []
        count = abs(corners) * (2 if corners == -5 else 1)
        for k in range(count):
            angle = -math.pi / 2 + 2 * math.pi * k / count + (math.pi / 4 if corners == 4 else 0)
            radius = r * (0.5 if corners == -5 and k % 2 else 1.15 if corners == 4 else 1.1)
            points.append(f"{x + radius * math.cos(angle):.1f},{y + radius * math.sin(angle):.1f}")
        shape = f'<polygon points="{" ".join(points)}"'
    return (
        f'{shape} fill="{fill}" stroke="{INK}" stroke-width="1.3" stroke-linejoin="round"/>'
        f'<text x="{x:.1f}" y="{y + 4:.1f}" font-size="10" font-weight="bold" '
        f'text-anchor="middle" fill="{ink}">{escape(subject)}</text>'
    )


def _die(x: float, y: float, face: int, size: float = 18.0) -> str:
    """A die showing ``face`` (1-6) with its top-left corner at ``(x, y)``."""
    pips = {
        1: [(1, 1)],
        2: [(0, 0), (2, 2)],
        3: [(0, 0), (1, 1), (2, 2)],
        4: [(0, 0), (2, 0), (0, 2), (2, 2)],
        5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
        6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)],
    }.get(face, [])
    step = size / 4
    dots = "".join(
        f'<circle cx="{x + step * (i + 1):.1f}" cy="{y + step * (j + 1):.1f}" r="1.6" '
        f'fill="{INK}"/>'
        for i, j in pips
    )
    return (
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{size:.0f}" height="{size:.0f}" rx="3" '
        f'fill="#ffffff" stroke="#44536a" stroke-width="1.2"/>{dots}'
    )


def pairs_picture(game: Game, state: State[Any]) -> str:
    """The two player boards of the first pair: the top row of four slots over the six zones
    (each headed by its die face) with their tokens."""
    geo, obs = game.geometry(), state.public_observation()
    seats: list[int] = geo["pairs"][0]["seats"]
    zone_rows: list[list[int]] = geo["zone_rows"]
    zone_size: int = geo["zone_size"]
    space, pad, board_gap = 26.0, 10.0, 16.0
    zone_w = 18 + zone_size * space + 8
    board_w = len(zone_rows[0]) * (zone_w + 6) - 6 + 2 * pad
    board_h = pad + 34 + len(zone_rows) * (space + 14) + pad
    colours = game.game_type.seat_colours
    body = [f'<rect width="100%" height="100%" fill="{PAPER}"/>']
    for n, seat in enumerate(seats):
        board = obs["boards"][seat]
        ox = board_gap
        oy = board_gap + n * (board_h + board_gap)
        body.append(
            f'<rect x="{ox:.1f}" y="{oy:.1f}" width="{board_w:.1f}" height="{board_h:.1f}" '
            f'rx="10" fill="#ffffff" stroke="{colours[seat % len(colours)]}" stroke-width="2"/>'
        )
        slot_w = (board_w - 2 * pad - 3 * 6) / 4
        for k, subject in enumerate(board["top"]):
            x = ox + pad + k * (slot_w + 6)
            body.append(
                f'<rect x="{x:.1f}" y="{oy + pad:.1f}" width="{slot_w:.1f}" height="26" rx="6" '
                'fill="#eef2f7" stroke="#9aa9bd" stroke-width="1.2" stroke-dasharray="4 3"/>'
            )
            if subject:
                body.append(_token(x + slot_w / 2, oy + pad + 13, subject, 9.5))
        for r, row in enumerate(zone_rows):
            y = oy + pad + 34 + r * (space + 14)
            for c, zone in enumerate(row):
                x = ox + pad + c * (zone_w + 6)
                body.append(
                    f'<rect x="{x:.1f}" y="{y:.1f}" width="{zone_w:.1f}" height="{space + 8:.1f}" '
                    'rx="7" fill="#f5f7fa" stroke="#cfd8e3" stroke-width="1.2"/>'
                )
                body.append(_die(x + 4, y + (space + 8 - 16) / 2, zone, 16))
                tokens = board["zones"][zone - 1]
                for k in range(zone_size):
                    tx = x + 22 + (k + 0.5) * space
                    ty = y + (space + 8) / 2
                    if k < len(tokens):
                        body.append(_token(tx, ty, tokens[k]))
                    else:
                        body.append(
                            f'<circle cx="{tx:.1f}" cy="{ty:.1f}" r="10" fill="none" '
                            'stroke="#cfd8e3" stroke-width="1.2" stroke-dasharray="3 2"/>'
                        )
    width = 2 * board_gap + board_w
    height = board_gap + len(seats) * (board_h + board_gap)
    return _svg(width, height, body, f"{game.title}: two partners' boards of tokens")


# ----- any other game ------------------------------------------------------------------------
def _title_card(game: Game, state: State[Any]) -> str:
    """A game without a renderer: its title over a disc per seat colour."""
    colours = game.game_type.seat_colours[: game.num_players]
    body = [
        f'<rect width="100%" height="100%" fill="{PAPER}"/>',
        f'<text x="160" y="90" font-size="26" font-weight="bold" text-anchor="middle" '
        f'fill="{INK}">{escape(game.title)}</text>',
    ]
    for k, colour in enumerate(colours):
        x = 160 + (k - (len(colours) - 1) / 2) * 40
        body.append(
            f'<circle cx="{x:.1f}" cy="140" r="14" fill="{escape(colour)}" stroke="{INK}"/>'
        )
    return _svg(320, 200, body, game.title)
