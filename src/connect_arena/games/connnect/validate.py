"""Validation of the raw CO'NNN'ECT data tables (see :mod:`connect_arena.games.connnect.data`).

Each function reads one table through a :class:`Reader`, which knows the file name and the key
path, so that every error says where the problem is.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from connect_arena.games.connnect import sheet as geo
from connect_arena.games.connnect.components import (
    BONUS_KINDS,
    CARD_ID,
    DICE,
    OBJECTIVE_FIELDS,
    OBJECTIVE_ID,
    SHEET_ID,
    Bonus,
    Circle,
    DataError,
    Objective,
    Shape,
    Zone,
)
from connect_arena.games.connnect.sheet import SIZE, Cell


class Reader:
    """A table (or the whole file) with its key path, for typed reads with clear errors.

    Args:
        raw: the TOML table.
        source: the data set's name (file path or ``"reconstructed"``).
        path: the key path of ``raw`` inside the file (``""`` for the top level).
    """

    def __init__(self, raw: dict[str, Any], source: str, path: str = "") -> None:
        self.raw = raw
        self.source = source
        self.path = path

    def error(self, key: str | None, message: str) -> DataError:
        """A :class:`DataError` about ``key`` of this table."""
        where = ".".join(p for p in (self.path, key or "") if p)
        return DataError(f"connnect data ({self.source}): {where or 'file'}: {message}")

    def value(self, key: str) -> Any:
        """The raw value of a required key."""
        if key not in self.raw:
            raise self.error(key, "missing")
        return self.raw[key]

    def table(self, key: str, keys: Sequence[str]) -> Reader:
        """The sub-table ``key``, which must hold exactly ``keys`` (besides the meta keys)."""
        raw = self.value(key)
        if not isinstance(raw, dict):
            raise self.error(key, "must be a table")
        child = Reader(raw, self.source, f"{self.path}.{key}" if self.path else key)
        child.only(keys)
        return child

    def only(self, keys: Sequence[str], optional: Sequence[str] = ()) -> None:
        """Fail on a missing required key or an unknown key."""
        for key in keys:
            self.value(key)
        extra = sorted(set(self.raw) - set(keys) - set(optional) - {"reconstructed", "source"})
        if extra:
            raise self.error(None, f"unknown key(s) {', '.join(extra)}")

    def integer(self, key: str, low: int, high: int) -> int:
        """An integer in ``low..high``."""
        value = self.value(key)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise self.error(key, f"must be an integer {low}..{high}, not {value!r}")
        return value

    def text(self, key: str) -> str:
        """A non-empty string."""
        value = self.value(key)
        if not isinstance(value, str) or not value:
            raise self.error(key, f"must be a non-empty string, not {value!r}")
        return value

    def items(self, key: str) -> list[Any]:
        """A non-empty array."""
        value = self.value(key)
        if not isinstance(value, list) or not value:
            raise self.error(key, "must be a non-empty array")
        return value

    def entries(self, key: str) -> list[Reader]:
        """An array of tables, each as a :class:`Reader`."""
        found = []
        for index, item in enumerate(self.items(key)):
            if not isinstance(item, dict):
                raise self.error(f"{key}[{index}]", "must be a table")
            found.append(Reader(item, self.source, f"{self.path}.{key}[{index}]"))
        return found

    def cells(self, key: str, count: int | None = None) -> tuple[Cell, ...]:
        """Distinct spaces written ``"a1"`` (or ``"R1C1"``); exactly ``count`` if given."""
        found: list[Cell] = []
        for item in self.items(key):
            cell = geo.parse_cell(item) if isinstance(item, str) else None
            if cell is None:
                raise self.error(key, f"{item!r} is not a space a1..f6 (or R1C1..R6C6)")
            if cell in found:
                raise self.error(key, f"space {item} is listed twice")
            found.append(cell)
        if count is not None and len(found) != count:
            raise self.error(key, f"must list {count} spaces, not {len(found)}")
        return tuple(found)

    def shape(self, key: str, size: int) -> frozenset[geo.Point]:
        """A connected shape of ``size`` cells drawn as rows of ``X`` and ``.``."""
        rows = self.items(key)
        if not all(isinstance(row, str) for row in rows):
            raise self.error(key, "must be an array of strings like 'XX.'")
        try:
            points = geo.parse_shape(rows)
        except ValueError as error:
            raise self.error(key, str(error)) from None
        if len(points) != size or not geo.is_connected(points):
            raise self.error(key, f"must draw {size} orthogonally connected cells")
        if max(max(r, c) for r, c in points) >= SIZE:
            raise self.error(key, "does not fit in the 6x6 play area")
        return points


def check_play_area(r: Reader) -> None:
    """The play area is 6 x 6: six zones of two lines each, one per die face (R1)."""
    r.integer("rows", SIZE, SIZE)
    r.integer("columns", SIZE, SIZE)


def zones(r: Reader) -> tuple[Zone, ...]:
    """Six zones, one per die face, each two columns or two rows; zones of one kind disjoint."""
    found: dict[int, Zone] = {}
    for e in r.entries("list"):
        axis = "columns" if "columns" in e.raw else "rows"
        e.only(("die", axis))
        die = e.integer("die", 1, 6)
        lines = e.items(axis)
        if len(lines) != 2 or not all(isinstance(n, int) and 1 <= n <= SIZE for n in lines):
            raise e.error(axis, "must be two line numbers 1..6")
        cells = [
            geo.cell_of(n - 1, c) if axis == "rows" else geo.cell_of(c, n - 1)
            for n in lines
            for c in range(SIZE)
        ]
        if die in found:
            raise e.error("die", f"zone {die} is defined twice")
        found[die] = Zone(die, axis, tuple(lines), geo.mask_of(cells))
    if sorted(found) != [1, 2, 3, 4, 5, 6]:
        raise r.error("list", "must define one zone for each die face 1..6")
    for axis in ("columns", "rows"):
        lines = [n for zone in found.values() if zone.axis == axis for n in zone.lines]
        if len(lines) != len(set(lines)):
            raise r.error("list", f"two zones share one of the {axis}")
    return tuple(found[die] for die in range(1, 7))


def circles(r: Reader) -> tuple[Circle, ...]:
    """Circles with unique ids, each surrounded by the four spaces of a 2x2 block."""
    found: list[Circle] = []
    for e in r.entries("list"):
        e.only(("id", "cells"))
        ident = e.text("id")
        cells = e.cells("cells", 4)
        rows = {geo.row_of(c) for c in cells}
        cols = {geo.column_of(c) for c in cells}
        if len(rows) != 2 or len(cols) != 2 or max(rows) - min(rows) + max(cols) - min(cols) != 2:
            raise e.error("cells", "must be the four spaces of a 2x2 block")
        if any(circle.id == ident for circle in found):
            raise e.error("id", f"circle {ident} is defined twice")
        found.append(Circle(ident, tuple(sorted(cells)), geo.mask_of(cells)))
    return tuple(found)


def lines(r: Reader, known: tuple[Circle, ...]) -> tuple[tuple[int, int, int], ...]:
    """Connected lines: three distinct known circles each."""
    ids = [circle.id for circle in known]
    found = []
    for index, item in enumerate(r.items("list")):
        if not isinstance(item, list) or len(item) != 3 or len(set(map(str, item))) != 3:
            raise r.error(f"list[{index}]", "must name three different circles")
        missing = [name for name in item if name not in ids]
        if missing:
            raise r.error(f"list[{index}]", f"unknown circle {missing[0]!r}")
        a, b, c = (ids.index(name) for name in item)
        found.append((a, b, c))
    return tuple(found)


def setup(r: Reader) -> dict[str, Any]:
    """Setup spaces: one group of three per roll (``rolls`` × 3 spaces, CN-29)."""
    rolls = r.integer("rolls", 1, 4)
    spaces = r.cells("spaces", rolls * DICE)
    groups = []
    for index, _ in enumerate(r.items("groups")):
        sub = Reader({"group": r.raw["groups"][index]}, r.source, f"{r.path}.groups[{index}]")
        groups.append(sub.cells("group", DICE))
    if len(groups) != rolls or sorted(c for g in groups for c in g) != sorted(spaces):
        raise r.error("groups", f"must split the setup spaces into {rolls} groups of {DICE}")
    return {"setup_spaces": spaces, "setup_groups": tuple(groups)}


def arrow_lines(r: Reader) -> tuple[tuple[str, tuple[Cell, ...]], ...]:
    """Arrow lines: ``{row = n}`` or ``{column = n}``, distinct."""
    found: list[tuple[str, tuple[Cell, ...]]] = []
    for e in r.entries("list"):
        axis = "row" if "row" in e.raw else "column"
        e.only((axis,))
        n = e.integer(axis, 1, SIZE)
        if axis == "row":
            label, cells = f"row {n}", tuple(geo.cell_of(n - 1, c) for c in range(SIZE))
        else:
            letter = geo.COLUMN_LETTERS[n - 1]
            label, cells = f"column {letter}", tuple(geo.cell_of(c, n - 1) for c in range(SIZE))
        if any(label == other for other, _ in found):
            raise e.error(axis, f"{label} is listed twice")
        found.append((label, cells))
    return tuple(found)


def _shapes(r: Reader, key: str, size: int, card: bool) -> tuple[Shape, ...]:
    found: list[Shape] = []
    for e in r.entries(key):
        ident_key = "letter" if card else "id"
        e.only((ident_key, "rows"), ("name",) if card else ())
        ident = e.text(ident_key)
        pattern = CARD_ID if card else SHEET_ID
        if not pattern.fullmatch(ident) or (not card and not ident.endswith(str(size))):
            rule = "capital letters" if card else f"capital letters followed by {size}"
            raise e.error(ident_key, f"{ident!r} must be {rule}")
        points = e.shape("rows", size)
        name = str(e.raw.get("name", ident))
        shape = make_shape(ident, name, points)
        for other in found:
            if other.id == ident or other.key == shape.key:
                raise e.error(ident_key, f"{ident} repeats {other.id} (same id or same shape)")
        found.append(shape)
    return tuple(found)


def make_shape(ident: str, name: str, points: frozenset[geo.Point]) -> Shape:
    """A :class:`Shape` with its placements on the play area."""
    placements = tuple(geo.placements(points))
    return Shape(
        ident,
        name,
        points,
        placements,
        tuple(geo.mask_of(p) for p in placements),
        geo.has_path(points),
    )


def sheet_shapes(c3: Reader, c4: Reader) -> dict[str, Any]:
    """The Connect-3 and Connect-4 shapes of the sheet and the Connect-4 marker values."""
    return {
        "connect3": _shapes(c3, "shapes", 3, card=False),
        "connect4": _shapes(c4, "shapes", 4, card=False),
        "first_points": c4.integer("first_points", 0, 50),
        "later_points": c4.integer("later_points", 0, 50),
    }


def section(r: Reader, key: str) -> tuple[Bonus, ...]:
    """A bonus section: bonus spaces of known kinds with their ★ values."""
    found = []
    for e in r.entries(key):
        kind = e.text("type")
        if kind not in BONUS_KINDS:
            raise e.error("type", f"unknown bonus {kind!r} (known: {', '.join(BONUS_KINDS)})")
        e.only(("type", "stars"), ("value",) if kind == "write" else ())
        value = e.integer("value", 1, 6) if kind == "write" else 0
        found.append(Bonus(kind, e.integer("stars", 0, 50), value))
    return tuple(found)


def penalties(r: Reader) -> tuple[int, ...]:
    """Free Action penalties after 0..n uses: non-negative, never decreasing, 0 first."""
    values = r.items("penalties")
    if not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in values):
        raise r.error("penalties", "must be non-negative integers (minus points)")
    if values[0] != 0 or len(values) < 2 or values != sorted(values):
        raise r.error("penalties", "must start at 0 and never decrease (at least one box)")
    return tuple(values)


def cards(r: Reader, scores: Reader) -> dict[str, Any]:
    """The Connect-5 shape cards and score cards.

    The score cards must outnumber nothing: one is removed per round with a Connect-5 claim,
    and each such round turns at least one face-up card down, so ``face_up`` score cards are
    enough (CN-38).
    """
    shapes = _shapes(r, "cards", 5, card=True)
    face_up = r.integer("face_up", 1, len(shapes))
    values = scores.items("values")
    if not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in values):
        raise scores.error("values", "must be non-negative integers")
    if len(values) < face_up:
        raise scores.error("values", f"needs at least {face_up} cards (one per face-up shape)")
    return {"cards": shapes, "face_up": face_up, "score_cards": tuple(values)}


def objectives(r: Reader, known: tuple[Circle, ...]) -> dict[str, Any]:
    """Objective decks and cards; each deck holds at least one card."""
    decks = tuple(str(d) for d in r.items("decks"))
    if len(set(decks)) != len(decks):
        raise r.error("decks", "deck names must be distinct")
    found: list[Objective] = []
    for e in r.entries("cards"):
        kind = e.text("kind")
        if kind not in OBJECTIVE_FIELDS:
            known_kinds = ", ".join(OBJECTIVE_FIELDS)
            raise e.error("kind", f"unknown objective {kind!r} (known: {known_kinds})")
        fields = OBJECTIVE_FIELDS[kind]
        e.only(("id", "deck", "points", "kind", "text", *fields))
        card = Objective(
            id=e.text("id"),
            deck=e.text("deck"),
            points=e.integer("points", 0, 100),
            kind=kind,
            text=e.text("text"),
            size=e.integer("size", 3, 5) if "size" in fields else 0,
            count=e.integer("count", 1, 100) if "count" in fields else 0,
            circles=_circle_names(e, known) if "circles" in fields else (),
        )
        if not OBJECTIVE_ID.fullmatch(card.id):
            raise e.error(
                "id", f"{card.id!r} must be a capital letter, then capitals or digits (e.g. A1)"
            )
        if card.deck not in decks:
            raise e.error("deck", f"unknown deck {card.deck!r}")
        if any(other.id == card.id for other in found):
            raise e.error("id", f"objective {card.id} is defined twice")
        found.append(card)
    for deck in decks:
        if not any(card.deck == deck for card in found):
            raise r.error("cards", f"deck {deck} has no card")
    return {"decks": decks, "objectives": tuple(found)}


def _circle_names(e: Reader, known: tuple[Circle, ...]) -> tuple[str, ...]:
    names = tuple(str(n) for n in e.items("circles"))
    ids = {circle.id for circle in known}
    for name in names:
        if name not in ids:
            raise e.error("circles", f"unknown circle {name!r}")
    return names
