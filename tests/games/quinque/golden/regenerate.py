"""Regenerate ``perft.json`` (run by hand after a deliberate rules change, then review the diff).

Positions are taken from seeded random games (basic and advanced) at fixed action counts;
each entry stores the record, the depth, the total and the per-first-action counts.

Usage: ``.venv/bin/python tests/games/quinque/golden/regenerate.py``
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
CASES = [
    ("basic-opening", {}, 1, 0, 4),
    ("basic-early", {}, 2, 8, 3),
    ("basic-mid", {}, 3, 30, 3),
    ("advanced-early", {"advanced": True}, 4, 8, 3),
    ("advanced-mid", {"advanced": True}, 5, 30, 3),
    ("corner-mid", {"connectivity": "corner", "add_adjacency": "corner"}, 6, 20, 3),
]


def main() -> None:
    entries: list[dict[str, Any]] = []
    for name, options, seed, actions, depth in CASES:
        state = load("quinque", first_player="0", **options).new_initial_state()
        agents = [RandomAgent(seed), RandomAgent(seed + 100)]
        play_game(state, agents, random.Random(seed), max_actions=actions)
        record = json.loads(record_of(state, ["random", "random"]).to_json())
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
