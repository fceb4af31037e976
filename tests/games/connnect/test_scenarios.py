"""The acceptance scenarios (the rulebooks' examples and the cases of ``docs/rules/connnect.md``),
one test (or more) each.

Test configuration TC = every default (the built-in reconstructed data). Quotations are from
the English rulebook (seed 003) unless marked [DE] (seed 001).
"""

from __future__ import annotations

import pytest

from connect_arena.core import CHANCE, IllegalActionError
from connect_arena.games.connnect import sheet as geo
from connect_arena.games.connnect.player import CROSSED, EMPTY, FILLED
from connect_arena.games.connnect.scoring import winners
from tests.games.connnect.helpers import (
    GERMAN_PENALTY,
    GERMAN_ROWS,
    LISA,
    LUCAS,
    MIA,
    at_claim,
    at_fill,
    at_roll,
    cell,
    claim_phase,
    dealt,
    finish,
    german_example,
    grant,
    play,
    put,
    texts,
)

# ----- 1. shared setup ---------------------------------------------------------------------------


def test_1_shared_setup_lisa_writes_both_rolls_in_the_setup_spaces() -> None:
    """ "The first player rolls 3 dice; all players write the rolled numbers in the setup
    spaces. The first player rolls 3 dice again; all players write the rolled numbers in the
    remaining setup spaces." Example: 1, 3, 4 then 2, 4, 6."""
    state = dealt(2)
    state.apply_action("roll 1 3 4", CHANCE)
    assert state.phase == "setup_write" and state.pending == [[1, 3, 4], [1, 3, 4]]
    play(state, LISA, "write 3 R1C1", "write 1 R2C1", "write 4 R3C1")
    play(state, LUCAS, "write 1 a1", "write 3 a2", "write 4 b4")
    state.apply_action("roll 2 4 6", CHANCE)
    play(state, LISA, "write 4 R4C2", "write 6 R4C4", "write 2 R4C6")
    play(state, LUCAS, "write 2 a3", "write 4 d4", "write 6 f4")
    assert state.phase == "roll" and state.round == 1
    lisa = state.sheets[LISA]
    assert {geo.cell_name(c): lisa.values[c] for c in geo.cells_of(lisa.written)} == {
        "a1": 3, "a2": 1, "a3": 4, "b4": 4, "d4": 6, "f4": 2,
    }  # fmt: skip
    assert lisa.available == lisa.written  # "These numbers can be used for claiming"


def test_1_setup_rejections() -> None:
    state = dealt(2)
    with pytest.raises(IllegalActionError, match="chance acts next"):
        state.apply_action("write 3 a1", LISA)  # before the roll
    state.apply_action("roll 1 3 4", CHANCE)
    with pytest.raises(IllegalActionError, match="c3 is not a free setup space"):
        state.apply_action("write 3 c3", LISA)
    with pytest.raises(IllegalActionError, match="no 5 to write"):
        state.apply_action("write 5 a1", LISA)
    with pytest.raises(IllegalActionError, match="no 6 to write"):
        state.apply_action("write 6 d4", LISA)  # the second roll's number, too early
    state.apply_action("write 3 a1", LISA)
    with pytest.raises(IllegalActionError, match="already holds a number"):
        state.apply_action("write 1 a1", LISA)


def test_1_individual_setup_each_player_rolls_his_own_numbers() -> None:
    """ "Alternatively, each player rolls his or her own 6 setup numbers." """
    state = dealt(2, setup="individual")
    state.apply_action("roll 1 3 4", CHANCE)
    assert state.is_chance_node()  # Lucas rolls too
    state.apply_action("roll 2 2 6", CHANCE)
    assert state.pending == [[1, 3, 4], [2, 2, 6]]
    assert sorted(t for t in texts(state, LUCAS) if t.endswith("a1")) == [
        "write 2 a1",
        "write 6 a1",
    ]


# ----- 2. roll phase -----------------------------------------------------------------------------


def test_2_roll_phase_zone_die_and_round_tracker() -> None:
    """ "She rolls all three dice and the results are 2, 4, and 5. She chooses 4 as a Zone Die,
    so 2 and 5 are Number Dice." Every player writes them in the Round Tracker."""
    state = at_roll(3, active=LISA)
    state.apply_action("roll 2 4 5", CHANCE)
    assert state.current_player == LISA and texts(state, LISA) == ["zone 2", "zone 4", "zone 5"]
    with pytest.raises(IllegalActionError, match="no die shows 3"):
        state.apply_action("zone 3", LISA)
    with pytest.raises(IllegalActionError, match="not Red's turn"):
        state.apply_action("zone 4", LUCAS)
    state.apply_action("zone 4", LISA)
    assert [sheet.tracker for sheet in state.sheets] == [[(4, 2, 5)]] * 3
    assert state.pending == [[2, 5]] * 3 and state.zone == [4, 4, 4]
    assert state.comps.zones[3].label == "rows 1-2"


# ----- 3. fill legality --------------------------------------------------------------------------


def test_3_fill_writes_each_number_in_the_selected_zone() -> None:
    state = at_fill(sheets={LISA: {"a1": 3}})
    with pytest.raises(IllegalActionError, match="not in your zone 4 \\(rows 1-2\\)"):
        state.apply_action("write 2 R3C3", LISA)
    with pytest.raises(IllegalActionError, match="already holds a number"):
        state.apply_action("write 2 R1C1", LISA)
    with pytest.raises(IllegalActionError, match="must first write 2, 5"):
        state.apply_action("done", LISA)
    with pytest.raises(IllegalActionError, match="only when every space of your zone"):
        state.apply_action("skip 2", LISA)
    play(state, LISA, "write 2 R1C2", "write 5 R2C6")
    assert state.done[LISA] and state.active_players() == {LUCAS}
    assert state.sheets[LISA].values[cell("b1")] == 2


# ----- 4. Lisa's Free Actions --------------------------------------------------------------------


def test_4_lisa_changes_a_number_then_skips_one() -> None:
    """ "Lisa wants to change "2" to "3". She crosses the leftmost available box ... She writes
    "3" in the available space and fills the Circle. She cannot write "5" in zone number 4
    because all spaces are occupied. She crosses the leftmost Free Action box and does
    nothing." """
    zone4 = {geo.cell_name(c): 1 for c in geo.cells_of(0b111111_111111) if c != cell("d2")}
    state = at_fill(sheets={LISA: zone4})
    lisa = state.sheets[LISA]
    state.apply_action("change 2 3", LISA)
    assert lisa.free_actions == 1 and state.pending[LISA] == [3, 5]
    state.apply_action("write 3 R2C4", LISA)
    assert "O21" in state.observation(LISA)["sheets"][LISA]["filled_circles"]
    assert texts(state, LISA) == ["skip 5"]
    state.apply_action("skip 5", LISA)
    assert lisa.free_actions == 2 and state.done[LISA]
    assert state.scores()[LISA].penalty == 2  # TC penalty after 2 boxes


# ----- 5. circles and connected lines ------------------------------------------------------------


def _circles(state_ids: list[str]) -> dict[str, int]:
    state = at_roll(1)
    return {name: 1 for c in state.comps.circles if c.id in state_ids for name in _names(c.cells)}


def _names(cells: tuple[int, ...]) -> list[str]:
    return [geo.cell_name(c) for c in cells]


def test_5_circles_and_connected_lines() -> None:
    """ "one point per Filled Circle"; "If three Filled Circles align in a straight line
    orthogonally or diagonally ... two points per line"; a circle serves several lines."""
    state = at_roll(1, sheets={0: _circles(["O11", "O22", "O33"])})
    score = state.scores()[0]
    assert (score.circles, score.lines) == (3, 1)
    assert score.circles + 2 * score.lines == 5
    put(state, 0, _circles(["O12", "O13"]))
    score = state.scores()[0]
    assert (score.circles, score.lines) == (5, 2)
    assert score.total == 9


# ----- 6. Connect-3 claims -----------------------------------------------------------------------


def test_6_lisa_claims_three_fives_and_circles_move_number() -> None:
    """ "Lisa claims Connect-3 by using 3 "5s" ... She circles Move Number Bonus in Connect-3
    bonuses section." """
    state = at_claim(2, {LISA: {"R5C1": 5, "R5C2": 5, "R6C2": 5}})
    state.apply_action("claim L3 R5C1 R5C2 R6C2", LISA)
    assert texts(state, LISA) == [f"take {slot}" for slot in range(1, 10)]
    state.apply_action("take 1", LISA)
    lisa = state.sheets[LISA]
    assert lisa.circled[0][0] and state.comps.sections[0][0].kind == "move"
    assert state.scores()[LISA].connect3 == 1
    assert [c.kind for c in lisa.claims] == ["equal"]


@pytest.mark.parametrize(
    ("numbers", "claim", "reason"),
    [
        ({"a5": 5, "b5": 5, "c5": 4}, "claim I3 a5 b5 c5", "neither all the same nor in"),
        ({"b1": 1, "c1": 3, "d1": 5}, "claim I3 b1 c1 d1", "neither all the same nor in"),
        ({"b3": 2, "c3": 1, "d3": 3}, "claim I3 b3 c3 d3", "neither all the same nor in"),
        ({"a1": 2, "b2": 2, "c3": 2}, "claim I3 a1 b2 c3", "do not form shape I3"),
        ({"a1": 2, "b2": 2, "c3": 2}, "claim L3 a1 b2 c3", "do not form shape L3"),
        ({"a1": 2, "a2": 2}, "claim I3 a1 a2 a3", "a3 holds no number"),
    ],
)
def test_6_rejected_connect3_claims(numbers: dict[str, int], claim: str, reason: str) -> None:
    spare = {"f4": 2, "f5": 2, "f6": 2}  # a valid claim, so that Lisa is not done at once
    state = at_claim(2, {LISA: numbers | spare})
    with pytest.raises(IllegalActionError, match=reason):
        state.apply_action(claim, LISA)


def test_6_a_claimed_number_is_used_only_once_unless_reuse_is_spent() -> None:
    """ "Each number can be used for claiming ONLY ONCE" (CN-2); Reuse: "Use a Claimed Number
    again for claiming a new Connect"."""
    numbers = {"a5": 5, "b5": 5, "b6": 5, "a6": 5, "c5": 5, "c6": 5}
    state = at_claim(2, {LISA: numbers})
    play(state, LISA, "claim L3 a5 b5 b6", "take 2")
    with pytest.raises(IllegalActionError, match="b6 is already claimed: add 'reuse'"):
        state.apply_action("claim I3 a6 b6 c6", LISA)
    with pytest.raises(IllegalActionError, match="no unused Reuse bonus"):
        state.apply_action("claim I3 a6 b6 c6 reuse", LISA)
    grant(state, LISA, 0, 9)  # Reuse, as if circled earlier
    with pytest.raises(IllegalActionError, match="a5, b5 are already claimed"):
        state.apply_action("claim I3 a5 b5 c5 reuse", LISA)
    state.apply_action("claim I3 a6 b6 c6 reuse", LISA)
    assert state.sheets[LISA].claims[-1].reused == cell("b6")
    assert state.sheets[LISA].used[0][8]


# ----- 7. Connect-4 race -------------------------------------------------------------------------

LUCAS_L = {"R1C5": 1, "R2C5": 2, "R3C5": 3, "R3C6": 4}


def test_7_connect4_race_first_later_and_repeat() -> None:
    """ "If the Connect-4 is claimed for the first time among all players, fill [first] and
    cross out [later] ...; other players cross out [first]." "If the Connect-4 has been claimed
    and [later] has not been crossed out, fill [later] ... 1 point." "If either ... is crossed
    out and another is filled, do nothing." "Next choose a Bonus in the Connect-4 bonuses
    section" (every case)."""
    state = at_claim(3, {LUCAS: LUCAS_L}, round_number=3)
    assert state.active_players() == {LUCAS}  # Lisa and Mia have nothing to claim
    play(state, LUCAS, "claim L4 e1 e2 e3 f3", "take 1")
    finish(state, LUCAS)
    assert state.sheets[LUCAS].markers["L4"] == [FILLED, CROSSED]
    assert state.sheets[LISA].markers["L4"] == [CROSSED, EMPTY]
    assert state.sheets[MIA].markers["L4"] == [CROSSED, EMPTY]
    assert state.sheets[LUCAS].circled[1][0]  # Move Number in the Connect-4 section
    assert state.round == 4 and "L4" in state.c4_claimed
    claim_phase(state, 5, {LISA: {"a3": 4, "a4": 4, "a5": 4, "b5": 4}})
    play(state, LISA, "claim L4 a3 a4 a5 b5", "take 2")
    finish(state, LISA)
    assert state.sheets[LISA].markers["L4"] == [CROSSED, FILLED]
    assert state.scores()[LISA].connect4_markers == 1
    claim_phase(state, 6, {LUCAS: {"c1": 6, "c2": 6, "c3": 6, "d3": 6}})
    state.apply_action("claim L4 c1 c2 c3 d3", LUCAS)
    assert state.sheets[LUCAS].markers["L4"] == [FILLED, CROSSED]
    assert texts(state, LUCAS)[0] == "take 2"  # still a Connect-4 bonus
    assert state.scores()[LUCAS].connect4_markers == 3  # the first-claim marker (CN-10)


# ----- 8. simultaneous first claims --------------------------------------------------------------


def test_8_two_players_claim_the_same_shape_first_in_one_round() -> None:
    """ "If multiple players claim the same Connect-4 in the same round, all of them fill
    [first] and cross out [later]." """
    square = {"a1": 3, "b1": 3, "a2": 3, "b2": 3}
    state = at_claim(3, {LISA: square, LUCAS: square}, round_number=2)
    play(state, LUCAS, "claim O4 a1 a2 b1 b2", "take 1")
    assert state.sheets[LISA].markers["O4"] == [EMPTY, EMPTY]  # not until the phase ends
    play(state, LISA, "claim O4 a1 a2 b1 b2", "take 1")
    finish(state, LISA, LUCAS)
    assert state.sheets[LISA].markers["O4"] == [FILLED, CROSSED]
    assert state.sheets[LUCAS].markers["O4"] == [FILLED, CROSSED]
    assert state.sheets[MIA].markers["O4"] == [CROSSED, EMPTY]
    claim_phase(state, 4, {MIA: {"c3": 1, "d3": 2, "c4": 4, "d4": 3}})  # an ordered square
    play(state, MIA, "claim O4 c3 c4 d3 d4", "take 1")
    finish(state, MIA)
    assert state.sheets[MIA].markers["O4"] == [CROSSED, FILLED]


# ----- 9. Connect-5 ------------------------------------------------------------------------------

LISA_F = {"R1C3": 2, "R2C3": 3, "R3C3": 4, "R3C4": 5, "R3C5": 6}


def test_9_lisa_claims_card_f_with_2_to_6() -> None:
    """ "She writes "F" in the topmost available Connect-5 Box and writes the score depicted on
    the score cards (in this case, "16") ... She then flips the Connect-5 Shape card "F"
    facedown." End of round: "remove the top Connect 5 Score Card"."""
    state = at_claim(2, {LISA: LISA_F, LUCAS: {"a5": 1, "a6": 1, "b6": 1}})
    assert state.face_up == ["B", "D", "F", "G"]
    state.apply_action("claim F c1 c2 c3 d3 e3", LISA)
    assert state.sheets[LISA].connect5 == [("F", 16)]
    assert state.task[LISA] is None  # Connect-5 claims earn no bonus
    assert state.face_up == ["B", "D", "F", "G"]  # flipped when the phase ends (CN-13)
    finish(state, LISA, LUCAS)
    assert state.face_up == ["B", "D", "G"] and state.face_down == ["F"]
    assert state.score_cards == [14, 13, 12]
    claim_phase(state, 2, {LISA: {"a4": 1, "a5": 1, "a6": 1, "b6": 1, "c6": 1},
                           LUCAS: {"a1": 2, "b1": 2, "a2": 2, "b2": 2, "a3": 2}})  # fmt: skip
    with pytest.raises(IllegalActionError, match="card F is not face up"):
        state.apply_action("claim F a4 a5 a6 b6 c6", LISA)
    state.apply_action("claim D a1 a2 a3 b1 b2", LUCAS)
    assert state.sheets[LUCAS].connect5 == [("D", 14)]


def test_10_simultaneous_connect5_claims_share_the_score_card() -> None:
    """ "If multiple players claim Connect-5s in the same round (can be the same or different
    shapes), those players get the same score depicted in the score card." One card goes."""
    lucas_g = {"a1": 5, "a2": 5, "b2": 5, "b3": 5, "c3": 5}
    state = at_claim(3, {LISA: LISA_F, LUCAS: lucas_g, MIA: LISA_F})
    play(state, MIA, "claim F c1 c2 c3 d3 e3")
    play(state, LUCAS, "claim G a1 a2 b2 b3 c3")
    assert state.face_up == ["B", "D", "F", "G"]
    play(state, LISA, "claim F c1 c2 c3 d3 e3")
    finish(state, LISA, LUCAS, MIA)
    assert [s.connect5 for s in state.sheets] == [[("F", 16)], [("G", 16)], [("F", 16)]]
    assert sorted(state.face_down) == ["F", "G"] and state.face_up == ["B", "D"]
    assert state.score_cards == [14, 13, 12]
    claim_phase(state, 2, {MIA: {"e5": 3, "e6": 3, "f6": 3, "d6": 3, "d5": 3}})
    state.apply_action("claim D d5 d6 e5 e6 f6", MIA)
    assert state.sheets[MIA].connect5[-1] == ("D", 14)


# ----- 11. arrow-line tiers ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("values", "crossed", "points"),
    [
        ([1, 2, 3, 4, 5, 6], set(), 8),
        ([6, 5, 4, 3, 2, 1], set(), 8),
        ([3, 3, 3, 3, 3, 3], set(), 8),
        ([2, 4, 6, 1, 3, 5], set(), 6),
        ([1, 2, 3, 4, 5, 5], set(), 3),
        ([1, 2, 3, 4, 5, 6], {2}, 3),
        ([1, 2, 0, 4, 5, 6], set(), 0),
    ],
)
def test_11_arrow_line_tiers(values: list[int], crossed: set[int], points: int) -> None:
    """8: "1 to 6 in ascending or decending order; or with all the same number. May not have a
    crossed out space"; 6: "1 to 6, but not in order"; 3: "Fill all spaces in the line"."""
    row6 = {f"{'abcdef'[i]}6": v for i, v in enumerate(values) if v}
    state = at_roll(1, sheets={0: row6})
    put(state, 0, {}, crossed=[f"{'abcdef'[i]}6" for i in crossed])
    assert state.scores()[0].arrows == (points, 0)


# ----- 12. end of game example and tie-break -----------------------------------------------------


def test_12_german_end_of_game_example_is_61_not_67() -> None:
    """[DE] "7 + 18 + 16 / + 3 + 6 / + 6 + 4 / + 4 + - + - / - 3 / = 67": ``score()`` on a
    sheet holding exactly those components gives each printed row and a total of 61 (CN-34);
    the printed 67 is not the sum. (The sheet is built, not played: with the reconstructed
    bonus sections no legal game reaches it, see docs/rules/connnect.md.)"""
    state = at_roll(1)
    german_example(state, 0)
    score = state.scores()[0]
    rows = (score.connect3, score.connect4, score.connect5, *score.arrows)
    rows += (score.circles, score.lines * 2, *score.objectives)
    assert rows == GERMAN_ROWS and score.penalty == GERMAN_PENALTY
    assert (score.circles, score.lines) == (6, 2)
    assert score.total == 61 != 67


def test_12_tie_break_fewest_negative_points_then_shared() -> None:
    """ "In case of tie, the player with the fewest negative points wins! If still tied, share
    the victory." """
    assert winners([61, 61], [3, 1], [True, True]) == [1]
    assert winners([61, 61], [3, 3], [True, True]) == [0, 1]
    assert winners([61, 60], [3, 0], [True, True]) == [0]


# ----- 13. elimination ---------------------------------------------------------------------------


def test_13_a_player_who_cannot_play_on_is_out() -> None:
    """ "Free Action can be used up to 7 times. If you use up all of your Free Action and cannot
    play on, you are out of the game." (CN-21: out, skipped, cannot win)."""
    full = {geo.cell_name(c): 6 for c in geo.cells_of(0b111111_111111)}
    state = at_roll(3, active=LISA, sheets={LUCAS: full})
    state.sheets[LUCAS].free_actions = 7
    state.apply_action("roll 2 4 5", CHANCE)
    state.apply_action("zone 4", LISA)
    assert state.sheets[LUCAS].out == 1 and state.active_players() == {LISA, MIA}
    play(state, LISA, "write 2 a1", "write 5 a2")
    play(state, MIA, "write 2 a1", "write 5 a2")
    assert state.phase == "roll" and state.active == MIA  # Lucas is skipped
    assert LUCAS not in state.winners()


# ----- 14. bonus mechanics -----------------------------------------------------------------------


def test_14a_switch_makes_a_number_die_the_zone_for_that_player_only() -> None:
    """ "Switch the Zone Die with 1 Number Die. The number on that Number Die becomes zone and
    vice versa." "All bonuses only apply to the player who uses them." """
    state = at_fill(players=3)
    grant(state, LISA, 0, 3)
    state.apply_action("switch 5", LISA)
    assert state.zone == [5, 4, 4] and state.pending[LISA] == [2, 4]
    assert state.pending[LUCAS] == [2, 5]
    with pytest.raises(IllegalActionError, match="not in your zone 5"):
        state.apply_action("write 2 a1", LISA)


def test_14b_write_two_numbers_goes_to_the_switched_zone_and_may_be_lost() -> None:
    """ "If "write any 2 numbers" bonus is used with the Switch Zone Die bonus, write the
    number in the new zone." CN-25: a number that finds no space is lost."""
    zone5 = {f"{col}3": 1 for col in "abcdef"} | {"a4": 2, "b4": 2, "c4": 2}
    state = at_fill(players=2, sheets={LISA: zone5 | {"a6": 1, "b6": 1, "c6": 1, "d6": 1}})
    grant(state, LISA, 0, 3)
    play(state, LISA, "switch 5", "write 2 d4", "write 4 e4")
    play(state, LUCAS, "write 2 a1", "write 5 a2")
    assert state.phase == "claim"
    play(state, LISA, "claim I4 a6 b6 c6 d6", "take 4")  # Write any 2 numbers ⚡
    assert texts(state, LISA) == [f"write {v} f4" for v in range(1, 7)]
    state.apply_action("write 6 f4", LISA)
    assert state.task[LISA] is None and state.sheets[LISA].values[cell("f4")] == 6
    assert state.sheets[LISA].used[1][3]


@pytest.mark.parametrize(("value", "delta", "result"), [(1, -1, 6), (6, 1, 1), (1, -2, 5)])
def test_14c_adjust_wraps_around(value: int, delta: int, result: int) -> None:
    """ "Plus or minus a number by 1 up to 2 times. 1 minus 1 is 6; and 6 plus 1 is 1." """
    state = at_claim(2, {LISA: {"a1": value}}, bonuses=[(LISA, 0, 5)])
    state.apply_action(f"adjust a1 {delta:+d}", LISA)
    assert state.sheets[LISA].values[cell("a1")] == result


def test_14d_move_number_crosses_out_the_source_for_good() -> None:
    """ "Cross out a number that has not been claimed yet, and write that number in anywhere
    in the play area." (CN-17: the source space stays crossed out)."""
    state = at_claim(2, {LISA: {"a1": 4, "b1": 4, "c1": 4, "b2": 4}})
    grant(state, LISA, 0, 1)
    grant(state, LISA, 0, 2)
    play(state, LISA, "claim I3 a1 b1 c1", "take 3")
    with pytest.raises(IllegalActionError, match="a1 holds no unclaimed number"):
        state.apply_action("move a1", LISA)
    play(state, LISA, "move R2C2")
    assert texts(state, LISA)[:2] == ["write 4 d1", "write 4 e1"]  # anywhere, must write
    with pytest.raises(IllegalActionError, match="first write 4 in any empty space"):
        state.apply_action("done", LISA)
    state.apply_action("write 4 R6C6", LISA)
    lisa = state.sheets[LISA]
    assert lisa.crossed == 1 << cell("b2") and lisa.values[cell("f6")] == 4
    state.apply_action("move f6", LISA)
    with pytest.raises(IllegalActionError, match="b2 is not empty"):
        state.apply_action("write 4 b2", LISA)
