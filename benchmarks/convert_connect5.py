"""How many of its own actions each agent needs to complete a Connect 5 when it plays alone.

The position of issue 14 (part 4): on the Basic board with 2 players, the other seat has no
token left (every one eaten: it can only pass) and the agent holds ``N`` tokens scattered on
the board, none in its supply (it can only step, split and jump, as in the reported game
where the computer "slid tokens for 260 more moves"). The positions are those of the tests
(:func:`tests.agents.test_connect5_convert.lone_position`): seeded, no Connect 5 standing.

Usage::

    .venv/bin/python benchmarks/convert_connect5.py [--agents greedy mcts:easy ...]
        [--tokens 5 6 8] [--seeds 6] [--supply 0] [--limit 200] [--banked 40 0]

For each agent and token count: the median and the maximum over the seeds of the agent's own
actions until its Connect 5 (``>LIMIT`` when the ``idle_limit`` ended the round first: the
limit counts both seats' turns, so ``LIMIT/2`` own actions), and the seconds taken.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.agents.test_connect5_convert import actions_to_connect5, lone_position

from connect_arena.agents.levels import AGENT_KINDS


def main() -> None:
    """Parse the arguments, play the positions, print one line per agent and token count."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    agents = [kind for kind in AGENT_KINDS if kind != "random"]
    parser.add_argument("--agents", nargs="+", default=agents)
    parser.add_argument("--tokens", nargs="+", type=int, default=[5, 6, 8])
    parser.add_argument("--seeds", type=int, default=6)
    parser.add_argument("--supply", type=int, default=0, help="tokens left in the supply")
    parser.add_argument("--limit", type=int, default=200, help="idle_limit of the game")
    parser.add_argument(
        "--banked",
        type=int,
        nargs=2,
        help="play the second round of a full game whose first round scored these points",
    )
    args = parser.parse_args()
    banked = None if args.banked is None else (args.banked[0], args.banked[1])
    print(f"{'agent':<12} {'tokens':>6} {'median':>7} {'max':>6} {'s':>7}  per seed")
    for spec in args.agents:
        for tokens in args.tokens:
            started = time.perf_counter()
            counts = []
            for seed in range(args.seeds):
                state = lone_position(
                    tokens, seed, supply=args.supply, idle_limit=args.limit, banked=banked
                )
                counts.append(actions_to_connect5(state, spec, seed))
            took = time.perf_counter() - started
            shown = [str(n) if n is not None else f">{args.limit // 2}" for n in counts]
            # A round the limit ended counts as one action past it for the median and max.
            numbers = [n if n is not None else args.limit // 2 + 1 for n in counts]
            median = statistics.median(numbers)
            top = max(numbers)
            top_text = str(top) if top <= args.limit // 2 else f">{args.limit // 2}"
            print(
                f"{spec:<12} {tokens:>6} {median:>7.1f} {top_text:>6} {took:>7.1f}  "
                + " ".join(shown),
                flush=True,
            )


if __name__ == "__main__":
    main()
