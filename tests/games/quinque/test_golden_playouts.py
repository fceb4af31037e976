"""Old-versus-new check of Quinque's engine: seeded playouts recorded from the engine before
its representation was rewritten (``data/golden_playouts.json``) are replayed on the current
engine, which must agree at every step.

Per step the file keeps a digest of the sorted legal actions' notation, of their order, of
the public observation, and the action chosen; per playout the returns and the outcome. The
choice depends only on the sorted notation (a seeded ``rng`` picks an index in it, marks and
adds preferred in the ``eager`` playouts, so that lines of five get made), so the
playouts do not depend on how the engine orders or builds its actions.

Regenerate (only after a deliberate rules change; review the diff):
``.venv/bin/python -m tests.games.quinque.test_golden_playouts``
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

import pytest

from connect_arena.core import CHANCE, load

DATA = Path(__file__).parent / "data" / "golden_playouts.json"
MAX_STEPS = 400

OPTION_SETS: list[dict[str, object]] = [
    {},
    {"advanced": True},
    {"advanced": True, "advanced_single_step": "any", "move_same_tile_twice": False},
    {"connectivity": "corner", "add_adjacency": "corner"},
    {"connectivity_check": "lifted", "first_player": "1"},
    {"basic_orthogonal_only": True, "basic_move_blocked_by_tiles": True},
    {"skydivers_per_tile": 1, "tiles": 20, "parachutes": 10},
    {"skydivers_per_tile": 9, "tiles": 5, "parachutes": 20, "advanced": True},
    {"win_check": "turn", "opponent_line": "at_turn_start", "tie_timing": "immediate"},
    {"opponent_line": "ignored", "no_action": "lose", "tiles": 4, "parachutes": 6},
    {"no_action": "tie", "tiles": 3, "parachutes": 5, "connectivity": "corner"},
    {
        "advanced": True,
        "connectivity": "corner",
        "connectivity_check": "lifted",
        "basic_move_blocked_by_tiles": True,
        "max_turns": 50,
    },
]
CASES = [
    (index, seed, eager)
    for index in range(len(OPTION_SETS))
    for seed, eager in ((index * 10 + 1, False), (index * 10 + 2, True), (index * 10 + 3, True))
]


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:10]


def play(options: dict[str, object], seed: int, eager: bool) -> dict[str, Any]:
    """One seeded playout (see the module docstring): its steps and its end."""
    rng = random.Random(seed)
    state = load("quinque", 2, **options).new_initial_state()
    steps: list[list[str]] = []
    while not state.is_terminal() and len(steps) < MAX_STEPS:
        seat = CHANCE if state.is_chance_node() else state.current_player
        listed = [str(action) for action in state.legal_actions(seat)]
        ordered = sorted(listed)
        pool = ordered
        if eager and rng.random() < 0.8:
            pool = [text for text in ordered if text.startswith(("mark", "add"))] or ordered
        chosen = pool[rng.randrange(len(pool))]
        seen = json.dumps(state.public_observation(), sort_keys=True)
        steps.append(
            [_digest("\n".join(ordered)), _digest("\n".join(listed)), _digest(seen), chosen]
        )
        state.apply_action(chosen, seat)
    return {
        "options": options,
        "seed": seed,
        "eager": eager,
        "steps": steps,
        "returns": state.returns(),
        "terminal": state.is_terminal(),
        "end": _digest(json.dumps(state.public_observation(), sort_keys=True)),
    }


GOLDEN: list[dict[str, Any]] = json.loads(DATA.read_text()) if DATA.exists() else []


@pytest.mark.parametrize("entry", GOLDEN, ids=[f"{e['seed']}" for e in GOLDEN])
def test_playout_matches_the_recorded_engine(entry: dict[str, Any]) -> None:
    now = play(entry["options"], entry["seed"], entry["eager"])
    for number, (was, is_) in enumerate(zip(entry["steps"], now["steps"], strict=False)):
        assert is_ == was, f"step {number} differs (sorted, order, observation, chosen)"
    assert len(now["steps"]) == len(entry["steps"])
    assert (now["returns"], now["terminal"], now["end"]) == (
        entry["returns"],
        entry["terminal"],
        entry["end"],
    )


def test_the_golden_playouts_cover_the_options_and_the_endings() -> None:
    assert len(GOLDEN) == len(CASES) >= 30
    assert {json.dumps(e["options"], sort_keys=True) for e in GOLDEN} == {
        json.dumps(o, sort_keys=True) for o in OPTION_SETS
    }
    won = [e for e in GOLDEN if e["terminal"] and e["returns"] != [0.0, 0.0]]
    tied = [e for e in GOLDEN if e["terminal"] and e["returns"] == [0.0, 0.0]]
    assert len(won) >= 10 and tied


def main() -> None:
    entries = [play(OPTION_SETS[index], seed, eager) for index, seed, eager in CASES]
    DATA.parent.mkdir(exist_ok=True)
    DATA.write_text(json.dumps(entries, separators=(",", ":")) + "\n")
    for entry in entries:
        print(entry["seed"], len(entry["steps"]), entry["returns"], entry["terminal"])


if __name__ == "__main__":
    main()
