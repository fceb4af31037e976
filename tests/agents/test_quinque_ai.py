"""Quinque knowledge: the window evaluation against a brute-force reference, and its sense."""

from __future__ import annotations

import random

from connect_arena.agents.knowledge.quinque import completing_cells, evaluate, evaluate_all, rollout
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


def completing_reference(marks: dict[tuple[int, int], int], seat: int) -> set[tuple[int, int]]:
    """Every window of five through a parachute of ``seat`` with exactly one cell not
    ``seat``'s: that cell, by direct enumeration."""
    found: set[tuple[int, int]] = set()
    for (x, y), owner in marks.items():
        if owner != seat:
            continue
        for dx, dy in LINE_AXES:
            for back in range(5):
                window = [(x + (k - back) * dx, y + (k - back) * dy) for k in range(5)]
                missing = [cell for cell in window if marks.get(cell) != seat]
                if len(missing) == 1:
                    found.add(missing[0])
    return found


def test_completing_cells_equal_the_brute_force_reference() -> None:
    # Dense boards around random origins (negative coordinates too), plus lines 32 or 64
    # apart, which share the counting slots of the fast pass and must still be told apart.
    rng = random.Random(24)
    nonempty = 0
    for trial in range(400):
        ox, oy = rng.randrange(-50, 50), rng.randrange(-50, 50)
        marks = {
            (ox + rng.randrange(10), oy + rng.randrange(10)): rng.randrange(2)
            for _ in range(rng.randrange(60))
        }
        if trial % 3 == 0:
            for k in range(rng.randrange(2, 5)):  # a short run far away in the same slots
                marks[(ox + 32 * rng.choice((1, 2)) + k, oy + 64)] = 0
                marks[(ox, oy + 32 + k)] = 1
        for seat in (0, 1):
            expected = completing_reference(marks, seat)
            assert completing_cells(marks, seat) == expected
            nonempty += bool(expected)
    assert nonempty > 200


def test_the_rollout_completes_its_own_line_before_blocking() -> None:
    tiles = [(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1)]
    fours = {"red": [(0, 0), (1, 0), (2, 0), (3, 0)], "blue": [(0, 3), (1, 3), (2, 3), (3, 3)]}
    both = position(tiles, **fours)
    blue_only = position(tiles, red=[(5, 1)], blue=fours["blue"])
    for seed in range(20):
        assert str(rollout(both, RED, random.Random(seed))) == "mark 4,0"
        assert str(rollout(blue_only, RED, random.Random(seed))) == "mark 4,3"
