"""``Stepper.sample_chance`` (what the PettingZoo environment draws chance with): inverse
transform over the outcomes in ascending id order."""

from __future__ import annotations

from typing import Any

import pytest

from connect_arena import _build
from connect_arena.rl import new_stepper


def test_points_pick_outcomes_in_proportion_to_their_probabilities() -> None:
    """Connect Pairs' roll of three dice: 56 outcomes of unequal probability; evenly spread
    points land on each as often as its probability says (within one point)."""
    stepper = new_stepper("pairs", num_players=2, first_player="0")
    while len(stepper.chance_outcomes()) != 56:  # play on to the first roll of the dice
        ids = stepper.chance_outcomes() or [(i, 1.0) for i in stepper.legal_ids()]
        stepper.apply_id(ids[0][0])
    outcomes = dict(stepper.chance_outcomes())
    assert len(set(outcomes.values())) > 1  # unequal probabilities
    points = 2_160  # 6³ · 10: every roll's probability is a whole number of points
    drawn: dict[int, int] = dict.fromkeys(outcomes, 0)
    for k in range(points):
        drawn[stepper.clone().sample_chance((k + 0.5) / points)] += 1
    for chance_id, probability in outcomes.items():
        assert abs(drawn[chance_id] - probability * points) <= 1, chance_id


def test_edges_and_refusal() -> None:
    stepper = new_stepper("quinque")  # the first player is drawn: two outcomes of 1/2
    assert stepper.chance_outcomes() == [(0, 0.5), (1, 0.5)]
    assert stepper.clone().sample_chance(0.0) == 0
    assert stepper.clone().sample_chance(0.4999) == 0
    assert stepper.clone().sample_chance(0.5) == 1
    assert stepper.clone().sample_chance(0.999999) == 1
    chosen = stepper.sample_chance(0.75)
    assert chosen == 1 and stepper.current_player == 1 and not stepper.is_chance_node()
    with pytest.raises(ValueError, match="not a chance node"):
        stepper.sample_chance(0.5)


def test_connnect_setup_tables_are_built_once_per_game_descriptor() -> None:
    """CO'NNN'ECT's setup deals (objective cards, Connect-5 cards) are the same outcomes at
    every new game, so a stepper keeps one chance table per kind of chance node instead of
    building the deals' tables (hundreds of outcomes) again for every game."""
    first = new_stepper("connnect", num_players=2)
    encoding = first.encoding
    for game in range(6):
        stepper = first if game == 0 else type(first)(encoding, encoding.game.new_initial_state())
        for _ in range(3):  # objectives, cards, first player
            assert stepper.is_chance_node()
            stepper.sample_chance((game + 0.5) / 6)
    assert len(encoding.chance_cache) == 3


@pytest.mark.skipif(
    _build.is_compiled(), reason="the spy patches the engine's class (pure-Python build only)"
)
def test_a_pairs_roll_is_found_by_the_engines_dice_table_alone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Connect Pairs hands out one dice table (``rules.ROLL_TABLE``) at every roll: the stepper
    finds the roll's ids by that object and asks the engine for no outcome list there, with
    the same ids, probabilities and draws as before."""
    from connect_arena.games.pairs.rules import PairsState

    stepper = new_stepper("pairs", num_players=2, first_player="0")
    while len(stepper.chance_outcomes()) != 56:  # play on to the first roll of the dice
        ids = stepper.chance_outcomes() or [(i, 1.0) for i in stepper.legal_ids()]
        stepper.apply_id(ids[0][0])
    expected = stepper.chance_outcomes()
    asked: list[int] = []
    listing = PairsState.chance_outcomes

    def spy(state: PairsState) -> list[Any]:
        asked.append(1)
        return listing(state)

    monkeypatch.setattr(PairsState, "chance_outcomes", spy)
    assert stepper.chance_outcomes() == expected
    assert stepper.legal_ids() == [i for i, _ in expected]
    drawn = stepper.clone().sample_chance(0.7)
    assert drawn == stepper.clone().sample_chance(0.7) and 0 <= drawn < 56
    assert asked == []
