"""Arena pairing (Lichess arena): whoever is waiting is paired at once with a waiting entrant
of similar standing, not the same opponent twice in a row where possible.

Points are :attr:`Record.arena` (win 2, draw 1, loss 0, doubled on a streak of two wins or
more; multi-player: 2 for first down to 0 for last), see :mod:`.standings`.

**Two sides**: a maximum-weight matching (networkx) of the waiting entrants; an edge costs,
lexicographically, first a rematch with the opponent of either's last game (left out
altogether unless ``allow_rematch``), then the square of the distance between the two in the
arena ranking (points, then rating, then a seeded draw of lots), so close neighbours meet and
no one is left to face a far stronger field. An odd one out keeps waiting.

**Three sides or more**: tables of ``size`` filled down the ranking of the waiting entrants,
skipping anyone who shared either's last table while someone else can sit there; whoever is
left keeps waiting for the next call.

The caller calls :func:`pair_arena` whenever entrants are waiting (when a game ends, or on a
timer), and passes ``allow_rematch=True`` when nobody else can come (no game in progress),
so two entrants alone in the arena still play.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import networkx as nx

from connect_arena.agents.pairing.model import Entrant, Pairing, Played, check_event
from connect_arena.agents.pairing.standings import Record, records


def arena_order(entrants: Sequence[Entrant], table: dict[str, Record], seed: int) -> list[str]:
    """Ids of every entrant, best first by arena points, rating, a seeded draw, id."""
    lots = random.Random(f"connect-arena arena {seed}")
    draw = {entrant.id: lots.random() for entrant in sorted(entrants, key=lambda e: e.id)}
    ordered = sorted(
        entrants, key=lambda e: (-round(table[e.id].arena, 9), -e.rating, draw[e.id], e.id)
    )
    return [entrant.id for entrant in ordered]


def _rematch(a: Record, b: Record) -> bool:
    return b.id in a.last_opponents or a.id in b.last_opponents


def pair_arena(
    entrants: Sequence[Entrant],
    results: Sequence[Played],
    waiting: Sequence[str],
    size: int = 2,
    allow_rematch: bool = False,
    seed: int = 0,
) -> Pairing:
    """Pair the ``waiting`` entrants (see the module docstring).

    Args:
        entrants: everyone registered; withdrawn entrants are never paired.
        results: every finished game, ``round`` giving the order they finished in.
        waiting: ids of the entrants ready for a game.
        size: sides per table.
        allow_rematch: pair two entrants who just met if nothing else is possible.
        seed: the draw of lots between entrants equal on points and rating.

    Returns:
        The tables and who keeps ``waiting``. Seat order: who sat late most often (see
        :meth:`Record.seat_balance`) moves first, then the lower-ranked.

    Raises:
        ValueError: a size below two, an unknown or repeated waiting id, unknown entrants.
    """
    by_id = check_event(entrants, results, ())
    if size < 2:
        raise ValueError("tables need two sides or more")
    if len(set(waiting)) != len(waiting) or any(w not in by_id for w in waiting):
        raise ValueError("waiting entrants must be known and listed once")
    table = records(entrants, results)
    position = {e: i for i, e in enumerate(arena_order(entrants, table, seed))}
    ready = sorted((w for w in waiting if not by_id[w].withdrawn), key=position.__getitem__)
    if size == 2:
        tables = _pairs(ready, table, position, allow_rematch)
    else:
        tables = _groups(ready, table, position, size, allow_rematch)
    seated = {e for t in tables for e in t}
    return Pairing(tables=tuple(tables), waiting=tuple(w for w in waiting if w not in seated))


def _pairs(
    ready: list[str], table: dict[str, Record], position: dict[str, int], allow: bool
) -> list[tuple[str, ...]]:
    graph: nx.Graph[str] = nx.Graph()
    spread = len(position) ** 2 + 1
    top = 2 * spread * (len(ready) + 1)
    for i, a in enumerate(ready):
        for b in ready[i + 1 :]:
            rematch = _rematch(table[a], table[b])
            if rematch and not allow:
                continue
            cost = rematch * spread * (len(ready) + 1) + (position[a] - position[b]) ** 2
            graph.add_edge(a, b, weight=top - cost)
    found = []
    for a, b in nx.max_weight_matching(graph, maxcardinality=True):
        found.append(_seated((a, b), table, position))
    return sorted(found, key=lambda t: min(map(position.__getitem__, t)))


def _seated(
    members: Sequence[str], table: dict[str, Record], position: dict[str, int]
) -> tuple[str, ...]:
    """Seat order: who sat late most often moves first, then the lower-ranked."""
    return tuple(sorted(members, key=lambda e: (-table[e].seat_balance(), -position[e])))


def _groups(
    ready: list[str],
    table: dict[str, Record],
    position: dict[str, int],
    size: int,
    allow: bool,
) -> list[tuple[str, ...]]:
    left = list(ready)
    tables: list[tuple[str, ...]] = []
    while len(left) >= size:
        members = [left.pop(0)]
        while len(members) < size:
            fresh = next(
                (
                    i
                    for i, e in enumerate(left)
                    if not any(_rematch(table[e], table[m]) for m in members)
                ),
                None,
            )
            if fresh is None:
                if not allow:
                    break
                fresh = 0
            members.append(left.pop(fresh))
        if len(members) < size:
            # Its opener cannot be seated without a rematch: it waits, the others go on.
            left = sorted(members[1:] + left, key=ready.index)
            continue
        tables.append(_seated(members, table, position))
    return tables
