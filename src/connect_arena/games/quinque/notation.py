"""Quinque actions and their canonical notation (see ``docs/notation.md``).

Coordinates (``docs/rules/quinque.md`` §Geometry):

* a **tile cell** ``T x,y`` is a cell of the tile lattice; the first tile is ``T0,0``;
* a **skydiver** ``x,y`` is a point of the global skydiver lattice: with tiles of ``s × s``
  skydivers (``s = 2`` by default) tile ``Ttx,ty`` holds skydivers ``s*tx + i, s*ty + j`` for
  ``0 <= i, j < s``;
* ``x`` grows to the right (east), ``y`` grows downwards (south), as on the screen.

Canonical forms (one space between words; integers may be negative):

=====================  ======================================================================
``mark 3,-1``          put a parachute on free skydiver ``3,-1``
``add T1,0 2,0``       add a tile at ``T1,0`` and put a parachute on its skydiver ``2,0``
``move T2,0 T1,1``     move the tile at ``T2,0`` to the free cell ``T1,1``
``pass``               end the turn without (further) action
``first 1``            chance outcome: seat 1 begins (only with ``first_player=random``)
=====================  ======================================================================

Input is forgiving: letters in any case, spaces around commas, ``add 2,0`` for
``add T1,0 2,0``, ``->``/``>``/``to`` between the cells of a move, and ``starter 1`` (the
chance action's name in records written before it was called ``first``) for ``first 1``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from connect_arena.core.errors import InvalidActionError
from connect_arena.core.game import Action

Cell = tuple[int, int]
"""A lattice point ``(x, y)``: a tile cell or a skydiver, depending on context."""


def format_cell(cell: Cell) -> str:
    """``(3, -1)`` → ``"3,-1"``."""
    return f"{cell[0]},{cell[1]}"


def format_tile(cell: Cell) -> str:
    """``(3, -1)`` → ``"T3,-1"``."""
    return f"T{cell[0]},{cell[1]}"


@dataclass(frozen=True, slots=True)
class Mark(Action):
    """MARK: put one of your parachutes on a free skydiver (rulebook: "contrassegnare un
    paracadutista")."""

    skydiver: Cell

    def __str__(self) -> str:
        return f"mark {format_cell(self.skydiver)}"


@dataclass(frozen=True, slots=True)
class Add(Action):
    """ADD_AND_MARK: add a tile from the stack and mark one of its skydivers ("aggiungerne
    una nuova"; Q-1)."""

    tile: Cell
    skydiver: Cell

    def __str__(self) -> str:
        return f"add {format_tile(self.tile)} {format_cell(self.skydiver)}"


@dataclass(frozen=True, slots=True)
class Move(Action):
    """MOVE: move a tile to a free cell ("spostare una tessera")."""

    tile: Cell
    to: Cell

    def __str__(self) -> str:
        return f"move {format_tile(self.tile)} {format_tile(self.to)}"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """End the turn: skip the optional second action, or pass with no legal action (Q-14)."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class FirstPlayer(Action):
    """Chance outcome choosing the first player, a 0-based seat (option
    ``first_player=random``; Q-21)."""

    seat: int

    def __str__(self) -> str:
        return f"first {self.seat}"


QuinqueAction = Mark | Add | Move | Pass | FirstPlayer

_INT = r"([+-]?\d+)"
_POINT = rf"\(?\s*{_INT}\s*,\s*{_INT}\s*\)?"
_TILE = rf"T\s*{_POINT}"
_PATTERNS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(rf"mark\s+{_POINT}", re.I), "mark"),
    (re.compile(rf"add\s+{_TILE}\s+{_POINT}", re.I), "add"),
    (re.compile(rf"add\s+{_POINT}", re.I), "add-short"),
    (re.compile(rf"move\s+{_TILE}\s*(?:->|>|\s+to\s+|\s)\s*{_TILE}", re.I), "move"),
    (re.compile(r"pass", re.I), "pass"),
    (re.compile(r"(?:first|starter)\s+([0-9]+)", re.I), "first"),  # "starter": older records
]

HELP = (
    "actions: 'mark X,Y' (skydiver), 'add TX,Y X,Y' (new tile and its skydiver), "
    "'move TX,Y TX,Y' (tile to cell), 'pass'"
)


def parse_action(text: str, side: int) -> QuinqueAction:
    """Parse Quinque notation (syntax only; legality is checked by the state).

    Args:
        text: the action text, e.g. ``"move T0,0 T1,1"``.
        side: skydivers per tile side (``2`` for 2×2 tiles), to check that an ``add``'s
            skydiver lies on its tile and to expand the short form ``add X,Y``.

    Raises:
        InvalidActionError: not an action of the notation, or an ``add`` whose skydiver is
            not on the named tile.
    """
    text = text.strip()
    for pattern, kind in _PATTERNS:
        match = pattern.fullmatch(text)
        if match is None:
            continue
        n = [int(group) for group in match.groups()]
        if kind == "mark":
            return Mark((n[0], n[1]))
        if kind == "add-short":
            return Add((n[0] // side, n[1] // side), (n[0], n[1]))
        if kind == "add":
            tile, skydiver = (n[0], n[1]), (n[2], n[3])
            if (skydiver[0] // side, skydiver[1] // side) != tile:
                raise InvalidActionError(
                    f"skydiver {format_cell(skydiver)} is not on tile {format_tile(tile)}"
                )
            return Add(tile, skydiver)
        if kind == "move":
            return Move((n[0], n[1]), (n[2], n[3]))
        if kind == "pass":
            return Pass()
        return FirstPlayer(n[0])
    raise InvalidActionError(f"{text!r} is not a Quinque action; {HELP}")
