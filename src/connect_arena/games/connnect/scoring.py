"""End-of-game scoring, its breakdown, objective requirements and the tie-break.

"END OF THE GAME ... Total the points for Connect-3, Connect-4 and Connect-5. Total points for
full Lines of rows or columns that have the arrow symbol ... Total points for Filled Circle (1
point each) and Connected Line (2 points each). Total points for fullfilled Objective Cards.
Minus points depicted in the leftmost available box on the Free Action track." [EN]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields
from typing import Final

from connect_arena.games.connnect import sheet as geo
from connect_arena.games.connnect.components import Components, Objective
from connect_arena.games.connnect.player import FILLED, PlayerSheet

CIRCLE_POINTS: Final = 1
LINE_POINTS: Final = 2


@dataclass(frozen=True, slots=True)
class Score:
    """A score breakdown, as in the scoring section of the sheet.

    Attributes:
        connect3: ★ of the circled Connect-3 bonuses.
        connect4_bonus: ★ of the circled Connect-4 bonuses (Score 6 included).
        connect4_markers: points of the filled first/later-claim markers.
        connect5: the points written in the Connect-5 boxes.
        arrows: points of each arrow line (8, 6, 3 or 0).
        circles: number of filled circles (1 point each).
        lines: number of connected lines (2 points each).
        objectives: points of each fulfilled objective card.
        penalty: minus points of the Free Action track (a positive number).
    """

    connect3: int = 0
    connect4_bonus: int = 0
    connect4_markers: int = 0
    connect5: int = 0
    arrows: tuple[int, ...] = ()
    circles: int = 0
    lines: int = 0
    objectives: tuple[int, ...] = ()
    penalty: int = 0

    def __reduce__(self) -> tuple[object, ...]:
        # field by field: the compiled (mypyc) frozen class cannot be unpickled by setattr
        return (type(self), tuple(getattr(self, f.name) for f in fields(self)))

    @property
    def connect4(self) -> int:
        """The Connect-4 total (bonus ★ and markers)."""
        return self.connect4_bonus + self.connect4_markers

    @property
    def bonus_stars(self) -> int:
        """★ of every circled bonus."""
        return self.connect3 + self.connect4_bonus

    @property
    def total(self) -> int:
        """The final score."""
        return (
            self.connect3
            + self.connect4
            + self.connect5
            + sum(self.arrows)
            + CIRCLE_POINTS * self.circles
            + LINE_POINTS * self.lines
            + sum(self.objectives)
            - self.penalty
        )

    def as_dict(self) -> dict[str, int | list[int]]:
        """JSON-able breakdown with the totals."""
        return {
            "connect3": self.connect3,
            "connect4": self.connect4,
            "connect4_bonus": self.connect4_bonus,
            "connect4_markers": self.connect4_markers,
            "connect5": self.connect5,
            "arrows": list(self.arrows),
            "circles": self.circles,
            "lines": self.lines,
            "objectives": list(self.objectives),
            "penalty": self.penalty,
            "bonus_stars": self.bonus_stars,
            "total": self.total,
        }


ARROW_MAX = 8
"""The most an arrow line scores (:func:`sheet.arrow_points`)."""


def score_bounds(comps: Components) -> tuple[int, int]:
    """The lowest and highest final score a sheet can have with ``comps``.

    Every part of :class:`Score` is at least 0 but the penalty, so the lowest score is minus
    the Free Action track's largest penalty. The highest adds each part's maximum: every bonus
    space's ★ circled (both sections), each Connect-4 shape's better marker (a first claim
    fills ``first`` and crosses ``later``, a later claim fills ``later``: one of them), every
    Connect-5 box with the highest score card, every arrow line at 8, every circle filled and
    every line connected, and the best card of each objective deck (one card a deck is
    revealed, and each player may fulfil it). Not every combination is reachable, so the top
    is an upper bound, not a score someone can make.

    Returns:
        ``(lowest, highest)`` in points.
    """
    stars = sum(bonus.stars for section in comps.sections for bonus in section)
    markers = len(comps.connect4) * max(comps.first_points, comps.later_points)
    connect5 = comps.c5_boxes * max(comps.score_cards, default=0)
    arrows = ARROW_MAX * len(comps.arrow_lines)
    circles = CIRCLE_POINTS * len(comps.circles) + LINE_POINTS * len(comps.lines)
    objectives = sum(
        max((card.points for card in comps.objectives if card.deck == deck), default=0)
        for deck in comps.decks
    )
    highest = stars + markers + connect5 + arrows + circles + objectives
    return -max(comps.penalties, default=0), highest


def circle_mask(sheet: PlayerSheet, comps: Components, permanent: bool, counts: bool) -> int:
    """Filled circles (mask over circle indices): recorded when filled (CN-19 default) or
    judged on the sheet as it is now (``permanent=False``)."""
    if permanent:
        return sheet.filled_circles
    filled = sheet.filled(counts)
    return sum(1 << i for i, c in enumerate(comps.circles) if c.mask & filled == c.mask)


def connected_lines(mask: int, comps: Components) -> int:
    """Connected lines among the filled circles ``mask``."""
    return sum(1 for line in comps.lines if all(mask >> i & 1 for i in line))


def arrow_scores(sheet: PlayerSheet, comps: Components, counts: bool) -> tuple[int, ...]:
    """Points of each arrow line (:func:`sheet.arrow_points`)."""
    return tuple(
        geo.arrow_points(
            [sheet.values[c] for c in cells], [bool(sheet.crossed >> c & 1) for c in cells], counts
        )
        for _, cells in comps.arrow_lines
    )


def score(sheet: PlayerSheet, comps: Components, permanent: bool, counts: bool) -> Score:
    """The score breakdown of ``sheet`` now (the final score once the game is over).

    Args:
        sheet: the player's sheet.
        comps: the components (★ values, marker values, penalties...).
        permanent: CN-19: circles count once filled (default) or as they are now.
        counts: CN-18: crossed spaces count as filled (default).
    """
    stars = [
        sum(b.stars for b, taken in zip(bonuses, sheet.circled[i], strict=True) if taken)
        for i, bonuses in enumerate(comps.sections)
    ]
    markers = sum(
        (comps.first_points if first == FILLED else 0)
        + (comps.later_points if later == FILLED else 0)
        for first, later in sheet.markers.values()
    )
    circles = circle_mask(sheet, comps, permanent, counts)
    return Score(
        connect3=stars[0],
        connect4_bonus=stars[1],
        connect4_markers=markers,
        connect5=sum(points for _, points in sheet.connect5),
        arrows=arrow_scores(sheet, comps, counts),
        circles=bin(circles).count("1"),
        lines=connected_lines(circles, comps),
        objectives=tuple(sheet.objectives.values()),
        penalty=comps.penalties[min(sheet.free_actions, comps.free_actions)],
    )


def objective_met(
    card: Objective, sheet: PlayerSheet, comps: Components, permanent: bool, counts: bool
) -> bool:
    """Whether ``sheet`` fulfils the requirement of objective ``card`` (kinds: see
    ``data/cards.toml``)."""
    kind = card.kind
    if kind in ("circles", "lines", "circles_all"):
        circles = circle_mask(sheet, comps, permanent, counts)
        if kind == "circles":
            return bin(circles).count("1") >= card.count
        if kind == "lines":
            return connected_lines(circles, comps) >= card.count
        ids = [c.id for c in comps.circles]
        return all(circles >> ids.index(name) & 1 for name in card.circles)
    claims = [c for c in sheet.claims if c.size == card.size]
    if kind == "claims":
        return len(claims) >= card.count
    if kind == "distinct_shapes":
        return len({c.shape for c in claims}) >= card.count
    if kind == "equal_and_ordered":
        return {c.kind for c in claims} >= {"equal", "ordered"}
    if kind == "used_bonuses":
        return sheet.used_count() >= card.count
    filled = sheet.filled(counts)
    if kind == "zone_full":
        return any(zone.mask & filled == zone.mask for zone in comps.zones)
    if kind == "numbers_per_zone":
        return all(bin(zone.mask & filled).count("1") >= card.count for zone in comps.zones)
    assert kind == "arrow_full", kind
    return any(all(filled >> c & 1 for c in cells) for _, cells in comps.arrow_lines)


def winners(totals: Sequence[int], penalties: Sequence[int], eligible: Sequence[bool]) -> list[int]:
    """The winning seats: "Whoever gets the most points wins! In case of tie, the player with
    the fewest negative points wins! If still tied, share the victory." (CN-35)

    Args:
        totals: final score per seat.
        penalties: Free Action minus points per seat (positive numbers).
        eligible: whether each seat may win (a player out of the game may not; CN-21).

    Returns:
        The seats sharing the victory (empty if nobody is eligible).
    """
    keys = {s: (totals[s], -penalties[s]) for s in range(len(totals)) if eligible[s]}
    if not keys:
        return []
    best = max(keys.values())
    return [s for s, key in keys.items() if key == best]
