"""One test (at least) per ambiguity-register entry CN-1…CN-40 of ``docs/rules/connnect.md``,
pinning the default and each alternative offered as an option (``docs/rules/connnect.md``)."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from connect_arena.core import CHANCE, SIMULTANEOUS, IllegalActionError, InvalidOptionError
from connect_arena.games import load
from connect_arena.games.connnect import sheet as geo
from connect_arena.games.connnect.player import CROSSED, FILLED
from connect_arena.games.connnect.rules import ROLLS
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

ZONE4 = [geo.cell_name(c) for c in range(12)]  # rows 1-2


def test_cn1_three_dice_one_chance_action_per_sorted_roll() -> None:
    """CN-1: "give that player all three dice" / [DE] "3 Würfel" (not the EN "8 Dice")."""
    assert len(ROLLS) == 56 and all(len(roll.dice) == 3 for roll, _ in ROLLS)
    assert math.isclose(sum(p for _, p in ROLLS), 1.0)
    assert {str(r): p for r, p in ROLLS}["roll 2 4 5"] == pytest.approx(6 / 216)
    assert {str(r): p for r, p in ROLLS}["roll 3 3 3"] == pytest.approx(1 / 216)


def test_cn2_a_number_belongs_to_one_connect_for_the_whole_game() -> None:
    """CN-2: EN "Each number can be used for claiming ONLY ONCE" decides over DE "nur EINMAL pro
    Verbindung": the Reuse bonus only makes sense that way."""
    state = at_claim(2, {LISA: {"a1": 2, "b1": 2, "c1": 2, "d1": 2}})
    play(state, LISA, "claim I3 a1 b1 c1", "take 1")
    assert "claim I3 b1 c1 d1" not in texts(state, LISA)
    with pytest.raises(IllegalActionError, match="b1, c1 are already claimed"):
        state.apply_action("claim I3 b1 c1 d1", LISA)


def test_cn3_first_claim_is_first_among_all_players() -> None:
    """CN-3: "claimed for the first time among all players" (EN; DE "alle anderen Spieler
    streichen durch"): Lucas's own first L4 after Lisa's fills the later marker."""
    state = at_claim(2, {LISA: {"a1": 1, "a2": 1, "a3": 1, "b3": 1}})
    play(state, LISA, "claim L4 a1 a2 a3 b3", "take 6")
    finish(state, LISA)
    claim_phase(state, 2, {LUCAS: {"a1": 1, "a2": 1, "a3": 1, "b3": 1}})
    play(state, LUCAS, "claim L4 a1 a2 a3 b3")
    assert state.sheets[LUCAS].markers["L4"] == [CROSSED, FILLED]


@pytest.mark.parametrize(
    ("rule", "numbers", "legal"),
    [
        ("consecutive", (1, 2, 3), True),
        ("consecutive", (1, 3, 4), False),
        ("consecutive", (5, 6, 1), False),
        ("monotone", (1, 3, 4), True),
        ("monotone", (4, 3, 1), True),
        ("monotone", (1, 4, 3), False),
        ("cyclic", (5, 6, 1), True),
        ("cyclic", (1, 3, 4), False),
    ],
)
def test_cn4_order_rule(rule: str, numbers: tuple[int, int, int], legal: bool) -> None:
    """CN-4: ascending means +1 per step by default; options ``monotone`` and ``cyclic``."""
    values = dict(zip(["a1", "b1", "c1"], numbers, strict=True))
    state = at_claim(2, {LISA: values | {"f4": 6, "f5": 6, "f6": 6}}, order_rule=rule)
    assert ("claim I3 a1 b1 c1" in texts(state, LISA)) is legal


def test_cn5_ordered_square_needs_a_path_not_every_pair() -> None:
    """CN-5: "adjacent numbers MUST be in the correct order" = a path through the shape in
    order (1 2 / 4 3 is an ordered square, 1 2 / 3 4 is not); ``all_pairs`` forbids both."""
    square = {"a1": 1, "b1": 2, "a2": 4, "b2": 3, "d1": 1, "e1": 2, "d2": 3, "e2": 4}
    state = at_claim(2, {LISA: square})
    assert "claim O4 a1 b1 a2 b2" in texts(state, LISA)
    assert "claim O4 d1 e1 d2 e2" not in texts(state, LISA)
    strict = at_claim(2, {LISA: square | {"f4": 6, "f5": 6, "f6": 6}}, order_adjacency="all_pairs")
    assert not [t for t in texts(strict, LISA) if t.startswith("claim O4")]
    line = at_claim(2, {LISA: {"a1": 1, "b1": 2, "c1": 3}}, order_adjacency="all_pairs")
    assert "claim I3 a1 b1 c1" in texts(line, LISA)


def test_cn5_t_shape_only_with_equal_numbers() -> None:
    """A T4 has no path through its four cells, so only equal numbers fill it."""
    state = at_claim(2, {LISA: {"a1": 2, "b1": 3, "c1": 4, "b2": 5}})
    assert not [t for t in texts(state, LISA) if t.startswith("claim T4")]
    equal = at_claim(2, {LISA: {"a1": 2, "b1": 2, "c1": 2, "b2": 2}})
    assert "claim T4 a1 b1 c1 b2" in texts(equal, LISA)


def test_cn6_card_letters_are_labels_and_f_is_a_v_shape() -> None:
    """CN-6: Lisa's "F" with 2-3-4-5-6 cannot be the F pentomino (no path through it), so the
    letters are labels; the reconstructed F card is the V pentomino (§7 R13)."""
    comps = load("connnect").comps
    f_pentomino = geo.parse_shape([".XX", "XX.", ".X."])
    assert not geo.has_path(f_pentomino)
    assert all(card.key != geo.canonical(f_pentomino) for card in comps.cards)
    assert comps.card("F").name == "V" and all(card.path for card in comps.cards)


def test_cn7_adjacency_is_orthogonal() -> None:
    """CN-7: 1 and 2 only touch diagonally: no ordered L3."""
    state = at_claim(2, {LISA: {"a1": 1, "b2": 2, "a2": 3, "f4": 6, "f5": 6, "f6": 6}})
    assert "claim L3 a1 a2 b2" not in texts(state, LISA)
    with pytest.raises(IllegalActionError, match="neither all the same nor in"):
        state.apply_action("claim L3 a1 a2 b2", LISA)


def test_cn8_connect3_shapes_are_the_line_and_the_l() -> None:
    comps = load("connnect").comps
    assert [s.id for s in comps.connect3] == ["I3", "L3"]
    state = at_claim(2, {LISA: {"a1": 4, "b1": 4, "a2": 4}})
    assert texts(state, LISA) == ["claim L3 a1 b1 a2", "done"]


def test_cn9_connect4_shapes_default_all_five_option_path_only() -> None:
    """CN-9: I O T L S on the sheet; ``connect4_shapes=path`` drops T."""
    comps = load("connnect").comps
    assert [s.id for s in comps.connect4] == ["I4", "O4", "T4", "L4", "S4"]
    tee = {"a1": 2, "b1": 2, "c1": 2, "b2": 2}
    state = at_claim(2, {LISA: tee}, connect4_shapes="path")
    with pytest.raises(IllegalActionError, match="T4 is not on the sheet"):
        state.apply_action("claim T4 a1 b1 b2 c1", LISA)


def test_cn10_first_claim_marker_is_worth_3_and_data_can_change_it(tmp_path: Path) -> None:
    """CN-10: first marker ★3 (so that the DE example is reachable); a variant file can say
    otherwise."""
    square = {"a1": 3, "b1": 3, "a2": 3, "b2": 3}
    state = at_claim(2, {LISA: square})
    play(state, LISA, "claim O4 a1 a2 b1 b2", "take 6")
    assert state.scores()[LISA].connect4_markers == 3
    variant = tmp_path / "markers.toml"
    variant.write_text("[connect4]\nfirst_points = 2\n")
    other = at_claim(2, {LISA: square}, data=str(variant))
    play(other, LISA, "claim O4 a1 a2 b1 b2", "take 6")
    assert other.scores()[LISA].connect4_markers == 2


def test_cn11_repeated_connect4_claim_gives_a_bonus_or_is_forbidden() -> None:
    """CN-11: "do nothing" concerns the markers; "Next choose a Bonus" still applies."""
    two = {"a1": 3, "b1": 3, "a2": 3, "b2": 3, "d1": 4, "e1": 4, "d2": 4, "e2": 4}
    state = at_claim(2, {LISA: two})
    play(state, LISA, "claim O4 a1 a2 b1 b2", "take 6", "claim O4 d1 d2 e1 e2")
    assert state.sheets[LISA].markers["O4"] == [FILLED, CROSSED]
    assert texts(state, LISA)[0] == "take 1"
    strict = at_claim(2, {LISA: two}, repeat_connect4="forbidden")
    play(strict, LISA, "claim O4 a1 a2 b1 b2", "take 6")
    with pytest.raises(IllegalActionError, match="already have a marker filled for O4"):
        strict.apply_action("claim O4 d1 d2 e1 e2", LISA)


def test_cn12_same_card_twice_in_one_claim_phase() -> None:
    """CN-12: forbidden by default; ``same_card_twice=true`` allows it."""
    two_v = {"a1": 1, "a2": 1, "a3": 1, "b3": 1, "c3": 1, "d1": 2, "d2": 2, "d3": 2}
    two_v |= {"e3": 2, "f3": 2}
    state = at_claim(2, {LISA: two_v})
    state.apply_action("claim F a1 a2 a3 b3 c3", LISA)
    with pytest.raises(IllegalActionError, match="already claimed it in this phase"):
        state.apply_action("claim F d1 d2 d3 e3 f3", LISA)
    twice = at_claim(2, {LISA: two_v}, same_card_twice=True)
    play(twice, LISA, "claim F a1 a2 a3 b3 c3", "claim F d1 d2 d3 e3 f3")
    assert twice.sheets[LISA].connect5 == [("F", 16), ("F", 16)]


def test_cn13_cards_turn_face_down_when_the_claim_phase_ends() -> None:
    """CN-13: "Flip all the claimed Connect-5 Shape cards facedown" happens when the Claim
    Phase ends: until then the card stays face up and claimable by the others; afterwards it
    is face down and "cannot be claimed throughout the game"."""
    v = {"a1": 1, "a2": 1, "a3": 1, "b3": 1, "c3": 1}
    state = at_claim(2, {LISA: v, LUCAS: v})
    state.apply_action("claim F a1 a2 a3 b3 c3", LISA)
    assert state.face_up == ["B", "D", "F", "G"] and state.face_down == []
    assert "claim F a1 a2 a3 b3 c3" in texts(state, LUCAS)
    finish(state, LISA)
    assert "F" in state.face_up  # Lucas is still claiming
    finish(state, LUCAS)
    assert state.face_up == ["B", "D", "G"] and state.face_down == ["F"]
    claim_phase(state, 2, {LUCAS: {"d1": 2, "d2": 2, "d3": 2, "e3": 2, "f3": 2}})
    assert not [t for t in texts(state, LUCAS) if t.startswith("claim F")]


def test_cn14_four_connect5_boxes() -> None:
    """CN-14: "the topmost available Connect-5 Box"; four boxes (data)."""
    state = at_claim(2, {LISA: {"a1": 1, "a2": 1, "a3": 1, "b3": 1, "c3": 1, "f6": 2}})
    state.sheets[LISA].connect5 = [("A", 16), ("B", 14), ("C", 13), ("D", 12)]
    state.cache = [None, None]
    with pytest.raises(IllegalActionError, match="all your Connect-5 boxes are used"):
        state.apply_action("claim F a1 a2 a3 b3 c3", LISA)


def test_cn15_full_bonus_section_claim_without_bonus_or_forbidden() -> None:
    """CN-15: default, the claim is allowed and earns nothing; option ``forbidden``."""
    trio = {"a1": 5, "b1": 5, "c1": 5}
    state = at_roll(2, sheets={LISA: trio})
    for slot in range(1, 10):
        grant(state, LISA, 0, slot)
    claim_phase(state, 1)
    state.apply_action("claim I3 a1 b1 c1", LISA)
    assert state.task[LISA] is None
    strict = at_roll(2, sheets={LISA: trio | {"a3": 1, "a4": 1, "a5": 1, "a6": 1}},
                     empty_section="forbidden")  # fmt: skip
    for slot in range(1, 10):
        grant(strict, LISA, 0, slot)
    claim_phase(strict, 1)
    with pytest.raises(IllegalActionError, match="Connect-3 bonus section is full"):
        strict.apply_action("claim I3 a1 b1 c1", LISA)


def test_cn16_adjust_a_number_die_or_a_written_number_or_dice_only() -> None:
    """CN-16: one number, ±1 or ±2; a Number Die or an unclaimed written number (default);
    ``adjust=dice`` only Number Dice."""
    state = at_fill(sheets={LISA: {"a3": 3}})
    grant(state, LISA, 0, 5)
    assert {"adjust 2 +1", "adjust a3 -2"} <= set(texts(state, LISA))
    state.apply_action("adjust 2 +2", LISA)
    assert (
        state.pending[LISA] == [4, 5] and state.sheets[LISA].unused(state.comps, "adjust") is None
    )
    dice = at_fill(sheets={LISA: {"a3": 3}}, adjust="dice")
    grant(dice, LISA, 0, 5)
    assert "adjust 2 +1" in texts(dice, LISA) and "adjust a3 -2" not in texts(dice, LISA)


def test_cn17_move_source_stays_crossed_or_becomes_empty() -> None:
    """CN-17: "Cross out a number ... and write that number in anywhere": by default the
    crossed space can never be written again; ``move_source=empty`` frees it (finding 9,
    see test_bonuses.py for the Fill Phase)."""
    state = at_claim(2, {LISA: {"a1": 4, "f4": 6, "f5": 6, "f6": 6}}, bonuses=[(LISA, 0, 1)])
    play(state, LISA, "move a1", "write 4 b1")
    assert state.sheets[LISA].crossed == 1 << cell("a1")
    assert "write 4 a1" not in texts(state, LISA)
    empty = at_claim(
        2, {LISA: {"a1": 4, "f4": 6, "f5": 6, "f6": 6}}, bonuses=[(LISA, 0, 1)], move_source="empty"
    )
    play(empty, LISA, "move a1", "write 4 b1")
    lisa = empty.sheets[LISA]
    assert lisa.crossed == 0 and not lisa.written >> cell("a1") & 1 and lisa.values[0] == 0


def test_cn18_crossed_space_counts_as_filled_unless_option() -> None:
    """CN-18: for the 3-point arrow tier, circles and objectives a crossed space is filled."""
    row6 = {f"{c}6": 1 for c in "abcdef"}
    for counts, points in ((True, 3), (False, 0)):
        state = at_roll(1, sheets={0: row6}, crossed_counts=counts)
        put(state, 0, {}, crossed=["c6"])
        assert state.scores()[0].arrows[0] == points


def test_cn19_circles_count_once_filled_or_at_the_end() -> None:
    """CN-19: "At any time, you write numbers in all spaces around a Circle; you fill that
    Circle": permanent by default; with crossed spaces not counting, ``circles=final`` loses
    a circle whose number moved away."""
    block = {"a1": 1, "b1": 2, "a2": 3, "b2": 4}
    for circles, count in (("permanent", 1), ("final", 0)):
        state = at_claim(1, {0: block}, bonuses=[(0, 0, 1)], crossed_counts=False, circles=circles)
        play(state, 0, "move a1", "write 1 f6")
        assert state.scores()[0].circles == count


def test_cn20_cn22_penalty_is_the_leftmost_available_box() -> None:
    """CN-20/CN-22: the penalty after k Free Actions is the k-th value of the track (data:
    0 1 2 3 5 7 10 13, invented)."""
    state = at_roll(1)
    assert state.comps.penalties == (0, 1, 2, 3, 5, 7, 10, 13)
    for used, penalty in enumerate(state.comps.penalties):
        state.sheets[0].free_actions = used
        assert state.scores()[0].penalty == penalty


def test_cn21_out_of_the_game_cannot_win_unless_keep_score() -> None:
    """CN-21: "you are out of the game": default out and ranked last; ``keep_score``: he keeps
    his points and may still win."""
    full = dict.fromkeys(ZONE4, 6)
    for mode, wins in (("out", False), ("keep_score", True)):
        state = at_roll(2, sheets={LUCAS: full}, elimination=mode)
        state.sheets[LUCAS].free_actions = 7
        state.sheets[LUCAS].connect5 = [("A", 16)]
        state.apply_action("roll 2 4 5", CHANCE)
        state.apply_action("zone 4", LISA)
        assert state.sheets[LUCAS].out == 1
        state.round = 12
        play(state, LISA, "write 2 a1", "write 5 a2")
        assert state.is_terminal()
        assert (LUCAS in state.winners()) is wins


def test_cn23_free_actions_only_change_or_drop_a_number() -> None:
    """CN-23: a Free Action changes a Number Die to write it in the zone, or drops it when
    the zone is full; it "may not change the zone" (no Switch to the changed number, see
    test_bonuses.py); no Free Action in the Claim Phase."""
    state = at_fill()
    assert [t for t in texts(state, LISA) if t.startswith("change 2")] == [
        f"change 2 {w}" for w in (1, 3, 4, 5, 6)
    ]
    grant(state, LISA, 0, 3)
    state.apply_action("change 2 6", LISA)
    assert "switch 6" not in texts(state, LISA)
    claim = at_claim(2, {LISA: {"a1": 2, "b1": 2, "c1": 2}})
    with pytest.raises(IllegalActionError, match="Free Actions are played in the Fill Phase"):
        claim.apply_action("change 2 3", LISA)


def test_cn24_no_voluntary_skipping_while_a_space_is_free() -> None:
    state = at_fill()
    assert not [t for t in texts(state, LISA) if t.startswith(("skip", "done"))]


def test_cn25_unusable_lightning_bonus_lost_or_forbidden() -> None:
    """CN-25: a ⚡ bonus "MUST be used immediately": numbers without space are lost
    (default); ``lightning=forbidden``: such a bonus cannot be chosen."""
    full = {geo.cell_name(c): 3 for c in range(36)}
    state = at_claim(2, {LISA: full})
    play(state, LISA, "claim I3 a1 b1 c1", "take 7")  # write 1 ⚡, no empty space
    assert state.task[LISA] is None and state.sheets[LISA].used[0][6]
    strict = at_claim(2, {LISA: full}, lightning="forbidden")
    strict.apply_action("claim I3 a1 b1 c1", LISA)
    assert "take 7" not in texts(strict, LISA) and "take 1" in texts(strict, LISA)


def test_cn27_score6_is_always_used() -> None:
    """CN-27: "This bonus is always counted as used" — it counts for 'use 4 bonuses'."""
    state = at_claim(2, {LISA: {"a1": 3, "b1": 3, "a2": 3, "b2": 3}})
    play(state, LISA, "claim O4 a1 a2 b1 b2", "take 6")
    assert state.sheets[LISA].used_count() == 1
    assert state.scores()[LISA].connect4_bonus == 6


def test_cn28_objectives_each_player_first_only_or_decreasing() -> None:
    """CN-28: every player may score each revealed objective once (default);
    ``objectives=first``: only those who fulfil it first (same round ties);
    ``objectives=decreasing``: the first ones score the card, later ones half of it."""
    blocks = ["a1", "b1", "a2", "b2", "c1", "d1", "c2", "d2", "a3", "b3", "a4", "b4"]
    circles = dict.fromkeys(blocks, 1)  # O11, O21, O12: three circles, no line
    for mode, expected in (("each", [4, 4]), ("first", [4, 0]), ("decreasing", [4, 2])):
        state = at_claim(2, {LISA: circles}, objectives=mode)
        finish(state, LISA)
        assert state.sheets[LISA].objectives == {"A1": 4}
        claim_phase(state, 2, {LUCAS: circles})
        finish(state, LISA, LUCAS)
        assert [s.objectives.get("A1", 0) for s in state.sheets] == expected


def test_cn29_setup_spaces_any_or_fixed_groups() -> None:
    """CN-29: the first roll goes into any 3 of the 6 setup spaces (default) or into the
    first group (``setup_spaces=groups``)."""
    state = dealt(2)
    state.apply_action("roll 1 3 4", CHANCE)
    assert "write 1 f4" in texts(state, LISA)
    groups = dealt(2, setup_spaces="groups")
    groups.apply_action("roll 1 3 4", CHANCE)
    assert {t.split()[2] for t in texts(groups, LISA)} == {"a1", "a2", "a3"}


def test_cn30_zone_layout_is_data(tmp_path: Path) -> None:
    """CN-30: zones 1-3 are columns a-b, c-d, e-f and zones 4-6 rows 1-2, 3-4, 5-6 (invented
    order); a variant file can reorder them."""
    state = at_roll(1)
    assert [z.label for z in state.comps.zones] == [
        "columns a-b", "columns c-d", "columns e-f", "rows 1-2", "rows 3-4", "rows 5-6",
    ]  # fmt: skip
    variant = tmp_path / "zones.toml"
    zones = ", ".join(f"{{ die = {d}, columns = [{2 * d - 1}, {2 * d}] }}" for d in (1, 2, 3))
    rows = "{ die = 4, rows = [5, 6] }, { die = 5, rows = [3, 4] }, { die = 6, rows = [1, 2] }"
    variant.write_text(f"[zones]\nlist = [{zones}, {rows}]\n")
    other = at_roll(1, data=str(variant))
    assert other.comps.zones[3].label == "rows 5-6"


def test_cn32_no_bonus_before_the_zone_is_chosen() -> None:
    """CN-32: bonuses are used "in the Fill Phase and the Claim Phase" only."""
    state = at_roll(2, sheets={LISA: {"a3": 3}})
    grant(state, LISA, 0, 1)
    grant(state, LISA, 0, 5)
    state.apply_action("roll 2 4 5", CHANCE)
    assert texts(state, LISA) == ["zone 2", "zone 4", "zone 5"]


def test_cn33_numbers_written_by_a_bonus_can_be_claimed_in_the_same_phase() -> None:
    """CN-33: "create combos to claim multiple Connnects at a time"."""
    state = at_claim(2, {LISA: {"a1": 6, "b1": 6, "c1": 6, "a3": 1, "b3": 1}})
    play(state, LISA, "claim I3 a1 b1 c1", "take 7", "write 1 c3")
    assert "claim I3 a3 b3 c3" in texts(state, LISA)


def test_cn35_negative_points_are_the_free_action_penalty() -> None:
    """CN-35: at 0 points each, Lisa (1 circle, 1 Free Action) loses to Lucas (nothing)."""
    state = at_roll(2, sheets={LISA: {"a1": 1, "b1": 2, "a2": 3, "b2": 4}})
    state.sheets[LISA].free_actions = 1
    assert [s.total for s in state.scores()] == [0, 0]
    assert state.winners() == [LUCAS]


def test_cn36_others_see_my_sheet_only_when_the_phase_resolves() -> None:
    """CN-36: commit and reveal within a simultaneous phase."""
    state = at_fill(players=3)
    state.apply_action("write 2 a1", LISA)
    assert state.current_player == SIMULTANEOUS
    assert state.observation(LISA)["sheets"][LISA]["values"][0] == 2
    assert state.observation(LUCAS)["sheets"][LISA]["values"][0] == 0
    play(state, LISA, "write 5 a2")
    play(state, LUCAS, "write 2 a1", "write 5 a2")
    play(state, MIA, "write 2 a1", "write 5 a2")
    assert state.observation(LUCAS)["sheets"][LISA]["values"][:7] == [2, 0, 0, 0, 0, 0, 5]


def test_cn37_cn38_connect5_cards_and_score_cards_run_out_together() -> None:
    """CN-37: a face-down card cannot be claimed; CN-38: each round with a Connect-5 claim
    turns at least one card down and removes one score card, so cards last."""
    pieces = [
        {"a1": 1, "b1": 1, "c1": 1, "d1": 1, "e1": 1},  # A (I)
        {"a2": 2, "a3": 2, "a4": 2, "a5": 2, "b5": 2},  # B (L)
        {"c3": 3, "c4": 3, "d4": 3, "d5": 3, "d6": 3},  # C (N)
        {"e3": 4, "f3": 4, "e4": 4, "f4": 4, "e5": 4},  # D (P)
    ]
    state = at_roll(2, sheets={LISA: {k: v for p in pieces for k, v in p.items()}})
    state.face_up = ["A", "B", "C", "D"]
    for number, piece in enumerate(pieces, start=1):
        claim_phase(state, number)
        names = sorted(piece, key=cell)
        letter = "ABCD"[number - 1]
        state.apply_action(f"claim {letter} {' '.join(names)}", LISA)
        finish(state, LISA)
        assert len(state.score_cards) >= len(state.face_up)
    assert state.face_up == [] and state.score_cards == []
    assert [points for _, points in state.sheets[LISA].connect5] == [16, 14, 13, 12]


def test_cn39_player_counts_one_to_four() -> None:
    """CN-39: 2-4 players, and 1 (solo score attack, ours)."""
    for players in (1, 2, 3, 4):
        assert load("connnect", players).num_players == players
    with pytest.raises(InvalidOptionError, match="1, 2, 3, 4 players, not 5"):
        load("connnect", 5)


def test_cn40_twelve_rounds_and_the_dice_pass_left() -> None:
    """CN-40: "the active player passes all the dice to the player on the left": with 3
    players each is active 4 times in 12 rounds."""
    state = at_roll(3, active=LUCAS)
    actives = []
    while not state.is_terminal():
        if state.is_chance_node():
            actives.append(state.active)
            die = len(actives) % 6 + 1  # a triple: the zone needs no choice
            state.apply_action(f"roll {die} {die} {die}", CHANCE)
            continue
        seat = min(state.active_players())
        options = texts(state, seat)
        state.apply_action("done" if "done" in options else options[0], seat)
    assert state.round == 12
    assert actives == [LUCAS, MIA, LISA] * 4
    assert all(len(sheet.tracker) == 12 for sheet in state.sheets)


@pytest.mark.parametrize("values", [[1, 2, 3, 4, 5, 6], [6, 5, 4, 3, 2, 1]])
def test_cn31_an_arrow_line_may_ascend_either_way(values: list[int]) -> None:
    """CN-31: "Fill the row or column with 1 to 6 in ascending or decending order": read left
    to right (row 6) or top to bottom (column f), either direction scores 8."""
    row = {f"{c}6": v for c, v in zip("abcdef", values, strict=True)}
    column = {f"f{r}": v for r, v in zip(range(1, 7), values, strict=True)}
    state = at_roll(1, sheets={0: row | column})
    assert state.scores()[0].arrows == (8, 8)


def test_cn34_the_german_example_scores_61() -> None:
    """CN-34: the printed total 67 is not the sum of the printed rows "7 + 18 + 16 / + 3 + 6
    / + 6 + 4 / + 4 + - + - / - 3"; ``score()`` on a sheet holding those components gives
    61 (scenario 12 checks each row)."""
    state = at_roll(1)
    german_example(state, 0)
    assert state.scores()[0].total == sum(GERMAN_ROWS) - GERMAN_PENALTY == 61


def test_cn_unknown_option_value_is_refused() -> None:
    with pytest.raises(InvalidOptionError, match="order_rule"):
        load("connnect", order_rule="sideways")
