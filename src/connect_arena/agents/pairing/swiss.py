"""Swiss pairing: two sides by maximum-weight matching, three or more by score-group tables.

**Ranking** before each round: score (game points and byes, :mod:`.standings`), then the
seeding rating, then a draw of lots from the seed (so equal agents are not always listed in the
order given), then the id. Withdrawn entrants are not paired.

**Two sides** (:func:`pair_two_sided`): one maximum-weight perfect matching
(``networkx.max_weight_matching(maxcardinality=True)``) on the graph of the entrants, plus a
*bye* node when the count is odd. Each edge gets ``TOP - cost`` where ``cost`` packs these
criteria *lexicographically* (each tier weighs more than everything below it can add up to over
a whole round, so a higher tier is never traded for lower ones), most important first:

1. **repeats**: how often the two already met (0 unless every pairing needs a rematch);
2. **bye to someone who had one**: the bye node's edge costs the entrant's byes so far;
3. **bye to the lowest**: the bye edge costs the entrant's distance from the bottom of the
   ranking, so the lowest-ranked entrant without a bye gets it whenever the rest can be
   paired without rematches;
4. **score difference**: ``(P + 1) ** (d - 1)`` for a difference of ``d`` half-points
   (``P`` pairs a round), 0 for equal scores: the largest difference is minimised first, then
   how many pairs have it, then the next one (FIDE's "minimise the score differences");
5. **seat balance**: 1 when both want the same seat (who sat second more often wants to move
   first; on equal counts, the seat not played last), plus 1 for each of them already two
   games or more off balance;
6. **Dutch fold**: inside a score group of ``g`` entrants, ``| |i - j| - g // 2 |`` for
   ranking positions ``i, j``: the top half meets the bottom half (1 v 5, 2 v 6... in a group
   of eight), as in FIDE's Dutch system.

The matching is exact on fields of up to :data:`EXACT_LIMIT` entrants. Larger fields (the
networkx matcher is pure Python and grows about as ``n³``: 1,000 entrants take tens of
seconds) are paired **block by block**: :data:`BLOCK` consecutive entrants of the ranking at a
time, with the same weights but no rematch edges; whoever is left unpaired (an odd one out,
or who has met everyone left in the block) floats down into the next block, like FIDE's
down-floaters. If the last block would need a rematch, it is merged with the blocks above it
until it does not (or the whole field is matched at once). The bye is then chosen first: the
lowest-ranked entrant with the fewest byes.

Seats: in each pair the entrant with the stronger wish for the first seat gets it (more second
seats than first, then who sat second last time); on equal wishes, the higher-ranked entrant
gets its wish, and in round one the first seat alternates down the boards from a seeded draw.

**Three sides or more** (:func:`pair_multi`): tables are filled greedily down the ranking
(the best unseated entrant opens a table; the next entrants in ranking order who have not met
anyone at it join; failing that, whoever adds the fewest rematches), then a local search swaps
entrants between tables while that lowers the number of rematches (the swap that widens the
tables' score spread least first); a table still holding a rematch is then re-split exactly
(branch and bound: fewest rematches, then the smallest score spread) together with its
neighbouring tables in the ranking, up to :data:`EXACT_MULTI` entrants at once. Fields of up to
that size are therefore paired with the fewest rematches possible; larger ones nearly always
(the benchmark reports none on 1,000 entrants).

Table sizes: as many entrants as possible are seated at tables of an allowed size, with as
few tables as possible (e.g. ten players at 3-4 player tables: 4 + 3 + 3), the largest at the
top; the rest get byes, the lowest-ranked with the fewest byes first. Seats inside a table go
by :meth:`Record.seat_balance` (who sat late most often moves first).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

import networkx as nx

from connect_arena.agents.pairing.model import Bye, Entrant, Pairing, Played
from connect_arena.agents.pairing.standings import Record, records

EXACT_LIMIT = 40
"""Fields up to this size are matched exactly in one go."""

EXACT_MULTI = 12
"""Multi-player tables holding a rematch are re-split exactly with their neighbours, up to
this many entrants at once (at most a few tens of thousands of splits)."""

BLOCK = 16
"""Entrants per block on larger fields (about 5 ms of CPU a block with networkx)."""

_BYE = "\x00bye"


@dataclass(frozen=True, slots=True)
class _Player:
    id: str
    position: int
    score: float
    record: Record
    wish: int
    """+1 wants the first seat, -1 the second, 0 no wish."""
    strength: float
    """How strongly: the absolute seat balance (0 without a wish)."""


def ranking(entrants: Sequence[Entrant], table: dict[str, Record], seed: int) -> list[Entrant]:
    """The entrants that can be paired, best first (see the module docstring)."""
    lots = random.Random(f"connect-arena pairing {seed}")
    draw = {entrant.id: lots.random() for entrant in sorted(entrants, key=lambda e: e.id)}
    active = [entrant for entrant in entrants if not entrant.withdrawn]
    return sorted(active, key=lambda e: (-round(table[e.id].score, 9), -e.rating, draw[e.id], e.id))


def _wish(entry: Record) -> tuple[int, float]:
    balance = entry.seat_balance()
    if balance > 1e-9:
        return 1, balance
    if balance < -1e-9:
        return -1, -balance
    if entry.seats:
        side, _ = entry.seats[-1]
        return (1 if side > 0 else -1), 0.0
    return 0, 0.0


def _players(order: Sequence[Entrant], table: dict[str, Record]) -> list[_Player]:
    out = []
    for position, entrant in enumerate(order):
        entry = table[entrant.id]
        wish, strength = _wish(entry)
        out.append(_Player(entrant.id, position, entry.score, entry, wish, strength))
    return out


def _half_points(a: _Player, b: _Player) -> int:
    return round(abs(a.score - b.score) * 2)


def _tiers(a: _Player, b: _Player, group: dict[float, list[int]], pairs: int) -> list[int]:
    """The cost tiers of seating ``a`` against ``b`` (see the module docstring)."""
    difference = _half_points(a, b)
    score_cost = 0 if difference == 0 else (pairs + 1) ** (difference - 1)
    # Both wanting the same seat costs 1, and 1 more per entrant already two games off balance.
    same = a.wish != 0 and a.wish == b.wish
    conflict = int(same) * (1 + (a.strength >= 1) + (b.strength >= 1))
    fold = 0
    if difference == 0:
        members = group[round(a.score, 9)]
        fold = abs(abs(a.position - b.position) - len(members) // 2)
    return [a.record.met.get(b.id, 0), 0, 0, score_cost, conflict, fold]


def _bye_tiers(player: _Player, lowest: int) -> list[int]:
    return [0, player.record.byes, lowest - player.position, 0, 0, 0]


def _weights(costs: dict[tuple[str, str], list[int]], pairs: int) -> dict[tuple[str, str], int]:
    """``TOP - packed cost`` per edge, tiers packed so that each outweighs all below it."""
    tiers = len(next(iter(costs.values())))
    bounds = [pairs * max(cost[t] for cost in costs.values()) for t in range(tiers)]
    scale = [1] * tiers
    for t in range(tiers - 2, -1, -1):
        scale[t] = scale[t + 1] * (bounds[t + 1] + 1)
    packed = {
        edge: sum(c * s for c, s in zip(cost, scale, strict=True)) for edge, cost in costs.items()
    }
    top = max(packed.values()) + 1
    return {edge: top - value for edge, value in packed.items()}


def _match(
    players: Sequence[_Player], with_bye: bool, allow_repeats: bool
) -> list[tuple[str, str]]:
    """The optimal pairs of ``players`` (and the bye node) as ``(a, b)`` ids, ``a`` ranked
    higher; with ``allow_repeats=False`` rematch edges are left out (some may stay unpaired)."""
    if len(players) + with_bye < 2:
        return []
    pairs = (len(players) + 1) // 2
    group: dict[float, list[int]] = {}
    for player in players:
        group.setdefault(round(player.score, 9), []).append(player.position)
    costs: dict[tuple[str, str], list[int]] = {}
    for i, a in enumerate(players):
        for b in players[i + 1 :]:
            if allow_repeats or b.id not in a.record.met:
                costs[(a.id, b.id)] = _tiers(a, b, group, pairs)
    if with_bye:
        fewest = min(player.record.byes for player in players)
        lowest = max(p.position for p in players if p.record.byes == fewest)
        for player in players:
            costs[(player.id, _BYE)] = _bye_tiers(player, max(lowest, player.position))
    if not costs:
        return []
    graph: nx.Graph[str] = nx.Graph()
    graph.add_nodes_from(player.id for player in players)
    for (first, second), weight in _weights(costs, pairs).items():
        graph.add_edge(first, second, weight=weight)
    position = {player.id: player.position for player in players}
    position[_BYE] = len(position) + 10**9
    found: list[tuple[str, str]] = []
    for x, y in nx.max_weight_matching(graph, maxcardinality=True):
        found.append((x, y) if position[x] < position[y] else (y, x))
    return sorted(found, key=lambda pair: position[pair[0]])


def _blocks(players: list[_Player]) -> list[tuple[str, str]]:
    """Pair a large field block by block (see the module docstring)."""
    done: list[tuple[str, str]] = []
    carry: list[_Player] = []
    start = 0
    while start < len(players):
        take = max(BLOCK - len(carry), 2)
        block = carry + players[start : start + take]
        start += take
        if start >= len(players):
            return _finish(players, done, block)
        if len(block) % 2:
            carry, block = [block[-1]], block[:-1]
        else:
            carry = []
        found = _match(block, with_bye=False, allow_repeats=False)
        done.extend(found)
        paired = {e for pair in found for e in pair}
        carry = [p for p in block if p.id not in paired] + carry
        carry.sort(key=lambda p: p.position)
    return _finish(players, done, carry)


def _finish(
    players: list[_Player], done: list[tuple[str, str]], last: list[_Player]
) -> list[tuple[str, str]]:
    """Match the last block; merge earlier pairs back in while it would need a rematch."""
    by_id = {player.id: player for player in players}
    while True:
        found = _match(last, with_bye=False, allow_repeats=True)
        repeats = any(by_id[a].record.met.get(b, 0) for a, b in found)
        if not repeats or not done:
            return done + found
        reopened = max(len(last), 2) // 2
        back, done = done[-reopened:], done[:-reopened]
        last = sorted(last + [by_id[e] for pair in back for e in pair], key=lambda p: p.position)


def _seat_pair(a: _Player, b: _Player, board: int, seed: int) -> tuple[str, str]:
    """``(first, second)`` for a pair, ``a`` ranked higher (see the module docstring)."""
    if a.wish != b.wish:
        return (a.id, b.id) if a.wish > b.wish else (b.id, a.id)
    if a.wish == 0:
        return (a.id, b.id) if (board + seed) % 2 == 0 else (b.id, a.id)
    stronger = b if b.strength > a.strength else a
    other = b if stronger is a else a
    return (stronger.id, other.id) if stronger.wish > 0 else (other.id, stronger.id)


def pair_two_sided(
    entrants: Sequence[Entrant],
    results: Sequence[Played] = (),
    byes: Sequence[Bye] = (),
    seed: int = 0,
) -> Pairing:
    """Pair one Swiss round of a two-sided game (see the module docstring).

    Args:
        entrants: everyone registered (withdrawn ones are left out).
        results: the games played so far.
        byes: the byes given so far.
        seed: the draw of lots between entrants equal on score and rating, and the first
            seat on board one in round one.

    Returns:
        Tables of two ids (first seat first), best-ranked table first, and at most one bye.

    Raises:
        ValueError: unknown entrants or duplicate ids.
    """
    table = records(entrants, results, byes)
    players = _players(ranking(entrants, table, seed), table)
    odd = len(players) % 2 == 1
    bye: list[str] = []
    if len(players) > EXACT_LIMIT:
        if odd:
            fewest = min(player.record.byes for player in players)
            chosen = [p for p in players if p.record.byes == fewest][-1]
            bye = [chosen.id]
            players = [p for p in players if p is not chosen]
        found = _blocks(players)
    else:
        found = _match(players, with_bye=odd, allow_repeats=True)
        bye = [a for a, b in found if b == _BYE]
        found = [(a, b) for a, b in found if b != _BYE]
    by_id = {player.id: player for player in players}
    tables = tuple(
        _seat_pair(by_id[a], by_id[b], board, seed) for board, (a, b) in enumerate(found)
    )
    return Pairing(tables=tables, byes=tuple(bye))


# ----- three sides or more -----------------------------------------------------------------------


def table_sizes(count: int, sizes: Sequence[int]) -> list[int]:
    """How to seat ``count`` entrants at tables of the allowed ``sizes``: as many seated as
    possible, then as few tables as possible; largest first.

    Example: ``table_sizes(10, (3, 4))`` → ``[4, 3, 3]``; ``table_sizes(5, (4,))`` → ``[4]``.

    Raises:
        ValueError: no size, or a size below two.
    """
    if not sizes or min(sizes) < 2:
        raise ValueError("tables need two sides or more")
    # best[m]: the fewest tables seating exactly m entrants (None: impossible).
    best: list[list[int] | None] = [[]] + [None] * count
    for m in range(1, count + 1):
        options = [best[m - s] for s in sizes if s <= m and best[m - s] is not None]
        if options:
            made = [sorted([*o, m - sum(o)], reverse=True) for o in options if o is not None]
            best[m] = min(made, key=lambda o: (len(o), -min(o)))
    for m in range(count, -1, -1):
        found = best[m]
        if found is not None:
            return found
    return []


def _rematches(members: Sequence[_Player]) -> int:
    return sum(a.record.met.get(b.id, 0) for i, a in enumerate(members) for b in members[i + 1 :])


def _spread(members: Sequence[_Player]) -> float:
    scores = [member.score for member in members]
    return max(scores) - min(scores)


def _fill(players: list[_Player], sizes: list[int]) -> list[list[_Player]]:
    """Greedy tables down the ranking (see the module docstring)."""
    left = list(players)
    tables = []
    for size in sizes:
        members = [left.pop(0)]
        while len(members) < size:
            fresh = next(
                (i for i, p in enumerate(left) if all(p.id not in m.record.met for m in members)),
                None,
            )
            if fresh is None:
                fresh = min(
                    range(len(left)),
                    key=lambda i: (sum(left[i].record.met.get(m.id, 0) for m in members), i),
                )
            members.append(left.pop(fresh))
        tables.append(members)
    return tables


def _improve(tables: list[list[_Player]]) -> None:
    """Swap entrants between tables while that lowers the rematches (in place)."""
    for _ in range(10 * len(tables) + 10):
        bad = [t for t, members in enumerate(tables) if _rematches(members)]
        best: tuple[int, float, int, int, int, int] | None = None
        for t in bad:
            for i in range(len(tables[t])):
                for u in range(len(tables)):
                    if u == t:
                        continue
                    for j in range(len(tables[u])):
                        first, second = list(tables[t]), list(tables[u])
                        first[i], second[j] = second[j], first[i]
                        before = _rematches(tables[t]) + _rematches(tables[u])
                        gain = before - _rematches(first) - _rematches(second)
                        if gain <= 0:
                            continue
                        widening = _spread(first) + _spread(second)
                        candidate = (-gain, widening, t, i, u, j)
                        if best is None or candidate < best:
                            best = candidate
        if best is None:
            return
        _, _, t, i, u, j = best
        tables[t][i], tables[u][j] = tables[u][j], tables[t][i]


def _exact(members: list[_Player], sizes: list[int]) -> list[list[_Player]]:
    """The split of ``members`` (ranking order) into tables of ``sizes`` (in that order) with
    the fewest rematches, then the smallest total score spread (branch and bound)."""
    best: tuple[tuple[int, float], list[list[_Player]]] | None = None

    def search(
        left: list[_Player], k: int, cost: tuple[int, float], done: list[list[_Player]]
    ) -> None:
        nonlocal best
        if best is not None and cost >= best[0]:
            return
        if k == len(sizes):
            best = (cost, [list(t) for t in done])
            return
        opener, rest = left[0], left[1:]
        for others in combinations(rest, sizes[k] - 1):
            table = [opener, *others]
            taken = {p.id for p in others}
            step = (cost[0] + _rematches(table), cost[1] + _spread(table))
            search([p for p in rest if p.id not in taken], k + 1, step, [*done, table])

    search(list(members), 0, (0, 0.0), [])
    return best[1] if best is not None else []


def _repair(tables: list[list[_Player]]) -> None:
    """Re-split each table still holding a rematch together with its neighbours in the
    ranking, exactly, up to :data:`EXACT_MULTI` entrants at once (in place)."""
    for t in range(len(tables)):
        if not _rematches(tables[t]):
            continue
        low, high = t, t + 1
        while True:
            grown = False
            for lo, hi in ((low - 1, high), (low, high + 1)):
                fits = lo >= 0 and hi <= len(tables)
                if fits and sum(len(x) for x in tables[lo:hi]) <= EXACT_MULTI:
                    low, high, grown = lo, hi, True
                    break
            if not grown:
                break
        window = tables[low:high]
        members = sorted((p for x in window for p in x), key=lambda p: p.position)
        found = _exact(members, [len(x) for x in window])
        if sum(map(_rematches, found)) < sum(map(_rematches, window)):
            tables[low:high] = found


def _seat_table(members: list[_Player]) -> tuple[str, ...]:
    """Seat order: who sat late most often first, then the higher-ranked."""
    ordered = sorted(members, key=lambda p: (-p.record.seat_balance(), p.position))
    return tuple(member.id for member in ordered)


def pair_multi(
    entrants: Sequence[Entrant],
    results: Sequence[Played] = (),
    byes: Sequence[Bye] = (),
    sizes: Sequence[int] = (3,),
    seed: int = 0,
) -> Pairing:
    """Pair one Swiss round at tables of three sides or more (see the module docstring).

    Args:
        entrants: everyone registered (withdrawn ones are left out).
        results: the games played so far.
        byes: the byes given so far.
        sizes: allowed table sizes in sides, e.g. ``(4,)``, or ``(3, 4)`` when the game can
            also be played by three.
        seed: the draw of lots between entrants equal on score and rating.

    Returns:
        Tables (seat order), best-ranked first, and the byes.

    Raises:
        ValueError: a size below two, unknown entrants or duplicate ids.
    """
    table = records(entrants, results, byes)
    players = _players(ranking(entrants, table, seed), table)
    plan = table_sizes(len(players), sizes)
    seated = sum(plan)
    idle = sorted(players, key=lambda p: (p.record.byes, -p.position))[: len(players) - seated]
    idle_ids = {p.id for p in idle}
    tables = _fill([p for p in players if p.id not in idle_ids], plan)
    _improve(tables)
    _repair(tables)
    tables.sort(key=lambda members: min(p.position for p in members))
    return Pairing(
        tables=tuple(_seat_table(members) for members in tables),
        byes=tuple(p.id for p in sorted(idle, key=lambda p: p.position)),
    )


def pair_swiss(
    entrants: Sequence[Entrant],
    results: Sequence[Played] = (),
    byes: Sequence[Bye] = (),
    sizes: Sequence[int] = (2,),
    seed: int = 0,
) -> Pairing:
    """Pair one Swiss round: :func:`pair_two_sided` when ``sizes == (2,)``, else
    :func:`pair_multi`.

    Raises:
        ValueError: see those functions.
    """
    if tuple(sizes) == (2,):
        return pair_two_sided(entrants, results, byes, seed)
    return pair_multi(entrants, results, byes, sizes, seed)
