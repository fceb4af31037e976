"""Issue 15, defect 9: a finished Connect 5 game says why it ended (one round in a quick game,
one per player in a full game) and why its winners won (most points, shared top scores, or
the tie break of AMB-20)."""

from __future__ import annotations

import dataclasses
import random

from connect_arena.core import load
from connect_arena.games.connect5.events import ENGLISH, result_events
from connect_arena.games.connect5.rules import Connect5State


def finished(seed: int, **options: object) -> Connect5State:
    state = load("connect5", 2, **options).new_initial_state()
    assert isinstance(state, Connect5State)
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([action for action, _ in state.chance_outcomes()]))
        else:
            seat = min(state.active_players())
            state.apply_action(rng.choice(state.legal_actions(seat)), seat)
    return state


def keys(state: Connect5State) -> list[tuple[str, dict[str, object]]]:
    return [(event["key"], event["params"]) for event in state.observation(0)["result"]]


def test_a_quick_game_ends_with_its_round_and_the_most_points_win() -> None:
    state = finished(0, mode="quick")
    scores, best = state.scores(), state.winners()
    assert len(best) == 1
    assert keys(state) == [
        ("connect5.end_quick", {}),
        ("connect5.win_points", {"seats": best, "points": max(scores)}),
    ]
    assert result_events(state)[0].render(ENGLISH) == (
        "the game ended with its only round (a quick game)"
    )


def test_a_full_game_ends_after_one_round_per_player() -> None:
    state = finished(1, mode="full")
    assert keys(state)[0] == ("connect5.end_full", {"rounds": 2})


def test_ties_are_shared_or_broken() -> None:
    state = finished(0, mode="quick")
    state.banked = [10, 10]
    assert keys(state)[1] == ("connect5.win_shared", {"seats": [0, 1], "points": 10})
    state.cfg = dataclasses.replace(state.cfg, tie_break="connect5_then_captures")
    key, params = keys(state)[1]
    assert key == "connect5.win_tiebreak" and params["seats"] == state.winners()


def test_no_result_while_the_game_goes_on() -> None:
    state = load("connect5", 2).new_initial_state()
    assert state.observation(0)["result"] == []
