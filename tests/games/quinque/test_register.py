"""One test (at least) per decision Q-1…Q-23 of the ambiguity register (``docs/rules/quinque.md``),
pinning the default and each alternative offered as an option."""

from __future__ import annotations

import pytest

from connect_arena.core import CHANCE, IllegalActionError, InvalidActionError, InvalidOptionError
from connect_arena.games import load
from connect_arena.games.quinque import FirstPlayer
from tests.games.quinque.helpers import BLUE, RED, destinations, position, texts

ROW3 = [(0, 0), (1, 0), (2, 0)]


def test_q1_adding_a_tile_always_marks_one_of_its_skydivers() -> None:
    state = position([(0, 0)], red=[(0, 0)], to_move=BLUE)
    with pytest.raises(InvalidActionError):
        state.apply_action("add T1,0")
    broke = position([(0, 0), (1, 0)], red=[(0, 0)], blue=[(2, 0)], supply=(0, 5))
    assert not [a for a in texts(broke) if a.startswith("add")]
    with pytest.raises(IllegalActionError, match="no parachutes left"):
        broke.apply_action("add T2,0 4,0")


def test_q2_basic_moves_go_in_eight_directions_by_default() -> None:
    state = position(ROW3, red=[(4, 0)])
    assert (1, 1) in destinations(state, (2, 0))  # diagonal
    orthogonal = position(ROW3, red=[(4, 0)], basic_orthogonal_only=True)
    assert (1, 1) not in destinations(orthogonal, (2, 0))
    with pytest.raises(IllegalActionError, match="not in the row or column"):
        orthogonal.apply_action("move T2,0 T1,1")


def test_q3_basic_moves_may_pass_over_tiles_unless_the_option_says_no() -> None:
    state = position(ROW3, red=[(4, 0)])
    state.apply_action("move T2,0 T-1,0")  # over T1,0 and T0,0
    assert state.tiles == {(-1, 0), (0, 0), (1, 0)}
    blocked = position(ROW3, red=[(4, 0)], basic_move_blocked_by_tiles=True)
    with pytest.raises(IllegalActionError, match="blocked by T1,0"):
        blocked.apply_action("move T2,0 T-1,0")


def test_q4_edge_connectivity_by_default_corner_as_option() -> None:
    tiles = [(0, 0), (1, 0)]
    assert destinations(position(tiles, red=[(2, 0)]), (1, 0)) == {(0, 1), (0, -1), (-1, 0)}
    corner = position(tiles, red=[(2, 0)], connectivity="corner")
    assert destinations(corner, (1, 0)) == {(0, 1), (0, -1), (-1, 0), (1, 1), (1, -1)}


def test_q5_connectivity_of_the_final_formation_or_also_with_the_tile_lifted() -> None:
    u_shape = [(0, 0), (1, 0), (2, 0), (0, 1), (2, 1)]
    assert (1, 1) in destinations(position(u_shape, red=[(2, 0)]), (1, 0))
    lifted = position(u_shape, red=[(2, 0)], connectivity_check="lifted")
    assert destinations(lifted, (1, 0)) == set()
    with pytest.raises(IllegalActionError, match="lifting T1,0 would split"):
        lifted.apply_action("move T1,0 T1,1")


def test_q6_the_same_tile_may_move_twice_unless_the_option_says_no() -> None:
    state = position(ROW3, red=[(4, 0)])
    state.apply_action("move T2,0 T1,1")
    state.apply_action("move T1,1 T0,1")
    assert state.tiles == {(0, 0), (1, 0), (0, 1)}
    once = position(ROW3, red=[(4, 0)], move_same_tile_twice=False)
    once.apply_action("move T2,0 T1,1")
    with pytest.raises(IllegalActionError, match="already moved this turn"):
        once.apply_action("move T1,1 T0,1")
    once.apply_action("move T0,0 T0,1")  # another tile is fine
    assert once.tiles == {(0, 1), (1, 0), (1, 1)}


def test_q7_marked_this_turn_covers_a_newly_added_tile_only_for_this_turn() -> None:
    state = position(ROW3, red=[(0, 0)], blue=[(2, 0)])
    state.apply_action("add T3,0 6,0")
    with pytest.raises(IllegalActionError, match="marked this turn"):
        state.apply_action("move T3,0 T2,1")
    state.apply_action("pass")
    # Blue may move the tile Red marked last turn.
    state.apply_action("move T3,0 T2,1", BLUE)
    assert (2, 1) in state.tiles


def test_q8_surround_is_judged_before_the_move() -> None:
    plus = [(1, 1), (0, 1), (2, 1), (1, 0), (1, 2)]
    state = position(plus, red=[(2, 2)])
    assert destinations(state, (1, 1)) == set()
    assert destinations(state, (1, 0))  # the arms are free to move


def test_q9_new_tiles_touch_by_an_edge_corner_only_with_corner_connectivity() -> None:
    corner = position([(0, 0)], red=[(0, 0)], add_adjacency="corner", connectivity="corner")
    corner.apply_action("add T1,1 2,2")
    assert (1, 1) in corner.tiles
    with pytest.raises(InvalidOptionError, match="add_adjacency=corner needs connectivity"):
        load("quinque", add_adjacency="corner")


def test_q10_win_checked_after_each_action_or_at_the_end_of_the_turn() -> None:
    four = [(0, 0), (1, 0), (2, 0), (3, 0)]
    at_once = position(ROW3, red=four)
    at_once.apply_action("mark 4,0")
    assert at_once.winner == RED
    at_turn_end = position(ROW3, red=four, win_check="turn")
    at_turn_end.apply_action("mark 4,0")
    assert not at_turn_end.is_terminal()
    at_turn_end.apply_action("pass")
    assert at_turn_end.winner == RED


def test_q10_turn_check_a_line_broken_by_the_second_move_does_not_win() -> None:
    tiles = [(0, 0), (1, 0), (2, 0), (1, 1)]
    state = position(tiles, red=[(0, 0), (1, 0), (2, 0), (3, 0)], win_check="turn")
    state.apply_action("mark 4,0")
    state.apply_action("move T0,0 T0,1")  # breaks the row: (0,0) leaves for (0,2)
    assert not state.is_terminal()
    assert state.current_player == BLUE


def test_q12_longer_runs_count() -> None:
    state = position([(0, 0), (1, 0), (2, 0), (3, 0)], red=[(0, 0), (1, 0), (2, 0), (4, 0), (5, 0)])
    state.apply_action("mark 3,0")  # makes a run of six
    assert state.winner == RED


def test_q14_pass_when_no_legal_action_then_play_goes_on() -> None:
    state = position([(0, 0)], red=[(0, 0)], blue=[(1, 0)], to_move=BLUE, supply=(0, 2))
    state.apply_action("mark 0,1")  # the lone tile cannot move: Red's turn begins
    assert state.current_player == RED
    assert texts(state) == ["pass"]
    state.apply_action("pass")
    assert state.current_player == BLUE and not state.is_terminal()


def test_q14_pass_is_refused_while_an_action_exists() -> None:
    state = position(ROW3, red=[(0, 0)])
    with pytest.raises(IllegalActionError, match="must act"):
        state.apply_action("pass")


def test_q14_both_players_unable_to_act_is_a_tie() -> None:
    full = [(0, 0), (1, 0), (0, 1)]
    state = position([(0, 0)], red=full, blue=[(1, 1)], supply=(0, 1), tiles=1, parachutes=2)
    assert texts(state) == ["pass"]
    state.apply_action("pass")
    assert state.is_terminal() and state.winner is None and state.outcome == "no_action"


@pytest.mark.parametrize(("mode", "winner"), [("lose", BLUE), ("tie", None)])
def test_q14_options_lose_or_tie(mode: str, winner: int | None) -> None:
    state = position(
        [(0, 0)], red=[(0, 0)], blue=[(1, 0)], to_move=BLUE, supply=(0, 2), no_action=mode
    )
    state.apply_action("mark 0,1")
    assert state.is_terminal() and state.winner == winner and state.outcome == "no_action"


def test_q15_advanced_single_parachute_step_orthogonal_or_any() -> None:
    formation = [(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1), (3, 0)]
    orthogonal = position(formation, red=[(6, 0)], advanced=True)
    assert destinations(orthogonal, (3, 0)) == {(3, 1)}
    with pytest.raises(IllegalActionError, match="only to an adjacent cell"):
        orthogonal.apply_action("move T3,0 T-1,0")
    any_step = position(formation, red=[(6, 0)], advanced=True, advanced_single_step="any")
    assert destinations(any_step, (3, 0)) == {(3, 1), (2, -1)}


def test_q16_advanced_moves_of_two_to_four_parachutes_go_any_distance_through_tiles() -> None:
    formation = [(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1), (3, 0)]
    state = position(formation, red=[(6, 0), (7, 1)], advanced=True)
    state.apply_action("move T3,0 T-1,0")  # four cells, over three tiles
    assert (-1, 0) in state.tiles


def test_q17_advanced_table_also_governs_the_second_action() -> None:
    formation = [(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1), (3, 0)]
    state = position(formation, red=[(6, 0), (7, 0), (6, 1)], advanced=True)
    state.apply_action("mark 0,0")
    assert state.second
    with pytest.raises(IllegalActionError, match="on a diagonal .*3 parachutes"):
        state.apply_action("move T3,0 T3,1")
    state.apply_action("move T3,0 T1,2")
    assert state.current_player == BLUE


def test_q18_tiles_and_skydivers_per_tile_are_options() -> None:
    big = load("quinque", first_player="0", skydivers_per_tile=9, parachutes=40, tiles=9)
    state = big.new_initial_state()
    assert len(state.legal_actions()) == 9
    state.apply_action("add T0,0 2,2")
    assert state.marks == {(2, 2): RED}
    with pytest.raises(InvalidOptionError, match="must be 1, 4 or 9"):
        load("quinque", skydivers_per_tile=5)
    with pytest.raises(InvalidOptionError, match="exceeds the 8 skydivers"):
        load("quinque", tiles=2)


def test_q19_tiles_are_identical_every_skydiver_of_a_new_tile_can_be_marked() -> None:
    state = position([(0, 0)], red=[(0, 0)], to_move=BLUE)
    adds = [a for a in texts(state) if a.startswith("add T1,0")]
    assert adds == ["add T1,0 2,0", "add T1,0 3,0", "add T1,0 2,1", "add T1,0 3,1"]


def test_q20_two_players_only() -> None:
    with pytest.raises(InvalidOptionError, match="played by 2 players, not 3"):
        load("quinque", 3)


def test_q21_random_first_player_is_a_chance_node_and_the_first_tile_is_at_the_origin() -> None:
    state = load("quinque").new_initial_state()
    assert state.current_player == CHANCE
    assert state.chance_outcomes() == [(FirstPlayer(0), 0.5), (FirstPlayer(1), 0.5)]
    state.apply_action("first 1")
    assert state.current_player == BLUE
    with pytest.raises(IllegalActionError, match="first tile goes at T0,0"):
        state.apply_action("add T1,0 2,0")
    second = load("quinque", first_player="1").new_initial_state()
    assert second.current_player == BLUE


def test_q22_the_first_action_may_be_a_move_while_parachutes_remain() -> None:
    state = position(ROW3, red=[(0, 0)], blue=[(4, 0)])
    assert any(a.startswith("move") for a in texts(state))
    state.apply_action("move T2,0 T1,1")
    assert state.supply[RED] == 17


def test_q23_anti_diagonal_line_across_tile_corners() -> None:
    tiles = [(2, 0), (2, 1), (1, 1), (1, 2), (0, 2)]
    state = position(tiles, red=[(5, 0), (4, 1), (3, 2), (2, 3)])
    state.apply_action("mark 1,4")
    assert state.winner == RED


def test_lone_tile_cannot_move() -> None:
    """§9: with one tile "any free space on a line" would be infinite."""
    state = position([(0, 0)], red=[(0, 0)], to_move=BLUE, first_player="1")
    with pytest.raises(IllegalActionError, match="lone tile"):
        state.apply_action("move T0,0 T1,0")


def test_turn_limit_option_ends_in_a_tie() -> None:
    state = position(ROW3, red=[(0, 0)], blue=[(4, 0)], max_turns=1)
    state.apply_action("mark 1,1")
    state.apply_action("pass")
    assert state.is_terminal() and state.outcome == "turn_limit" and state.winner is None
