"""The data of a paired event: entrants, finished games, byes, and what a pairing returns.

An **entrant** is one *side* of a table: a person or agent in a two-sided game, one player of
a Connect 5 table of 3-5, or a registered **pair of partners** in Connect Pairs (the caller
seats a pair's two members in the partner seats of ``Game.teams()``). Pairing never looks at
seats inside a side: a table is a tuple of entrant ids in side order, side 0 moving first.

Everything here is immutable and validated on construction (bad input raises ``ValueError``
and builds nothing).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Entrant:
    """One entrant.

    Attributes:
        id: unique, non-empty (a user id, an agent label...).
        rating: seeding strength (higher first among equal scores); any unit, e.g. Elo.
        withdrawn: left the event: never paired again, its games still count.
    """

    id: str
    rating: float = 0.0
    withdrawn: bool = False

    def __post_init__(self) -> None:
        if not self.id:
            raise ValueError("an entrant needs a non-empty id")


def check_ranks(ranks: Sequence[int]) -> None:
    """Check that ``ranks`` are competition ranks: 1 = best, ties share the better rank and
    the next rank skips (``(1, 1, 3)``, not ``(1, 1, 2)``).

    Raises:
        ValueError: otherwise.
    """
    for rank in ranks:
        if rank != 1 + sum(other < rank for other in ranks):
            raise ValueError(f"{tuple(ranks)} are not competition ranks (1 = best, ties skip)")


@dataclass(frozen=True, slots=True)
class Played:
    """One finished game.

    Attributes:
        round: the round it belongs to (0-based; in an arena, the order games finished in).
        sides: entrant id per side, in seat order (side 0 moved first); two or more, distinct.
        ranks: competition rank of each side (1 = best; a draw of two is ``(1, 1)``).
        forfeited: entrants who did not show up (the caller ranks them last, e.g. a loss on
            time). They did not *meet* the others: pairing may seat them together again.
    """

    round: int
    sides: tuple[str, ...]
    ranks: tuple[int, ...]
    forfeited: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.round < 0:
            raise ValueError("a round index is 0 or more")
        if len(self.sides) < 2:
            raise ValueError("a game needs two sides or more")
        if len(set(self.sides)) != len(self.sides):
            raise ValueError(f"an entrant plays one side of a game: {self.sides}")
        if len(self.ranks) != len(self.sides):
            raise ValueError("one rank per side")
        check_ranks(self.ranks)
        if not set(self.forfeited) <= set(self.sides):
            raise ValueError("a forfeiting entrant must be at the table")


@dataclass(frozen=True, slots=True)
class Bye:
    """A round an entrant was not paired (odd field, or no room at a table).

    Attributes:
        round: 0-based round.
        entrant: its id.
        points: what it scored: ``1.0`` (a win, the FIDE and Lichess Swiss default), ``0.5``
            or ``0.0``.
    """

    round: int
    entrant: str
    points: float = 1.0

    def __post_init__(self) -> None:
        if self.points not in (0.0, 0.5, 1.0):
            raise ValueError("a bye scores 0, 0.5 or 1 point")


@dataclass(frozen=True, slots=True)
class Pairing:
    """The outcome of pairing one round (or one arena wave).

    Attributes:
        tables: each table's entrant ids in side order (side 0 moves first).
        byes: entrants given a bye this round (score them with :class:`Bye`).
        waiting: arena only: entrants left waiting for the next pairing.
    """

    tables: tuple[tuple[str, ...], ...]
    byes: tuple[str, ...] = ()
    waiting: tuple[str, ...] = ()

    def entrants(self) -> list[str]:
        """Every entrant this pairing mentions: seated, then byes, then waiting."""
        return [e for table in self.tables for e in table] + [*self.byes, *self.waiting]


def check_event(
    entrants: Sequence[Entrant], results: Sequence[Played], byes: Sequence[Bye]
) -> dict[str, Entrant]:
    """The entrants by id, after checking that ids are unique and that every game and bye
    names known entrants.

    Raises:
        ValueError: a duplicate id, or an unknown entrant in a game or bye.
    """
    by_id = {entrant.id: entrant for entrant in entrants}
    if len(by_id) != len(entrants):
        raise ValueError("entrant ids must be unique")
    for game in results:
        unknown = [side for side in game.sides if side not in by_id]
        if unknown:
            raise ValueError(f"unknown entrant(s) in a game: {', '.join(unknown)}")
    for bye in byes:
        if bye.entrant not in by_id:
            raise ValueError(f"unknown entrant with a bye: {bye.entrant}")
    return by_id
