"""Connect 5 actions and their canonical notation (``docs/rules/connect5.md`` §Notation).

Dots are named by their ids on the board (``a0``, ``c12`` …; any case on input). One turn is
one action, so a record has one line per turn; a multiple capture is one ``jump`` naming every
dot jumped over and every landing dot.

=======================================  ==================================================
``place a3``                              put a token from the supply on the free dot a3
``stack a2``                              put a token from the supply on your single on a2
``step b2 b4``                            move your token (single or double) to b4
``split b1 b0``                           move the top token of your double on b1 to b0
``jump a0 over a1 to a2 over a3 to a4``   a capture, here a multiple one
``sandwich a2 over a3 to a4``             the sandwich capture: land on your single on a4
``pass``                                  only when no other action is possible
``first 2``                               chance: seat 2 starts the first round
                                          (``first_player=random``; ``starter 2`` also read)
=======================================  ==================================================

Input is forgiving: any case; ``-``, ``>``, ``->`` or ``to`` between the two dots of a step or
a split; a bare dot id (``a3``) for ``place``/``stack``; a capture by its landing dots alone
(``jump a0 a2 a4``, ``jump a0-a2-a4``) when the board leaves one dot between each pair.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, cast

from connect_arena.core.errors import InvalidActionError
from connect_arena.core.game import Action
from connect_arena.games.connect5.board import Board


@dataclass(frozen=True, slots=True)
class Place(Action):
    """PLACE: a token from the supply onto a free dot ("Aggiungere una pedina")."""

    dot: str

    def __str__(self) -> str:
        return f"place {self.dot}"


@dataclass(frozen=True, slots=True)
class Stack(Action):
    """STACK: a token from the supply onto your single on a circled dot ("Mettere una pedina
    sopra ad un'altra sua pedina, purché questa si trovi su pallino nero cerchiato")."""

    dot: str

    def __str__(self) -> str:
        return f"stack {self.dot}"


@dataclass(frozen=True, slots=True)
class Step(Action):
    """STEP: move a single or a double to an adjacent dot ("Spostare una delle sue pedine dal
    punto in cui si trova ad uno adiacente")."""

    src: str
    dst: str

    def __str__(self) -> str:
        return f"step {self.src} {self.dst}"


@dataclass(frozen=True, slots=True)
class Split(Action):
    """SPLIT: the top token of a double to an adjacent free dot ("Dividere una pedina doppia
    in due pedine singole, muovendone una e lasciando l'altra sul punto di origine")."""

    src: str
    dst: str

    def __str__(self) -> str:
        return f"split {self.src} {self.dst}"


@dataclass(frozen=True, slots=True)
class Jump(Action):
    """A capture: one jump or a chain ("Eseguire mangiate multiple").

    Attributes:
        path: start, then for each jump the dot jumped over and the landing dot
            (odd length >= 3).
        sandwich: whether the last landing is the player's own single (the sandwich capture,
            "creando di conseguenza una pedina doppia").
    """

    path: tuple[str, ...]
    sandwich: bool = False

    def __str__(self) -> str:
        path = self.path
        words = ["sandwich" if self.sandwich else "jump", *path[:1]]
        for i in range(1, len(path) - 1, 2):
            words += ["over", path[i], "to", path[i + 1]]
        return " ".join(map(str, words))

    def parts(self) -> dict[str, Any]:
        """The capture as data (:meth:`Action.parts`: ``kind`` ``"jump"``, ``path``,
        ``sandwich``), plus ``prefixes``: the notation of the capture cut after each hop, the
        last being the whole capture's, by which a page names a capture chosen hop by hop."""
        parts = Action.parts(self)  # not super(): slots=True makes a new class
        cuts = range(3, len(self.path), 2)
        parts["prefixes"] = [str(Jump(self.path[:cut])) for cut in cuts] + [str(self)]
        return parts

    @property
    def start(self) -> str:
        """The dot the capturing token starts from."""
        return self.path[0]

    @property
    def hops(self) -> list[tuple[str, str]]:
        """``(jumped over, landing)`` for each jump, in order."""
        return [(self.path[i], self.path[i + 1]) for i in range(1, len(self.path), 2)]


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Pass: the only action of a player who can neither place nor move."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class FirstPlayer(Action):
    """Chance outcome: who starts the first round ("dopo aver deciso chi comincia"); later
    rounds' starters follow clockwise (``Connect5State.starter``). Written ``first 2``; the
    old form ``starter 2`` is still read, so older records replay."""

    seat: int

    def __str__(self) -> str:
        return f"first {self.seat}"


Connect5Action = Place | Stack | Step | Split | Jump | Pass | FirstPlayer

HELP = (
    "actions: 'place D', 'stack D', 'step D D', 'split D D', "
    "'jump D over D to D [over D to D]…', 'sandwich D over D to D', 'pass' (D = a dot id)"
)
_SEAT = re.compile(r"[0-9]+")
_SEP = re.compile(r"\s*(?:->|>|-|\bto\b|,|\s)\s*", re.I)
Victims = Callable[[int, int], list[int]]
"""``victims(a, c)``: the dots a jump from dot ``a`` to dot ``c`` could go over."""


def action_problem(action: object, board: Board, index: Mapping[str, int]) -> str | None:
    """Why an action object cannot be a Connect 5 action on ``board``, or ``None``.

    Objects built by a program rather than parsed must name existing dots, spelled as on
    the board (``index``: canonical id → dot; text input is case-insensitive, but the record
    keeps ``str(action)``), and a capture's path must have an odd length of at least 3.
    """
    kind = type(action)  # the exact class, as in ``Connect5State._move`` (quicker)
    if kind is Place or kind is Stack:
        dots: tuple[object, ...] = (cast(Place | Stack, action).dot,)
    elif kind is Step or kind is Split:
        move = cast(Step | Split, action)
        dots = (move.src, move.dst)
    elif kind is Jump:
        dots = cast(Jump, action).path
        if not isinstance(dots, tuple) or len(dots) < 3 or len(dots) % 2 == 0:
            return (
                "a capture names its start, then for each jump the dot jumped over and the "
                "landing dot (an odd number, at least 3)"
            )
    elif kind is Pass or kind is FirstPlayer:
        return None
    else:
        return f"{action!r} is not a Connect 5 action"
    for name in dots:
        if not isinstance(name, str) or name not in index:
            return _dot_problem(name, board)
    return None


def _dot_problem(name: object, board: Board) -> str:
    """Why ``name`` does not name a dot of ``board`` as the board spells it."""
    if not isinstance(name, str):
        return f"{name!r} is not a dot id"
    node = board.find(name)
    if node is None:
        return f"{name!r} is not a dot on board {board.id!r}"
    if node >= board.num_dots:
        return f"{name!r} is a junction without a dot on board {board.id!r}"
    return f"{name!r} is written {board.nodes[node].id!r} on board {board.id!r}"


def parse_action(text: str, board: Board, victims: Victims) -> Connect5Action:
    """Parse Connect 5 notation (syntax and dot names; legality is the state's business).

    Args:
        text: e.g. ``"jump a0 over a1 to a2"``.
        board: the board, to check and canonicalise dot ids.
        victims: resolves the short form of a capture that names landing dots only.

    Raises:
        InvalidActionError: not in the notation, an unknown dot, or a short capture whose
            jumped-over dot cannot be told.
    """
    words = text.strip().split(None, 1)
    if not words:
        raise InvalidActionError(f"empty action; {HELP}")
    verb, rest = words[0].lower(), (words[1] if len(words) > 1 else "")
    if verb == "pass" and not rest:
        return Pass()
    if verb in ("first", "starter") and _SEAT.fullmatch(rest.strip()):
        return FirstPlayer(int(rest))  # ASCII digits only: str.isdigit() also takes "²"
    if verb in ("place", "stack"):
        dots = _dots(rest, board, text)
        if len(dots) == 1:
            return Place(dots[0]) if verb == "place" else Stack(dots[0])
    elif verb in ("step", "split", "move"):
        dots = _dots(rest, board, text)
        if len(dots) == 2:
            return Split(*dots) if verb == "split" else Step(*dots)
    elif verb in ("jump", "sandwich", "capture"):
        return _capture(rest, verb == "sandwich", board, victims, text)
    raise InvalidActionError(f"{text.strip()!r} is not a Connect 5 action; {HELP}")


def _dots(rest: str, board: Board, text: str) -> list[str]:
    """The dot ids in ``rest`` (separated by spaces, ``-``, ``>``, ``to``), canonical case."""
    names = [name for name in _SEP.split(rest.strip()) if name]
    return [dot_name(name, board, text) for name in names]


def dot_name(name: str, board: Board, text: str = "") -> str:
    """The canonical id of dot ``name`` (any case).

    Raises:
        InvalidActionError: the board has no such dot.
    """
    try:
        return board.nodes[board.dot_index(name)].id
    except KeyError:
        context = f" in {text.strip()!r}" if text else ""
        node = board.find(name)
        what = "is a junction without a dot" if node is not None else "is not a dot"
        raise InvalidActionError(f"{name!r}{context} {what} on board {board.id!r}") from None


def _capture(rest: str, sandwich: bool, board: Board, victims: Victims, text: str) -> Jump:
    tokens = [t for t in _SEP.split(rest.strip()) if t]
    lowered = [t.lower() for t in tokens]
    if "over" in lowered:
        # Full form: A over B to C [over B to C]... ("to" is eaten as a separator).
        hops, extra = divmod(len(tokens) - 1, 3)
        if hops == 0 or extra or lowered[1::3] != ["over"] * hops:
            raise InvalidActionError(
                f"{text.strip()!r}: write a capture as 'jump A over B to C [over D to E]…'"
            )
        dots = [tokens[0]] + [t for i, t in enumerate(tokens[1:]) if i % 3 != 0]
        return Jump(tuple(dot_name(d, board, text) for d in dots), sandwich)
    landings = [dot_name(t, board, text) for t in tokens]
    if len(landings) < 2:
        raise InvalidActionError(f"{text.strip()!r}: a capture needs a start and a landing dot")
    path = [landings[0]]
    for a, c in itertools.pairwise(landings):
        over = victims(board.dot_index(a), board.dot_index(c))
        if len(over) != 1:
            why = "no dot lies" if not over else "several dots lie"
            raise InvalidActionError(
                f"{text.strip()!r}: {why} between {a} and {c} on a line; "
                f"write 'jump {a} over B to {c}'"
            )
        path += [board.nodes[over[0]].id, c]
    return Jump(tuple(path), sandwich)
