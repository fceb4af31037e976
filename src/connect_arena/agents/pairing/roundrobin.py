"""Round-robin schedules: every pair (or every group of a table's size) meets once per cycle.

**Two sides**: the circle method (Berger tables). With ``n`` entrants (one *bye* slot added
when ``n`` is odd) there are ``n - 1`` rounds; the last entrant stays put, the others turn one
place a round, and seat ``i`` meets seat ``n - 1 - i``. Seats alternate so that every entrant
moves first ``(n - 1) / 2`` times, give or take one (FIDE's Berger tables). A second cycle
plays the same rounds with the seats swapped (a double round-robin: every pair in both seat
orders).

**Three sides or more**: every combination of ``k`` distinct entrants is one table (``C(n,
k)`` tables a cycle, so keep the groups small: 6 entrants at 3-player tables make 20 tables),
packed into rounds first-fit (a round never seats an entrant twice; whoever is not seated has
a bye). Inside each table the seats go to whoever has moved first least so far, so seat counts
stay balanced; a further cycle rotates every table's seats by one.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from connect_arena.agents.pairing.model import Pairing


def _check(ids: Sequence[str], size: int, cycles: int) -> None:
    if len(set(ids)) != len(ids) or any(not e for e in ids):
        raise ValueError("entrant ids must be unique and non-empty")
    if size < 2:
        raise ValueError("tables need two sides or more")
    if len(ids) < size:
        raise ValueError(f"a round-robin at tables of {size} needs {size} entrants or more")
    if cycles < 1:
        raise ValueError("a round-robin needs one cycle or more")


def _berger(ids: Sequence[str]) -> list[Pairing]:
    slots: list[str | None] = list(ids) + ([None] if len(ids) % 2 else [])
    n = len(slots)
    rounds = []
    ring = slots[:-1]
    fixed = slots[-1]
    for r in range(n - 1):
        order = ring[r:] + ring[:r]
        line = [*order, fixed]
        tables: list[tuple[str, str]] = []
        byes: list[str] = []
        for i in range(n // 2):
            a, b = line[i], line[n - 1 - i]
            # The fixed entrant alternates; on the other boards the seat alternates by board.
            first_a = r % 2 == 0 if i == 0 else i % 2 == 1
            if a is None or b is None:
                byes.extend(e for e in (a, b) if e is not None)
            else:
                tables.append((a, b) if first_a else (b, a))
        rounds.append(Pairing(tables=tuple(tables), byes=tuple(byes)))
    return rounds


def _groups(ids: Sequence[str], size: int) -> list[Pairing]:
    remaining = list(combinations(ids, size))
    firsts = dict.fromkeys(ids, 0.0)
    rounds = []
    while remaining:
        busy: set[str] = set()
        tables = []
        rest = []  # one pass a round (no ``list.remove``, which made it cubic)
        for group in remaining:
            if not busy.isdisjoint(group):
                rest.append(group)
            else:
                busy.update(group)
                # Seat ``s`` weighs (size - 1 - s) / (size - 1): 1 for moving first, 0 last.
                seated = sorted(group, key=lambda e: (firsts[e], ids.index(e)))
                for seat, entrant in enumerate(seated):
                    firsts[entrant] += (size - 1 - seat) / (size - 1)
                tables.append(tuple(seated))
        remaining = rest
        byes = tuple(e for e in ids if e not in busy)
        rounds.append(Pairing(tables=tuple(tables), byes=byes))
    return rounds


def round_robin(ids: Sequence[str], size: int = 2, cycles: int = 1) -> list[Pairing]:
    """The whole schedule, round by round (see the module docstring).

    Args:
        ids: the entrants, in seeding order.
        size: sides per table.
        cycles: how often the schedule is played (further cycles swap or rotate the seats).

    Returns:
        One :class:`Pairing` per round: tables in seat order, and byes.

    Raises:
        ValueError: duplicate or empty ids, fewer entrants than a table's size, a size below
            two, or no cycle.
    """
    _check(ids, size, cycles)
    first = _berger(ids) if size == 2 else _groups(ids, size)
    out = list(first)
    for cycle in range(1, cycles):
        for pairing in first:
            shift = cycle % size
            tables = tuple(table[shift:] + table[:shift] for table in pairing.tables)
            out.append(Pairing(tables=tables, byes=pairing.byes))
    return out
