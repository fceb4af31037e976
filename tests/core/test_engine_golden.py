"""Connect 5 and Connect Pairs play, log and search exactly as the code recorded in
``golden_engines.json`` did (issue 24's speed work must not change behaviour).

Along seeded random playouts, every step's legal actions (in order: playouts pick by index),
the action, the history entry and (Pairs) the event log as JSON; the returns at the end; the
knowledge's rollout choice at every decision with a seeded source; and whole MCTS searches
(root lines: action, visits, value). Each game's lines are hashed (SHA-256) into the fixture.

Re-record only on purpose, from code whose behaviour is the reference:
``.venv/bin/python -m tests.core.test_engine_golden``.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from connect_arena.agents.knowledge import knowledge_for
from connect_arena.agents.mcts import MCTSAgent
from connect_arena.core import CHANCE, load, sample_chance_outcome
from connect_arena.core.game import Action, State

FIXTURE = Path(__file__).with_name("golden_engines.json")

CASES: dict[str, tuple[str, int, int, int]] = {
    # name: (game, players, games, actions per game at most)
    "pairs-2": ("pairs", 2, 6, 600),
    "pairs-4": ("pairs", 4, 3, 600),
    "connect5-2": ("connect5", 2, 6, 400),
    "connect5-4": ("connect5", 4, 3, 400),
}


def _log(state: State[Action]) -> list[Any]:
    log = getattr(state, "log", None)
    return [event.to_json() for event in log] if log is not None else []


def playout_lines(game: str, players: int, seed: int, limit: int) -> Iterator[str]:
    """One JSON line per step of a seeded random playout (see the module docstring)."""
    state = load(game, players).new_initial_state()
    rng = random.Random(seed)
    for _ in range(limit):
        if state.is_terminal():
            break
        if state.is_chance_node():
            action, seat = sample_chance_outcome(state, rng), CHANCE
            legal: list[str] = []
        else:
            seat = min(state.active_players())
            actions = state.legal_actions(seat)
            legal = [str(a) for a in actions]
            action = rng.choice(actions)
        state.apply_legal_action(action, seat)
        entry = state.history[-1]
        yield json.dumps([seat, legal, str(action), str(entry.action), _log(state)])
    yield json.dumps([state.is_terminal(), state.returns(), len(state.history)])


def rollout_lines(game: str, players: int, seed: int, limit: int) -> Iterator[str]:
    """The knowledge's rollout choice at every decision of a seeded playout (its own source
    of randomness, seeded per step), and the evaluation of every seat."""
    known = knowledge_for(game)
    assert known is not None and known.rollout is not None
    state = load(game, players).new_initial_state()
    rng = random.Random(seed)
    for step in range(limit):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_legal_action(sample_chance_outcome(state, rng), CHANCE)
            continue
        seat = min(state.active_players())
        choice = known.rollout(state, seat, random.Random(seed * 1000 + step))
        values = [round(known.evaluate(state, s), 9) for s in range(players)]
        yield json.dumps([seat, str(choice), values])
        action = choice if rng.random() < 0.5 else rng.choice(state.legal_actions(seat))
        state.apply_legal_action(action, seat)


def search_lines(game: str, players: int, seed: int, limit: int) -> Iterator[str]:
    """Root lines of MCTS searches (120 simulations, rollout cap 40) at a few decisions of a
    seeded game."""
    state = load(game, players).new_initial_state()
    rng = random.Random(seed)
    searched = 0
    for _ in range(limit):
        if state.is_terminal() or searched == 3:
            break
        if state.is_chance_node():
            state.apply_legal_action(sample_chance_outcome(state, rng), CHANCE)
            continue
        seat = min(state.active_players())
        actions = state.legal_actions(seat)
        if len(actions) > 1 and rng.random() < 0.2:
            agent = MCTSAgent(seed=seed, iterations=120, max_rollout=40)
            lines = agent.analyse(state, seat)
            yield json.dumps([(str(a.action), a.visits, round(a.value, 9)) for a in lines])
            searched += 1
        state.apply_legal_action(rng.choice(actions), seat)


KINDS: dict[str, tuple[Callable[[str, int, int, int], Iterator[str]], int]] = {
    # kind: (lines, how many of the case's games)
    "playout": (playout_lines, 99),
    "rollout": (rollout_lines, 2),
    "search": (search_lines, 1),
}


def digest(kind: str, case: str) -> str:
    """SHA-256 of the lines of ``kind`` over the games of ``case``."""
    game, players, games, limit = CASES[case]
    lines, most = KINDS[kind]
    hashed = hashlib.sha256()
    for seed in range(min(games, most)):
        for line in lines(game, players, seed, limit):
            hashed.update(line.encode() + b"\n")
    return hashed.hexdigest()


@pytest.mark.parametrize("kind", sorted(KINDS))
@pytest.mark.parametrize("case", sorted(CASES))
def test_plays_as_recorded(case: str, kind: str) -> None:
    recorded = json.loads(FIXTURE.read_text())
    assert digest(kind, case) == recorded[f"{kind} {case}"]


if __name__ == "__main__":
    FIXTURE.write_text(
        json.dumps(
            {f"{kind} {case}": digest(kind, case) for case in sorted(CASES) for kind in KINDS},
            indent=1,
            sort_keys=True,
        )
        + "\n"
    )
    print(f"recorded {FIXTURE}")
