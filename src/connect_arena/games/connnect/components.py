"""The components of CO'NNN'ECT, validated and ready for the engine (see :mod:`.data`).

Dataclasses only; :mod:`connect_arena.games.connnect.data` builds them from ``data/*.toml``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields
from typing import Final

from connect_arena.core.errors import GameError
from connect_arena.games.connnect import sheet as geo
from connect_arena.games.connnect.sheet import Cell, Point

DICE = 3
"""Dice rolled each time (CN-1: "3 Würfel" [DE], "all three dice" [EN]; not the EN "8 Dice")."""
BONUS_KINDS = ("move", "switch", "adjust", "reuse", "score6", "write2", "write")
LIGHTNING = frozenset({"write2", "write"})
"""Bonus kinds marked ⚡: "MUST be used immediately after it is claimed"."""
OBJECTIVE_FIELDS: dict[str, tuple[str, ...]] = {
    "circles": ("count",),
    "circles_all": ("circles",),
    "lines": ("count",),
    "claims": ("size", "count"),
    "distinct_shapes": ("size", "count"),
    "equal_and_ordered": ("size",),
    "zone_full": (),
    "numbers_per_zone": ("count",),
    "arrow_full": (),
    "used_bonuses": ("count",),
}


class DataError(GameError):
    """A data file is unreadable or does not describe a valid set of components."""


@dataclass(frozen=True, slots=True)
class Shape:
    """A claimable shape: a Connect-3/4 shape of the sheet, or a Connect-5 card.

    Attributes:
        id: ``"L4"`` for a sheet shape (letters, then its size), the letter for a card.
        name: a display name (e.g. the pentomino name of a card).
        points: the cells as ``(row, column)`` points, normalised.
        placements: every placement on the play area (rotations and mirrors included).
        masks: the bit mask of each placement.
        path: whether ordered numbers can fill it (an orthogonal path through all cells).
    """

    id: str
    name: str
    points: frozenset[Point]
    placements: tuple[tuple[Cell, ...], ...]
    masks: tuple[int, ...]
    path: bool

    def __reduce__(self) -> tuple[object, ...]:
        # field by field: the compiled (mypyc) frozen class cannot be unpickled by setattr
        return (type(self), tuple(getattr(self, f.name) for f in fields(self)))

    @property
    def size(self) -> int:
        """Number of cells."""
        return len(self.points)

    @property
    def key(self) -> tuple[Point, ...]:
        """Equal for congruent shapes (up to rotation and mirroring)."""
        return geo.canonical(self.points)


@dataclass(frozen=True, slots=True)
class Bonus:
    """One bonus space of a bonus section.

    Attributes:
        kind: one of :data:`BONUS_KINDS`.
        stars: end-of-game points (★), "Whether the claimed bonuses are used or not".
        value: the number a ``write`` bonus writes (0 for the other kinds).
    """

    kind: str
    stars: int
    value: int = 0

    def __reduce__(self) -> tuple[object, ...]:
        # field by field: the compiled (mypyc) frozen class cannot be unpickled by setattr
        return (type(self), tuple(getattr(self, f.name) for f in fields(self)))

    @property
    def lightning(self) -> bool:
        """⚡: must be used at once when circled."""
        return self.kind in LIGHTNING

    @property
    def label(self) -> str:
        """Short display name, e.g. ``"write 6⚡"``."""
        name = f"write {self.value}" if self.kind == "write" else self.kind
        return name + ("⚡" if self.lightning else "")


@dataclass(frozen=True, slots=True)
class Zone:
    """A zone: two columns or two rows, activated by a die face."""

    die: int
    axis: str
    lines: tuple[int, ...]
    mask: int

    def __reduce__(self) -> tuple[object, ...]:
        # field by field: the compiled (mypyc) frozen class cannot be unpickled by setattr
        return (type(self), tuple(getattr(self, f.name) for f in fields(self)))

    @property
    def label(self) -> str:
        """E.g. ``"columns a-b"`` or ``"rows 1-2"``."""
        if self.axis == "columns":
            return "columns " + "-".join(geo.COLUMN_LETTERS[n - 1] for n in self.lines)
        return "rows " + "-".join(map(str, self.lines))


@dataclass(frozen=True, slots=True)
class Circle:
    """A circle of the play area and the four spaces around it."""

    id: str
    cells: tuple[Cell, ...]
    mask: int

    def __reduce__(self) -> tuple[object, ...]:
        # field by field: the compiled (mypyc) frozen class cannot be unpickled by setattr
        return (type(self), tuple(getattr(self, f.name) for f in fields(self)))


@dataclass(frozen=True, slots=True)
class Objective:
    """An objective card (kinds and fields: :data:`OBJECTIVE_FIELDS`)."""

    id: str
    deck: str
    points: int
    kind: str
    text: str
    size: int = 0
    count: int = 0
    circles: tuple[str, ...] = ()

    def __reduce__(self) -> tuple[object, ...]:
        # field by field: the compiled (mypyc) frozen class cannot be unpickled by setattr
        return (type(self), tuple(getattr(self, f.name) for f in fields(self)))


@dataclass(frozen=True, slots=True)
class Components:
    """Every component of one edition, validated, with the masks the engine needs.

    Attributes:
        name: ``"reconstructed"`` or the variant file's path.
        zones: the zone of each die face, index ``face - 1``.
        circles: the nine circles (ids ``O11`` .. ``O33`` in the built-in data).
        lines: the connected lines, as triples of indices into ``circles``.
        setup_spaces: the setup spaces; ``setup_groups``: one group per setup roll.
        arrow_lines: ``(label, cells in reading order)`` per arrow line.
        rounds: rows of the round tracker (12).
        connect3, connect4: the shapes of the sheet; ``first_points``/``later_points``: the
            Connect-4 markers' values.
        sections: the bonus spaces of the Connect-3 and Connect-4 bonus sections.
        penalties: minus points after 0, 1, ... Free Actions; ``len - 1`` boxes.
        c5_boxes: Connect-5 boxes on the sheet.
        cards: the Connect-5 shape cards; ``face_up`` of them are dealt.
        score_cards: the Connect-5 score cards, top first.
        decks: the objective decks; ``objectives``: every objective card.
        reconstructed: the names of the tables that are a reconstruction.
    """

    name: str
    zones: tuple[Zone, ...]
    circles: tuple[Circle, ...]
    lines: tuple[tuple[int, int, int], ...]
    setup_spaces: tuple[Cell, ...]
    setup_groups: tuple[tuple[Cell, ...], ...]
    arrow_lines: tuple[tuple[str, tuple[Cell, ...]], ...]
    rounds: int
    connect3: tuple[Shape, ...]
    connect4: tuple[Shape, ...]
    first_points: int
    later_points: int
    sections: tuple[tuple[Bonus, ...], tuple[Bonus, ...]]
    penalties: tuple[int, ...]
    c5_boxes: int
    cards: tuple[Shape, ...]
    face_up: int
    score_cards: tuple[int, ...]
    decks: tuple[str, ...]
    objectives: tuple[Objective, ...]
    reconstructed: tuple[str, ...]

    def __reduce__(self) -> tuple[object, ...]:
        # field by field: the compiled (mypyc) frozen class cannot be unpickled by setattr
        return (type(self), tuple(getattr(self, f.name) for f in fields(self)))

    @property
    def free_actions(self) -> int:
        """Boxes on the Free Action track (7)."""
        return len(self.penalties) - 1

    def card(self, letter: str) -> Shape:
        """The Connect-5 card with ``letter`` (KeyError if none)."""
        for card in self.cards:
            if card.id == letter:
                return card
        raise KeyError(letter)

    def objective(self, ident: str) -> Objective:
        """The objective card ``ident`` (KeyError if none): a dictionary look-up (the end of
        every round and the search's evaluation ask for the cards by id, 2% of a search as
        a scan)."""
        if _LAST_OBJECTIVES and _LAST_OBJECTIVES[0][0] is self:  # one edition in use
            return _LAST_OBJECTIVES[0][1][ident]
        entry = _OBJECTIVES.get(id(self))
        if entry is None or entry[0] is not self:
            if len(_OBJECTIVES) >= 64:  # custom data files bring new components: stay bounded
                _OBJECTIVES.clear()
            index: dict[str, Objective] = {}
            for card in self.objectives:
                index.setdefault(card.id, card)  # the first card of an id, as a scan finds
            entry = _OBJECTIVES[id(self)] = (self, index)
        _LAST_OBJECTIVES[:] = [entry]
        return entry[1][ident]


_OBJECTIVES: Final[dict[int, tuple[Components, dict[str, Objective]]]] = {}
"""``id(components)`` → the components (kept alive, so that the id stays theirs) and their
objective cards by id."""
_LAST_OBJECTIVES: Final[list[tuple[Components, dict[str, Objective]]]] = []
"""The entry of :data:`_OBJECTIVES` found last (``id()`` makes an int object at every call)."""


SHEET_ID = re.compile(r"[A-Z]+[345]")
"""Ids of the sheet's shapes: capital letters, then the size (``L4``)."""
CARD_ID = re.compile(r"[A-Z]+")
"""Letters of the Connect-5 cards (letters only, so they never clash with sheet ids)."""
OBJECTIVE_ID = re.compile(r"[A-Z][A-Z0-9]*")
"""Ids of the objective cards (``A1``): the notation ``objectives A1 B1 C1`` reads them back
upper-cased and split at spaces, so other ids could not be replayed."""
