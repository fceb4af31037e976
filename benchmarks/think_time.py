"""CPU time an MCTS level thinks per decision, over whole games (issue 24: a level's time cap
shown to players must hold on one idle core).

Run: ``.venv/bin/python benchmarks/think_time.py GAME [--players P] [--games N] [--seed S]
[--levels easy,normal,hard]``. Prints figures; asserts nothing.

Each level plays ``N`` games by its simulation count (``benchmarks/ladder.py``'s ``ByCount``: no
time cap) in seat 0 against ``greedy`` in the other seats, with the game's anti-endless option
of computer games. Per level: decisions with two or more legal actions, and the **CPU time**
(``time.process_time``) per decision: mean, 95th percentile and longest. CPU time is what the
level costs one core whatever the load of a shared machine (a busy core still slows it a little
through caches); the wall clock on an idle core is about the same.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from connect_arena.agents.base import Agent, Budget
from connect_arena.agents.levels import make_agent
from connect_arena.agents.playout import play_game
from connect_arena.core.game import Action, State


def _ladder() -> Any:
    path = Path(__file__).with_name("ladder.py")
    spec = importlib.util.spec_from_file_location("ladder", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["ladder"] = module
    spec.loader.exec_module(module)
    return module


class CpuTimed:
    """Records the CPU seconds of each decision with two or more legal actions."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.name = agent.name
        self.times: list[float] = []

    def act(self, state: State[Action], player: int, budget: Budget | None = None) -> Action:
        """The wrapped agent's action, timed."""
        start = time.process_time()
        action = self.agent.act(state, player, budget)
        if len(state.legal_actions(player)) > 1:
            self.times.append(time.process_time() - start)
        return action


def main(argv: list[str] | None = None) -> dict[str, Any]:
    """Time the levels; print and return the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--levels", default="easy,normal,hard")
    args = parser.parse_args(argv)
    ladder = _ladder()
    game = ladder.ladder_game(args.game, args.players)
    figures: dict[str, Any] = {"game": game.name, "players": game.num_players}
    for level in args.levels.split(","):
        timed = None
        times: list[float] = []
        for index in range(args.games):
            seed = args.seed + 100 * index
            timed = CpuTimed(ladder.ladder_agent(f"mcts:{level}", seed, uncapped=True))
            others = [make_agent("greedy", seed + 1 + seat) for seat in range(1, game.num_players)]
            play_game(game.new_initial_state(), [timed, *others], random.Random(seed))
            times += timed.times
        times.sort()
        figures[level] = {
            "decisions": len(times),
            "mean": statistics.fmean(times) if times else 0.0,
            "p95": times[int(0.95 * (len(times) - 1))] if times else 0.0,
            "max": times[-1] if times else 0.0,
        }
        print(level, json.dumps(figures[level]), flush=True)
    return figures


if __name__ == "__main__":
    main()
