"""SVG drawings of Connect 5 boards (and positions), by plain string building.

``board_to_svg(board)`` draws the lines, single dots (black), circled dots (black with a
ring), dot-less junctions (small squares, so that a person checking a board file can see
them), and every dot id; with ``stacks`` it also draws tokens (a double as two discs). The
result is a standalone SVG document; converting it to PNG is left to the caller.
"""

from __future__ import annotations

from collections.abc import Mapping
from xml.sax.saxutils import escape

from connect_arena.games.connect5.board import Board

SEAT_FILLS = ("#d62828", "#1d4ed8", "#7e22ce", "#eab308", "#16a34a")
"""Red, blue, purple, yellow, green (the colours of the box)."""
SCALE = 48.0
MARGIN = 56.0
CAPTION = 28.0


def board_to_svg(
    board: Board,
    stacks: Mapping[str, tuple[int, int]] | None = None,
    *,
    show_ids: bool = True,
    show_junctions: bool = True,
    title: str | None = None,
) -> str:
    """An SVG document of ``board``.

    Args:
        board: the board.
        stacks: optional position: dot id → ``(seat, height)`` with height 1 or 2.
        show_ids: write each dot's id next to it.
        show_junctions: mark dot-less junctions with a small square.
        title: the caption (default: the board's name and origin).

    Returns:
        The SVG text (UTF-8, no XML declaration). Units: 48 px per board unit; ``y`` is
        flipped so that north is up.
    """
    frame = _Frame(board)
    at = frame.at
    caption = title if title is not None else f"{board.name} — {board.origin}".rstrip(" —")
    width = max(frame.width, 9.5 * len(caption) + MARGIN)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{frame.height:.0f}"'
        f' viewBox="0 0 {width:.0f} {frame.height:.0f}" font-family="DejaVu Sans, sans-serif">',
        '<rect width="100%" height="100%" fill="#f5f1e6"/>',
        f'<text x="{MARGIN / 2:.0f}" y="30" font-size="18" fill="#222">{escape(caption)}</text>',
        '<g fill="none" stroke="#3b3b3b" stroke-width="5" stroke-linecap="round" '
        'stroke-linejoin="round">',
    ]
    for seg in board.segments:
        points = " ".join("{:.1f},{:.1f}".format(*at(*p)) for p in seg.points)
        parts.append(f'<polyline points="{points}"/>')
    parts.append("</g>")
    if show_junctions:
        parts += [_junction(node.id, *at(node.x, node.y)) for node in board.nodes[board.num_dots :]]
    for node in board.dots:
        parts += _dot(node.id, *at(node.x, node.y), node.circled, show_ids)
    for name, (seat, tokens) in (stacks or {}).items():
        node = board.nodes[board.dot_index(name)]
        parts += _token(*at(node.x, node.y), seat, tokens)
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


class _Frame:
    """Board units to pixels: ``SCALE`` px per unit, north up, a margin and a caption line."""

    def __init__(self, board: Board) -> None:
        xs = [node.x for node in board.nodes] + [p[0] for s in board.segments for p in s.points]
        ys = [node.y for node in board.nodes] + [p[1] for s in board.segments for p in s.points]
        self.left, self.top = min(xs), max(ys)
        self.width = (max(xs) - self.left) * SCALE + 2 * MARGIN
        self.height = (self.top - min(ys)) * SCALE + 2 * MARGIN + CAPTION

    def at(self, x: float, y: float) -> tuple[float, float]:
        """Pixel coordinates of a board point."""
        return (MARGIN + (x - self.left) * SCALE, MARGIN + CAPTION + (self.top - y) * SCALE)


def _junction(name: str, x: float, y: float) -> str:
    return (
        f'<rect x="{x - 5:.1f}" y="{y - 5:.1f}" width="10" height="10" fill="#8a8a8a"'
        f' stroke="#3b3b3b" stroke-width="1.5"><title>{escape(name)}</title></rect>'
    )


def _dot(name: str, x: float, y: float, circled: bool, show_id: bool) -> list[str]:
    parts = []
    if circled:
        parts.append(
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="13" fill="#f5f1e6" stroke="#111" '
            'stroke-width="3"/>'
        )
    parts.append(
        f'<circle cx="{x:.1f}" cy="{y:.1f}" r="7" fill="#111"><title>{escape(name)}'
        f"{' (circled)' if circled else ''}</title></circle>"
    )
    if show_id:
        parts.append(
            f'<text x="{x + 12:.1f}" y="{y - 13:.1f}" font-size="12" fill="#1d4e89">'
            f"{escape(name)}</text>"
        )
    return parts


def _token(x: float, y: float, seat: int, tokens: int) -> list[str]:
    fill = SEAT_FILLS[seat % len(SEAT_FILLS)]
    offsets = [(-4.0, 4.0), (4.0, -4.0)] if tokens == 2 else [(0.0, 0.0)]
    return [
        f'<circle cx="{x + dx:.1f}" cy="{y + dy:.1f}" r="10" fill="{fill}" stroke="#111" '
        'stroke-width="1.5"/>'
        for dx, dy in offsets
    ]
