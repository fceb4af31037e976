"""When a Connect 5 is found (review finding 1): after the whole action (AMB-24), through
every dot the action left holding the mover's tokens — not only its last landing.

IT "Una volta che uno dei giocatori fa Connect 5 il round termina"; EN "Once any player
achieves Connect 5, the round is over". A double that lands as a double on a circled dot
and then goes on by a jump that must split it (AMB-10: "dovrà essere divisa se il punto di
arrivo della mossa non è cerchiato") leaves its bottom token on that middle landing: the
mover then holds two new dots, and a Connect 5 through either ends the round.
"""

from __future__ import annotations

import pytest

from connect_arena.games.connect5.rules import Connect5State
from tests.games.connect5.helpers import P1, P2, legal, position, stacks

# (board, position, action, the Connect 5 through the middle landing)
MIDDLE_LANDING = [
    (
        "t1",
        "P1²:a4, P2:a5, P2:f1, P1:b2, P1:b4, P1:b5, P1:b6, P2:c4",
        "jump a4 over a5 to a6 over f1 to f2",
        ("a6", "b6", "b5", "b4", "b2"),
    ),
    (
        "advanced",
        "P1²:h1, P2:h4, P2:g4, P1:e5, P1:f5, P1:i5, P1:k5",
        "jump h1 over h4 to h5 over g4 to f1",
        ("e5", "f5", "h5", "i5", "k5"),
    ),
]


def _standing(state: Connect5State, seat: int) -> set[str] | None:
    """The dots of a Connect 5 of ``seat`` standing anywhere on the board, if any."""
    run = state.cfg.topo.find_run(state.owner, seat, state.cfg.run_rules)
    return None if run is None else {state.cfg.ids[dot] for dot in run}


@pytest.mark.parametrize("sandwich_in_chain", [False, True])
@pytest.mark.parametrize(
    ("board", "setup", "action", "run"), MIDDLE_LANDING, ids=[case[0] for case in MIDDLE_LANDING]
)
def test_a_connect5_through_a_middle_landing_ends_the_round(
    board: str, setup: str, action: str, run: tuple[str, ...], sandwich_in_chain: bool
) -> None:
    """IT "Una volta che uno dei giocatori fa Connect 5 il round termina" (EN "Once any
    player achieves Connect 5, the round is over"), checked after the whole action
    (AMB-24): the bottom token of the split double stays on the middle landing."""
    state = position(setup, board=board, sandwich_in_chain=sandwich_in_chain)
    assert _standing(state, P1) is None
    assert legal(state, action)
    state.apply_action(action)
    assert state.is_terminal()
    result = state.results[0]
    assert (result.reason, result.connect5) == ("connect5", P1)
    assert set(result.run) == set(run)
    assert state.scores() == [2 + 5, 0]  # two tokens eaten, and the Connect 5


def test_a_sandwich_ending_a_chain_leaves_a_token_on_the_middle_landing() -> None:
    """With ``sandwich_in_chain`` (§9 option) a double lands as a double on the circled h5,
    then sandwiches f5 onto its single on e5: only the top token moves ("spostando una sola
    delle pedine"), the other stays on h5 and completes b1 d1 f1 g4 h5."""
    setup = "P1²:h1, P2:h4, P2:f5, P1:e5, P1:b1, P1:d1, P1:f1, P1:g4"
    state = position(setup, board="advanced", sandwich_in_chain=True)
    state.apply_action("sandwich h1 over h4 to h5 over f5 to e5")
    assert stacks(state) == "P1:b1, P1:d1, P1²:e5, P1:f1, P1:g4, P1:h5"
    assert state.is_terminal() and state.results[0].connect5 == P1
    assert set(state.results[0].run) == {"b1", "d1", "f1", "g4", "h5"}


def test_a_chain_that_leaves_the_fifth_dot_still_makes_none() -> None:
    """AMB-24 (a) stays: a token that only passed through a dot does not hold it."""
    state = position("P1:a0, P1:a1, P1:a2, P1:a4, P1:c3, P2:c1, P2:cm1")
    state.apply_action("jump c3 over c1 to a3 over cm1 to cm2")
    assert not state.is_terminal() and state.current_player == P2
    assert _standing(state, P1) is None


def test_the_invariant_check_sees_a_connect5_left_standing() -> None:
    """The invariant check used by the random-game tests and the conformance suite: no
    Connect 5 of any seat stands while the round goes on."""
    state = position("P1:a0, P1:a1, P1:a2, P1:a3, P1:a4, P2:c4", to_move=P2)
    assert state.invariant_violations() == [
        "a Connect 5 of Red stands (a0 a1 a2 a3 a4) but the round goes on"
    ]
