"""Regenerate ``perft.json`` (run by hand after a deliberate rules change, then review the diff).

Positions come from seeded random games on T1 and Basic at fixed action counts; each entry
stores the record, the depth, the total and the per-first-action counts.

Usage: ``.venv/bin/python tests/games/connect5/golden/regenerate.py``
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from connect_arena.agents import RandomAgent, play_game
from connect_arena.core import load, record_of
from connect_arena.core.perft import perft_divide

HERE = Path(__file__).parent
ALTERNATIVES = {
    "double_capture_removes": "top",
    "retrace_rule": "previous_turn",
    "sandwich_in_chain": True,
    "stack_by_step": True,
    "jump_turn_at_T_dot": True,
}
CASES: list[tuple[str, int, dict[str, Any], int, int, int]] = [
    # name, players, options, seed, actions played, depth
    ("t1-2p-opening", 2, {"board": "t1"}, 1, 0, 3),
    ("t1-2p-mid", 2, {"board": "t1"}, 2, 16, 4),
    ("t1-3p-mid", 3, {"board": "t1"}, 3, 24, 3),
    ("t1-2p-alternatives", 2, {"board": "t1", **ALTERNATIVES}, 4, 20, 4),
    ("basic-2p-early", 2, {"board": "basic"}, 5, 6, 3),
    ("basic-5p-mid", 5, {"board": "basic"}, 6, 60, 3),
]


def main() -> None:
    entries: list[dict[str, Any]] = []
    for name, players, options, seed, actions, depth in CASES:
        state = load("connect5", players, first_player="0", **options).new_initial_state()
        agents = [RandomAgent(seed + 10 * seat) for seat in range(players)]
        play_game(state, agents, random.Random(seed), max_actions=actions)
        assert not state.is_terminal(), name
        record = json.loads(record_of(state, ["random"] * players).to_json())
        divide = perft_divide(state, depth)
        entries.append(
            {
                "name": name,
                "record": record,
                "depth": depth,
                "total": sum(count for _, count in divide),
                "divide": dict(divide),
            }
        )
        print(name, depth, entries[-1]["total"])
    (HERE / "perft.json").write_text(json.dumps(entries, indent=1) + "\n")


if __name__ == "__main__":
    main()
