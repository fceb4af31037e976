"""The acceptance scenarios of Connect Pairs, one test (or more) each.

Quotations are from the rulebook (the Italian rules sheet). Common fixture: Ann (seat 0, X1) and
Bob (seat 1, X2), key 1→A … 6→F, pawn 101 − round. Supplies are always conserved (12 tokens
per subject per box): where §8 quotes absolute supply figures that ignore the tokens already
on the boards, the tests check the change instead (``docs/rules/pairs.md`` §Notes on §8).
"""

from __future__ import annotations

import pytest

from connect_arena.core import CHANCE, TERMINAL, IllegalActionError
from connect_arena.games import load
from connect_arena.games.pairs.legal import event_options
from tests.games.pairs.helpers import (
    ANN,
    BOB,
    X1,
    X2,
    Y1,
    Y2,
    complete_on_roll,
    position,
    roll,
    supply_of,
    texts,
    top_of,
    zones_of,
)


def test_1_setup() -> None:
    """ "Disporre sul tabellone condiviso ... un diverso gettone di ogni soggetto negli spazi
    numerati da 1 a 6 ... collocare la pedina segnapunti nella posizione 100"."""
    state = load("pairs", first_player="0").new_initial_state()
    assert state.current_player == ANN and state.stage == "key"
    assert len(state.legal_actions()) == 720
    state.apply_action("key ABCDEF")
    assert state.keys == [(0, 1, 2, 3, 4, 5)]
    assert supply_of(state, ANN) == dict.fromkeys("ABCDEF", 11)
    assert all(z == () for board in state.zones for z in board)
    assert top_of(state, ANN) == top_of(state, BOB) == "----"
    assert state.pawn() == 100 and state.round == 1
    assert state.current_player == CHANCE and state.turn_seat == ANN


def test_2_triple_loses_the_zone() -> None:
    """ "se ottiene lo stesso valore con tutti e 3 i dadi, perde tutti i gettoni ... nella zona
    identificata dal valore ottenuto"."""
    state = position(zones={ANN: {3: "ACF"}}, tops={ANN: "B---"})
    before = supply_of(state, ANN)
    roll(state, "3 3 3")
    assert zones_of(state, ANN) == {}
    after = supply_of(state, ANN)
    assert {s: after[s] - before[s] for s in "ACF"} == {"A": 1, "C": 1, "F": 1}
    assert after == {"A": 11, "B": 10, "C": 11, "D": 11, "E": 11, "F": 11}
    assert top_of(state, ANN) == "B---"
    assert state.turn_seat == BOB  # no decision: the turn is over


def test_3_double_swap() -> None:
    """ "scambia ... un gettone della zona identificata dai due valori uguali con un altro
    gettone (purché di soggetto differente)"."""
    state = position(zones={ANN: {2: "AAB", 5: "EC"}})
    roll(state, "2 5 2")
    assert sorted(texts(state)) == ["swap 2A 5C", "swap 2A 5E", "swap 2B 5C", "swap 2B 5E"]
    with pytest.raises(IllegalActionError, match="must be carried out"):
        state.apply_action("pass")
    with pytest.raises(IllegalActionError, match="no A in X1's zone 5"):
        state.apply_action("swap 2A 5A")
    state.apply_action("swap 2A 5E")
    assert zones_of(state, ANN) == {2: "ABE", 5: "AC"}


def test_3_double_swap_of_the_same_subject_is_rejected() -> None:
    state = position(zones={ANN: {2: "AAB", 5: "AC"}})
    roll(state, "2 2 5")
    with pytest.raises(IllegalActionError, match="different subjects"):
        state.apply_action("swap 2A 5A")
    assert zones_of(state, ANN) == {2: "AAB", 5: "AC"}  # unchanged


def test_4a_double_with_an_empty_zone_moves_one_token() -> None:
    """ "qualora in una delle due zone non risultino presenti gettoni, non scambierà ma
    semplicemente cambierà la posizione di un solo gettone"."""
    state = position(zones={ANN: {1: "BD"}})
    roll(state, "4 4 1")
    assert texts(state) == ["move B 1>4", "move D 1>4"]
    state.apply_action("move D 1>4")
    assert zones_of(state, ANN) == {1: "B", 4: "D"}


@pytest.mark.parametrize(
    ("zones", "dice"), [({}, "2 2 6"), ({2: "AA", 6: "A"}, "6 2 2")], ids=["empty", "same"]
)
def test_4bc_double_that_can_do_nothing(zones: dict[int, str], dice: str) -> None:
    """ "non farà nulla se è impossibile qualsiasi scambio"."""
    state = position(zones={ANN: zones})
    roll(state, dice)
    assert zones_of(state, ANN) == zones
    assert state.turn_seat == BOB and state.current_player == CHANCE
    assert state.log[-1].key == "pairs.double_nothing"
    assert "nothing happens" in state.game.render_event(state.log[-1])


def test_5_move() -> None:
    """ "spostare un gettone corrispondente al valore di un dado a sua scelta e che si trova
    sul suo tabellone nella zona identificata dal valore di un secondo dado ... in uno spazio
    vuoto nella zona identificata dal valore dell'ultimo dado"."""
    state = position(zones={ANN: {1: "CD", 6: "F"}})
    roll(state, "1 3 6")
    assert "move C 1>6" in texts(state)
    with pytest.raises(IllegalActionError, match="no A in X1's zone 3"):
        state.apply_action("move A 3>6")
    state.apply_action("move C 1>6")
    assert zones_of(state, ANN) == {1: "D", 6: "CF"}


def test_5_move_into_a_full_zone_is_rejected() -> None:
    state = position(zones={ANN: {1: "CD", 6: "FFB"}})
    roll(state, "1 3 6")
    assert not [a for a in texts(state) if a.startswith("move") and a.endswith(">6")]
    with pytest.raises(IllegalActionError, match="zone 6 is full"):
        state.apply_action("move C 1>6")


def test_6_take() -> None:
    """ "prendere due gettoni dal tabellone condiviso ... (ma solo se ci sono ancora spazi
    disponibili per entrambi, se non è fattibile deve optare per un diverso inserimento)"."""
    state = position(zones={ANN: {4: "D", 5: "EEA"}})
    before = supply_of(state, ANN)["E"]
    roll(state, "2 4 5")
    with pytest.raises(IllegalActionError, match="zone 5 is full"):
        state.apply_action("take B 4 5")
    assert "take E 2 4" in texts(state)
    state.apply_action("take E 2 4")
    assert zones_of(state, ANN) == {2: "E", 4: "DE", 5: "AEE"}
    assert supply_of(state, ANN)["E"] == before - 2 == 7


def test_6_take_needs_two_tokens_in_the_supply() -> None:
    state = position(zones={ANN: {4: "D"}})
    state.supply[0][1] = 1  # one B left (the box is no longer conserved; fine for this test)
    roll(state, "2 4 5")
    assert not [a for a in texts(state) if a.startswith("take B")]
    with pytest.raises(IllegalActionError, match="supply holds 1 B: TAKE needs two"):
        state.apply_action("take B 4 5")


def test_7_connect() -> None:
    """ "per il valore ottenuto con ogni dado si controlla se nelle corrispondenti zone ... è
    presente almeno un gettone identico, e in questo caso ci si scambia a propria scelta uno
    qualsiasi dei gettoni presenti nella propria zona (purché raffigurino un soggetto diverso
    tra loro)"."""
    state = position(zones={ANN: {1: "AD", 2: "B", 3: "CC"}, BOB: {1: "AF", 2: "C", 3: "CE"}})
    roll(state, "1 2 3")
    state.apply_action("connect")
    assert texts(state) == ["give 1A", "give 1D", "give 3C", "done"]
    with pytest.raises(IllegalActionError, match="share no subject"):
        state.apply_action("give 2B")
    state.apply_action("give 1D")
    assert state.current_player == BOB  # the partner chooses what he gives (PG-14)
    assert texts(state, BOB) == ["give 1A", "give 1F"]
    state.apply_action("give 1F", BOB)
    assert zones_of(state, ANN)[1] == "AF" and zones_of(state, BOB)[1] == "AD"
    state.apply_action("give 3C")  # Bob's only different subject is E: applied at once
    assert zones_of(state, ANN)[3] == "CE" and zones_of(state, BOB)[3] == "CC"
    assert state.turn_seat == BOB and state.current_player == CHANCE  # all values used


def test_7_connect_same_subject_swap_is_rejected() -> None:
    state = position(zones={ANN: {3: "CC"}, BOB: {3: "CDE"}})
    roll(state, "1 2 3")
    state.apply_action("connect")
    state.apply_action("give 3C")
    with pytest.raises(IllegalActionError, match="different subjects"):
        state.apply_action("give 3C", BOB)
    active = position(zones={ANN: {3: "CC"}, BOB: {3: "CE"}}, connect_chooser="active")
    roll(active, "1 2 3")
    active.apply_action("connect")
    with pytest.raises(IllegalActionError, match="different subjects"):
        active.apply_action("give 3C C")
    active.apply_action("give 3C E")
    assert zones_of(active, ANN)[3] == "CE" and zones_of(active, BOB)[3] == "CC"


def test_8_three_of_a_subject_matches_the_partner() -> None:
    """ "cercando, se possibile, di fare combaciare la posizione con uno uguale eventualmente
    già posizionato dal partner sul suo tabellone" (PG-18: mandatory)."""
    state = position(zones={ANN: {6: "EE"}}, tops={BOB: "-E--"})
    roll(state, "5 6 3")
    assert event_options(state, ANN, 6) == []  # no event yet
    state.apply_action("take E 3 6")
    assert top_of(state, ANN) == "-E--"  # the only allowed slot: applied at once
    assert zones_of(state, ANN) == {3: "E", 6: "EE"}


def test_8_other_slots_are_rejected_when_the_partner_matches() -> None:
    state = position(zones={ANN: {6: "EE"}}, tops={BOB: "-EFE"})
    roll(state, "5 6 3")
    state.apply_action("take E 3 6")
    assert texts(state) == ["top 6>2", "top 6>4"]  # several matching slots: Ann chooses
    with pytest.raises(IllegalActionError, match="must go there"):
        state.apply_action("top 6>1")
    state.apply_action("top 6>4")
    assert top_of(state, ANN) == "---E"


def test_9_repeated_subject_does_nothing() -> None:
    """ "purché non si tratti di un soggetto ripetuto (in quel caso non si farà nulla)"."""
    state = position(zones={ANN: {6: "EE"}}, tops={ANN: "E---"})
    roll(state, "5 6 3")
    state.apply_action("take E 3 6")
    assert top_of(state, ANN) == "E---"
    assert zones_of(state, ANN) == {3: "E", 6: "EEE"}
    assert state.turn_seat == BOB


@pytest.mark.parametrize(
    ("subject", "choice", "row"), [("F", "top 2>4", "ABCF"), ("A", "top 2>2", "AACD")]
)
def test_10_full_top_row_replacement(subject: str, choice: str, row: str) -> None:
    """ "qualora tutti e 4 gli spazi presenti risultassero già occupati, di doverne però
    sostituire a propria scelta uno già presente (che verrà rimesso sul corrispondente
    spazio del tabellone condiviso, e solo in questo caso è possibile che ora siano presenti
    soggetti ripetuti)"."""
    state = position(zones={ANN: {2: subject * 2}}, tops={ANN: "ABCD"})
    value = "ABCDEF".index(subject) + 1
    others = [face for face in range(1, 7) if face not in (value, 2)]
    roll(state, f"{value} 2 {others[0]}")
    state.apply_action(f"take {subject} {min(2, others[0])} {max(2, others[0])}")
    assert texts(state) == ["top 2>1", "top 2>2", "top 2>3", "top 2>4"]
    with pytest.raises(IllegalActionError, match="must move one token to the top row"):
        state.apply_action("keep 2")
    replaced = row.index(subject) if subject == "F" else 1
    before = supply_of(state, ANN)["ABCD"[replaced]]
    state.apply_action(choice)
    assert top_of(state, ANN) == row
    assert zones_of(state, ANN)[2] == subject * 2
    assert supply_of(state, ANN)["ABCD"[replaced]] == before + 1


def test_11_event_on_the_partners_board_during_my_turn() -> None:
    """ "(anche se non è il proprio turno)": Bob's zone fills during Ann's connection."""
    state = position(zones={ANN: {3: "CA"}, BOB: {3: "CCE"}}, tops={ANN: "--C-"})
    roll(state, "3 4 6")
    state.apply_action("connect")
    state.apply_action("give 3C")  # Bob's only answer is E
    assert zones_of(state, ANN) == {3: "AE"}
    assert zones_of(state, BOB) == {3: "CC"}
    assert top_of(state, BOB) == "--C-"  # matched to Ann's slot 3


def _scenario_12(bob_top: str) -> object:
    state = position(
        zones={ANN: {6: "FFB", 2: "FA"}},
        tops={ANN: "BEA-", BOB: bob_top},
        round_=7,
    )
    assert state.pawn() == 94
    roll(state, "6 2 6")
    state.apply_action("swap 2F 6B")
    return state


def test_12_victory_with_two_players_is_immediate() -> None:
    """ "(o nel momento in cui si verifichi la vittoria nel caso che a sfidarsi siano solo 2
    giocatori) ... si ritrova ... gli stessi 4 gettoni (necessariamente nella stessa
    sequenza)"."""
    state = _scenario_12("BEAF")
    assert top_of(state, ANN) == "BEAF"
    assert state.current_player == TERMINAL
    assert state.returns() == [94.0, 94.0]
    assert state.outcome == "victory"
    assert not any(entry.player == BOB for entry in state.history)  # Bob never played


def test_12_same_tokens_in_another_order_do_not_win() -> None:
    state = _scenario_12("EBAF")
    assert top_of(state, ANN) == "BEAF"
    assert state.current_player == CHANCE and state.turn_seat == BOB
    assert state.returns() == [0.0, 0.0]


def test_13_pawn_advances_each_round() -> None:
    """ "la pedina segnapunti viene posizionata sulla casella successiva"."""
    state = position(round_=1)
    roll(state, "6 6 6")
    roll(state, "6 6 6")
    assert state.round == 2 and state.pawn() == 99
    won = position(zones={ANN: {1: "DDA", 2: "D"}}, tops={ANN: "ABC-", BOB: "ABCD"})
    roll(won, "1 1 2")  # the only swap (A↔D) makes zone 1 DDD → slot 4 → victory
    assert won.is_terminal() and won.returns() == [100.0, 100.0]


def test_14_several_pairs_victory_at_the_end_of_the_round() -> None:
    """ "La partita termina quando tutti i giocatori hanno effettuato il loro turno" and "il
    gioco può proseguire tra le restanti coppie finché ognuna avrà ottenuto un proprio
    punteggio" (tournament mode). Completion is decided at the end of the round (PG-30)."""
    state = position(4, turn=X2, round_=10, manches=2)
    complete_on_roll(state, X2)
    roll(state, "1 1 2")
    assert state.complete == [False, False] and state.current == [None, None]
    assert state.turn_seat == Y1  # Y still plays round 10
    roll(state, "6 6 6")
    roll(state, "6 6 6")
    assert state.complete == [True, False]
    assert state.current == [91, None] and state.round == 11 and state.pawn() == 90
    assert state.turn_seat == Y1  # X no longer plays
    for _ in range(2 * 2):  # rounds 11 and 12
        roll(state, "6 6 6")
    assert state.round == 13 and state.turn_seat == Y1
    complete_on_roll(state, Y1)
    roll(state, "1 1 2")
    assert state.turn_seat == Y2  # Y2 still plays round 13
    roll(state, "6 6 6")
    assert state.current == [None, None] and state.scores == [[91, 88]]
    assert state.manche == 2


def test_14_both_pairs_in_the_same_round_score_the_same() -> None:
    state = position(4, turn=X2, round_=10, manches=2)
    complete_on_roll(state, X2)
    roll(state, "1 1 2")
    complete_on_roll(state, Y1)
    roll(state, "1 1 2")
    roll(state, "6 6 6")  # Y2 plays the rest of the round
    assert state.scores == [[91, 91]]


def test_14_without_tournament_the_game_ends_with_the_winning_round() -> None:
    state = position(4, turn=X2, round_=10)
    complete_on_roll(state, X2)
    roll(state, "1 1 2")
    roll(state, "6 6 6")
    roll(state, "6 6 6")
    assert state.is_terminal() and state.returns() == [91.0, 91.0, 0.0, 0.0]


def test_15_tournament_totals_and_rotating_start() -> None:
    """ "fare iniziare ogni volta una coppia differente e ... si totalizzano i risultati"."""
    state = position(4, turn=X2, round_=10, manches=2)
    complete_on_roll(state, X2)
    roll(state, "1 1 2")
    roll(state, "6 6 6")
    roll(state, "6 6 6")
    state.round = 13
    complete_on_roll(state, Y1)
    roll(state, "1 1 2")
    roll(state, "6 6 6")  # Y2
    assert state.scores == [[91, 88]]
    assert state.order == (Y1, Y2, X1, X2)  # Y starts manche 2
    state.round = 6
    complete_on_roll(state, Y1)
    roll(state, "1 1 2")
    for _ in range(3):  # Y2, X1, X2
        roll(state, "6 6 6")
    assert state.current == [None, 95]
    state.round = 21
    complete_on_roll(state, X1)
    roll(state, "1 1 2")
    roll(state, "6 6 6")  # X2
    assert state.is_terminal()
    assert state.scores == [[91, 88], [80, 95]]
    assert state.returns() == [171.0, 171.0, 183.0, 183.0]
