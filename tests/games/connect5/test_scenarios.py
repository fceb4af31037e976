"""Acceptance scenarios for the rulebook's rules, on test board T1, one test (or more)
each. Quotations are from the rulebook (seed 000); the language is named where its
wording decides.
"""

from __future__ import annotations

import pytest

from connect_arena.core import IllegalActionError, load
from connect_arena.games.connect5.rules import Connect5State
from tests.games.connect5.helpers import P1, P2, P3, legal, position, stacks, texts

T1_DOTS = [
    "a0",
    "a1",
    "a2",
    "a3",
    "a4",
    "a5",
    "a6",
    "b0",
    "b1",
    "b2",
    "b4",
    "b5",
    "b6",
    "cm2",
    "cm1",
    "c1",
    "c3",
    "c4",
    "d1",
    "d2",
    "e1",
    "f1",
    "f2",
]


def test_1_opening_must_be_a_placement() -> None:
    """IT "posizionano in senso orario uno dopo l'altro una delle loro pedine in un qualunque
    punto del circuito"."""
    state = load("connect5", 2, board="t1", first_player="0").new_initial_state()
    assert isinstance(state, Connect5State)
    assert texts(state) == {f"place {dot}" for dot in T1_DOTS}
    state.apply_action("place a3")
    assert stacks(state) == "P1:a3"
    assert state.supply == [24, 25]
    assert state.current_player == P2


def test_2_place_and_stack_legality() -> None:
    """ "purché sia libero da pedine avversarie"; "Mettere una pedina sopra ad un'altra sua
    pedina, purché questa si trovi su pallino nero cerchiato"."""
    state = position("P1:a2, P1:a1, P2:a4")
    with pytest.raises(IllegalActionError, match="a4 holds Blue's token: place only on a free"):
        state.apply_action("place a4")
    with pytest.raises(IllegalActionError, match="write 'stack a2'"):
        state.apply_action("place a2")
    with pytest.raises(IllegalActionError, match="a1 is a single dot: stacking only on a circled"):
        state.apply_action("stack a1")
    supply = state.supply[P1]
    state.apply_action("stack a2")
    assert stacks(state) == "P1:a1, P1²:a2, P2:a4"
    assert state.supply[P1] == supply - 1
    again = position("P1²:a2, P1:a1")
    with pytest.raises(IllegalActionError, match="at most two tokens"):
        again.apply_action("stack a2")


def test_3_step_and_adjacency_through_junctions() -> None:
    """ "Quando due linee si incrociano, non è possibile 'svoltare' ... Questo è lecito solo
    nelle connessioni a 'T'"."""
    state = position("P1:b2")
    assert legal(state, "step b2 b4")  # straight through the dot-less crossing J1
    for bad in ("step b2 c1", "step b2 c3"):
        with pytest.raises(IllegalActionError, match="only by turning where lines cross"):
            state.apply_action(bad)
    state = position("P1:a4")
    assert legal(state, "step a4 a5") and not legal(state, "step a4 c1")
    state = position("P1:a6")
    assert legal(state, "step a6 f1")  # a turn at the dot-less T J2
    state.apply_action("step a6 f1")
    assert stacks(state) == "P1:f1"


def test_4_double_moves_between_circled_dots_or_splits() -> None:
    """ "Le pedine doppie si possono spostare solo tra i punti adiacenti 'cerchiati'";
    "Dividere una pedina doppia in due pedine singole, muovendone una e lasciando l'altra sul
    punto di origine"."""
    state = position("P1²:b1")
    state.apply_action("step b1 b2")
    assert stacks(state) == "P1²:b2"
    state = position("P1²:b1")
    with pytest.raises(IllegalActionError, match="a double moves only between circled dots"):
        state.apply_action("step b1 b0")
    state.apply_action("split b1 b0")
    assert stacks(state) == "P1:b0, P1:b1"


def test_5_simple_capture() -> None:
    """ "Mangiare una pedina avversaria scavalcandola, purché il punto successivo a questa sia
    libero"."""
    state = position("P1:a0, P2:a1")
    state.apply_action("jump a0 over a1 to a2")
    assert stacks(state) == "P1:a2"
    assert state.captured == [1, 0]
    blocked = position("P1:a0, P2:a1, P2:a2")
    with pytest.raises(IllegalActionError, match="landing dot a2 is not free"):
        blocked.apply_action("jump a0 over a1 to a2")


def test_6_single_cannot_eat_a_double() -> None:
    """ "Le pedine doppie non possono essere mangiate dalle pedine singole". (That no double
    ever stands on a single dot is a property of random games: ``test_properties.py``.)"""
    state = position("P1:b0, P2²:b1")
    with pytest.raises(IllegalActionError, match="a single token cannot eat a double"):
        state.apply_action("jump b0 over b1 to b2")
    assert not any(a.startswith("jump") for a in texts(state))


def test_7a_double_eats_a_single_onto_a_circled_dot() -> None:
    """ "Le pedine doppie possono mangiare le pedine singole"."""
    state = position("P1²:a2, P2:a3")
    state.apply_action("jump a2 over a3 to a4")
    assert stacks(state) == "P1²:a4"
    assert state.captured == [1, 0]


def test_7b_double_eating_onto_a_single_dot_splits() -> None:
    """EN "if the landing dot is a single dot, it has to be split in 2 separate single
    tokens" (AMB-10 (a): the top token jumps, the other stays)."""
    state = position("P1²:c1, P2:c3")
    state.apply_action("jump c1 over c3 to c4")
    assert stacks(state) == "P1:c1, P1:c4"
    assert state.captured == [1, 0]


def test_8_double_eats_a_double_only_onto_a_circled_dot() -> None:
    """ "Se una pedina doppia può mangiare un'altra pedina doppia potrà farlo solo a patto che
    il punto di arrivo sia cerchiato e libero"; "1 punto per ciascuna pedina mangiata"."""
    state = position("P1²:b1, P2²:b2")
    state.apply_action("jump b1 over b2 to b4")
    assert stacks(state) == "P1²:b4"
    assert state.captured == [2, 0]
    variant = position("P1²:b2, P2²:b1")
    with pytest.raises(IllegalActionError, match="only onto a free circled dot"):
        variant.apply_action("jump b2 over b1 to b0")


def test_9_multiple_capture_is_one_action_and_may_stop_early() -> None:
    """ "Eseguire mangiate multiple, purché gli spazi di arrivo siano liberi"."""
    state = position("P1:a0, P2:a1, P3:a3", players=3)
    assert legal(state, "jump a0 over a1 to a2")
    state.apply_action("jump a0 over a1 to a2 over a3 to a4")
    assert stacks(state) == "P1:a4"
    assert state.captured == [2, 0, 0]
    assert state.current_player == P2
    assert len(state.history) == 1  # one turn, one action


def test_10_no_retracing_in_a_chain() -> None:
    """ "Non è possibile mangiare una pedina ... ripercorrendo a ritroso un tratto appena
    usato" (AMB-12 (a)); visible with ``double_capture_removes=top``."""
    state = position("P1²:b1, P2²:b2", double_capture_removes="top")
    assert texts(state) >= {"jump b1 over b2 to b4"}
    assert not any(a.startswith("jump b1 over b2 to b4 over") for a in texts(state))
    with pytest.raises(IllegalActionError, match="may not use a stretch of line twice"):
        state.apply_action("jump b1 over b2 to b4 over b2 to b1")
    state.apply_action("jump b1 over b2 to b4")
    assert stacks(state) == "P2:b2, P1²:b4"
    assert state.captured == [1, 0]


def test_11a_sandwich_from_a_single() -> None:
    """ "potrà, al proprio turno, mangiare la pedina centrale dell'avversario con una delle
    due sue pedine laterali, creando di conseguenza una pedina doppia"."""
    state = position("P1:a2, P1:a4, P2:a3")
    state.apply_action("sandwich a2 over a3 to a4")
    assert stacks(state) == "P1²:a4"
    assert state.captured == [1, 0]


def test_11b_sandwich_from_a_double_moves_only_the_top_token() -> None:
    """EN "moving the upper token from the double token and stacking it on top of the landing
    single token"."""
    state = position("P1²:a2, P1:a4, P2:a3")
    state.apply_action("sandwich a2 over a3 to a4")
    assert stacks(state) == "P1:a2, P1²:a4"
    assert state.captured == [1, 0]


def test_11c_no_sandwich_onto_a_double_but_the_reverse_is_legal() -> None:
    """A triple is impossible (AMB-5); §9: the reverse a4→a2 is legal."""
    state = position("P1:a2, P1²:a4, P2:a3")
    with pytest.raises(IllegalActionError, match="a4 does not hold one"):
        state.apply_action("sandwich a2 over a3 to a4")
    state.apply_action("sandwich a4 over a3 to a2")
    assert stacks(state) == "P1²:a2, P1:a4"


def test_11d_no_sandwich_of_a_double() -> None:
    """ "Nel caso in cui la pedina centrale dovesse essere doppia, questa manovra non sarà
    pertanto possibile"."""
    state = position("P1:b1, P1:b4, P2²:b2")
    assert not any(a.startswith(("sandwich", "jump")) for a in texts(state))
    with pytest.raises(IllegalActionError, match="cannot eat a double"):
        state.apply_action("sandwich b1 over b2 to b4")


@pytest.mark.parametrize(
    ("four", "fifth", "why"),
    [
        ("a0 a1 a2 a3", "a4", "straight"),
        ("cm2 cm1 a3 a4", "a5", "a turn at a3, a crossing with a dot"),
        ("b0 b1 b2 b4", "b5", "straight through the dot-less crossing J1"),
        ("a4 a5 a6 f1", "f2", "a turn at the dot-less T J2"),
    ],
)
def test_12_connect5_valid_shapes(four: str, fifth: str, why: str) -> None:
    """ "Per fare Connect 5 è necessario che un giocatore abbia 5 delle sue pedine collocate
    senza ostacoli una dopo l'altra su punti adiacenti"; "Una volta che uno dei giocatori fa
    Connect 5 il round termina"."""
    state = position(", ".join(f"P1:{dot}" for dot in four.split()))
    state.apply_action(f"place {fifth}")
    assert state.is_terminal(), why
    assert state.results[0].connect5 == P1
    assert set(state.results[0].run) == {*four.split(), fifth}
    assert state.scores() == [5, 0]


def test_13_no_connect5_turning_at_a_dotless_crossing() -> None:
    """ "La sequenza Connect 5 non è valida se questa viene realizzata 'svoltando' ad un
    incrocio privo di punto"."""
    state = position("P1:b0, P1:b1, P1:b2, P1:c3")
    state.apply_action("place c4")
    assert not state.is_terminal()


@pytest.mark.parametrize(("four", "fifth"), [("cm2 cm1 a3 a4", "a5"), ("a4 a5 a6 f1", "f2")])
def test_13_straight_only_rejects_turns(four: str, fifth: str) -> None:
    """FR "il faut que 5 pièces soient alignées" read literally (AMB-14 (b))."""
    state = position(", ".join(f"P1:{d}" for d in four.split()), connect5_straight_only=True)
    state.apply_action(f"place {fifth}")
    assert not state.is_terminal()


def test_14_quick_game_the_connect5_maker_need_not_win() -> None:
    """ "La partita termina quando uno dei giocatori fa Connect 5 ... Il giocatore con il
    maggior numero di punti vince la partita"."""
    state = position("P1:a0, P1:a1, P1:a2, P1:a3, P2:c4")
    state.captured = [1, 7]
    state.apply_action("place a4")
    assert state.is_terminal()
    assert state.scores() == [6, 7]
    assert state.winners() == [P2]
    assert state.returns() == [-1.0, 1.0]


def _win_round(state: Connect5State, maker: int, captured: tuple[int, ...]) -> None:
    """Let ``maker`` complete a Connect 5 a0…a4 in the current round, with ``captured``."""
    for dot in ("a0", "a1", "a2", "a3"):
        index = state.cfg.board.dot_index(dot)
        state.owner[index], state.height[index] = maker, 1
    state.captured = list(captured)
    state.turns_taken = [1] * state.cfg.players
    state.to_move = maker
    state._legal = None
    state.apply_action("place a4")


def test_15_full_game_rotation_and_totals() -> None:
    """ "3 giocatori = 3 round"; "I giocatori, in senso orario, inizieranno un round una volta
    ciascuno"; "i punti che verranno sommati ai punti dei round successivi"."""
    state = load("connect5", 3, board="t1", mode="full", first_player="1").new_initial_state()
    assert isinstance(state, Connect5State)
    starters = []
    for maker, captured in ((P1, (0, 2, 0)), (P2, (1, 1, 3)), (P3, (0, 0, 3))):
        starters.append(state.starter)
        assert state.current_player == state.starter
        assert state.owner == [-1] * 23 and state.supply == [25, 25, 25]
        _win_round(state, maker, captured)
    assert starters == [P2, P3, P1]
    assert [r.points for r in state.results] == [(5, 2, 0), (1, 6, 3), (0, 0, 8)]
    assert state.is_terminal()
    assert state.scores() == [6, 8, 11]
    assert state.winners() == [P3]


def test_15_a_round_without_connect5_scores_captures_only() -> None:
    """IT "Se ... non ci sono più caselle disponibili e non è possibile fare altre mosse, si
    procede al calcolo del punteggio delle pedine mangiate": a full board with doubles on
    every circled dot (no sandwich), no supply left and no Connect 5."""
    state = position(players=3, supply=[1, 0, 0], to_move=P1)
    for dot, node in enumerate(state.cfg.board.dots):
        if node.id != "c4":
            state.owner[dot] = dot % 3
            state.height[dot] = 2 if node.circled else 1
    assert all(
        state.cfg.topo.find_run(state.owner, seat, state.cfg.run_rules) is None for seat in range(3)
    )
    state.captured = [2, 0, 1]
    state._legal = None
    state.apply_action("place c4")
    assert state.is_terminal()
    assert state.results[0].reason == "no_moves"
    assert state.scores() == [2, 0, 1]
    assert state.winners() == [P1]
