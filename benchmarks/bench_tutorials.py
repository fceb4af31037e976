"""The guided first games: the time and size of one step request (``service.tutorials.run`` of
the whole script up to its last step, then the JSON the page gets), per game.

Run: ``.venv/bin/python benchmarks/bench_tutorials.py [--calls N]``. Prints the median and the
best wall-clock time of ``--calls`` requests and the answer's size; asserts nothing. A request
replays the script from the start (the runner is stateless), so the last step is the dearest.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from connect_arena.service.tutorials import load_script, run, tutorial_games


def expected(game: str) -> list[str]:
    """The highlighted (else the first accepted) action of each step."""
    script = load_script(game)
    played: list[str] = []
    while not (progress := run(game, played)).finished:
        step = script.steps[progress.step]
        legal = [str(a) for a in progress.state.legal_actions(script.seat)]
        played.append(step.expect[0] if step.expect else next(a for a in legal if step.accepts(a)))
    return played


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--calls", type=int, default=30)
    args = parser.parse_args()
    for game in tutorial_games():
        played = expected(game)
        times = []
        size = 0
        for _ in range(args.calls):
            start = time.perf_counter()
            size = len(json.dumps(run(game, played[:-1], played[-1]).to_json()))
            times.append(time.perf_counter() - start)
        print(
            f"{game:9} {len(played)} steps: last step {statistics.median(times) * 1000:.1f} ms "
            f"median, {min(times) * 1000:.1f} ms best; answer {size / 1024:.1f} KiB"
        )


if __name__ == "__main__":
    main()
