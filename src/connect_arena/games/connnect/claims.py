"""Claims: which Connects a player may claim now, and why a given claim is refused.

A claim names its shape and its spaces. It is valid when (``docs/rules/connnect.md`` §Claim):

1. the shape may be claimed now: a Connect-3 or Connect-4 shape of the sheet, or a face-up
   Connect-5 card with a free Connect-5 box (CN-12, CN-14, CN-37);
2. the spaces form that shape, rotated or mirrored ("The claimed shape can be rotated or
   mirrored");
3. every space holds a number that is not crossed out and not yet claimed ("Each number can be
   used for claiming ONLY ONCE", EN wording decides: CN-2) — except one claimed number when a
   Reuse bonus is spent ("Use a Claimed Number again for claiming a new Connect");
4. the numbers are all the same, or ascending along an orthogonal path through the shape
   (:func:`sheet.claim_kind`, CN-4, CN-5, CN-7).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields
from typing import Final

from connect_arena.core.events import Event
from connect_arena.games.connnect import sheet as geo
from connect_arena.games.connnect.components import Components, Shape
from connect_arena.games.connnect.events import ev
from connect_arena.games.connnect.notation import Claim
from connect_arena.games.connnect.player import CROSSED, EMPTY, FILLED, PlayerSheet

SECTION_OF_SIZE: Final = {3: 0, 4: 1}
"""Bonus section earned by a claim of each size (Connect-5 claims earn none)."""


@dataclass(frozen=True, slots=True)
class ClaimRules:
    """The options that govern claims.

    Attributes:
        order_rule: CN-4 (``consecutive``, ``monotone`` or ``cyclic``).
        all_pairs: CN-5 (b): every two adjacent spaces must be neighbours in the order.
        connect4_path_only: CN-9: only Connect-4 shapes that ordered numbers can fill.
        repeat_connect4: CN-11 (a) ``True``: a repeated Connect-4 claim is allowed (no marker,
            still a bonus); ``False``: forbidden.
        same_card_twice: CN-12: one player may claim the same card twice in one Claim Phase.
        empty_section_claims: CN-15 (default ``True``): a claim whose bonus section is full is
            allowed without a bonus.
    """

    order_rule: str = "consecutive"
    all_pairs: bool = False
    connect4_path_only: bool = False
    repeat_connect4: bool = True
    same_card_twice: bool = False
    empty_section_claims: bool = True

    def __reduce__(self) -> tuple[object, ...]:
        # field by field: the compiled (mypyc) frozen class cannot be unpickled by setattr
        return (type(self), tuple(getattr(self, f.name) for f in fields(self)))


def markers_final(pair: Sequence[int]) -> bool:
    """One marker filled and the other crossed: "do nothing" on a repeated claim."""
    return sorted(pair) == [FILLED, CROSSED]


def connect4_effect(pair: Sequence[int], claimed_before: bool) -> list[int]:
    """The markers after a Connect-4 claim of one shape (rulebook, Connect 4 bullets).

    Args:
        pair: ``[first, later]`` marker states of the claimant.
        claimed_before: someone claimed the shape in an earlier round (CN-3: "for the first
            time among all players"; claims of the same round tie).

    Returns:
        ``[FILLED, CROSSED]`` on a first claim; the later marker filled if it is not crossed;
        otherwise unchanged ("If either ... is crossed out and another is filled, do nothing").
    """
    if markers_final(pair):
        return list(pair)
    if not claimed_before:
        return [FILLED, CROSSED]
    if pair[1] == EMPTY:
        return [pair[0], FILLED]
    return list(pair)


def claimable_shapes(
    sheet: PlayerSheet,
    comps: Components,
    rules: ClaimRules,
    face_up: Sequence[str],
    taken_now: Sequence[str],
) -> list[Shape]:
    """The shapes ``sheet``'s owner may claim now (condition 1 above).

    Args:
        face_up: letters of the face-up cards at the start of this Claim Phase (CN-13).
        taken_now: letters this player already claimed in this Claim Phase (CN-12).
    """
    found: list[Shape] = []
    for size, shapes in ((3, comps.connect3), (4, comps.connect4)):
        section = SECTION_OF_SIZE[size]
        if not rules.empty_section_claims and not sheet.free_slots(comps, section):
            continue
        for shape in shapes:
            if size == 4 and rules.connect4_path_only and not shape.path:
                continue
            if size == 4 and not rules.repeat_connect4 and markers_final(sheet.markers[shape.id]):
                continue
            found.append(shape)
    if len(sheet.connect5) < comps.c5_boxes:
        for card in comps.cards:
            if card.id in face_up and (rules.same_card_twice or card.id not in taken_now):
                found.append(card)
    return found


def legal_claims(
    sheet: PlayerSheet,
    shapes: Sequence[Shape],
    rules: ClaimRules,
    reuse: bool,
    first: bool = False,
) -> list[Claim]:
    """Every valid claim of ``shapes`` on ``sheet`` (conditions 2-4), in a fixed order.

    Args:
        sheet: the claimant's sheet.
        shapes: from :func:`claimable_shapes`.
        rules: the claim options.
        reuse: the player has an unused Reuse bonus (claims with one claimed space allowed).
        first: stop at the first valid claim found (a list of it, not necessarily the first
            in the fixed order): whether there is one at all.

    Hot path: per outline of a shape (its placements up to translation, :class:`Outline`)
    a few shifts and ANDs of the masks find every placement on available numbers at once;
    the order rule (:func:`sheet.claim_kind`, the one source of truth) is asked once per
    outline and numbers and remembered in the outline's table (:meth:`Outline.table`: an entry
    per numbers, indexed by them, not a dictionary: a look-up there was 17% of a playout);
    the claims are interned.
    """
    available = sheet.available
    numbers = sheet.numbers
    claimed = sheet.claimed
    values = sheet.values
    rule = ORDER_CODES[rules.order_rule] * 2 + int(rules.all_pairs)
    found: list[Claim] = []
    for shape in shapes:
        hits: list[Placement] = []
        for outline in outlines(shape):
            table = outline.table(rule)
            fits = outline.anchors & available  # lowest spaces of the placements that fit
            for offset in outline.offsets:
                fits &= available >> offset
            near = 0  # ... and of those on numbers, one of them claimed (Reuse bonus)
            if reuse:
                near = outline.anchors & numbers & ~fits
                for offset in outline.offsets:
                    near &= numbers >> offset
            rest = fits | near
            anchor = 0  # lowest bit first, by shifts (int.bit_length: a method call, compiled)
            while rest:
                if not rest & 0xFF:
                    rest >>= 8
                    anchor += 8
                    continue
                if rest & 1:
                    place = outline.places[anchor]
                    assert place is not None  # every anchor starts a placement
                    again = bool(near >> anchor & 1)
                    if not again or _single(place.mask & claimed):
                        code = 0
                        for cell in place.cells:
                            code = code * 6 + values[cell] - 1  # numbers 1..6, base 6
                        known = table[code]
                        if not known:
                            known = _valid(table, code, place.cells, values, rules)
                        if known == VALID:
                            if first:
                                return [(place.again if again else place).claim]
                            hits.append(place.again if again else place)
                rest >>= 1
                anchor += 1
        if len(hits) > 1:
            hits.sort(key=_index)  # the order of shape.placements
        found.extend([hit.claim for hit in hits])
    return found


def _single(mask: int) -> bool:
    """Whether ``mask`` has exactly one bit set (``bit_count() == 1``)."""
    return mask != 0 and not mask & (mask - 1)


ORDER_CODES: Final = {rule: index for index, rule in enumerate(geo.ORDER_RULES)}
RULES: Final = 2 * len(ORDER_CODES)
"""The claim rules an outline's tables tell apart (:func:`legal_claims`'s ``rule``: the order
rule and ``all_pairs``)."""
VALID: Final = 2
INVALID: Final = 1
"""An outline table's bytes: numbers that may be claimed together, or may not (0: not known
yet)."""


def _valid(
    table: list[int], code: int, cells: tuple[int, ...], values: list[int], rules: ClaimRules
) -> int:
    """:func:`sheet.claim_kind` on ``cells`` as ``VALID`` or ``INVALID``, remembered in
    ``table`` under ``code`` (the numbers less 1, base 6)."""
    kind = geo.claim_kind(cells, [values[c] for c in cells], rules.order_rule, rules.all_pairs)
    known = table[code] = INVALID if kind is None else VALID
    return known


class Placement:
    """One placement of a shape, with its claims interned.

    Attributes:
        index: its index in ``shape.placements`` (the claims' order).
        cells: its spaces, ascending.
        mask: their bit mask.
        outline: a number naming its cells up to translation (equal for two placements
            exactly when one is the other moved), from 1.
        claim: the claim of these spaces; ``again``: the same placement whose claim reuses a
            claimed number (``again.claim.reuse``).
    """

    __slots__ = ("again", "cells", "claim", "index", "mask", "outline")

    def __init__(self, index: int, ident: str, cells: tuple[int, ...], mask: int) -> None:
        self.index = index
        self.cells = cells
        self.mask = mask
        self.outline = _outline(cells)
        self.claim = Claim(ident, cells, False)
        self.again = self

    def reusing(self) -> Placement:
        """A copy whose claim reuses a claimed number."""
        other = Placement(self.index, self.claim.shape, self.cells, self.mask)
        other.claim = Claim(self.claim.shape, self.cells, True)
        return other


_OUTLINES: Final[dict[tuple[int, ...], int]] = {}


def _outline(cells: tuple[int, ...]) -> int:
    """The :attr:`Placement.outline` of ``cells`` (numbered as first seen)."""
    row, column = geo.row_of(cells[0]), geo.column_of(cells[0])
    key = tuple([(geo.row_of(c) - row) * 16 + geo.column_of(c) - column for c in cells])
    found = _OUTLINES.get(key)
    if found is None:
        found = _OUTLINES[key] = len(_OUTLINES) + 1
    return found


def _index(place: Placement) -> int:
    return place.index


class Outline:
    """The placements of a shape that are translations of each other (one rotation or
    mirror image).

    Attributes:
        anchors: mask of their lowest spaces.
        offsets: the other spaces of a placement, as differences from its lowest space.
        places: the placement by its lowest space (``None`` where none starts).
        tables: per claim rule, whether numbers on these spaces may be claimed together
            (:meth:`table`), or ``None`` until needed.
    """

    __slots__ = ("anchors", "offsets", "places", "tables")

    def __init__(self, places: list[Placement]) -> None:
        first = places[0].cells
        self.offsets = tuple([cell - first[0] for cell in first[1:]])
        self.anchors = 0
        self.places: list[Placement | None] = [None] * geo.CELLS
        for place in places:
            self.anchors |= 1 << place.cells[0]
            self.places[place.cells[0]] = place
        self.tables: list[list[int] | None] = [None] * RULES

    def table(self, rule: int) -> list[int]:
        """For claim rule ``rule``, an entry per numbers on a placement (the numbers less 1
        as base-6 digits, in the placement's order: 216 to 7,776 entries): ``VALID``,
        ``INVALID`` or 0 (not known yet; :func:`_valid` fills it). The order rule sees only
        the numbers and the cells up to translation, so all the outline's placements share
        it. A list of small ints, not a bytearray: compiled, a list item is read in C, a
        bytearray's through the generic item protocol with an int object per code."""
        found = self.tables[rule]
        if found is None:
            found = self.tables[rule] = [0] * 6 ** (len(self.offsets) + 1)
        return found


_OUTLINED: Final[dict[str, list[tuple[Shape, list[Outline]]]]] = {}
"""``shape.id`` → each shape of that id seen (kept alive) with its outlines: a look-up by the
id's string (its hash kept), where ``id(shape)`` built an int object at every call; shapes of
other components (variant files) may share an id, so the entry is found by identity."""


def outlines(shape: Shape) -> list[Outline]:
    """``shape``'s placements grouped by outline (computed once per shape)."""
    entries = _OUTLINED.get(shape.id)
    if entries is not None:
        for known, found in entries:
            if known is shape:
                return found
    groups: dict[int, list[Placement]] = {}
    for index, (cells, mask) in enumerate(zip(shape.placements, shape.masks, strict=True)):
        place = Placement(index, shape.id, cells, mask)
        place.again = place.reusing()
        groups.setdefault(place.outline, []).append(place)
    outlines = [Outline(places) for places in groups.values()]
    if entries is None or len(entries) >= 16:  # custom data files bring new shapes: bounded
        if len(_OUTLINED) >= 1024:
            _OUTLINED.clear()
        entries = _OUTLINED[shape.id] = []
    entries.append((shape, outlines))
    return outlines


def find_shape(comps: Components, ident: str) -> Shape:
    """The sheet shape or card called ``ident`` (KeyError if none)."""
    for shape in (*comps.connect3, *comps.connect4, *comps.cards):
        if shape.id == ident:
            return shape
    raise KeyError(ident)


def explain(
    claim: Claim,
    sheet: PlayerSheet,
    comps: Components,
    rules: ClaimRules,
    shapes: Sequence[Shape],
    reuse: bool,
) -> Event:
    """Why ``claim`` is not valid now (an event; English in :mod:`.events`), for a player who
    typed it."""
    shape = find_shape(comps, claim.shape)
    if shape not in shapes:
        return _shape_reason(shape, sheet, comps, rules)
    names = [geo.cell_name(c) for c in claim.cells]
    if geo.canonical_cells(claim.cells) != shape.key:
        return ev("not_shape", cells=names, shape=shape.id)
    for cell in claim.cells:
        if not sheet.written >> cell & 1:
            return ev("no_number_in", cell=geo.cell_name(cell))
        if sheet.crossed >> cell & 1:
            return ev("crossed", cell=geo.cell_name(cell))
    again = [geo.cell_name(c) for c in claim.cells if sheet.claimed >> c & 1]
    if len(again) > 1:
        return ev("claimed_many", cells=again)
    if again and not claim.reuse:
        return ev("claimed_add_reuse", cell=again[0])
    if claim.reuse and not again:
        return ev("reuse_needless")
    if claim.reuse and not reuse:
        return ev("no_reuse_bonus")
    numbers = [sheet.values[c] for c in claim.cells]
    what = "not_ordered_pairs" if rules.all_pairs else f"not_ordered_{rules.order_rule}"
    return ev(what, numbers=numbers)


def _shape_reason(shape: Shape, sheet: PlayerSheet, comps: Components, rules: ClaimRules) -> Event:
    if shape in comps.cards:
        if len(sheet.connect5) >= comps.c5_boxes:
            return ev("boxes_full")
        return ev("card_unavailable", card=shape.id)
    if shape.size == 4 and rules.connect4_path_only and not shape.path:
        return ev("shape_not_on_sheet", shape=shape.id)
    if shape.size == 4 and not rules.repeat_connect4:
        return ev("repeat_forbidden", shape=shape.id)
    return ev("section_full", size=shape.size)
