"""Perft counts on the toy games, checked by hand (see the comments)."""

from __future__ import annotations

import pytest

from connect_arena.core.perft import perft, perft_divide
from toygames import Pig, RockPaperScissors, TicTacToe


@pytest.mark.parametrize(
    ("depth", "expected"),
    # 9 * 8 * 7 * ... while nobody can have three in a row (before ply 5); at ply 5 the
    # 1440 sequences where X has just won end the game, so ply 6 counts (15120 - 1440) * 4.
    [(0, 1), (1, 9), (2, 72), (3, 504), (4, 3024), (5, 15120), (6, 54720)],
)
def test_tictactoe_perft(depth: int, expected: int) -> None:
    assert perft(TicTacToe().new_initial_state(), depth) == expected


def test_terminal_before_depth_counts_zero_but_depth_zero_counts_one() -> None:
    state = TicTacToe().new_initial_state()
    for square in ("a1", "a2", "b1", "b2", "c1"):  # X wins along row 1
        state.apply_action(square)
    assert state.is_terminal()
    assert perft(state, 0) == 1
    assert perft(state, 1) == 0
    assert perft(state, 3) == 0


@pytest.mark.parametrize(
    ("depth", "expected"),
    # 1: Red may only roll (hold needs a turn total). 2: six chance outcomes.
    # 3: after a 1 Blue must roll (1); after 2..6 Red may roll or hold (5 * 2) -> 11.
    # 4: 1 -> Blue roll -> 6 outcomes (6); 2..6 -> roll -> 6 outcomes, hold -> Blue roll (5 * 7).
    # 5: 11 below the first 1, and 17 below each of 2..6 (roll: 1 + 5 * 2; hold: 6) -> 96.
    [(1, 1), (2, 6), (3, 11), (4, 41), (5, 96)],
)
def test_pig_perft_expands_chance_outcomes(depth: int, expected: int) -> None:
    assert perft(Pig().new_initial_state(), depth) == expected


@pytest.mark.parametrize(
    ("depth", "expected"),
    # One seat per ply: 3, then 3 * 3 joint choices per round. After two rounds the 18 of 81
    # sequences in which one seat won both rounds end the match (best of 3): 63 * 3, 63 * 9.
    [(1, 3), (2, 9), (4, 81), (5, 189), (6, 567)],
)
def test_rps_perft_expands_lowest_active_seat(depth: int, expected: int) -> None:
    assert perft(RockPaperScissors().new_initial_state(), depth) == expected


def test_rps_perft_expands_the_remaining_seat_after_one_has_chosen() -> None:
    state = RockPaperScissors().new_initial_state()
    state.apply_action("rock", 1)
    assert perft_divide(state, 1) == [("rock", 1), ("paper", 1), ("scissors", 1)]
    assert state.active_players() == {0}


def test_divide_sums_to_perft_and_does_not_touch_the_state() -> None:
    state = Pig().new_initial_state()
    state.apply_action("roll")
    state.apply_action("roll 4")
    divide = perft_divide(state, 4)
    assert [action for action, _ in divide] == ["roll", "hold"]
    assert sum(count for _, count in divide) == perft(state, 4)
    assert [str(entry.action) for entry in state.history] == ["roll", "roll 4"]


def test_tictactoe_divide_is_symmetric() -> None:
    divide = dict(perft_divide(TicTacToe().new_initial_state(), 3))
    assert len(divide) == 9
    assert set(divide.values()) == {56}


def test_negative_depth_is_rejected() -> None:
    state = TicTacToe().new_initial_state()
    with pytest.raises(ValueError, match="depth"):
        perft(state, -1)
    with pytest.raises(ValueError, match="depth"):
        perft_divide(state, 0)
