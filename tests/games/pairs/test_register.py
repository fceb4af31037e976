"""One test (at least) per ambiguity-register decision PG-1…PG-31 of ``docs/rules/pairs.md``
and per further decision listed there, pinning the default and each alternative offered as an
option (``docs/rules/pairs.md``). Quotations are from the rulebook (the Italian rules sheet)."""

from __future__ import annotations

import re

import pytest

from connect_arena.core import CHANCE, TERMINAL, IllegalActionError, InvalidOptionError
from connect_arena.games import load
from connect_arena.games.pairs import FirstPlayer, Take
from connect_arena.games.pairs.legal import event_options
from connect_arena.games.pairs.notation import parse_action
from tests.games.pairs.helpers import (
    ANN,
    BOB,
    X1,
    X2,
    Y1,
    Y2,
    complete_on_roll,
    conserve,
    position,
    roll,
    supply_of,
    texts,
    top,
    top_of,
    zones_of,
)


def test_pg1_title_and_subject_letters() -> None:
    game = load("pairs")
    assert (game.name, game.title) == ("pairs", "Connect Pairs")
    state = position(zones={ANN: {1: "CD"}})
    assert state.observation(0)["boards"][0]["zones"][0] == "CD"
    assert game.seat_name(0) == "X1" and game.seat_name(3) == "Y2"


def test_pg2_twelve_tokens_per_subject_or_as_configured() -> None:
    """ "72 gettoni suddivisi in sei diversi soggetti": 12 each, 11 in the supply."""
    state = load("pairs", key="fixed", first_player="0").new_initial_state()
    assert supply_of(state, ANN) == dict.fromkeys("ABCDEF", 11)
    small = load("pairs", key="fixed", first_player="0", tokens_per_subject=8)
    assert supply_of(small.new_initial_state(), ANN) == dict.fromkeys("ABCDEF", 7)
    with pytest.raises(InvalidOptionError, match="tokens_per_subject"):
        load("pairs", tokens_per_subject=3)


def test_pg3_key_tokens_are_markers_never_taken() -> None:
    state = position(zones={ANN: {4: "D"}})
    state.supply[0][4] = 0  # no E left in the supply; the key still shows E on space 5
    roll(state, "2 4 5")
    assert not [a for a in texts(state) if a.startswith("take E")]
    with pytest.raises(IllegalActionError, match="supply holds 0 E"):
        state.apply_action("take E 2 4")
    assert state.keys[0] == (0, 1, 2, 3, 4, 5)


@pytest.mark.parametrize(
    ("options", "round_", "pawn"),
    [
        ({}, 1, 100),
        ({}, 7, 94),
        ({"track_step": 5}, 3, 90),
        ({"track_step": 10}, 10, 10),
        ({"track_step": 10}, 11, 10),  # the last box at or above the floor (1)
    ],
)
def test_pg4_score_track_values(options: dict[str, object], round_: int, pawn: int) -> None:
    """Pawn on "posizione 100", then "la casella successiva" each round: step 1 by default."""
    assert position(round_=round_, **options).pawn() == pawn


def test_pg5_pawn_stays_on_the_last_box_or_the_manche_ends() -> None:
    stay = position(round_=150)
    assert stay.pawn() == 1
    short = position(track_start=3)
    for _ in range(3):
        roll(short, "6 6 6")
        roll(short, "6 6 6")
    assert short.round == 4 and short.pawn() == 1 and not short.is_terminal()
    ends = position(track_start=3, track_end="end")
    for _ in range(3):
        roll(ends, "6 6 6")
        roll(ends, "6 6 6")
    assert ends.is_terminal() and ends.returns() == [0.0, 0.0]
    assert ends.outcome == "track_end"


def test_pg6_turn_order_pair_by_pair_or_interleaved() -> None:
    """ "A turno ogni giocatore (a seguire anche quelli delle altre coppie)"."""
    assert position(4).order == (0, 1, 2, 3)
    assert position(4, turn_order="interleaved").order == (0, 2, 1, 3)
    assert position(6, first_player="3").order == (3, 4, 5, 0, 1, 2)


def test_pg7_first_player_is_a_chance_action_by_default() -> None:
    state = load("pairs", 4, key="fixed").new_initial_state()
    assert state.current_player == CHANCE
    assert state.chance_outcomes() == [(FirstPlayer(seat), 0.25) for seat in range(4)]
    state.apply_action("first 3", CHANCE)
    assert state.order == (3, 0, 1, 2) and state.turn_seat == 3
    fixed = load("pairs", 4, key="fixed", first_player="2").new_initial_state()
    assert fixed.turn_seat == 2
    with pytest.raises(InvalidOptionError, match="seat 5 does not exist"):
        load("pairs", 4, first_player="5")


def test_pg8_double_swap_is_mandatory_unless_optional() -> None:
    state = position(zones={ANN: {2: "A", 5: "E"}})
    roll(state, "2 2 5")  # the only swap is applied at once
    assert zones_of(state, ANN) == {2: "E", 5: "A"}
    optional = position(zones={ANN: {2: "A", 5: "E"}}, double_swap="optional")
    roll(optional, "2 2 5")
    assert texts(optional) == ["swap 2A 5E", "pass"]
    optional.apply_action("pass")
    assert zones_of(optional, ANN) == {2: "A", 5: "E"}


@pytest.mark.parametrize(
    ("option", "zones", "expected"),
    [
        ("move", {1: "BD"}, ["move B 1>4", "move D 1>4"]),
        ("optional", {1: "BD"}, ["move B 1>4", "move D 1>4", "pass"]),
        ("forward", {4: "BD"}, ["move B 4>1", "move D 4>1"]),
    ],
)
def test_pg9_double_with_one_empty_zone(
    option: str, zones: dict[int, str], expected: list[str]
) -> None:
    state = position(zones={ANN: zones}, double_empty_zone=option)
    roll(state, "4 4 1")
    assert texts(state) == expected


def test_pg9_forward_only_moves_from_the_doubled_zone() -> None:
    state = position(zones={ANN: {1: "BD"}}, double_empty_zone="forward")
    roll(state, "4 4 1")  # zone 4 (the double) is empty: nothing can move forward
    assert zones_of(state, ANN) == {1: "BD"} and state.turn_seat == BOB


def test_pg10_double_with_a_single_subject_does_nothing() -> None:
    state = position(zones={ANN: {2: "AA", 6: "A"}})
    roll(state, "2 2 6")
    assert zones_of(state, ANN) == {2: "AA", 6: "A"} and state.turn_seat == BOB


def test_pg11_a_die_value_means_the_subject_of_the_key() -> None:
    """ "un gettone corrispondente al valore di un dado": the key maps 1-6 to subjects."""
    state = position(zones={ANN: {2: "C", 3: "A"}})
    state.keys[0] = (2, 0, 5, 1, 4, 3)  # key CAFBED: die 1 → C, die 2 → A
    conserve(state)
    roll(state, "1 2 3")
    moves = [a for a in texts(state) if a.startswith("move")]
    assert moves == ["move C 2>3", "move A 3>1"]


def test_pg12_take_needs_two_tokens_unless_partial() -> None:
    state = position(zones={ANN: {4: "D"}}, take_short_supply="partial")
    state.supply[0][1] = 1
    roll(state, "2 4 5")
    assert [a for a in texts(state) if a.startswith("take B")] == ["take B 4", "take B 5"]
    state.apply_action("take B 5")
    assert zones_of(state, ANN) == {4: "D", 5: "B"} and state.supply[0][1] == 0


def test_pg13_an_infeasible_take_falls_back_to_another_assignment() -> None:
    """ "se non è fattibile deve optare per un diverso inserimento che risulti possibile"."""
    state = position(zones={ANN: {5: "EEA"}})
    roll(state, "2 4 5")
    takes = [a for a in texts(state) if a.startswith("take")]
    assert takes == ["take E 2 4"]  # B and D would need a space in the full zone 5
    with pytest.raises(IllegalActionError, match="choose another assignment"):
        state.apply_action("take D 2 5")


def test_pg14_the_partner_chooses_the_token_he_gives() -> None:
    """ "ci si scambia a propria scelta": the answer is an action of the partner's seat."""
    state = position(zones={ANN: {1: "A"}, BOB: {1: "ACD"}})
    roll(state, "1 2 3")
    state.apply_action("connect")
    assert texts(state) == ["give 1A", "done"]
    state.apply_action("give 1A")
    assert state.current_player == BOB and texts(state, BOB) == ["give 1C", "give 1D"]
    with pytest.raises(IllegalActionError, match="not X1's turn"):
        state.apply_action("give 1C", ANN)
    state.apply_action("give 1D", BOB)
    assert zones_of(state, ANN) == {1: "D"} and zones_of(state, BOB) == {1: "AAC"}
    active = position(zones={ANN: {1: "A"}, BOB: {1: "ACD"}}, connect_chooser="active")
    roll(active, "1 2 3")
    active.apply_action("connect")
    assert texts(active) == ["give 1A C", "give 1A D", "done"]
    with pytest.raises(IllegalActionError, match="say which token you receive"):
        active.apply_action("give 1A")


def test_pg15_swaps_are_optional_and_in_the_active_players_order() -> None:
    zones = {ANN: {1: "AB", 3: "CD"}, BOB: {1: "AE", 3: "CD"}}
    state = position(zones=zones)
    roll(state, "1 2 3")
    state.apply_action("connect")
    state.apply_action("give 3D")  # zone 3 first; Bob's only different answer is C
    assert zones_of(state, ANN) == {1: "AB", 3: "CC"}
    assert texts(state) == ["give 1A", "give 1B", "done"]
    state.apply_action("done")  # zone 1 is skipped
    assert zones_of(state, ANN) == {1: "AB", 3: "CC"} and state.turn_seat == BOB
    mandatory = position(zones=zones, connect_swaps="mandatory")
    roll(mandatory, "1 2 3")
    mandatory.apply_action("connect")
    assert "done" not in texts(mandatory)
    with pytest.raises(IllegalActionError, match="every possible swap of the connection must"):
        mandatory.apply_action("done")


def test_pg16_connect_is_allowed_when_it_changes_nothing() -> None:
    state = position(zones={ANN: {1: "B"}, BOB: {1: "C"}})
    roll(state, "1 2 3")
    assert "connect" in texts(state)
    state.apply_action("connect")  # no common subject: the connection ends at once
    assert zones_of(state, ANN) == {1: "B"} and state.turn_seat == BOB


def test_a_forced_connect_is_applied_by_the_engine() -> None:
    """ "Decisions with one choice": no D, E or F to move and too few in the supply to TAKE,
    so CONNECT (always allowed, PG-16) is the only choice and starts without an action."""
    state = position(zones={ANN: {4: "AB"}, BOB: {4: "AC"}})
    state.supply[0][3:6] = [1, 1, 1]
    roll(state, "4 5 6")
    assert state.stage == "connect" and texts(state) == ["give 4A", "give 4B", "done"]
    assert [str(entry.action) for entry in state.history] == ["roll 4 5 6"]


@pytest.mark.parametrize("trigger", ["transition", "recheck"])
def test_pg17_event_on_transition_or_rechecked(trigger: str) -> None:
    state = position(zones={ANN: {1: "EEE"}}, tops={ANN: "ABCD"}, event_trigger=trigger)
    roll(state, "6 6 6")  # an empty zone is lost: nothing changes on the board
    if trigger == "transition":
        assert state.turn_seat == BOB and zones_of(state, ANN) == {1: "EEE"}
    else:  # the full row now forces a replacement by the standing EEE
        assert state.current_player == ANN
        assert texts(state) == ["top 1>1", "top 1>2", "top 1>3", "top 1>4"]


def test_pg17_recheck_conflicts_with_an_optional_replacement() -> None:
    with pytest.raises(InvalidOptionError, match="replacement=optional needs"):
        load("pairs", event_trigger="recheck", replacement="optional")


def test_pg18_partner_matching_is_mandatory_or_advice() -> None:
    state = position(zones={ANN: {6: "EE"}}, tops={BOB: "-E--"})
    roll(state, "5 6 3")
    state.apply_action("take E 3 6")
    assert top_of(state, ANN) == "-E--"
    advice = position(zones={ANN: {6: "EE"}}, tops={BOB: "-E--"}, partner_matching="advice")
    roll(advice, "5 6 3")
    advice.apply_action("take E 3 6")
    assert texts(advice) == ["top 6>1", "top 6>2", "top 6>3", "top 6>4"]
    advice.apply_action("top 6>1")
    assert top_of(advice, ANN) == "E---"


@pytest.mark.parametrize("option", ["replace_if_full", "nothing"])
def test_pg19_repeated_subject_with_a_full_row(option: str) -> None:
    state = position(zones={ANN: {2: "AA"}}, tops={ANN: "ABCD"}, repeated_subject=option)
    roll(state, "1 2 3")
    state.apply_action("take A 2 3")
    if option == "replace_if_full":
        assert texts(state) == ["top 2>1", "top 2>2", "top 2>3", "top 2>4"]
    else:
        assert state.turn_seat == BOB and zones_of(state, ANN)[2] == "AAA"


def test_pg20_replacement_is_mandatory_unless_optional() -> None:
    state = position(zones={ANN: {2: "FF"}}, tops={ANN: "ABCD"}, replacement="optional")
    roll(state, "6 2 1")
    state.apply_action("take F 1 2")
    assert texts(state) == ["top 2>1", "top 2>2", "top 2>3", "top 2>4", "keep 2"]
    state.apply_action("keep 2")
    assert top_of(state, ANN) == "ABCD" and zones_of(state, ANN)[2] == "FFF"


def test_pg21_victory_needs_two_full_rows_equal_slot_by_slot() -> None:
    """Duplicates are allowed; an empty slot never wins, even matched by an empty slot."""
    state = position(zones={ANN: {1: "AAD", 2: "A"}}, tops={ANN: "AB-C", BOB: "AB-C"})
    roll(state, "1 1 2")  # zone 1 becomes AAA: A is repeated, the row has a free slot
    assert not state.is_terminal() and state.turn_seat == BOB
    twin = position(zones={ANN: {1: "AAD", 2: "A"}}, tops={ANN: "ABD-", BOB: "ABDA"})
    roll(twin, "1 1 2")
    assert top_of(twin, ANN) == "ABD-"  # A is already there: nothing
    dup = position(zones={ANN: {1: "DDA", 2: "D"}}, tops={ANN: "AAB-", BOB: "AABD"})
    roll(dup, "1 1 2")
    assert dup.is_terminal() and dup.returns() == [100.0, 100.0]


def test_pg22_pg23_timing_and_shared_round() -> None:
    """2 players: at once, the partner does not play (scenario 12); several pairs: at the end
    of the round, after every seat has played, every pair that completed scoring the same
    value (scenario 14; PG-30 ``completion=end_of_round``)."""
    one = position(turn=ANN)
    complete_on_roll(one, ANN)
    roll(one, "1 1 2")
    assert one.is_terminal() and one.returns() == [100.0, 100.0]
    assert [entry.player for entry in one.history] == [CHANCE]  # BOB never played
    state = position(4, turn=X1)
    complete_on_roll(state, X1)
    roll(state, "1 1 2")
    assert not state.is_terminal() and state.turn_seat == X2  # X2 still plays
    roll(state, "6 6 6")
    complete_on_roll(state, Y1)
    roll(state, "1 1 2")
    assert state.current == [None, None] and state.turn_seat == Y2
    roll(state, "6 6 6")
    assert state.is_terminal() and state.returns() == [100.0] * 4


def test_pg24_the_game_ends_with_the_winning_round_unless_play_on() -> None:
    state = position(4, turn=Y1, play_on=True)
    complete_on_roll(state, Y1)
    roll(state, "1 1 2")
    roll(state, "6 6 6")  # Y2
    assert not state.is_terminal() and state.current == [None, 100]
    assert state.turn_seat == X1 and state.round == 2
    complete_on_roll(state, X1)
    roll(state, "1 1 2")
    roll(state, "6 6 6")  # X2; Y no longer plays
    assert state.is_terminal() and state.returns() == [99.0, 99.0, 100.0, 100.0]


def test_pg25_tournament_length_and_shared_first_place() -> None:
    state = position(4, turn=X1, manches=2)
    for seat in (X1, Y1):
        complete_on_roll(state, seat)
        roll(state, "1 1 2")
        roll(state, "6 6 6")  # the partner's turn
    assert state.manche == 2 and state.scores == [[100, 100]]
    assert state.turn_seat == Y1  # another pair begins manche 2
    for seat in (Y1, X1):
        complete_on_roll(state, seat)
        roll(state, "1 1 2")
        roll(state, "6 6 6")
    assert state.is_terminal() and state.returns() == [200.0] * 4  # a shared first place
    with pytest.raises(InvalidOptionError, match="manches"):
        load("pairs", manches=0)


def _one_pair_two_manches(**options: object) -> list[float]:
    """One pair wins manche 1 in round 1 (100) and manche 2 in round 5 (96)."""
    state = position(turn=ANN, manches=2, **options)
    complete_on_roll(state, ANN)
    roll(state, "1 1 2")
    assert state.manche == 2 and state.turn_seat == BOB  # the partners alternate
    state.round = 5
    complete_on_roll(state, BOB)
    roll(state, "1 1 2")
    assert state.is_terminal() and state.scores == [[100], [96]]
    return state.returns()


def test_pg31_one_pair_replays_to_beat_its_best_score() -> None:
    """ "Nel caso di sfida tra una sola coppia, è possibile sfidarsi nuovamente per cercare di
    vincere totalizzando un punteggio più alto": the result is the best manche by default;
    adding up ("si totalizzano i risultati") is described for tournaments "per sfide tra più
    coppie" and is the option ``single_pair_total=sum``."""
    assert _one_pair_two_manches() == [100.0, 100.0]
    assert _one_pair_two_manches(single_pair_total="sum") == [196.0, 196.0]
    several = position(4, turn=X1, manches=2, single_pair_total="best")
    several.scores = [[100, 90], [80, 95]]
    assert several.totals() == [180, 185]  # several pairs always add up


def test_pg26_one_pawn_on_the_first_pairs_board() -> None:
    """ "sarà sufficiente usare una sola pedina segnapunti ... quella della prima coppia"."""
    text = position(4, round_=5).render()
    assert text.count("pawn") == 1 and "96" in text
    assert position(4).observation(0)["pawn"] == 100


def test_pg27_no_voluntary_skip() -> None:
    state = position()
    roll(state, "1 2 3")
    assert "pass" not in texts(state)
    with pytest.raises(IllegalActionError, match="cannot be skipped"):
        state.apply_action("pass")


def test_pg28_triple_does_not_touch_the_top_row() -> None:
    state = position(zones={ANN: {5: "EEA"}}, tops={ANN: "E---"})
    roll(state, "5 5 5")
    assert zones_of(state, ANN) == {} and top_of(state, ANN) == "E---"


def test_pg29_every_board_shows_six_zones_and_four_top_slots() -> None:
    plain = re.sub(r"\[[^\]]*\]", "", position(zones={ANN: {3: "ACF"}}).render(0))
    assert plain.count("top") == 2
    for face in range(1, 7):
        assert plain.count(f"{face}:") >= 2


# ----- further decisions (docs/rules/pairs.md) ------------------------------------------------
def test_two_events_on_one_board_the_owner_chooses_the_order() -> None:
    state = position(zones={ANN: {2: "EEF", 5: "FFE"}}, tops={ANN: "ABC-"})
    roll(state, "2 2 5")
    state.apply_action("swap 2F 5E")
    assert zones_of(state, ANN) == {2: "EEE", 5: "FFF"}
    assert texts(state) == ["top 2>4", "top 5>4"]
    state.apply_action("top 5>4")  # F first: the row is now full, so E must replace
    assert texts(state) == ["top 2>1", "top 2>2", "top 2>3", "top 2>4"]
    state.apply_action("top 2>1")
    assert top_of(state, ANN) == "EBCF" and supply_of(state, ANN)["A"] == 11


def test_a_do_nothing_event_can_be_settled_first_when_it_matters() -> None:
    state = position(zones={ANN: {2: "AAF", 5: "FFA"}}, tops={ANN: "ABC-"})
    roll(state, "2 2 5")
    state.apply_action("swap 2F 5A")  # zone 2 AAA (A repeated), zone 5 FFF
    assert texts(state) == ["keep 2", "top 5>4"]
    state.apply_action("top 5>4")  # the row fills up: AAA must now replace a token
    assert texts(state) == ["top 2>1", "top 2>2", "top 2>3", "top 2>4"]


@pytest.mark.parametrize(
    ("option", "row", "expected"),
    [
        # the row has a free slot that F fills: afterwards A stays "repeated", nothing happens
        ("nothing", "ABC-", ["top 5>4"]),
        # a full row: F may replace the A, after which AAA must replace a token
        ("nothing", "ABCD", ["keep 2", "top 5>1", "top 5>2", "top 5>3", "top 5>4"]),
        # two free slots, one effective event: the row cannot fill up before AAA
        ("replace_if_full", "AB--", ["top 5>3", "top 5>4"]),
        ("replace_if_full", "ABC-", ["keep 2", "top 5>4"]),
    ],
)
def test_keep_is_offered_only_when_the_order_of_the_events_matters(
    option: str, row: str, expected: list[str]
) -> None:
    """Notes §9: the owner chooses the order of two events "since it can change the result";
    where it cannot, ``keep Z`` for the do-nothing event is no choice and is not offered."""
    state = position(zones={ANN: {2: "AAF", 5: "FFA"}}, tops={ANN: row}, repeated_subject=option)
    roll(state, "2 2 5")
    state.apply_action("swap 2F 5A")  # zone 2 AAA (A in the row), zone 5 FFF
    if len(expected) == 1:  # the only choice was applied by the engine
        assert top_of(state, ANN) == "ABCF" and state.turn_seat == BOB
        assert zones_of(state, ANN) == {2: "AAA", 5: "FF"}
    else:
        assert texts(state) == expected


def test_victory_ends_the_turn_in_the_middle_of_a_connection() -> None:
    """Notes §9: "with one pair a victory ends the turn at once, even in the middle of a
    CONNECT" (several pairs: ``test_completion.py``)."""
    state = position(
        zones={ANN: {1: "DDA", 2: "BC"}, BOB: {1: "DE", 2: "BE"}},
        tops={ANN: "ABC-", BOB: "ABCD"},
    )
    roll(state, "1 2 3")
    state.apply_action("connect")
    state.apply_action("give 1A")  # Bob gives D (his only other subject is E: he chooses)
    state.apply_action("give 1D", BOB)
    assert state.current_player == TERMINAL and state.returns() == [100.0, 100.0]


def test_full_row_replacement_is_free_and_may_replace_the_same_subject() -> None:
    state = position(zones={ANN: {2: "AA"}}, tops={ANN: "ABCD", BOB: "-A--"})
    roll(state, "1 2 3")
    state.apply_action("take A 2 3")
    assert event_options(state, ANN, 2) == [parse_action(f"top 2>{k}") for k in (1, 2, 3, 4)]
    before = supply_of(state, ANN)["A"]
    state.apply_action("top 2>1")  # A replaces A: one A goes back to the supply
    assert top_of(state, ANN) == "ABCD" and supply_of(state, ANN)["A"] == before + 1


def test_take_role_assignments_with_the_same_effect_are_one_action() -> None:
    """A decision of ours (different role assignments reaching the same boards could count as
    distinct actions): the two tokens of a TAKE are identical, so (s, p, q) and (s, q, p) give
    the same position and are listed once; MOVE assignments stay distinct."""
    assert parse_action("take E 4 2") == parse_action("take E 2 4") == Take(4, (2, 4))
    assert str(parse_action("swap 5E 2A")) == "swap 2A 5E"
    state = position(zones={ANN: {4: "D"}})
    roll(state, "2 4 5")
    takes = [a for a in texts(state) if a.startswith("take")]
    assert takes == ["take B 4 5", "take D 2 5", "take E 2 4"]  # one per subject die
    assert state.legal_actions().count(Take(4, (2, 4))) == 1


def test_events_on_the_partners_board_are_decided_by_the_partner() -> None:
    state = position(zones={ANN: {3: "CA"}, BOB: {3: "CCE"}}, tops={BOB: "ABD-"})
    state.tops[BOB] = top("ABDE")
    conserve(state)
    roll(state, "3 4 6")
    state.apply_action("connect")
    state.apply_action("give 3C")  # Bob's zone 3 becomes CCC with a full row
    assert state.current_player == BOB
    assert texts(state, BOB) == ["top 3>1", "top 3>2", "top 3>3", "top 3>4"]
    state.apply_action("top 3>4", BOB)
    assert top_of(state, BOB) == "ABDC" and state.turn_seat == BOB
    assert X2 == BOB and X1 == ANN
