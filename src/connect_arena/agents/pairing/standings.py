"""Scores, arena points, tie-breaks and standings (see ``docs/tournaments.md``).

**Game points** (Swiss and round-robin): a side at a table of ``n`` sides finishing in
position ``p`` (1 = first) scores ``(n - p) / (n - 1)``; sides that tie share the mean of the
positions they cover. With two sides: win 1, draw 0.5, loss 0 (FIDE); with more, points per
rank: 3 sides score 1, 0.5, 0, and ranks ``(1, 1, 3)`` score 0.75, 0.75, 0. A bye scores its
:attr:`Bye.points`.

**Arena points** (Lichess arena): twice the game points (win 2, draw 1, loss 0; multi-player
2 for first down to 0 for last), doubled while *on fire*: after two wins in a row (sole first
place), until a game is not won.

**Tie-breaks** (each a number, higher is better except ``mean_rank``):

* ``buchholz``: the sum, over the entrant's games, of the mean final score of its opponents
  at that table (FIDE Buchholz for two sides; per game, so a five-player table does not count
  four times more than a duel). An unplayed round (bye) counts as a game against an opponent
  with the entrant's own final score (a simplification of FIDE's "virtual opponent").
* ``buchholz_cut1``: the same without the single lowest contribution.
* ``sonneborn_berger``: the sum of game points × that mean opponents' score (a bye: its
  points × the entrant's own score).
* ``mean_rank``: the mean finishing position (1 = first; lower is better).
* ``wins``: games won (sole first place).
* ``percentage``: game points per game played (arena: who needed fewer games).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from connect_arena.agents.pairing.model import Bye, Entrant, Played, check_event

TIEBREAKS: dict[str, tuple[str, ...]] = {
    "swiss": ("buchholz_cut1", "buchholz", "sonneborn_berger"),
    "swiss-multi": ("buchholz", "mean_rank"),
    "round-robin": ("sonneborn_berger", "wins"),
    "round-robin-multi": ("sonneborn_berger", "mean_rank"),
    "arena": ("percentage", "buchholz"),
}
"""The tie-breaks of each system, in order (``-multi``: tables of three sides or more)."""

LOWER_IS_BETTER = frozenset({"mean_rank"})


def game_points(ranks: Sequence[int]) -> list[float]:
    """Each side's game points from competition ranks (see the module docstring).

    Example: ``[1, 2]`` → ``[1.0, 0.0]``; ``[1, 1]`` → ``[0.5, 0.5]``; ``[2, 1, 3]`` →
    ``[0.5, 1.0, 0.0]``.
    """
    n = len(ranks)
    out = []
    for rank in ranks:
        tied = sum(other == rank for other in ranks)
        positions = range(rank, rank + tied)
        out.append(sum((n - p) / (n - 1) for p in positions) / tied)
    return out


def mean_position(ranks: Sequence[int], side: int) -> float:
    """The mean finishing position of ``side`` (tied sides share the mean of their positions:
    ranks ``(1, 1)`` → 1.5 each)."""
    rank = ranks[side]
    tied = sum(other == rank for other in ranks)
    return rank + (tied - 1) / 2


@dataclass
class Record:
    """What one entrant did, built by :func:`records`.

    Attributes:
        id: the entrant.
        score: game points plus bye points.
        arena: arena points.
        games: games played (forfeits included).
        wins, draws, losses: sole first place; shared first place; anything else.
        byes: rounds with a bye, and ``bye_points`` what they scored.
        opponents: per game, the opponents' ids.
        points: per game, its game points.
        positions: per game, its mean finishing position.
        seats: per game, ``(side index, table size)``.
        met: how often it played each other entrant (forfeited games left out).
        last_opponents: the opponents of its latest game (arena: avoid a rematch at once).
    """

    id: str
    score: float = 0.0
    arena: float = 0.0
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    byes: int = 0
    bye_points: list[float] = field(default_factory=list)
    opponents: list[tuple[str, ...]] = field(default_factory=list)
    points: list[float] = field(default_factory=list)
    positions: list[float] = field(default_factory=list)
    seats: list[tuple[int, int]] = field(default_factory=list)
    met: dict[str, int] = field(default_factory=dict)
    last_opponents: tuple[str, ...] = ()
    streak: int = 0

    def seat_balance(self) -> float:
        """How late it sat on balance: the sum over games of ``side / (size - 1) - 1/2``.

        Negative: it moved first more often than last; 0: balanced. With two sides it is
        half of (second seats − first seats).
        """
        return sum(side / (size - 1) - 0.5 for side, size in self.seats)


def records(
    entrants: Sequence[Entrant], results: Sequence[Played], byes: Sequence[Bye] = ()
) -> dict[str, Record]:
    """Every entrant's record, games taken in ``(round, order given)`` order.

    Raises:
        ValueError: unknown entrants or duplicate ids (see :func:`check_event`).
    """
    check_event(entrants, results, byes)
    out = {entrant.id: Record(entrant.id) for entrant in entrants}
    for bye in byes:
        entry = out[bye.entrant]
        entry.byes += 1
        entry.score += bye.points
        entry.bye_points.append(bye.points)
    for game in sorted(results, key=lambda g: g.round):
        points = game_points(game.ranks)
        shared_first = game.ranks.count(1) > 1
        for side, entrant in enumerate(game.sides):
            entry = out[entrant]
            gained = points[side]
            entry.score += gained
            entry.arena += 2 * gained * (2 if entry.streak >= 2 else 1)
            won = game.ranks[side] == 1 and not shared_first
            entry.streak = entry.streak + 1 if won else 0
            entry.games += 1
            entry.wins += won
            entry.draws += game.ranks[side] == 1 and shared_first
            entry.losses += game.ranks[side] > 1
            others = tuple(other for other in game.sides if other != entrant)
            entry.opponents.append(others)
            entry.points.append(gained)
            entry.positions.append(mean_position(game.ranks, side))
            entry.seats.append((side, len(game.sides)))
            entry.last_opponents = others
            if entrant in game.forfeited:
                continue
            for other in others:
                if other not in game.forfeited:
                    entry.met[other] = entry.met.get(other, 0) + 1
    return out


@dataclass(frozen=True, slots=True)
class Standing:
    """One row of the standings.

    Attributes:
        place: 1-based; entrants equal on score and every tie-break share a place.
        id: the entrant.
        score: the ranking score (game points and byes; arena: arena points).
        games, wins, draws, losses, byes: counts (see :class:`Record`).
        tiebreaks: ``(name, value)`` in the system's order (see :data:`TIEBREAKS`).
        withdrawn: whether it left the event.
    """

    place: int
    id: str
    score: float
    games: int
    wins: int
    draws: int
    losses: int
    byes: int
    tiebreaks: tuple[tuple[str, float], ...]
    withdrawn: bool = False


def tiebreak_values(entry: Record, table: dict[str, Record]) -> dict[str, float]:
    """Every tie-break of ``entry`` (see the module docstring), final scores from ``table``."""
    contributions = []
    sonneborn = 0.0
    for others, gained in zip(entry.opponents, entry.points, strict=True):
        strength = sum(table[other].score for other in others) / len(others)
        contributions.append(strength)
        sonneborn += gained * strength
    for points in entry.bye_points:
        contributions.append(entry.score)
        sonneborn += points * entry.score
    cut = sorted(contributions)[1:]
    return {
        "buchholz": sum(contributions),
        "buchholz_cut1": sum(cut),
        "sonneborn_berger": sonneborn,
        "mean_rank": sum(entry.positions) / len(entry.positions) if entry.positions else 0.0,
        "wins": float(entry.wins),
        "percentage": sum(entry.points) / entry.games if entry.games else 0.0,
    }


def system_tiebreaks(system: str, multi: bool) -> tuple[str, ...]:
    """The tie-breaks of ``system`` (``swiss``, ``round-robin``, ``arena``); ``multi``: tables
    of three sides or more.

    Raises:
        ValueError: an unknown system.
    """
    key = f"{system}-multi" if multi and f"{system}-multi" in TIEBREAKS else system
    if key not in TIEBREAKS:
        raise ValueError(f"unknown system {system!r} (known: swiss, round-robin, arena)")
    return TIEBREAKS[key]


def standings(
    entrants: Sequence[Entrant],
    results: Sequence[Played],
    byes: Sequence[Bye] = (),
    system: str = "swiss",
) -> list[Standing]:
    """The standings, best first: score (arena: arena points), then the system's tie-breaks
    (:func:`system_tiebreaks`; the multi-player ones when any table had three sides or more).
    Entrants equal on everything share a place and are listed by id.

    Raises:
        ValueError: an unknown system, unknown entrants or duplicate ids.
    """
    multi = any(len(game.sides) > 2 for game in results)
    names = system_tiebreaks(system, multi)
    table = records(entrants, results, byes)
    withdrawn = {entrant.id for entrant in entrants if entrant.withdrawn}

    def score(entry: Record) -> float:
        return entry.arena if system == "arena" else entry.score

    keyed = []
    for entry in table.values():
        values = tiebreak_values(entry, table)
        chosen = tuple((name, values[name]) for name in names)
        key = (-score(entry), *(v if n in LOWER_IS_BETTER else -v for n, v in chosen))
        keyed.append((tuple(round(k, 9) for k in key), entry, chosen))
    keyed.sort(key=lambda item: (item[0], item[1].id))
    out: list[Standing] = []
    for index, (key, entry, chosen) in enumerate(keyed):
        place = out[-1].place if index and keyed[index - 1][0] == key else index + 1
        out.append(
            Standing(
                place=place,
                id=entry.id,
                score=score(entry),
                games=entry.games,
                wins=entry.wins,
                draws=entry.draws,
                losses=entry.losses,
                byes=entry.byes,
                tiebreaks=chosen,
                withdrawn=entry.id in withdrawn,
            )
        )
    return out
