"""Summarise a py-spy raw profile (``s41_profile.sh``) of the server's event loop thread: the
share of its samples in each function, inclusive and self (main thread only: the stacks
that start in ``runpy``; the 16 frames of the CLI and uvicorn's start above the loop dropped).

Run: ``python3 benchmarks/results/server_profile/s41_aggregate.py PROFILE.raw [ROWS]``.
"""

from __future__ import annotations

import collections
import sys

SKIPPED = 16


def name(frame: str) -> str:
    """``function file`` of a py-spy frame ``function (path/file.py:line)``."""
    function, _, where = frame.partition(" (")
    return f"{function} {where.rsplit('/', 1)[-1].split(':')[0]}"


def main() -> None:
    inclusive: collections.Counter[str] = collections.Counter()
    own: collections.Counter[str] = collections.Counter()
    total = 0
    with open(sys.argv[1]) as lines:
        for line in lines:
            stack, _, count = line.rstrip().rpartition(" ")
            frames = stack.split(";")
            if not frames[0].startswith("_run_module_as_main"):
                continue
            n = int(count)
            total += n
            names = [name(f) for f in frames[SKIPPED:]]
            for function in set(names):
                inclusive[function] += n
            if names:
                own[names[-1]] += n
    rows = int(sys.argv[2]) if len(sys.argv) > 2 else 40
    print(f"samples {total}")
    for title, counter in (("inclusive", inclusive), ("self", own)):
        print(f"--- {title}")
        for function, n in counter.most_common(rows):
            print(f"{n / total * 100:5.1f}% {function}")


if __name__ == "__main__":
    main()
