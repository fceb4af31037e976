"""The OpenSpiel adapter's state answers a step with the stepper's own methods: no Python
frame of the adapter runs between pyspiel and the stepper, and the methods follow the state's
stepper through clones and replacements."""

from __future__ import annotations

import random
import sys
from types import FrameType
from typing import Any

import pyspiel
import pytest

import connect_arena.rl.openspiel as adapter
from connect_arena.rl import Stepper
from connect_arena.rl.openspiel import openspiel_name

NAMES = ["connect5", "connnect", "pairs", "quinque"]


def _play(state: Any, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if state.is_terminal():
            return
        if state.is_chance_node():
            state.apply_action(rng.choice([i for i, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("name", NAMES)
def test_a_step_runs_no_python_frame_of_the_adapter(name: str) -> None:
    state = pyspiel.load_game(openspiel_name(name)).new_initial_state()
    rng = random.Random(3)
    _play(state, rng, 5)  # the stepper and its bound methods exist
    called: list[str] = []

    def watch(frame: FrameType, event: str, arg: object) -> None:
        if event == "call" and frame.f_code.co_filename == adapter.__file__:
            called.append(frame.f_code.co_name)

    sys.setprofile(watch)
    try:
        _play(state, rng, 40)  # current_player, legal_actions, apply_action, chance, ...
        state.is_terminal()
        state.returns()
    finally:
        sys.setprofile(None)
    assert called == []


@pytest.mark.parametrize("name", NAMES)
def test_a_clone_answers_from_its_own_stepper(name: str) -> None:
    state = pyspiel.load_game(openspiel_name(name)).new_initial_state()
    rng = random.Random(4)
    _play(state, rng, 20)
    before = (state.history(), state.legal_actions(), state.current_player())
    other = state.clone()
    assert other.stepper is not state.stepper
    _play(other, rng, 10)
    assert (state.history(), state.legal_actions(), state.current_player()) == before
    assert other.legal_actions() == other.stepper.legal_ids()
    assert other.current_player() == other.stepper.current_player


def test_a_stepper_set_on_a_state_answers_its_queries() -> None:
    game = pyspiel.load_game(openspiel_name("pairs"))
    state = game.new_initial_state()
    _play(state, random.Random(5), 30)
    fresh = game.new_initial_state()
    replaced = Stepper(game.encoding, state.engine_state().clone())  # as openspiel_agent does
    fresh._stepper = replaced
    assert fresh.stepper is replaced
    assert fresh.current_player() == replaced.current_player
    assert fresh.legal_actions() == replaced.legal_ids()
    assert fresh.is_chance_node() == replaced.is_chance_node()
    assert fresh.is_terminal() == replaced.is_terminal()
