"""Quinque knowledge: the window evaluation against a brute-force reference, and its sense."""

from __future__ import annotations

import random

from connect_arena.agents.knowledge.quinque import evaluate, evaluate_all
from connect_arena.core import load
from connect_arena.games.quinque.geometry import LINE_AXES
from tests.games.quinque.helpers import BLUE, RED, position

WEIGHTS = (0.0, 0.2, 1.0, 4.0, 16.0, 0.0)


def reference(marks: dict[tuple[int, int], int], player: int) -> float:
    """Every window of five through a mark, counted once, by direct enumeration."""
    windows = {
        (x - back * dx, y - back * dy, dx, dy)
        for x, y in marks
        for dx, dy in LINE_AXES
        for back in range(5)
    }
    total = 0.0
    for x, y, dx, dy in windows:
        seats = [marks.get((x + k * dx, y + k * dy)) for k in range(5)]
        own, other = seats.count(player), seats.count(1 - player)
        if not (own and other):
            total += WEIGHTS[own] - 1.2 * WEIGHTS[other]
    return total


def test_sliding_windows_equal_the_brute_force_reference() -> None:
    rng = random.Random(8)
    checked = 0
    for _ in range(6):
        state = load("quinque").new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_legal_action(state.legal_actions(-1)[0], -1)
                continue
            supply = 0.1 * (state.supply[0] - state.supply[1])
            values = evaluate_all(state)
            assert abs(values[RED] - (reference(state.marks, RED) + supply)) < 1e-6
            assert abs(values[BLUE] - (reference(state.marks, BLUE) - supply)) < 1e-6
            checked += 1
            player = state.current_player
            state.apply_legal_action(rng.choice(state.legal_actions(player)), player)
    assert checked > 100


def test_an_open_four_beats_scattered_marks() -> None:
    tiles = [(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1)]
    four = position(tiles, red=[(0, 0), (1, 0), (2, 0), (3, 0)], blue=[(0, 2), (4, 3)])
    scattered = position(tiles, red=[(0, 0), (2, 2), (4, 0), (0, 4)], blue=[(0, 2), (4, 3)])
    assert evaluate(four, RED) > evaluate(scattered, RED)
    assert evaluate(four, BLUE) < evaluate(scattered, BLUE)
