"""How many of its own actions each agent needs to complete a Connect 5 when it plays alone.

The position of issue 14 (part 4): on the Basic board with 2 players, the other seat has no
token left (every one eaten: it can only pass) and the agent holds ``N`` tokens scattered on
the board, none in its supply (it can only step, split and jump, as in the reported game
where the computer "slid tokens for 260 more moves"). The positions are those of the tests
(:func:`tests.agents.test_connect5_convert.lone_position`): seeded, no Connect 5 standing.

Usage::

    .venv/bin/python benchmarks/convert_connect5.py [--agents greedy mcts:easy ...]
        [--tokens 5 6 8] [--seeds 6] [--supply 0] [--limit 200] [--banked 40 0]
    .venv/bin/python benchmarks/convert_connect5.py --speed

For each agent and token count: the median and the maximum over the seeds of the agent's own
actions until its Connect 5 (``>LIMIT`` when the ``idle_limit`` ended the round first: the
limit counts both seats' turns, so ``LIMIT/2`` own actions), and the seconds taken.

``--speed`` prints what the knowledge's walking term costs where it applies: MCTS
simulations per second (CPU time, ``mcts:normal`` settings, 400 simulations) from positions of
random games past their 60th action, where supplies run short, with 25 and with 8 tokens a
player (run it with ``PYTHONPATH`` set to another checkout's ``src`` to compare).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.agents.test_connect5_convert import actions_to_connect5, lone_position

from connect_arena.agents.base import Budget
from connect_arena.agents.levels import AGENT_KINDS
from connect_arena.agents.mcts import MCTSAgent
from connect_arena.core.game import State
from connect_arena.games import load


def speed() -> None:
    """Print MCTS simulations per second on late positions of random games."""
    for tokens in (25, 8):
        game = load("connect5", 2, idle_limit=200, tokens=tokens)
        rng = random.Random(1)
        states: list[State[object]] = []
        for _ in range(6):
            state = game.new_initial_state()
            while not state.is_terminal() and len(state.history) < 120:
                if state.is_chance_node():
                    state.apply_legal_action(state.chance_outcomes()[0][0], -1)
                    continue
                player = state.current_player
                state.apply_legal_action(rng.choice(state.legal_actions(player)), player)
                late = len(state.history) > 60 and not state.is_terminal()
                if late and rng.random() < 0.05:
                    states.append(state.clone())
        started, simulations = time.process_time(), 0
        for state in states[:8]:
            agent = MCTSAgent(1, level="normal")
            root = agent.search(state, state.current_player, Budget(iterations=400))
            simulations += root.visits
        took = time.process_time() - started
        print(f"tokens={tokens}: {simulations / took:.0f} simulations/s", flush=True)


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
    parser.add_argument("--speed", action="store_true", help="print the speed figures only")
    args = parser.parse_args()
    if args.speed:
        speed()
        return
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
