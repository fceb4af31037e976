"""Hints and analyses on one honest scale (issue 27 item 10): every candidate carries its
expected score on 0..1 (a win 1, a draw 0.5) next to the raw expected return, points games
keep points, and an expected line stops where chance acts next (future dice are not known)."""

from __future__ import annotations

import random

import pytest

from connect_arena.core import CHANCE, load
from connect_arena.service.computer import HintRequest, expected_score, hint
from tests.playouts import random_steps


def pairs_request(seed: int) -> tuple[HintRequest, object]:
    """A Connect Pairs position where a seat acts, reached by a seeded random game."""
    rng = random.Random(seed)
    state = load("pairs", 4).new_initial_state()
    actions = random_steps(state, rng, rng.randrange(4, 30))
    while state.is_chance_node():
        action = state.chance_outcomes()[0][0]
        state.apply_action(action, CHANCE)
        actions.append((CHANCE, str(action)))
    seat = min(state.active_players())
    request = HintRequest(
        table_id=-seed,
        game="pairs",
        num_players=4,
        options={},
        actions=tuple(actions),
        seat=seat,
        agent="mcts:200",
        seed=seed,
        lines=3,
    )
    return request, state


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_pairs_line_stops_before_the_dice(seed: int) -> None:
    request, start = pairs_request(seed)
    lines = hint(request)
    assert lines
    for line in lines:
        after = start.clone()  # type: ignore[attr-defined]
        for index, text in enumerate(line["principal"]):
            assert not after.is_chance_node()  # never a sampled die inside the line
            seat = request.seat if index == 0 else min(after.active_players())
            after.apply_action(after.parse_action(text), seat)
        assert line["then_chance"] == after.is_chance_node()
        assert len(line["principal_events"]) == len(line["principal"])


def test_the_score_scale() -> None:
    quinque = load("quinque", 2).game_type
    assert expected_score(1.0, quinque) == 1.0
    assert expected_score(0.0, quinque) == 0.5
    assert expected_score(-0.2, quinque) == 0.4
    assert expected_score(-3.0, quinque) == 0.0
    assert expected_score(12.0, load("connnect", 2).game_type) is None  # points stay points


def test_connect5_options_are_not_all_zero() -> None:
    request = HintRequest(
        table_id=-7,
        game="connect5",
        num_players=2,
        options={"first_player": "0"},
        actions=(),
        seat=0,
        agent="mcts:200",
        seed=3,
        lines=3,
    )
    lines = hint(request)
    assert lines and all(line["score"] is not None for line in lines)
    assert any(line["score"] > 0.0 for line in lines)  # type: ignore[operator]
