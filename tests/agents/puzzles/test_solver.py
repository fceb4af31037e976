"""The puzzle solver on hand-built Connect 5 positions (basic board, seat 0 first)."""

from __future__ import annotations

from connect_arena.agents.puzzles.solver import (
    Solver,
    distinct_answers,
    prove_defence,
    prove_win,
)
from connect_arena.core.game import Action, State
from connect_arena.core.registry import load


def position(*moves: str) -> State[Action]:
    state = load("connect5", 2).new_initial_state()
    state.apply_action("first 0")
    for move in moves:
        state.apply_action(move)
    return state


# Red (seat 0) has e7 f7 g7 h7 on row 7; c7 (through the crossing d7) and i7 both complete it.
FOUR = ("place e7", "place b1", "place f7", "place m2", "place g7", "place c13", "place h7")


def test_win_in_one_is_proven_with_its_unique_answer() -> None:
    state = position(*FOUR[:5], "place c7", "place h7", "place m11")  # blue holds c7
    proof = prove_win(state, max_turns=2)
    assert proof is not None
    assert (proof.kind, proof.turns, proof.answer) == ("win", 1, ("place i7",))
    assert proof.nodes > 0


def test_two_winning_answers_make_the_position_ambiguous() -> None:
    state = position(*FOUR, "place m11")
    assert sorted(Solver().winning_first_turns(state, 1)) == [("place c7",), ("place i7",)]
    assert prove_win(state, max_turns=2) is None


def test_the_one_defence_is_proven_and_every_other_loses() -> None:
    state = position(
        "place e7", "place b1", "place f7", "place c7", "place g7", "place m11", "place h7"
    )
    proof = prove_defence(state)
    assert proof is not None
    assert (proof.kind, proof.answer) == ("defence", ("place i7",))
    solver = Solver()
    for line, after in solver.first_turns(state):
        loses = bool(solver.winning_first_turns(after, 1))
        assert loses == (line != ("place i7",))


def test_two_threats_have_no_defence() -> None:
    assert prove_defence(position(*FOUR)) is None


def test_the_solver_gives_up_over_its_budget() -> None:
    state = position(*FOUR[:5], "place c7", "place h7", "place m11")
    assert prove_win(state, max_turns=2, budget=5) is None


def test_no_win_when_the_opponent_has_every_answer() -> None:
    assert prove_win(position("place e7"), max_turns=1) is None


def test_win_in_two_turns_is_proven_over_every_defence() -> None:
    # Red's h7 makes two threats (c7 and i7): no defence stops both.
    state = position(*FOUR[:5], "place c13")
    assert not Solver().wins(state, 0, 1)
    assert Solver().wins(state, 0, 2)
    assert ("place h7",) in Solver().winning_first_turns(state, 2)


def test_two_orders_of_the_same_actions_are_one_answer() -> None:
    lines = [("move A B", "move C D"), ("move C D", "move A B")]
    assert distinct_answers(lines) == [("move A B", "move C D")]


def test_a_win_played_with_an_extra_action_first_is_the_same_answer() -> None:
    lines = [("move C D", "move A B"), ("move A B",), ("mark 1,1", "move A B")]
    assert distinct_answers(lines) == [("move A B",)]


def test_different_action_sets_stay_different_answers() -> None:
    lines = [("mark 1,1", "move A B"), ("mark 2,2", "move A B")]
    assert distinct_answers(lines) == lines
