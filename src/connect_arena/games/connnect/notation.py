"""CO'NNN'ECT actions and their canonical notation (``docs/rules/connnect.md`` §Notation).

Spaces are a column letter and a row number, ``a1`` (top-left) .. ``f6``; ``R1C1`` is accepted
on input. Numbers are 1..6.

=============================  ==================================================================
``objectives A3 B1 C4``        chance: the objective card revealed from each deck
``cards B D F G``              chance: the Connect-5 shape cards dealt face up
``first 2``                    chance: seat 2 (0-based) is the first player
``roll 1 3 4``                 chance: three dice (sorted; one outcome per multiset)
``zone 4``                     the active player picks the Zone Die showing 4
``write 2 b1``                 write 2 in space b1 (a Number Die, setup number or bonus)
``change 2 3``                 Free Action: write 3 instead of the Number Die 2
``skip 5``                     Free Action: the zone is full, drop the Number Die 5
``switch 5``                   Switch bonus: the Number Die 5 becomes the zone
``adjust b2 +1``               Adjust bonus on the number in b2 (``+1 +2 -1 -2``, 6+1 = 1)
``adjust 5 -2``                Adjust bonus on the Number Die 5 (Fill Phase)
``move b2``                    Move bonus: cross out b2, then ``write`` its number anywhere
``claim L4 e1 e2 e3 f3``       claim a Connect of shape L4 (or card letter ``F``) on the spaces
``claim L4 e1 e2 e3 f3 reuse`` ... using one already claimed number (spends a Reuse bonus)
``take 3``                     circle bonus space 3 of the section just earned
``done``                       end this phase for you
=============================  ==================================================================

Input is forgiving about case, spacing and commas; cells of a claim may come in any order
(the canonical form sorts them).
"""

from __future__ import annotations

import re
from abc import ABCMeta
from dataclasses import dataclass

from connect_arena.core.errors import InvalidActionError
from connect_arena.core.game import Action
from connect_arena.games.connnect import sheet as geo
from connect_arena.games.connnect.components import Components
from connect_arena.games.connnect.sheet import Cell


class _Kind(ABCMeta):
    """The metaclass of CO'NNN'ECT's actions: ``isinstance`` and ``issubclass`` read the
    class hierarchy in C (``type``'s own checks), not through ``ABCMeta``'s Python method:
    no virtual subclass is ever registered, so the answers are the same. The search's rollout
    policy sorts every action by its class, and the checks were 7% of a search (cProfile)."""

    __instancecheck__ = type.__instancecheck__
    __subclasscheck__ = type.__subclasscheck__


@dataclass(frozen=True, slots=True)
class DealObjectives(Action, metaclass=_Kind):
    """Chance: one objective card revealed from each deck, in deck order (setup step 4)."""

    ids: tuple[str, ...]

    def __str__(self) -> str:
        return "objectives " + " ".join(self.ids)


@dataclass(frozen=True, slots=True)
class DealCards(Action, metaclass=_Kind):
    """Chance: the Connect-5 shape cards drawn face up, in data order (setup step 2)."""

    letters: tuple[str, ...]

    def __str__(self) -> str:
        return "cards " + " ".join(self.letters)


@dataclass(frozen=True, slots=True)
class FirstPlayer(Action, metaclass=_Kind):
    """Chance: "Randomly choose the first player" (setup step 6)."""

    seat: int

    def __str__(self) -> str:
        return f"first {self.seat}"


@dataclass(frozen=True, slots=True)
class Roll(Action, metaclass=_Kind):
    """Chance: three dice, sorted (setup numbers or the Roll Phase)."""

    dice: tuple[int, int, int]

    def __str__(self) -> str:
        return "roll " + " ".join(map(str, self.dice))


@dataclass(frozen=True, slots=True)
class ChooseZone(Action, metaclass=_Kind):
    """The active player chooses "one of those dice to be the Zone Die"."""

    die: int

    def __str__(self) -> str:
        return f"zone {self.die}"


@dataclass(frozen=True, slots=True)
class Write(Action, metaclass=_Kind):
    """Write ``value`` in the empty space ``cell``."""

    value: int
    cell: Cell

    def __str__(self) -> str:
        return f"write {self.value} {geo.cell_name(self.cell)}"


@dataclass(frozen=True, slots=True)
class Change(Action, metaclass=_Kind):
    """Free Action: "write a different number from that on a Number Die"."""

    old: int
    new: int

    def __str__(self) -> str:
        return f"change {self.old} {self.new}"


@dataclass(frozen=True, slots=True)
class Skip(Action, metaclass=_Kind):
    """Free Action: "cannot write a number in the selected zone due to all spaces being
    occupied" — the number is dropped."""

    value: int

    def __str__(self) -> str:
        return f"skip {self.value}"


@dataclass(frozen=True, slots=True)
class Switch(Action, metaclass=_Kind):
    """Switch Zone bonus: the Number Die ``value`` becomes the zone, the zone a number."""

    value: int

    def __str__(self) -> str:
        return f"switch {self.value}"


@dataclass(frozen=True, slots=True)
class AdjustCell(Action, metaclass=_Kind):
    """Adjust bonus on an unclaimed written number: ``delta`` in ±1, ±2, cyclic 1..6."""

    cell: Cell
    delta: int

    def __str__(self) -> str:
        return f"adjust {geo.cell_name(self.cell)} {self.delta:+d}"


@dataclass(frozen=True, slots=True)
class AdjustDie(Action, metaclass=_Kind):
    """Adjust bonus on a Number Die still to be written (Fill Phase)."""

    value: int
    delta: int

    def __str__(self) -> str:
        return f"adjust {self.value} {self.delta:+d}"


@dataclass(frozen=True, slots=True)
class Move(Action, metaclass=_Kind):
    """Move Number bonus: cross out the unclaimed number in ``cell``; a ``write`` of that
    number anywhere must follow."""

    cell: Cell

    def __str__(self) -> str:
        return f"move {geo.cell_name(self.cell)}"


@dataclass(frozen=True, slots=True)
class Claim(Action, metaclass=_Kind):
    """Claim a Connect: ``shape`` is a sheet shape id (``L4``) or a card letter (``F``);
    ``cells`` in reading order (ascending); ``reuse``: one cell is already claimed (a Reuse
    bonus is spent)."""

    shape: str
    cells: tuple[Cell, ...]
    reuse: bool = False

    def __str__(self) -> str:
        where = " ".join(geo.cell_name(cell) for cell in self.cells)
        return f"claim {self.shape} {where}" + (" reuse" if self.reuse else "")


@dataclass(frozen=True, slots=True)
class Take(Action, metaclass=_Kind):
    """Circle bonus space ``slot`` (1-based) of the section the last claim earned."""

    slot: int

    def __str__(self) -> str:
        return f"take {self.slot}"


@dataclass(frozen=True, slots=True)
class Done(Action, metaclass=_Kind):
    """End this (simultaneous) phase for the acting player."""

    def __str__(self) -> str:
        return "done"


ConnnectAction = (
    DealObjectives
    | DealCards
    | FirstPlayer
    | Roll
    | ChooseZone
    | Write
    | Change
    | Skip
    | Switch
    | AdjustCell
    | AdjustDie
    | Move
    | Claim
    | Take
    | Done
)

HELP = (
    "actions: 'write 2 b1', 'change 2 3', 'skip 5', 'switch 5', 'adjust b2 +1', 'move b2', "
    "'claim L4 e1 e2 e3 f3 [reuse]', 'take 3', 'zone 4', 'done'"
)
_DIE = r"([1-6])"
_SIMPLE: dict[str, tuple[re.Pattern[str], type[Action], str]] = {
    "zone": (re.compile(rf"zone {_DIE}", re.I), ChooseZone, "'zone DIE', e.g. 'zone 4'"),
    "change": (
        re.compile(rf"change {_DIE} (?:(?:->|>|to) )?{_DIE}", re.I),
        Change,
        "'change OLD NEW', e.g. 'change 2 3'",
    ),
    "skip": (re.compile(rf"skip {_DIE}", re.I), Skip, "'skip NUMBER', e.g. 'skip 5'"),
    "switch": (re.compile(rf"switch {_DIE}", re.I), Switch, "'switch NUMBER', e.g. 'switch 5'"),
    "take": (re.compile(r"take (\d{1,2})", re.I), Take, "'take SLOT', e.g. 'take 3'"),
    "first": (re.compile(r"first (\d)", re.I), FirstPlayer, "'first SEAT'"),
}


def parse_action(text: str, comps: Components) -> ConnnectAction:
    """Parse CO'NNN'ECT notation (syntax only; legality is checked by the state).

    Args:
        text: the action, e.g. ``"claim L4 e1 e2 e3 f3"``.
        comps: the components, which name the shapes, cards and objective cards.

    Raises:
        InvalidActionError: unknown word, a space outside a1..f6, a number outside 1..6, an
            unknown shape, card or objective, or a claim with the wrong number of spaces.
    """
    words = text.replace(",", " ").split()
    if not words:
        raise InvalidActionError(f"empty action; {HELP}")
    head, args = words[0].lower(), words[1:]
    if head in _SIMPLE:
        pattern, kind, usage = _SIMPLE[head]
        match = pattern.fullmatch(" ".join(words))
        if match is None:
            raise InvalidActionError(f"{text.strip()!r}: expected {usage}")
        return kind(*(int(group) for group in match.groups()))  # type: ignore[return-value]
    parser = _PARSERS.get(head)
    if parser is None:
        raise InvalidActionError(f"{text.strip()!r} is not a CO'NNN'ECT action; {HELP}")
    return parser(args, comps)


def _number(text: str) -> int:
    if text not in ("1", "2", "3", "4", "5", "6"):
        raise InvalidActionError(f"{text!r} is not a number 1..6")
    return int(text)


def _cell(text: str) -> Cell:
    cell = geo.parse_cell(text)
    if cell is None:
        raise InvalidActionError(f"{text!r} is not a space a1..f6 (column letter, row number)")
    return cell


def _count(args: list[str], n: int, usage: str) -> None:
    if len(args) != n:
        raise InvalidActionError(f"expected {usage}")


def _write(args: list[str], comps: Components) -> ConnnectAction:
    _count(args, 2, "'write NUMBER SPACE', e.g. 'write 2 b1'")
    return Write(_number(args[0]), _cell(args[1]))


def _adjust(args: list[str], comps: Components) -> ConnnectAction:
    _count(args, 2, "'adjust SPACE DELTA' or 'adjust NUMBER DELTA', e.g. 'adjust b2 +1'")
    if args[1] not in ("+1", "+2", "-1", "-2"):
        raise InvalidActionError(f"{args[1]!r}: an adjustment is +1, +2, -1 or -2")
    delta = int(args[1])
    if args[0].isdigit():
        return AdjustDie(_number(args[0]), delta)
    return AdjustCell(_cell(args[0]), delta)


def _move(args: list[str], comps: Components) -> ConnnectAction:
    _count(args, 1, "'move SPACE', e.g. 'move b2' (then 'write' the number elsewhere)")
    return Move(_cell(args[0]))


def _claim(args: list[str], comps: Components) -> ConnnectAction:
    if not args:
        raise InvalidActionError("expected 'claim SHAPE SPACE...', e.g. 'claim L3 a5 b5 b6'")
    name = args[0].upper()
    sizes = {s.id: s.size for s in (*comps.connect3, *comps.connect4, *comps.cards)}
    if name not in sizes:
        known = ", ".join(sizes)
        raise InvalidActionError(f"{args[0]!r} is not a shape (shapes and cards: {known})")
    rest = args[1:]
    reuse = bool(rest) and rest[-1].lower() == "reuse"
    cells = [_cell(word) for word in (rest[:-1] if reuse else rest)]
    if len(cells) != sizes[name]:
        raise InvalidActionError(f"{name} has {sizes[name]} spaces, {len(cells)} given")
    if len(set(cells)) != len(cells):
        raise InvalidActionError("a space is named twice in the claim")
    return Claim(name, tuple(sorted(cells)), reuse)


def _done(args: list[str], comps: Components) -> ConnnectAction:
    _count(args, 0, "'done' alone")
    return Done()


def _roll(args: list[str], comps: Components) -> ConnnectAction:
    _count(args, 3, "'roll D D D'")
    a, b, c = sorted(_number(word) for word in args)
    return Roll((a, b, c))


def _objectives(args: list[str], comps: Components) -> ConnnectAction:
    ids = tuple(word.upper() for word in args)
    decks = [next((o.deck for o in comps.objectives if o.id == i), None) for i in ids]
    if decks != list(comps.decks):
        raise InvalidActionError(f"expected one objective card of each deck {comps.decks}")
    return DealObjectives(ids)


def _cards(args: list[str], comps: Components) -> ConnnectAction:
    order = [card.id for card in comps.cards]
    letters = [word.upper() for word in args]
    distinct = len(letters) == len(set(letters)) == comps.face_up
    if not distinct or not set(letters) <= set(order):
        raise InvalidActionError(f"expected {comps.face_up} different cards of {order}")
    return DealCards(tuple(sorted(letters, key=order.index)))


_PARSERS = {
    "write": _write,
    "adjust": _adjust,
    "move": _move,
    "claim": _claim,
    "done": _done,
    "roll": _roll,
    "objectives": _objectives,
    "cards": _cards,
}
