"""Connect Pairs actions and their canonical notation (``docs/rules/pairs.md`` §Notation).

Subjects are the letters ``A``..``F``, zones are die faces ``1``..``6``, top slots ``1``..``4``.
A *token* inside a zone is written zone then subject: ``3C`` is "a C in zone 3".

=================  ====================================================================
``key CAFBED``     setup: the pair's key, die 1 → C, 2 → A, … (the pair's first seat, or
                   chance with ``key=random``)
``first 2``        chance: seat 2 begins (``first_player=random``)
``roll 2 2 5``     chance: the three dice, sorted
``move C 1>6``     move a C from zone 1 to zone 6 (MOVE, or the DOUBLE move)
``take E 2 4``     TAKE two E from the supply into zones 2 and 4 (``take E 2``: one token,
                   with ``take_short_supply=partial``)
``swap 2A 5E``     DOUBLE: swap the A of zone 2 with the E of zone 5
``connect``        CONNECT with the partner
``give 3C``        in a connection: give the C of zone 3 (the active player offers first,
                   then the partner answers ``give 3E``)
``give 3C E``      in a connection with ``connect_chooser=active``: give C, receive E
``done``           end the connection (no more swaps)
``top 6>2``        three of a subject in zone 6: one of them goes to top slot 2 (replacing
                   what is there when the row is full)
``keep 6``         zone 6 keeps its three tokens (the event does nothing, or a replacement
                   is declined with ``replacement=optional``)
``pass``           decline an optional DOUBLE (only with ``double_swap``/``double_empty_zone``
                   set to ``optional``)
=================  ====================================================================

Input is forgiving: any case, extra spaces, ``roll 252`` or ``roll 2,5,2``, ``move C 1 6`` or
``move C 1->6``, ``swap 5E 2A`` (zones in either order), ``top 6 2``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from connect_arena.core.errors import InvalidActionError
from connect_arena.core.game import Action
from connect_arena.games.pairs.components import (
    KEY_PERMUTATIONS,
    NUM_SUBJECTS,
    ROLL_OUTCOMES,
    SLOTS,
    SUBJECTS,
    letter,
)


class _Notated(Action):
    """Base of the Connect Pairs actions: ``str()`` is computed once per action object.

    Records and the conformance suite turn long histories (thousands of actions) into text
    again and again; caching the text in a slot makes that cheap. Equality and hashing use
    only the dataclass fields.
    """

    __slots__ = ("_text",)
    _text: str

    def __str__(self) -> str:
        try:
            return self._text
        except AttributeError:
            text = self.notation()
            object.__setattr__(self, "_text", text)
            return text

    def notation(self) -> str:
        """The canonical notation (uncached)."""
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class KeyChoice(_Notated):
    """The key of a pair: ``subjects[v - 1]`` is the subject conquered by die value ``v``
    ("negli spazi numerati da 1 a 6")."""

    subjects: tuple[int, ...]

    def notation(self) -> str:
        """The canonical notation of the action."""
        return "key " + "".join(letter(s) for s in self.subjects)


@dataclass(frozen=True, slots=True)
class FirstPlayer(_Notated):
    """Chance outcome: the seat that begins the first manche (PG-7)."""

    seat: int

    def notation(self) -> str:
        """The canonical notation of the action."""
        return f"first {self.seat}"


@dataclass(frozen=True, slots=True)
class Roll(_Notated):
    """Chance outcome: the three dice, sorted ("tira contemporaneamente i 3 dadi")."""

    dice: tuple[int, int, int]

    def notation(self) -> str:
        """The canonical notation of the action."""
        return "roll " + " ".join(map(str, self.dice))


@dataclass(frozen=True, slots=True)
class Move(_Notated):
    """Move one token of ``subject`` from zone ``source`` to zone ``target`` (option A MOVE,
    or the DOUBLE with an empty zone)."""

    subject: int
    source: int
    target: int

    def notation(self) -> str:
        """The canonical notation of the action."""
        return f"move {letter(self.subject)} {self.source}>{self.target}"


@dataclass(frozen=True, slots=True)
class Take(_Notated):
    """Option B TAKE: tokens of ``subject`` from the supply into ``zones`` (sorted; two zones,
    or one with ``take_short_supply=partial``)."""

    subject: int
    zones: tuple[int, ...]

    def notation(self) -> str:
        """The canonical notation of the action."""
        return f"take {letter(self.subject)} " + " ".join(map(str, self.zones))


@dataclass(frozen=True, slots=True)
class Swap(_Notated):
    """DOUBLE: swap a ``first_subject`` token of zone ``first_zone`` with a ``second_subject``
    token of zone ``second_zone`` (``first_zone < second_zone``)."""

    first_zone: int
    first_subject: int
    second_zone: int
    second_subject: int

    def notation(self) -> str:
        """The canonical notation of the action."""
        first = f"{self.first_zone}{letter(self.first_subject)}"
        return f"swap {first} {self.second_zone}{letter(self.second_subject)}"


@dataclass(frozen=True, slots=True)
class Connect(_Notated):
    """Option C CONNECT: start a connection with the partner."""

    def notation(self) -> str:
        """The canonical notation of the action."""
        return "connect"


@dataclass(frozen=True, slots=True)
class Give(_Notated):
    """In a connection, give the ``subject`` token of zone ``zone`` to the partner.

    ``receive`` is the subject taken from the partner when the active player chooses both
    tokens (``connect_chooser=active``); ``None`` when each partner chooses his own (PG-14).
    """

    zone: int
    subject: int
    receive: int | None = None

    def notation(self) -> str:
        """The canonical notation of the action."""
        text = f"give {self.zone}{letter(self.subject)}"
        return text if self.receive is None else f"{text} {letter(self.receive)}"


@dataclass(frozen=True, slots=True)
class Done(_Notated):
    """End the connection: no more swaps this turn."""

    def notation(self) -> str:
        """The canonical notation of the action."""
        return "done"


@dataclass(frozen=True, slots=True)
class Top(_Notated):
    """Three of a subject in zone ``zone``: move one of them to top slot ``slot``, sending a
    token already there back to the supply."""

    zone: int
    slot: int

    def notation(self) -> str:
        """The canonical notation of the action."""
        return f"top {self.zone}>{self.slot}"


@dataclass(frozen=True, slots=True)
class Keep(_Notated):
    """Three of a subject in zone ``zone``: nothing moves (repeated subject, or a declined
    optional replacement)."""

    zone: int

    def notation(self) -> str:
        """The canonical notation of the action."""
        return f"keep {self.zone}"


@dataclass(frozen=True, slots=True)
class Pass(_Notated):
    """Decline an optional DOUBLE effect (PG-8, PG-9 options only)."""

    def notation(self) -> str:
        """The canonical notation of the action."""
        return "pass"


PairsAction = (
    KeyChoice | FirstPlayer | Roll | Move | Take | Swap | Connect | Give | Done | Top | Keep | Pass
)
ACTION_TYPES = frozenset(
    {KeyChoice, FirstPlayer, Roll, Move, Take, Swap, Connect, Give, Done, Top, Keep, Pass}
)
"""The concrete action classes (for fast ``type(action) in ACTION_TYPES`` checks)."""

_F = r"([1-6])"
_S = r"([a-f])"
_TO = r"\s*(?:->|>|-|\s+to\s+|\s)\s*"
_PATTERNS: dict[str, re.Pattern[str]] = {
    word: re.compile(pattern, re.I)
    for word, pattern in (
        ("key", r"key\s+([a-f]{6})"),
        ("first", r"first\s+(\d)"),
        ("roll", rf"roll\s*{_F}[\s,-]*{_F}[\s,-]*{_F}"),
        ("move", rf"move\s+{_S}\s*{_F}{_TO}{_F}"),
        ("take", rf"take\s+{_S}\s*{_F}(?:[\s,+]*{_F})?"),
        ("swap", rf"swap\s+{_F}\s*{_S}[\s,]*{_F}\s*{_S}"),
        ("connect", r"connect"),
        ("give", rf"give\s+{_F}\s*{_S}(?:\s+(?:for\s+)?{_S})?"),
        ("done", r"done"),
        ("top", rf"top\s+{_F}{_TO}{_F}"),
        ("keep", rf"keep\s+{_F}"),
        ("pass", r"pass"),
    )
}
_WORD = re.compile(r"[a-z]*", re.I)
_FORMS = {
    "key": "'key ABCDEF' (the subjects for die values 1 to 6, each letter A-F once)",
    "first": "'first 0' (a seat number)",
    "roll": "'roll 2 2 5' (three die values 1-6)",
    "move": "'move C 1>6' (a subject A-F, then from-zone > to-zone, zones 1-6)",
    "take": "'take E 2 4' (a subject A-F and two zones 1-6)",
    "swap": "'swap 2A 5E' (two tokens, each a zone 1-6 and a subject A-F)",
    "connect": "'connect'",
    "give": "'give 3C' (a zone 1-6 and a subject A-F; 'give 3C E' to name the token received)",
    "done": "'done'",
    "top": "'top 6>2' (a zone 1-6 and a top slot 1-4)",
    "keep": "'keep 6' (a zone 1-6)",
    "pass": "'pass'",
}

HELP = (
    "actions: 'move C 1>6', 'take E 2 4', 'swap 2A 5E', 'connect', 'give 3C', 'done', "
    "'top 6>2', 'keep 6', 'key ABCDEF'"
)


def _subject(text: str) -> int:
    return SUBJECTS.index(text.upper())


_TABLE: dict[str, PairsAction] = {}
"""Canonical text → action, for every action of the notation (built on first use)."""


def every_action() -> list[PairsAction]:
    """Every action the notation can express (about 2,000), in canonical form."""
    faces, subjects = range(1, 7), range(NUM_SUBJECTS)
    actions: list[PairsAction] = [KeyChoice(key) for key in KEY_PERMUTATIONS]
    actions += [FirstPlayer(seat) for seat in range(8)]
    actions += [Roll(dice) for dice, _ in ROLL_OUTCOMES]
    actions += [Move(s, a, b) for s in subjects for a in faces for b in faces]
    actions += [Take(s, (a,)) for s in subjects for a in faces]
    actions += [Take(s, (a, b)) for s in subjects for a in faces for b in faces if a <= b]
    actions += [
        Swap(a, x, b, y) for a in faces for b in faces if a <= b for x in subjects for y in subjects
    ]
    actions += [Give(z, x, y) for z in faces for x in subjects for y in (None, *subjects)]
    actions += [Top(z, k) for z in faces for k in SLOTS] + [Keep(z) for z in faces]
    return [*actions, Connect(), Done(), Pass()]


def canonical(text: str) -> PairsAction | None:
    """The action whose canonical notation is exactly ``text``, or ``None`` (a fast path:
    records and agents use the canonical forms)."""
    if not _TABLE:
        _TABLE.update((str(action), action) for action in every_action())
    return _TABLE.get(text)


def parse_action(text: str) -> PairsAction:
    """Parse Connect Pairs notation (syntax only; the state checks legality).

    Args:
        text: e.g. ``"move C 1>6"``; case and spacing are free.

    Returns:
        The action in canonical form (sorted dice, sorted zones).

    Raises:
        InvalidActionError: not an action of the notation, or a key that does not use each
            subject exactly once, or a slot outside 1-4.
    """
    action = canonical(text)
    if action is not None:
        return action
    text = text.strip()
    word = _WORD.match(text)
    kind = "" if word is None else word.group().lower()
    pattern = _PATTERNS.get(kind)
    match = None if pattern is None else pattern.fullmatch(text)
    if match is not None:
        return _build(kind, [g for g in match.groups() if g is not None], text)
    if kind in _FORMS:
        raise InvalidActionError(f"{text!r} is not in the notation: write {_FORMS[kind]}")
    raise InvalidActionError(f"{text!r} is not a Connect Pairs action; {HELP}")


def _build(kind: str, groups: list[str], text: str) -> PairsAction:
    """The action of ``kind`` from the regular expression's groups."""
    if kind == "key":
        subjects = tuple(_subject(c) for c in groups[0])
        if len(set(subjects)) != NUM_SUBJECTS:
            raise InvalidActionError(
                f"{text!r}: a key places one token of each subject A-F on the spaces 1-6"
            )
        return KeyChoice(subjects)
    if kind in ("first", "roll", "keep"):
        numbers = [int(g) for g in groups]
        if kind == "first":
            return FirstPlayer(numbers[0])
        if kind == "keep":
            return Keep(numbers[0])
        a, b, c = sorted(numbers)
        return Roll((a, b, c))
    if kind == "move":
        return Move(_subject(groups[0]), int(groups[1]), int(groups[2]))
    if kind == "take":
        return Take(_subject(groups[0]), tuple(sorted(int(g) for g in groups[1:])))
    if kind == "swap":
        first, second = sorted([(int(groups[0]), groups[1]), (int(groups[2]), groups[3])])
        return Swap(first[0], _subject(first[1]), second[0], _subject(second[1]))
    if kind == "give":
        receive = _subject(groups[2]) if len(groups) > 2 else None
        return Give(int(groups[0]), _subject(groups[1]), receive)
    if kind == "top":
        slot = int(groups[1])
        if slot not in SLOTS:
            raise InvalidActionError(f"{text!r}: top slots are numbered 1 to 4")
        return Top(int(groups[0]), slot)
    simple: dict[str, PairsAction] = {"connect": Connect(), "done": Done(), "pass": Pass()}
    return simple[kind]
