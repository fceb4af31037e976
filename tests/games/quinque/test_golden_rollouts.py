"""Quinque's rollout policy and MCTS search choose exactly as the code recorded in
``data/golden_rollouts.json`` did (issue 24's speed work on the policy must not change a
choice).

Along seeded playouts for several option sets (tile sizes 1, 2 and 3, edge and corner
connectivity, advanced movement), every decision's rollout choice with a source seeded per
step; the playout follows that choice 7 times in 10 (so fours, wins and blocks happen) and
a seeded random legal action otherwise. Then whole MCTS searches (120 simulations, rollout
cap 40: root lines of action, visits and value) at a few decisions. Each option set's lines
are hashed (SHA-256) into the fixture, with the number of decisions where the choice won at
once, so that the file shows the win-first branch is exercised.

Re-record only on purpose, from code whose behaviour is the reference:
``.venv/bin/python -m tests.games.quinque.test_golden_rollouts``.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

import pytest

from connect_arena.agents.knowledge.quinque import rollout
from connect_arena.agents.mcts import MCTSAgent
from connect_arena.core import CHANCE, load

DATA = Path(__file__).parent / "data" / "golden_rollouts.json"
MAX_STEPS = 300
PLAYOUTS = 8

OPTION_SETS: dict[str, dict[str, object]] = {
    "default": {},
    "advanced": {"advanced": True},
    "corner": {"connectivity": "corner", "add_adjacency": "corner"},
    "side-1": {"skydivers_per_tile": 1, "tiles": 20, "parachutes": 10},
    "side-3": {"skydivers_per_tile": 9, "tiles": 5, "parachutes": 20, "advanced": True},
}


def rollout_lines(options: dict[str, object], seed: int) -> tuple[list[str], int]:
    """One JSON line per decision of a seeded playout (see the module docstring), and the
    number of decisions where the rollout's choice ended the game with a line."""
    state = load("quinque", 2, **options).new_initial_state()
    rng = random.Random(seed)
    lines: list[str] = []
    won = 0
    for step in range(MAX_STEPS):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_legal_action(state.legal_actions(CHANCE)[seed % 2], CHANCE)
            continue
        seat = state.current_player
        choice = rollout(state, seat, random.Random(seed * 1000 + step))
        after = state.clone()
        after.apply_legal_action(choice, seat)
        if after.is_terminal() and after.returns()[seat] > 0:
            won += 1
        lines.append(json.dumps([seat, str(choice)]))
        action = choice if rng.random() < 0.7 else rng.choice(state.legal_actions(seat))
        state.apply_legal_action(action, seat)
    return lines, won


def search_lines(options: dict[str, object], seed: int) -> list[str]:
    """Root lines of MCTS searches with the rollout policy (120 simulations, rollout cap 40)
    at three decisions of a seeded random game."""
    state = load("quinque", 2, **options).new_initial_state()
    rng = random.Random(seed)
    lines: list[str] = []
    while not state.is_terminal() and len(lines) < 3:
        if state.is_chance_node():
            state.apply_legal_action(state.legal_actions(CHANCE)[0], CHANCE)
            continue
        seat = state.current_player
        actions = state.legal_actions(seat)
        if len(actions) > 1 and rng.random() < 0.15:
            agent = MCTSAgent(seed=seed, iterations=120, max_rollout=40)
            found = agent.analyse(state, seat)
            lines.append(json.dumps([(str(a.action), a.visits, round(a.value, 9)) for a in found]))
        state.apply_legal_action(rng.choice(actions), seat)
    return lines


def record(name: str) -> dict[str, Any]:
    """The digests of option set ``name``: rollout choices, their wins, searches."""
    options = OPTION_SETS[name]
    choices = hashlib.sha256()
    wins = 0
    for seed in range(PLAYOUTS):
        lines, won = rollout_lines(options, seed)
        wins += won
        for line in lines:
            choices.update(line.encode() + b"\n")
    searches = hashlib.sha256()
    for line in search_lines(options, 7):
        searches.update(line.encode() + b"\n")
    return {"rollout": choices.hexdigest(), "wins": wins, "search": searches.hexdigest()}


GOLDEN: dict[str, dict[str, Any]] = json.loads(DATA.read_text()) if DATA.exists() else {}


@pytest.mark.parametrize("name", sorted(OPTION_SETS))
def test_rollouts_and_searches_choose_as_recorded(name: str) -> None:
    assert record(name) == GOLDEN[name]


def test_the_recorded_rollouts_win_in_every_option_set() -> None:
    assert set(GOLDEN) == set(OPTION_SETS)
    assert all(entry["wins"] >= 5 for entry in GOLDEN.values())


if __name__ == "__main__":
    DATA.write_text(json.dumps({name: record(name) for name in OPTION_SETS}, indent=1) + "\n")
    print(DATA.read_text())
