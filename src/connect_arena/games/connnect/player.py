"""One player's sheet: what is written on it, and the player's private state in the round.

A sheet changes only through its owner's actions (and, at the end of a Claim Phase, through the
crossing of a first-claim marker when someone else claimed a Connect-4 shape first). Nothing on
a sheet is ever erased, except the source of a Move Number bonus with ``move_source=empty``
(CN-17; by default it is crossed out for good).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Final

from connect_arena.games.connnect.components import Bonus, Components
from connect_arena.games.connnect.sheet import Cell

EMPTY: Final = 0
FILLED: Final = 1
CROSSED: Final = 2
"""States of a Connect-4 marker."""
MARKER_GLYPHS = {EMPTY: "○", FILLED: "●", CROSSED: "✗"}


@dataclass(frozen=True, slots=True)
class ClaimRecord:
    """A claimed Connect, as drawn on the sheet.

    Attributes:
        shape: sheet shape id (``"L4"``) or card letter.
        cells: the spaces, ascending.
        kind: ``"equal"`` or ``"ordered"``.
        reused: the already claimed space used again with a Reuse bonus, or ``-1``.
        round: 1-based round of the claim.
    """

    shape: str
    cells: tuple[Cell, ...]
    kind: str
    reused: int
    round: int

    def __reduce__(self) -> tuple[object, ...]:
        # field by field: the compiled (mypyc) frozen class cannot be unpickled by setattr
        return (type(self), tuple(getattr(self, f.name) for f in fields(self)))

    @property
    def size(self) -> int:
        """3, 4 or 5."""
        return len(self.cells)


class PlayerSheet:
    """The sheet of one player (and his task in progress).

    Attributes:
        values: the number in each space (0: empty); a crossed space keeps its number.
        written: mask of spaces holding a number, crossed or not.
        crossed: mask of spaces crossed out by a Move Number bonus.
        claimed: mask of spaces inside a claimed outline.
        claims: every claimed Connect, in order.
        circled / used: per bonus section (0 = Connect-3, 1 = Connect-4), per space.
        markers: Connect-4 shape id → ``[first, later]`` marker states (a pair is replaced,
            never changed in place: copies share the pairs).
        connect5: the Connect-5 boxes written so far: ``(letter, points)``.
        free_actions: Free Action boxes crossed.
        objectives: objective id → points written in the scoring section.
        filled_circles: mask over circle indices of the circles filled so far (CN-19).
        tracker: the round tracker rows ``(zone die, number die, number die)``.
        out: the round in which the player went out of the game (0: still in; CN-21).
        adjust_steps: ±1 steps left of an Adjust bonus already crossed out (``adjust=split``,
            CN-16 (b)).
    """

    def __init__(self, comps: Components | None) -> None:
        """A blank sheet for ``comps`` (``None``: attributes unset, for :meth:`copy`, which
        sets every one: eight blank containers built only to be replaced)."""
        if comps is None:
            return
        sections = comps.sections
        self.values = [0] * 36
        self.written = 0
        self.crossed = 0
        self.claimed = 0
        self.claims: list[ClaimRecord] = []
        self.circled = [[False] * len(s) for s in sections]
        self.used = [[False] * len(s) for s in sections]
        self.markers = {shape.id: [EMPTY, EMPTY] for shape in comps.connect4}
        self.connect5: list[tuple[str, int]] = []
        self.free_actions = 0
        self.objectives: dict[str, int] = {}
        self.filled_circles = 0
        self.tracker: list[tuple[int, int, int]] = []
        self.out = 0
        self.adjust_steps = 0

    def copy(self) -> PlayerSheet:
        """An independent copy (every attribute listed: the compiled build has no
        ``__dict__``)."""
        other = PlayerSheet(None)
        other.values = list(self.values)
        other.written = self.written
        other.crossed = self.crossed
        other.claimed = self.claimed
        other.claims = list(self.claims)
        other.circled = [list(row) for row in self.circled]
        other.used = [list(row) for row in self.used]
        other.markers = dict(self.markers)  # the pairs are replaced, never changed in place
        other.connect5 = list(self.connect5)
        other.free_actions = self.free_actions
        other.objectives = dict(self.objectives)
        other.filled_circles = self.filled_circles
        other.tracker = list(self.tracker)
        other.out = self.out
        other.adjust_steps = self.adjust_steps
        return other

    def __reduce__(self) -> tuple[object, ...]:
        # attribute by attribute through __setstate__: the compiled (mypyc) class has no
        # ``__dict__`` for pickle to fill
        return (PlayerSheet, (None,), {name: getattr(self, name) for name in _SHEET_ATTRS})

    def __setstate__(self, state: dict[str, object]) -> None:
        for name, value in state.items():
            setattr(self, name, value)

    # ----- spaces ------------------------------------------------------------------------------
    @property
    def numbers(self) -> int:
        """Mask of spaces holding a number that is not crossed out."""
        return self.written & ~self.crossed

    @property
    def available(self) -> int:
        """Mask of numbers that may still be claimed (not crossed, not claimed)."""
        return self.written & ~self.crossed & ~self.claimed

    def filled(self, crossed_counts: bool) -> int:
        """Mask of spaces counted as filled: every written space, or (CN-18 option) only the
        ones not crossed out."""
        return self.written if crossed_counts else self.written & ~self.crossed

    def write(self, value: int, cell: Cell) -> None:
        """Write ``value`` (1..6) in the empty space ``cell``."""
        self.values[cell] = value
        self.written |= 1 << cell

    def cross(self, cell: Cell) -> None:
        """Cross out the number in ``cell`` (Move Number bonus)."""
        self.crossed |= 1 << cell

    def erase(self, cell: Cell) -> None:
        """Empty ``cell`` (Move Number bonus with ``move_source=empty``, CN-17)."""
        self.values[cell] = 0
        self.written &= ~(1 << cell)

    def update_circles(self, comps: Components, crossed_counts: bool) -> None:
        """Record every circle whose four spaces are filled now ("At any time, you write
        numbers in all spaces around a Circle; you fill that Circle")."""
        filled = self.filled(crossed_counts)
        for index, circle in enumerate(comps.circles):
            if circle.mask & filled == circle.mask:
                self.filled_circles |= 1 << index

    # ----- bonuses -----------------------------------------------------------------------------
    def unused(self, comps: Components, kind: str) -> tuple[int, int] | None:
        """The first circled, unused bonus of ``kind`` as ``(section, slot)``, or ``None``."""
        for section, slot in bonus_slots(comps, kind):  # the spaces of that kind only
            if self.circled[section][slot] and not self.used[section][slot]:
                return section, slot
        return None

    def spend(self, comps: Components, kind: str) -> None:
        """Cross out (use) the first unused bonus of ``kind``; it must exist."""
        found = self.unused(comps, kind)
        assert found is not None, f"no unused {kind} bonus"
        self.used[found[0]][found[1]] = True

    def free_slots(self, comps: Components, section: int) -> list[int]:
        """0-based slots of ``section`` not circled yet."""
        return [i for i, taken in enumerate(self.circled[section]) if not taken]

    def circle(self, bonus: Bonus, section: int, slot: int) -> None:
        """Circle a bonus space; Score 6 "is always counted as used" (CN-27)."""
        self.circled[section][slot] = True
        if bonus.kind == "score6":
            self.used[section][slot] = True

    def used_count(self) -> int:
        """Bonuses circled and used (Score 6 included)."""
        return sum(
            1
            for section, row in enumerate(self.used)
            for slot, used in enumerate(row)
            if used and self.circled[section][slot]
        )


_SLOTS: Final[dict[int, tuple[Components, dict[str, list[tuple[int, int]]]]]] = {}
"""``id(comps)`` → the components (kept alive so that the id stays theirs) and
:func:`bonus_slots` of each kind."""
_LAST_SLOTS: Final[list[tuple[Components, dict[str, list[tuple[int, int]]]]]] = []
"""The entry of :data:`_SLOTS` found last (``id()`` makes an int object at every call)."""


def bonus_slots(comps: Components, kind: str) -> list[tuple[int, int]]:
    """The bonus spaces of ``kind`` as ``(section, slot)``, in section and slot order
    (worked out once per components: the legal actions ask several times per position)."""
    if _LAST_SLOTS and _LAST_SLOTS[0][0] is comps:  # the common case: one edition in use
        return _LAST_SLOTS[0][1].get(kind, [])
    entry = _SLOTS.get(id(comps))
    if entry is None or entry[0] is not comps:
        kinds: dict[str, list[tuple[int, int]]] = {}
        for section, bonuses in enumerate(comps.sections):
            for slot, bonus in enumerate(bonuses):
                kinds.setdefault(bonus.kind, []).append((section, slot))
        if len(_SLOTS) >= 64:  # variant files bring new components: stay bounded
            _SLOTS.clear()
        entry = _SLOTS[id(comps)] = (comps, kinds)
    _LAST_SLOTS[:] = [entry]
    return entry[1].get(kind, [])


_SHEET_ATTRS = (
    "values",
    "written",
    "crossed",
    "claimed",
    "claims",
    "circled",
    "used",
    "markers",
    "connect5",
    "free_actions",
    "objectives",
    "filled_circles",
    "tracker",
    "out",
    "adjust_steps",
)
"""Every attribute of :class:`PlayerSheet`, for pickling."""
