"""CPU time to build and encode the mover's ``state`` message (``messages.state_json`` then
``live_table.encode``), the part of a move's broadcast that carries the legal actions.

Eight Quinque positions of random games (30 to 65 actions in, fixed seeds), each message
built for the seat to move. Prints the best of five rounds in µs per message; asserts
nothing. Compare two checkouts back to back in one run (the machine's speed varies), e.g.
``PYTHONPATH=<other>/src .venv/bin/python benchmarks/bench_state_message.py``.

Run: ``.venv/bin/python benchmarks/bench_state_message.py [--rounds 5] [--repeat 200]``
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

from connect_arena.core import load
from connect_arena.core.state import State
from connect_arena.service.live_table import encode
from connect_arena.service.messages import state_json

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.playouts import random_steps


def positions() -> list[State]:  # type: ignore[type-arg]
    """Eight non-terminal Quinque positions, each at a seat's turn."""
    rng = random.Random(5)
    found = []
    for game in range(8):
        state = load("quinque", 2).new_initial_state()
        random_steps(state, rng, 30 + game * 5)
        if not state.is_terminal() and not state.is_chance_node():
            found.append(state)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--repeat", type=int, default=200)
    args = parser.parse_args()
    states = positions()

    def once() -> None:
        for state in states:
            encode(state_json(1, state, 0, [min(state.active_players())]))

    for _ in range(20):  # warm the caches, as a running server has
        once()
    rounds = []
    for _ in range(args.rounds):
        started = time.process_time()
        for _ in range(args.repeat):
            once()
        rounds.append((time.process_time() - started) / (args.repeat * len(states)) * 1e6)
    shown = ", ".join(f"{value:.1f}" for value in rounds)
    print(f"mover's state message, built and encoded: {min(rounds):.1f} µs best ({shown})")


if __name__ == "__main__":
    main()
