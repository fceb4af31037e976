"""Root parallelism of one computer move over the server's worker processes (issue 24 item 2).
Prints figures; asserts nothing.

For ``--positions`` positions of seeded random games, the same ``--agent`` move is chosen in
one part (one worker searches every simulation, as before) and in ``--workers`` parts (what
:meth:`ComputerPlayers.choose` sends to the pool: each part its share of the simulations, root
statistics summed by ``merge_parts``). Measured in this process, one after the other, in CPU
time (the machine is shared; wall time would measure the neighbours): the one-part move's CPU,
the parts' total CPU (the cost) and their longest part (the wait for the move with that many
idle workers), and how often both choose the same action.

Run: ``.venv/bin/python benchmarks/bench_root_parallel.py [--workers 2] [--positions 20]
[--agent mcts:1000] [--game quinque]``
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from connect_arena.core import load
from connect_arena.service.computer import ThinkRequest, merge_parts, think, think_part

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.playouts import random_steps

T = TypeVar("T")


def positions(game: str, count: int) -> list[tuple[tuple[tuple[int, str], ...], int]]:
    """``count`` positions (log, seat to act) of seeded random games."""
    rng = random.Random(5)
    found = []
    while len(found) < count:
        state = load(game, 2).new_initial_state()
        log = random_steps(state, rng, rng.randrange(2, 30))
        if not state.is_terminal() and not state.is_chance_node():
            found.append((tuple(log), min(state.active_players())))
    return found


def cpu(function: Callable[..., T], *args: Any) -> tuple[T, float]:
    """``function(*args)`` and the CPU seconds it took."""
    started = time.process_time()
    result = function(*args)
    return result, time.process_time() - started


def main(args: argparse.Namespace) -> None:
    one: list[float] = []
    longest: list[float] = []
    total: list[float] = []
    same = 0
    found = positions(args.game, args.positions)
    for index, (log, seat) in enumerate(found):
        request = ThinkRequest(-index - 1, args.game, 2, {}, log, seat, args.agent, index)
        alone, seconds = cpu(think, request)
        one.append(seconds)
        parts = [cpu(think_part, request, part, args.workers) for part in range(args.workers)]
        longest.append(max(seconds for _, seconds in parts))
        total.append(sum(seconds for _, seconds in parts))
        same += merge_parts([result for result, _ in parts]) == alone
    mean = statistics.mean
    print(f"{args.agent}, {args.game}, {len(found)} positions, {args.workers} parts; CPU per move:")
    print(f"  one part:            {1000 * mean(one):7.0f} ms")
    print(
        f"  longest of the parts:{1000 * mean(longest):7.0f} ms  (x{mean(longest) / mean(one):.2f})"
    )
    print(f"  all the parts:       {1000 * mean(total):7.0f} ms  (x{mean(total) / mean(one):.2f})")
    print(f"  same action as one part in {same} of {len(found)} positions")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--agent", default="mcts:1000")
    parser.add_argument("--game", default="quinque")
    main(parser.parse_args())
