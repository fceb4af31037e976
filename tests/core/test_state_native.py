"""``State`` compiled by mypyc (``core/state.py``) with compiled and interpreted subclasses:
what every engine relies on keeps working on both builds (clones, pickles, the game)."""

from __future__ import annotations

import pickle
import random

import pytest
from tests.plugins.fivestones import FiveStonesGame

from connect_arena import _build
from connect_arena.core import load
from connect_arena.core.chance import sample_chance_outcome
from connect_arena.core.game import Action, State

needs_compiled = pytest.mark.skipif(
    not _build.is_compiled(),
    reason=f"the suite runs on the pure-Python engines here ({_build.describe()})",
)


def _played(name: str, seed: int, actions: int) -> State[Action]:
    """A state of ``name`` (two players) after ``actions`` random actions, chance included."""
    state: State[Action] = load(name, 2).new_initial_state()
    rng = random.Random(seed)
    for _ in range(actions):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_legal_action(sample_chance_outcome(state, rng), -1)
        else:
            player = min(state.active_players())  # a simultaneous phase: the first seat
            state.apply_legal_action(rng.choice(state.legal_actions(player)), player)
    return state


@needs_compiled
@pytest.mark.parametrize("name", ["connect5", "pairs", "quinque", "connnect"])
def test_the_rules_states_are_compiled_subclasses(name: str) -> None:
    state = load(name).new_initial_state()
    assert "__mypyc_attrs__" in vars(State)
    assert "__mypyc_attrs__" in vars(type(state)), type(state)


@pytest.mark.parametrize("name", ["connect5", "pairs", "quinque", "connnect"])
def test_a_clone_is_equal_and_independent(name: str) -> None:
    state = _played(name, seed=3, actions=12)
    twin = state.clone()
    assert twin.game is state.game
    assert twin.observation(0) == state.observation(0)
    assert twin.history == state.history and twin.history is not state.history
    before = state.observation(0)
    for _ in range(6):  # play the twin on: the original must not move
        if twin.is_terminal():
            break
        if twin.is_chance_node():
            twin.apply_legal_action(twin.legal_actions()[0], -1)
        else:
            player = min(twin.active_players())
            twin.apply_legal_action(twin.legal_actions(player)[-1], player)
    assert state.observation(0) == before
    assert len(state.history) == 12 or state.is_terminal()


@pytest.mark.parametrize("name", ["connect5", "pairs", "quinque", "connnect"])
def test_a_played_state_pickles(name: str) -> None:
    state = _played(name, seed=5, actions=15)
    copy = pickle.loads(pickle.dumps(state))
    assert type(copy) is type(state)
    assert copy.game == state.game
    assert copy.history == state.history
    assert copy.observation(0) == state.observation(0)
    player = min(state.active_players(), default=None)
    assert copy.legal_actions(player) == state.legal_actions(player)


def test_an_interpreted_subclass_may_clone_by_copying_its_dict() -> None:
    """The plug-in game clones by ``cls.__new__`` and ``other.__dict__.update(...)``."""
    state = FiveStonesGame(stones=5).new_initial_state()
    state.apply_action("take 2")
    twin = state.clone()
    assert twin.game is state.game
    twin.apply_action("take 3")
    assert state.observation(0) == {"pile": 3, "to_move": 1, "winner": None}
    assert twin.observation(0) == {"pile": 0, "to_move": 0, "winner": 1}
    assert [str(entry.action) for entry in state.history] == ["take 2"]
