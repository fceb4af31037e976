"""How long does pairing one tournament round take on a large field?

Builds ``--entrants`` entrants with random ratings, plays ``--rounds`` Swiss rounds with random
results (white win, draw, black win equally likely for two sides; a random order at tables of
three sides or more), each round paired by the real pairing code, then times the pairing of
the next round ``--trials`` times and prints the median and the worst wall-clock time and the
median CPU time of this process (the wall clock includes other jobs on a busy machine), with
the checks that nobody is seated twice, and how many rematches and the largest score
difference it chose.

Run: ``.venv/bin/python benchmarks/bench_pairing.py [--entrants 1000] [--rounds 5]
[--sizes 2] [--trials 3]`` (``--sizes 4`` or ``--sizes 3,4`` for multi-player tables).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from connect_arena.agents.pairing import Bye, Entrant, Played, pair_swiss, records


def random_ranks(rng: random.Random, sides: int) -> tuple[int, ...]:
    """Ranks of a random result (two sides: a draw one time in three)."""
    if sides == 2:
        return rng.choice([(1, 2), (1, 1), (2, 1)])
    order = list(range(sides))
    rng.shuffle(order)
    ranks = [0] * sides
    for place, side in enumerate(order):
        ranks[side] = place + 1
    return tuple(ranks)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--entrants", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--sizes", default="2", help="table sizes in sides, e.g. 2 or 3,4")
    parser.add_argument("--trials", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    sizes = tuple(int(s) for s in args.sizes.split(","))
    rng = random.Random(args.seed)
    field = [Entrant(f"p{i:04d}", rng.uniform(1000, 2400)) for i in range(args.entrants)]
    results: list[Played] = []
    byes: list[Bye] = []
    started = time.perf_counter()
    for round_index in range(args.rounds):
        pairing = pair_swiss(field, results, byes, sizes, seed=args.seed)
        for table in pairing.tables:
            results.append(Played(round_index, table, random_ranks(rng, len(table))))
        byes.extend(Bye(round_index, entrant) for entrant in pairing.byes)
    print(f"{args.rounds} rounds paired and played in {time.perf_counter() - started:.2f} s")
    times, cpu = [], []
    for _ in range(args.trials):
        started, cpu_started = time.perf_counter(), time.process_time()
        pairing = pair_swiss(field, results, byes, sizes, seed=args.seed)
        times.append(time.perf_counter() - started)
        cpu.append(time.process_time() - cpu_started)
    seated = pairing.entrants()
    assert sorted(seated) == sorted(e.id for e in field), "everyone exactly once"
    table = records(field, results, byes)
    rematches = sum(
        table[a].met.get(b, 0) for t in pairing.tables for i, a in enumerate(t) for b in t[i + 1 :]
    )
    spread = max(
        max(table[e].score for e in t) - min(table[e].score for e in t) for t in pairing.tables
    )
    print(
        f"round {args.rounds + 1} of {args.entrants} entrants at tables of {args.sizes}: "
        f"wall median {statistics.median(times):.3f} s, worst {max(times):.3f} s; "
        f"CPU median {statistics.median(cpu):.3f} s "
        f"({len(pairing.tables)} tables, {len(pairing.byes)} bye(s), {rematches} rematch(es), "
        f"largest score difference at a table {spread:g})"
    )


if __name__ == "__main__":
    main()
