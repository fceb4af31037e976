"""Pairing and standings (``connect_arena.agents.pairing``): properties checked against brute
force on small fields, and small events whose standings were worked out by hand."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from connect_arena.agents.pairing import (
    Bye,
    Entrant,
    Pairing,
    Played,
    game_points,
    pair_arena,
    pair_multi,
    pair_swiss,
    records,
    round_robin,
    standings,
    table_sizes,
)
from connect_arena.agents.pairing.swiss import ranking

# ----- helpers -----------------------------------------------------------------------------------


def perfect_matchings(items: Sequence[str]) -> Iterator[list[tuple[str, str]]]:
    """Every way to split an even number of items into pairs."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for i, partner in enumerate(rest):
        for more in perfect_matchings(rest[:i] + rest[i + 1 :]):
            yield [(first, partner), *more]


def partitions(items: Sequence[str], size: int) -> Iterator[list[tuple[str, ...]]]:
    """Every way to split items (a multiple of ``size``) into groups of ``size``."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for others in combinations(rest, size - 1):
        left = [item for item in rest if item not in others]
        for more in partitions(left, size):
            yield [(first, *others), *more]


def random_ranks(rng: random.Random, sides: int) -> tuple[int, ...]:
    if sides == 2:
        return rng.choice([(1, 2), (1, 1), (2, 1)])
    order = list(range(sides))
    rng.shuffle(order)
    ranks = [0] * sides
    for place, side in enumerate(order):
        ranks[side] = place + 1
    return tuple(ranks)


def random_history(
    count: int, rounds: int, size: int, seed: int
) -> tuple[list[Entrant], list[Played], list[Bye]]:
    """``count`` entrants and ``rounds`` rounds of random pairings and results."""
    rng = random.Random(seed)
    field = [Entrant(f"e{i}", float(rng.randrange(5))) for i in range(count)]
    results: list[Played] = []
    byes: list[Bye] = []
    for round_index in range(rounds):
        ids = [e.id for e in field]
        rng.shuffle(ids)
        while len(ids) >= size:
            table, ids = tuple(ids[:size]), ids[size:]
            results.append(Played(round_index, table, random_ranks(rng, size)))
        byes.extend(Bye(round_index, e) for e in ids)
    return field, results, byes


def check_everyone_once(field: Sequence[Entrant], pairing: Pairing) -> None:
    active = sorted(e.id for e in field if not e.withdrawn)
    assert sorted(pairing.entrants()) == active


# ----- game points and records -------------------------------------------------------------------


def test_game_points_per_rank() -> None:
    assert game_points([1, 2]) == [1.0, 0.0]
    assert game_points([1, 1]) == [0.5, 0.5]
    assert game_points([2, 1, 3]) == [0.5, 1.0, 0.0]
    assert game_points([1, 1, 3]) == [0.75, 0.75, 0.0]
    assert game_points([4, 1, 2, 2]) == [0.0, 1.0, 0.5, 0.5]


@pytest.mark.parametrize(
    ("sides", "ranks", "forfeited"),
    [
        (("a",), (1,), ()),
        (("a", "a"), (1, 2), ()),
        (("a", "b"), (1,), ()),
        (("a", "b"), (1, 1, 2), ()),
        (("a", "b", "c"), (1, 1, 2), ()),
        (("a", "b"), (0, 1), ()),
        (("a", "b"), (1, 2), ("c",)),
    ],
)
def test_bad_games_are_refused(
    sides: tuple[str, ...], ranks: tuple[int, ...], forfeited: tuple[str, ...]
) -> None:
    with pytest.raises(ValueError, match=r"."):
        Played(0, sides, ranks, forfeited)


def test_bad_events_are_refused() -> None:
    with pytest.raises(ValueError, match="unique"):
        pair_swiss([Entrant("a"), Entrant("a")])
    with pytest.raises(ValueError, match="unknown"):
        pair_swiss([Entrant("a"), Entrant("b")], [Played(0, ("a", "z"), (1, 2))])
    with pytest.raises(ValueError, match="unknown"):
        standings([Entrant("a")], [], [Bye(0, "z")])
    with pytest.raises(ValueError, match="bye"):
        Bye(0, "a", 2.0)
    with pytest.raises(ValueError, match="system"):
        standings([Entrant("a")], [], system="knockout")
    with pytest.raises(ValueError, match="two sides"):
        pair_multi([Entrant("a"), Entrant("b")], sizes=(1,))


def test_forfeited_games_score_but_do_not_count_as_met() -> None:
    field = [Entrant("a"), Entrant("b")]
    table = records(field, [Played(0, ("a", "b"), (1, 2), forfeited=("b",))])
    assert (table["a"].score, table["b"].score) == (1.0, 0.0)
    assert table["a"].met == {} and table["b"].met == {}


# ----- Swiss, two sides --------------------------------------------------------------------------


def _objective(
    field: Sequence[Entrant],
    results: Sequence[Played],
    byes: Sequence[Bye],
    pairs: Sequence[tuple[str, str]],
    bye: str | None,
    seed: int,
) -> tuple[int, int, int, int]:
    """(rematches, byes of the bye's receiver, its distance above the lowest entrant with the
    fewest byes, largest score difference in half-points): the first criteria the module
    documents, computed the slow way."""
    table = records(field, results, byes)
    order = [e.id for e in ranking(field, table, seed)]
    rematches = sum(table[a].met.get(b, 0) for a, b in pairs)
    widest = max((round(abs(table[a].score - table[b].score) * 2) for a, b in pairs), default=0)
    if bye is None:
        return rematches, 0, 0, widest
    fewest = min(table[e].byes for e in order)
    lowest = max(i for i, e in enumerate(order) if table[e].byes == fewest)
    distance = max(lowest - order.index(bye), 0)
    return rematches, table[bye].byes, distance, widest


@settings(max_examples=60, deadline=None)
@given(
    count=st.integers(2, 9),
    rounds=st.integers(0, 4),
    seed=st.integers(0, 10**6),
    withdrawn=st.sets(st.integers(0, 8), max_size=2),
)
def test_swiss_pairs_are_the_best_by_brute_force(
    count: int, rounds: int, seed: int, withdrawn: set[int]
) -> None:
    field, results, byes = random_history(count, rounds, 2, seed)
    field = [Entrant(e.id, e.rating, i in withdrawn) for i, e in enumerate(field)]
    active = [e.id for e in field if not e.withdrawn]
    pairing = pair_swiss(field, results, byes, seed=seed)
    check_everyone_once(field, pairing)
    assert all(len(table) == 2 for table in pairing.tables)
    assert len(pairing.byes) == len(active) % 2
    ours = _objective(field, results, byes, pairing.tables, next(iter(pairing.byes), None), seed)
    best = min(
        _objective(
            field,
            results,
            byes,
            [(a, b) for a, b in matching if "bye" not in (a, b)],
            next((a if b == "bye" else b for a, b in matching if "bye" in (a, b)), None),
            seed,
        )
        for matching in perfect_matchings(active + (["bye"] if len(active) % 2 else []))
    )
    assert ours == best


def test_first_round_folds_the_field_and_gives_the_bye_to_the_lowest() -> None:
    field = [Entrant(f"p{i}", 2000 - 10 * i) for i in range(9)]
    pairing = pair_swiss(field, seed=0)
    assert pairing.byes == ("p8",)
    assert [sorted(table) for table in pairing.tables] == [
        ["p0", "p4"],
        ["p1", "p5"],
        ["p2", "p6"],
        ["p3", "p7"],
    ]
    firsts = [table[0] for table in pairing.tables]
    # The first seat alternates down the boards.
    assert [first in ("p0", "p1", "p2", "p3") for first in firsts] in (
        [True, False, True, False],
        [False, True, False, True],
    )


def test_equal_scores_meet_and_seats_alternate() -> None:
    field = [Entrant(f"p{i}", 2000 - 10 * i) for i in range(4)]
    results = [Played(0, ("p0", "p2"), (1, 2)), Played(0, ("p3", "p1"), (2, 1))]
    pairing = pair_swiss(field, results)
    # Winners meet winners, losers meet losers; whoever moved first now moves second.
    assert pairing.tables == (("p1", "p0"), ("p2", "p3"))


def test_bye_goes_to_the_lowest_without_one() -> None:
    field = [Entrant(f"p{i}", 2000 - 10 * i) for i in range(5)]
    results = [Played(0, ("p0", "p1"), (1, 2)), Played(0, ("p2", "p3"), (1, 2))]
    pairing = pair_swiss(field, results, [Bye(0, "p4")])
    # p4 leads the losers' group on its bye point, but it already had a bye: the lowest
    # without one (p3: 0 points, lowest rating) gets it.
    assert pairing.byes == ("p3",)


def test_withdrawn_entrants_are_not_paired() -> None:
    field = [Entrant("a"), Entrant("b", withdrawn=True), Entrant("c")]
    pairing = pair_swiss(field)
    assert sorted(pairing.tables[0]) == ["a", "c"] and pairing.byes == ()


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_large_fields_are_paired_in_blocks_without_rematches(seed: int) -> None:
    field, results, byes = random_history(101, 0, 2, seed)
    for round_index in range(4):
        pairing = pair_swiss(field, results, byes, seed=seed)
        check_everyone_once(field, pairing)
        table = records(field, results, byes)
        assert not any(table[a].met.get(b) for a, b in pairing.tables)
        assert len(pairing.byes) == 1 and table[pairing.byes[0]].byes == 0
        for a, b in pairing.tables:
            # Scores of the players at a board differ by at most one point.
            assert abs(table[a].score - table[b].score) <= 1.0
            results.append(Played(round_index, (a, b), random_ranks(random.Random(a + b), 2)))
        byes.extend(Bye(round_index, e) for e in pairing.byes)


def test_pairing_is_deterministic_for_a_seed() -> None:
    field, results, byes = random_history(12, 2, 2, 7)
    assert pair_swiss(field, results, byes, seed=3) == pair_swiss(field, results, byes, seed=3)


# ----- Swiss, three sides or more ----------------------------------------------------------------


def test_table_sizes() -> None:
    assert table_sizes(10, (3, 4)) == [4, 3, 3]
    assert table_sizes(5, (4,)) == [4]
    assert table_sizes(8, (3, 4, 5)) == [4, 4]
    assert table_sizes(12, (3, 4, 5)) == [5, 4, 3] or table_sizes(12, (3, 4, 5)) == [4, 4, 4]
    assert table_sizes(1, (2,)) == []


@settings(max_examples=60, deadline=None)
@given(
    count=st.integers(3, 10),
    size=st.integers(3, 5),
    rounds=st.integers(0, 3),
    seed=st.integers(0, 10**6),
)
def test_multi_tables_have_the_right_size_and_avoid_rematches(
    count: int, size: int, rounds: int, seed: int
) -> None:
    field, results, byes = random_history(count, rounds, size, seed)
    pairing = pair_multi(field, results, byes, sizes=(size,), seed=seed)
    check_everyone_once(field, pairing)
    assert [len(table) for table in pairing.tables] == [size] * (count // size)
    table = records(field, results, byes)
    # Byes: the lowest-ranked among those with the fewest byes.
    order = [e.id for e in ranking(field, table, seed)]
    expected = sorted(order, key=lambda e: (table[e].byes, -order.index(e)))[: count % size]
    assert sorted(pairing.byes) == sorted(expected)

    def rematches(tables: Sequence[tuple[str, ...]]) -> int:
        return sum(
            table[a].met.get(b, 0) for t in tables for i, a in enumerate(t) for b in t[i + 1 :]
        )

    seated = [e for e in order if e not in pairing.byes]
    best = min(rematches(groups) for groups in partitions(seated, size))
    assert rematches(pairing.tables) == best


@settings(max_examples=40, deadline=None)
@given(
    count=st.integers(2, 30),
    sizes=st.sets(st.integers(2, 5), min_size=1),
    seed=st.integers(0, 10**6),
)
def test_multi_tables_use_allowed_sizes(count: int, sizes: set[int], seed: int) -> None:
    field, results, byes = random_history(count, 2, min(sizes), seed)
    pairing = pair_swiss(field, results, byes, sizes=tuple(sorted(sizes)), seed=seed)
    check_everyone_once(field, pairing)
    assert all(len(table) in sizes for table in pairing.tables)
    assert sorted(map(len, pairing.tables), reverse=True) == table_sizes(count, tuple(sizes))


def test_multi_tables_keep_score_groups_together() -> None:
    field = [Entrant(f"p{i}", 100 - i) for i in range(9)]
    results = [
        Played(0, ("p0", "p1", "p2"), (1, 2, 3)),
        Played(0, ("p3", "p4", "p5"), (1, 2, 3)),
        Played(0, ("p6", "p7", "p8"), (1, 2, 3)),
    ]
    pairing = pair_multi(field, results, sizes=(3,))
    table = records(field, results)
    assert [sorted(table[e].score for e in t) for t in pairing.tables] == [
        [1.0, 1.0, 1.0],
        [0.5, 0.5, 0.5],
        [0.0, 0.0, 0.0],
    ]
    # Whoever sat last moves first now.
    assert [t[0] for t in pairing.tables] == ["p0", "p1", "p2"] or all(
        table[t[0]].seat_balance() >= table[e].seat_balance() for t in pairing.tables for e in t
    )


def test_multi_uses_smaller_tables_when_allowed() -> None:
    field = [Entrant(f"p{i}") for i in range(10)]
    pairing = pair_swiss(field, sizes=(3, 4))
    assert sorted(len(t) for t in pairing.tables) == [3, 3, 4]
    assert pairing.byes == ()


# ----- round-robin -------------------------------------------------------------------------------


@pytest.mark.parametrize("count", range(2, 10))
def test_round_robin_every_pair_once_with_balanced_seats(count: int) -> None:
    ids = [f"p{i}" for i in range(count)]
    schedule = round_robin(ids)
    assert len(schedule) == count - 1 + count % 2
    met = Counter(frozenset(t) for r in schedule for t in r.tables)
    assert set(met) == {frozenset(pair) for pair in combinations(ids, 2)}
    assert set(met.values()) == {1}
    firsts = Counter(t[0] for r in schedule for t in r.tables)
    games = Counter(e for r in schedule for t in r.tables for e in t)
    for entrant in ids:
        assert abs(2 * firsts[entrant] - games[entrant]) <= 1
    for pairing in schedule:
        assert sorted(pairing.entrants()) == sorted(ids)
    double = round_robin(ids, cycles=2)
    assert Counter(t for r in double for t in r.tables) == Counter(
        pair for pair in ((a, b) for a in ids for b in ids) if pair[0] != pair[1]
    )


@pytest.mark.parametrize(("count", "size"), [(4, 3), (5, 3), (6, 3), (6, 4), (7, 5)])
def test_round_robin_multi_every_group_once(count: int, size: int) -> None:
    ids = [f"p{i}" for i in range(count)]
    schedule = round_robin(ids, size=size)
    groups = Counter(frozenset(t) for r in schedule for t in r.tables)
    assert set(groups) == {frozenset(c) for c in combinations(ids, size)}
    assert set(groups.values()) == {1}
    for pairing in schedule:
        seated = [e for t in pairing.tables for e in t]
        assert len(seated) == len(set(seated))
        assert sorted(pairing.entrants()) == sorted(ids)


def test_round_robin_refuses_bad_input() -> None:
    with pytest.raises(ValueError, match="unique"):
        round_robin(["a", "a"])
    with pytest.raises(ValueError, match="needs 3"):
        round_robin(["a", "b"], size=3)


# ----- arena -------------------------------------------------------------------------------------


def test_arena_points_with_a_streak() -> None:
    field = [Entrant("a"), Entrant("b")]
    # a: win, win, win (on fire: 4), draw (on fire: 2), win, loss, win -> 2+2+4+2+2+0+2.
    outcomes = [(1, 2), (1, 2), (1, 2), (1, 1), (1, 2), (2, 1), (1, 2)]
    games = [Played(i, ("a", "b"), ranks) for i, ranks in enumerate(outcomes)]
    table = records(field, games)
    assert table["a"].arena == 14.0
    # b: loss x3, draw, loss, win, loss.
    assert table["b"].arena == 1.0 + 2.0
    rows = standings(field, games, system="arena")
    assert [(row.id, row.score) for row in rows] == [("a", 14.0), ("b", 3.0)]


def test_arena_pairs_similar_scores_and_avoids_rematches() -> None:
    field = [Entrant(x) for x in "abcde"]
    games = [
        Played(0, ("a", "b"), (1, 2)),
        Played(1, ("c", "d"), (1, 2)),
        Played(2, ("a", "c"), (1, 2)),
    ]
    # Points: a 4, c 2, b 0, d 0, e 0.
    pairing = pair_arena(field, games, ["a", "b", "c", "d"])
    assert sorted(map(sorted, pairing.tables)) == [["a", "d"], ["b", "c"]] or sorted(
        map(sorted, pairing.tables)
    ) == [["a", "b"], ["c", "d"]]
    assert not any(set(t) == {"a", "c"} for t in pairing.tables)
    alone = pair_arena(field, games, ["a", "c"])
    assert alone.tables == () and alone.waiting == ("a", "c")
    forced = pair_arena(field, games, ["a", "c"], allow_rematch=True)
    assert sorted(forced.tables[0]) == ["a", "c"]
    # The lower-ranked moves first.
    assert forced.tables[0] == ("c", "a")
    odd = pair_arena(field, games, ["a", "b", "e"])
    assert len(odd.tables) == 1 and len(odd.waiting) == 1


def test_arena_pairs_neighbours_in_the_ranking() -> None:
    field = [Entrant(x) for x in "abcdef"]
    games = [Played(0, ("a", "f"), (1, 2)), Played(1, ("b", "e"), (1, 2))]
    games += [Played(2, ("a", "e"), (1, 2)), Played(3, ("b", "f"), (1, 2))]
    # a 4, b 4, then c, d, e, f on 0: a-b meet, then the zeros among themselves.
    pairing = pair_arena(field, games, list("abcd"))
    assert sorted(map(sorted, pairing.tables)) == [["a", "b"], ["c", "d"]]


@settings(max_examples=40, deadline=None)
@given(
    count=st.integers(2, 12),
    size=st.integers(2, 4),
    games=st.integers(0, 12),
    seed=st.integers(0, 10**6),
    allow=st.booleans(),
)
def test_arena_seats_the_waiting_once_and_avoids_rematches(
    count: int, size: int, games: int, seed: int, allow: bool
) -> None:
    rng = random.Random(seed)
    field = [Entrant(f"e{i}", withdrawn=i == 0 and count > 2) for i in range(count)]
    results = []
    for index in range(games if count >= size else 0):
        table = tuple(rng.sample([e.id for e in field], size))
        results.append(Played(index, table, random_ranks(rng, size)))
    waiting = [e.id for e in field if rng.random() < 0.8]
    pairing = pair_arena(field, results, waiting, size, allow_rematch=allow, seed=seed)
    assert sorted(pairing.entrants()) == sorted(waiting)
    assert all(len(table) == size for table in pairing.tables)
    seated = {e for table in pairing.tables for e in table}
    assert "e0" not in seated or not field[0].withdrawn
    last = records(field, results)
    if not allow:
        for table in pairing.tables:
            for i, a in enumerate(table):
                assert not any(b in last[a].last_opponents for b in table[i + 1 :])
    ready = [w for w in waiting if not (w == "e0" and field[0].withdrawn)]
    if size == 2 and allow:
        assert len(pairing.waiting) - (len(waiting) - len(ready)) == len(ready) % 2


def test_arena_multi_tables() -> None:
    field = [Entrant(x) for x in "abcdefg"]
    games = [Played(0, ("a", "b", "c"), (1, 2, 3))]
    pairing = pair_arena(field, games, list("abcdefg"), size=3)
    assert [len(t) for t in pairing.tables] == [3, 3]
    for t in pairing.tables:
        assert len({"a", "b", "c"} & set(t)) <= 1
    assert len(pairing.waiting) == 1


# ----- standings worked out by hand --------------------------------------------------------------


def test_swiss_standings_by_hand() -> None:
    field = [Entrant(x) for x in "ABCDE"]
    results = [
        Played(0, ("A", "B"), (1, 2)),
        Played(0, ("C", "D"), (1, 1)),
        Played(1, ("E", "A"), (2, 1)),
        Played(1, ("B", "C"), (1, 2)),
    ]
    byes = [Bye(0, "E"), Bye(1, "D")]
    rows = standings(field, results, byes)
    # Scores: A 2, D 0.5 + bye 1 = 1.5, B 1, E bye 1 + 0 = 1, C 0.5.
    # Buchholz (a bye counts as an opponent with one's own score):
    #   A: B 1 + E 1 = 2 (cut-1: 1); B: A 2 + C 0.5 = 2.5 (cut-1: 2);
    #   C: D 1.5 + B 1 = 2.5 (1.5); D: C 0.5 + own 1.5 = 2 (1.5); E: own 1 + A 2 = 3 (2).
    # Sonneborn-Berger: A 1*1 + 1*1 = 2; B 0*2 + 1*0.5 = 0.5; C 0.5*1.5 + 0*1 = 0.75;
    #   D 0.5*0.5 + 1*1.5 = 1.75; E 1*1 (bye) + 0*2 = 1.
    # B and E tie on 1 point and on cut-1 (2); E's Buchholz (3) beats B's (2.5).
    expected = [
        (1, "A", 2.0, (1.0, 2.0, 2.0)),
        (2, "D", 1.5, (1.5, 2.0, 1.75)),
        (3, "E", 1.0, (2.0, 3.0, 1.0)),
        (4, "B", 1.0, (2.0, 2.5, 0.5)),
        (5, "C", 0.5, (1.5, 2.5, 0.75)),
    ]
    got = [(r.place, r.id, r.score, tuple(v for _, v in r.tiebreaks)) for r in rows]
    assert got == expected
    assert [name for name, _ in rows[0].tiebreaks] == [
        "buchholz_cut1",
        "buchholz",
        "sonneborn_berger",
    ]
    assert (rows[0].wins, rows[0].draws, rows[0].losses, rows[0].byes) == (2, 0, 0, 0)
    assert (rows[1].wins, rows[1].draws, rows[1].losses, rows[1].byes) == (0, 1, 0, 1)


def test_equal_entrants_share_a_place() -> None:
    field = [Entrant("a"), Entrant("b")]
    rows = standings(field, [Played(0, ("a", "b"), (1, 1))])
    assert [(r.place, r.id, r.score) for r in rows] == [(1, "a", 0.5), (1, "b", 0.5)]


def test_multi_standings_by_hand() -> None:
    field = [Entrant(x) for x in "ABCD"]
    results = [Played(0, ("A", "B", "C"), (1, 2, 3)), Played(1, ("D", "C", "A"), (1, 1, 3))]
    byes = [Bye(0, "D"), Bye(1, "B")]
    rows = standings(field, results, byes)
    # Points per rank: round 0 A 1, B 0.5, C 0; round 1 D and C share first and second:
    # 0.75 each, A 0. Scores: D 1 + 0.75 = 1.75, B 0.5 + 1 = 1.5, A 1, C 0.75.
    # Buchholz (mean opponents' score per game; a bye: one's own score):
    #   D: own 1.75 + mean(C 0.75, A 1) 0.875 = 2.625; B: mean(A, C) 0.875 + own 1.5 = 2.375;
    #   A: mean(B, C) 1.125 + mean(D, C) 1.25 = 2.375; C: mean(A, B) 1.25 + mean(D, A) 1.375.
    # Mean rank (positions; shared first and second = 1.5): D 1.5, B 2, A (1+3)/2, C 2.25.
    expected = [
        ("D", 1.75, (2.625, 1.5)),
        ("B", 1.5, (2.375, 2.0)),
        ("A", 1.0, (2.375, 2.0)),
        ("C", 0.75, (2.625, 2.25)),
    ]
    got = [(r.id, r.score, tuple(v for _, v in r.tiebreaks)) for r in rows]
    assert got == expected
    assert [name for name, _ in rows[0].tiebreaks] == ["buchholz", "mean_rank"]


def test_round_robin_standings_use_sonneborn_berger() -> None:
    field = [Entrant(x) for x in "abc"]
    results = [
        Played(0, ("a", "b"), (1, 2)),
        Played(1, ("b", "c"), (1, 2)),
        Played(2, ("c", "a"), (1, 2)),
    ]
    rows = standings(field, results, system="round-robin")
    # Everyone 1 point; SB: each beat someone on 1 point -> 1; wins 1 each: all share 1st.
    assert [(r.place, r.score, r.tiebreaks) for r in rows] == [
        (1, 1.0, (("sonneborn_berger", 1.0), ("wins", 1.0)))
    ] * 3
