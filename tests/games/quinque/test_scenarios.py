"""Acceptance scenarios of the rules (S 1-14 in ``docs/rules/quinque.md``), one test (or more)
each.

Quotations are from the rulebook: Board Game Arena's Italian help, "Regolamento in sintesi".
"""

from __future__ import annotations

import pytest

from connect_arena.core import TERMINAL, IllegalActionError
from connect_arena.games import load
from tests.games.quinque.helpers import BLUE, RED, destinations, position

ROW3 = [(0, 0), (1, 0), (2, 0)]


def test_1_opening_first_tile_and_turn_passes() -> None:
    """§3: "One player places a parachute on the first tile"; it cannot move (marked)."""
    state = load("quinque", first_player="0").new_initial_state()
    assert [str(a) for a in state.legal_actions()] == [
        "add T0,0 0,0",
        "add T0,0 1,0",
        "add T0,0 0,1",
        "add T0,0 1,1",
    ]
    state.apply_action("add T0,0 0,0")
    assert state.tiles == {(0, 0)}
    assert state.supply == [17, 18]
    assert state.stack == 8
    # The marked, lone tile cannot move, so no second action exists: the turn ends.
    assert state.current_player == BLUE
    with pytest.raises(IllegalActionError, match="not Red's turn"):
        state.apply_action("move T0,0 T1,0", RED)


def test_1_marked_tile_cannot_make_the_second_action() -> None:
    state = position([(0, 0), (1, 0)], red=[(0, 0)], blue=[(2, 0)])
    state.apply_action("mark 1,1")
    assert state.second
    with pytest.raises(IllegalActionError, match="marked this turn"):
        state.apply_action("move T0,0 T0,1")


def test_2_new_tile_must_share_an_edge() -> None:
    state = position([(0, 0)], red=[(0, 0)], to_move=BLUE)
    with pytest.raises(IllegalActionError, match="share an edge"):
        state.apply_action("add T1,1 2,2")
    state.apply_action("add T1,0 2,0")
    assert state.tiles == {(0, 0), (1, 0)}
    assert state.marks[(2, 0)] == BLUE


def test_3_mark_only_free_skydivers_on_tiles() -> None:
    state = position([(0, 0)], red=[(0, 0)], to_move=BLUE)
    with pytest.raises(IllegalActionError, match="already carries a parachute"):
        state.apply_action("mark 0,0")
    with pytest.raises(IllegalActionError, match="no tile there"):
        state.apply_action("mark 5,5")
    state.apply_action("mark 1,1")
    assert state.marks == {(0, 0): RED, (1, 1): BLUE}


def test_3_full_tile_offers_no_mark() -> None:
    state = position([(0, 0), (1, 0)], red=[(0, 0), (1, 1)], blue=[(1, 0), (0, 1)])
    marks = {str(a) for a in state.legal_actions() if str(a).startswith("mark")}
    assert marks == {"mark 2,0", "mark 3,0", "mark 2,1", "mark 3,1"}


def test_4_connectivity_after_the_move() -> None:
    """ "Tutte le tessere continuano ad essere una singola formazione dopo il movimento"."""
    state = position(ROW3, red=[(0, 0), (2, 0), (4, 0)])
    with pytest.raises(IllegalActionError, match="single connected formation"):
        state.apply_action("move T1,0 T1,1")
    state.apply_action("move T2,0 T1,1")
    assert state.tiles == {(0, 0), (1, 0), (1, 1)}
    assert state.marks[(2, 2)] == RED  # the parachute travelled with its tile


def test_5_surrounded_tile_cannot_move() -> None:
    """ "Non puoi spostare una tessera che è circondata su tutti e 4 i suoi lati"."""
    plus = [(1, 1), (0, 1), (2, 1), (1, 0), (1, 2)]
    state = position(plus, red=[(2, 2), (0, 2), (4, 2), (2, 0), (2, 4)])
    with pytest.raises(IllegalActionError, match="surrounded on all four sides"):
        state.apply_action("move T1,1 T3,3")
    assert destinations(state, (1, 1)) == set()
    state.apply_action("move T0,1 T0,0")
    assert (0, 0) in state.tiles


def test_6_marked_tile_cannot_move_but_others_can() -> None:
    """ "Non puoi spostare una tessera su cui hai contrassegnato un paracadutista nello stesso
    turno"."""
    state = position(ROW3, red=[(0, 0)], blue=[(2, 0)])
    state.apply_action("mark 4,0")
    with pytest.raises(IllegalActionError, match="marked this turn"):
        state.apply_action("move T2,0 T2,1")
    state.apply_action("move T0,0 T1,1")
    assert state.tiles == {(1, 1), (1, 0), (2, 0)}
    assert state.current_player == BLUE


def test_6_move_move_turn_uses_no_parachute() -> None:
    state = position(ROW3, red=[(0, 0)], blue=[(2, 0), (4, 0)])
    state.apply_action("move T0,0 T1,1")
    assert state.current_player == RED and state.second
    state.apply_action("move T2,0 T2,1")
    assert state.tiles == {(1, 1), (1, 0), (2, 1)}
    assert state.supply == [17, 16]
    assert state.current_player == BLUE


def test_7_horizontal_win_ends_the_game_at_once() -> None:
    """ "vince immediatamente la partita": no second action is played."""
    state = position(ROW3, red=[(0, 0), (1, 0), (2, 0), (3, 0)])
    state.apply_action("mark 4,0")
    assert state.current_player == TERMINAL
    assert state.winner == RED and state.outcome == "line"
    assert state.returns() == [1.0, -1.0]
    assert state.legal_actions() == []


def test_8_diagonal_win_across_tiles() -> None:
    """Q-23: lines follow the global skydiver lattice across tile corners."""
    tiles = [(0, 0), (1, 0), (1, 1), (2, 1), (2, 2)]
    state = position(tiles, red=[(0, 0), (1, 1), (2, 2), (3, 3)])
    state.apply_action("mark 4,4")
    assert state.winner == RED


def _both_lines_position(red_has_four: bool, **options: object):  # type: ignore[no-untyped-def]
    red = [(0, 0), (1, 0), (2, 0), (2, 2)] + ([(3, 0)] if red_has_four else [])
    blue = [(0, 1), (1, 1), (2, 1), (3, 1), (2, 3)]
    return position([(0, 0), (1, 0), (0, 1), (1, 1)], red=red, blue=blue, **options)


def test_9_both_lines_at_once_the_active_player_wins() -> None:
    """ "Se entrambi i giocatori raggiungono una linea ... contemporaneamente, il giocatore
    attivo vince"."""
    state = _both_lines_position(red_has_four=True)
    state.apply_action("move T1,1 T2,0")
    assert state.marks[(4, 0)] == RED and state.marks[(4, 1)] == BLUE
    assert state.winner == RED and state.outcome == "both_lines"


def test_10_line_only_for_the_opponent_default_opponent_wins() -> None:
    """Q-11 (a), the default."""
    state = _both_lines_position(red_has_four=False)
    state.apply_action("move T1,1 T2,0")
    assert state.winner == BLUE and state.outcome == "opponent_line"
    assert state.returns() == [-1.0, 1.0]


def test_10_line_only_for_the_opponent_ignored() -> None:
    """Q-11 (c): no win is declared."""
    state = _both_lines_position(red_has_four=False, opponent_line="ignored")
    state.apply_action("move T1,1 T2,0")
    assert not state.is_terminal()
    assert state.current_player == RED and state.second


def test_10_line_only_for_the_opponent_at_turn_start() -> None:
    """Q-11 (b): the opponent wins when his turn begins if the line still stands."""
    state = _both_lines_position(red_has_four=False, opponent_line="at_turn_start")
    state.apply_action("move T1,1 T2,0")
    assert not state.is_terminal()
    state.apply_action("pass")
    assert state.winner == BLUE


def test_10_at_turn_start_line_broken_before_the_turn_ends() -> None:
    state = _both_lines_position(red_has_four=False, opponent_line="at_turn_start")
    state.apply_action("move T1,1 T2,0")
    state.apply_action("move T2,0 T1,1")  # Red moves the tile back: the line is gone
    assert not state.is_terminal()
    assert state.current_player == BLUE


def test_11_no_win_with_a_gap_win_with_six() -> None:
    """Q-12: runs longer than five win."""
    tiles = [(0, 0), (1, 0), (2, 0)]
    state = position(tiles, red=[(0, 0), (1, 0), (2, 0), (3, 0), (5, 0)])
    assert not state.is_terminal()
    state.apply_action("mark 4,0")
    assert state.winner == RED


def test_12_tie_when_both_supplies_are_empty_at_the_end_of_the_turn() -> None:
    """ "Se entrambi i giocatori finiscono i paracaduti disponibili, la partita finisce in
    parità" — Q-13: at the end of that turn (the optional move may still win)."""
    state = position(ROW3, red=[(0, 0)], blue=[(3, 1)], to_move=BLUE, supply=(0, 1))
    state.apply_action("mark 5,1")
    assert not state.is_terminal() and state.second
    state.apply_action("pass")
    assert state.is_terminal() and state.winner is None
    assert state.outcome == "supplies_empty"
    assert state.returns() == [0.0, 0.0]


def test_12_optional_move_after_the_last_parachute_can_still_win() -> None:
    """Q-13: the tie waits for the end of the turn, so the optional move may still win."""
    tiles = [(0, 0), (1, 0), (1, 1), (2, 1)]
    blue = [(0, 0), (1, 0), (2, 0), (3, 0), (4, 2)]
    state = position(tiles, red=[(0, 1)], blue=blue, to_move=BLUE, supply=(0, 1))
    state.apply_action("mark 2,1")
    assert state.supply == [0, 0] and not state.is_terminal()
    state.apply_action("move T2,1 T2,0")
    assert state.winner == BLUE and state.outcome == "line"


def test_12_tie_immediate_option() -> None:
    """Q-13 alternative: the tie is declared as soon as both supplies are empty."""
    state = position(
        ROW3, red=[(0, 0)], blue=[(3, 1)], to_move=BLUE, supply=(0, 1), tie_timing="immediate"
    )
    state.apply_action("mark 5,1")
    assert state.is_terminal() and state.winner is None


def test_12_no_parachutes_means_move_first() -> None:
    state = position(ROW3, red=[(0, 0)], blue=[(2, 0)], supply=(0, 3))
    actions = [str(a) for a in state.legal_actions()]
    assert actions and all(a.startswith("move") for a in actions)
    with pytest.raises(IllegalActionError, match="no parachutes left"):
        state.apply_action("mark 1,1")


def test_13_advanced_movement_table() -> None:
    """ "Quinque avanzato": destinations by the number of parachutes on the tile."""
    formation = [(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1), (3, 0)]
    m_skydivers = [(6, 0), (7, 0), (6, 1), (7, 1)]
    expected = {
        1: {(3, 1)},
        2: {(-1, 0), (3, 1)},
        3: {(1, 2), (2, -1)},
        4: {(-1, 0), (3, 1), (1, 2), (2, -1)},
    }
    for count, cells in expected.items():
        state = position(formation, red=m_skydivers[:count], advanced=True)
        assert destinations(state, (3, 0)) == cells, count


def test_14_basic_movement_variants() -> None:
    formation = [(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1), (3, 0)]
    default = position(formation, red=[(6, 0)])
    assert destinations(default, (3, 0)) == {(-1, 0), (3, 1), (1, 2), (2, -1)}
    blocked = position(formation, red=[(6, 0)], basic_move_blocked_by_tiles=True)
    assert destinations(blocked, (3, 0)) == {(3, 1), (2, -1)}
    orthogonal = position(formation, red=[(6, 0)], basic_orthogonal_only=True)
    assert destinations(orthogonal, (3, 0)) == {(-1, 0), (3, 1)}
