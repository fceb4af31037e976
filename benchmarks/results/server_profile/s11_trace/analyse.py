"""Summarises ``commit_trace`` files: ``python analyse.py PATH.<pid>.json ...``.

Drops the first tenth of the appends (start-up), then prints each phase's p50 / p90 / p99
and mean, the mean of each phase over the slowest 1 % of appends (what carries the p99),
and the other database jobs by kind.
"""

import collections
import json
import os
import statistics
import sys


def q(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))] if ordered else 0.0


PHASES = {
    "queued -> taken": lambda r: r["t"] - r["q"],
    "write (wall)": lambda r: r["w"] - r["t"],
    "write (thread CPU)": lambda r: r["wc"],
    "written -> settled": lambda r: r["s"] - r["w"],
    "settled -> resumed": lambda r: r["r"] - r["s"],
    "total": lambda r: r["r"] - r["q"],
}

for path in sys.argv[1:]:
    with open(path) as source:
        rows = [r for r in json.load(source) if "s" in r and "t" in r]
    rows = rows[len(rows) // 10 :]
    print(f"{path}: {len(rows)} appends, batch mean {statistics.mean(r['n'] for r in rows):.1f}")
    for name, part in PHASES.items():
        values = [part(r) for r in rows]
        print(
            f"  {name:20} p50 {1000 * q(values, 0.5):7.2f}  p90 {1000 * q(values, 0.9):7.2f}  "
            f"p99 {1000 * q(values, 0.99):7.2f}  mean {1000 * statistics.mean(values):6.2f} ms"
        )
    tail = sorted(rows, key=PHASES["total"])[-max(1, len(rows) // 100) :]
    for name, part in PHASES.items():
        print(f"  slowest 1%: {name:20} mean {1000 * statistics.mean(map(part, tail)):7.2f} ms")
    if os.path.exists(path + ".jobs"):
        with open(path + ".jobs") as source:
            jobs = json.load(source)
        kinds = collections.Counter(job[3] for job in jobs)
        walls: dict[str, float] = collections.defaultdict(float)
        for job in jobs:
            walls[job[3]] += job[1]
        print(
            f"  other database jobs: {len(jobs)}, p99 {1000 * q([j[1] for j in jobs], 0.99):.1f} ms"
        )
        for name, count in kinds.most_common(8):
            print(f"    {name:58} {count:6}  wall {walls[name]:.2f} s")
