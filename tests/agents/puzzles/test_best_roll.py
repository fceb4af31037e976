"""Connect Pairs best-roll puzzles: the one best use of a roll, proven over the whole turn."""

from __future__ import annotations

from connect_arena.agents.puzzles.best_roll import (
    Measure,
    measure,
    prove_best_roll,
    reaches,
    themes_of,
    turn_outcomes,
)
from connect_arena.agents.puzzles.miner import mine, position_of, verify
from tests.games.pairs.helpers import ANN, BOB, position, roll


def test_the_winning_swap_is_the_unique_best_line() -> None:
    # Scenario 12: only swapping Ann's B (zone 6) for her F (zone 2) completes the sequence.
    state = position(zones={ANN: {6: "FFB", 2: "FA"}}, tops={ANN: "BEA-", BOB: "BEAF"})
    roll(state, "6 2 6")
    proof = prove_best_roll(state)
    assert proof is not None
    assert proof.answer == ("swap 2F 6B",)
    assert proof.seats == (ANN,)
    assert proof.value == Measure(won=1, matched=4, placed=8, pairs=0)
    assert proof.runner_up < proof.value and proof.runner_up.won == 0
    assert proof.outcomes == 3  # F-B (the win), A-B and A-F
    assert themes_of(proof) == ["swap", "win"]


def test_every_other_line_reaches_a_state_that_measures_less() -> None:
    state = position(zones={ANN: {6: "FFB", 2: "FA"}}, tops={ANN: "BEA-", BOB: "BEAF"})
    roll(state, "6 2 6")
    outcomes, lines, _ = turn_outcomes(state)
    values = sorted((value for value, _, _ in outcomes.values()), reverse=True)
    assert lines == 3 and values[0] > values[1] >= values[2]


def test_four_equal_top_slots_make_the_position_ambiguous() -> None:
    # The swap makes three F in zone 6; with both rows empty any of the four slots is as good.
    state = position(zones={ANN: {6: "FFB", 2: "FA"}})
    roll(state, "6 2 6")
    assert prove_best_roll(state) is None
    outcomes, _, _ = turn_outcomes(state)
    best = max(value for value, _, _ in outcomes.values())
    assert sum(value == best for value, _, _ in outcomes.values()) == 4


def test_a_position_before_the_roll_is_no_puzzle() -> None:
    state = position(zones={ANN: {6: "FFB", 2: "FA"}}, tops={ANN: "BEA-", BOB: "BEAF"})
    assert prove_best_roll(state) is None


def test_measure_counts_matches_clean_tokens_and_pairs() -> None:
    state = position(
        zones={ANN: {1: "AAB", 2: "CC"}, BOB: {3: "DD"}},
        tops={ANN: "AB--", BOB: "AC-E"},
    )
    # slot 1 matches; Ann's B clashes with Bob's C; Bob's E faces an empty slot.
    # Ann's zone 1 (A is in her row) does not count, zone 2 does; Bob's zone 3 does.
    assert measure(state, 0) == Measure(won=0, matched=1, placed=3, pairs=2)


def test_after_a_wrong_first_action_the_best_state_is_out_of_reach() -> None:
    state = position(zones={ANN: {6: "FFB", 2: "FA"}}, tops={ANN: "BEA-", BOB: "BEAF"})
    roll(state, "6 2 6")
    outcomes, _, _ = turn_outcomes(state)
    target = max(outcomes, key=lambda key: outcomes[key][0])
    wrong = state.clone()
    wrong.apply_action("swap 2A 6B")
    assert not reaches(wrong, target)
    assert reaches(state, target)


def test_pairs_mining_is_deterministic_and_re_proven() -> None:
    mined = mine("pairs", seed=5, games=1, agents=("random", "random"), scan=3, budget=20_000)
    assert len(mined) == 3
    assert mine("pairs", seed=5, games=1, agents=("random", "random"), scan=3) == mined
    for puzzle in mined:
        assert puzzle["kind"] == "best-roll"
        assert position_of(puzzle).current_player == puzzle["mover"] == puzzle["seats"][0]
        assert puzzle["value"] > puzzle["runner_up"]
        assert 1 <= puzzle["difficulty"] <= 5 and puzzle["themes"]
        assert verify(puzzle) is None
    wrong = dict(mined[0], answer=["connect"])
    assert verify(wrong) is not None
