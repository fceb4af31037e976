"""Plane geometry for Connect 5 boards: directions, segment intersections, symmetry maps.

Points are ``(x, y)`` pairs of floats in board units; ``x`` grows to the east and ``y`` to the
north (``docs/rules/connect5.md`` §Board files). Boards are usually drawn on an integer
lattice, where every test here is exact; for other coordinates a tolerance of ``EPS`` applies.
All functions are pure.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

Point = tuple[float, float]

EPS = 1e-9
"""Tolerance for coordinates (board units)."""
ANGLE_EPS = 1e-6
"""Tolerance for directions (length of the sum of two unit vectors that count as opposite)."""


def direction(a: Point, b: Point) -> Point:
    """The unit vector from ``a`` towards ``b``.

    Raises:
        ValueError: ``a`` and ``b`` coincide.
    """
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy)
    if length < EPS:
        raise ValueError(f"points {a} and {b} coincide")
    return (dx / length, dy / length)


def same_direction(u: Point, v: Point) -> bool:
    """Whether unit vectors ``u`` and ``v`` point the same way."""
    return math.hypot(u[0] - v[0], u[1] - v[1]) < ANGLE_EPS


def opposite(u: Point, v: Point) -> bool:
    """Whether unit vectors ``u`` and ``v`` point in opposite directions (a straight line)."""
    return math.hypot(u[0] + v[0], u[1] + v[1]) < ANGLE_EPS


def close(p: Point, q: Point) -> bool:
    """Whether two points coincide (within ``EPS``)."""
    return abs(p[0] - q[0]) < EPS and abs(p[1] - q[1]) < EPS


def _cross(o: Point, a: Point, b: Point) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def on_piece(p: Point, a: Point, b: Point) -> bool:
    """Whether ``p`` lies on the closed straight piece ``a``–``b``."""
    if abs(_cross(a, b, p)) > EPS * max(1.0, math.dist(a, b)):
        return False
    return (
        min(a[0], b[0]) - EPS <= p[0] <= max(a[0], b[0]) + EPS
        and min(a[1], b[1]) - EPS <= p[1] <= max(a[1], b[1]) + EPS
    )


def pieces_meet(a: Point, b: Point, c: Point, d: Point) -> Point | None:
    """A point shared by the closed straight pieces ``a``–``b`` and ``c``–``d``, or ``None``.

    For collinear overlapping pieces, one of the shared points is returned.
    """
    if (
        max(a[0], b[0]) < min(c[0], d[0]) - EPS
        or max(c[0], d[0]) < min(a[0], b[0]) - EPS
        or max(a[1], b[1]) < min(c[1], d[1]) - EPS
        or max(c[1], d[1]) < min(a[1], b[1]) - EPS
    ):
        return None
    for p, (q, r) in ((c, (a, b)), (d, (a, b)), (a, (c, d)), (b, (c, d))):
        if on_piece(p, q, r):
            return p
    d1, d2 = _cross(c, d, a), _cross(c, d, b)
    d3, d4 = _cross(a, b, c), _cross(a, b, d)
    if ((d1 > 0) != (d2 > 0)) and ((d3 > 0) != (d4 > 0)):
        t = d1 / (d1 - d2)
        return (a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]))
    return None


def collinear_overlap(a: Point, b: Point, c: Point, d: Point) -> bool:
    """Whether pieces ``a``–``b`` and ``c``–``d`` lie on one line and share more than a point."""
    if abs(_cross(a, b, c)) > EPS or abs(_cross(a, b, d)) > EPS:
        return False
    u = direction(a, b)
    ts = sorted((0.0, _dot(u, a, b)))
    ss = sorted((_dot(u, a, c), _dot(u, a, d)))
    return min(ts[1], ss[1]) - max(ts[0], ss[0]) > EPS


def _dot(u: Point, origin: Point, p: Point) -> float:
    return u[0] * (p[0] - origin[0]) + u[1] * (p[1] - origin[1])


def is_straight(points: Sequence[Point]) -> bool:
    """Whether a polyline runs in one direction throughout (no bend)."""
    first = direction(points[0], points[1])
    return all(
        same_direction(first, direction(points[i], points[i + 1]))
        for i in range(1, len(points) - 1)
    )


def centre(points: Sequence[Point]) -> Point:
    """The centre of the bounding box of ``points`` (the pivot of the board's symmetry)."""
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)


def rotate(p: Point, pivot: Point, quarter_turns: int) -> Point:
    """``p`` turned anticlockwise about ``pivot`` by ``quarter_turns`` × 90 degrees."""
    x, y = p[0] - pivot[0], p[1] - pivot[1]
    for _ in range(quarter_turns % 4):
        x, y = -y, x
    return (pivot[0] + x, pivot[1] + y)


def key(p: Point) -> tuple[int, int]:
    """A hashable key of a point, rounded to a millionth of a unit (for symmetry maps)."""
    return (round(p[0] * 1e6), round(p[1] * 1e6))
