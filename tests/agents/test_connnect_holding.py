"""CO'NNN'ECT's holding rollout policies (``rollout_holding``, ``rollout_patient``) and the
levels that name a rollout policy (:attr:`~connect_arena.agents.knowledge.Level.rollout`):
before the last round they keep the numbers of the smaller Connects free for bigger ones, in
the last round they claim them. Fixed seeds: nothing is timed."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from connect_arena.agents.knowledge import knowledge_for
from connect_arena.agents.knowledge.connnect import rollout, rollout_holding, rollout_patient
from connect_arena.agents.mcts import MCTSAgent
from connect_arena.core import CHANCE, load, sample_chance_outcome
from connect_arena.core.game import Action, State
from connect_arena.games.connnect.notation import Claim
from scripts import benchmark_script
from tests.games.connnect.helpers import at_claim

THREE_FIVES = {"a5": 5, "b5": 5, "b6": 5}
"""Three 5s in an L: a Connect-3 and no bigger Connect."""
FOUR_FOURS = {"a1": 4, "b1": 4, "c1": 4, "d1": 4}
"""Four 4s in a row: the I Connect-4 (and Connect-3s inside it)."""
ROW5_RUN = {"a5": 1, "b5": 2, "c5": 3, "d5": 4, "e5": 5}
"""1 2 3 4 5 along row 5: the I pentomino (card A)."""


def claims_of(action: Action) -> int:
    return len(action.cells) if isinstance(action, Claim) else 0


@pytest.mark.parametrize("seed", range(4))
def test_a_connect3_is_held_until_the_last_round(seed: int) -> None:
    early = at_claim(2, sheets={0: THREE_FIVES}, round_number=5)
    assert any(claims_of(a) == 3 for a in early.legal_actions(0))
    assert claims_of(rollout(early, 0, random.Random(seed))) == 3  # the plain policy claims
    assert str(rollout_holding(early, 0, random.Random(seed))) == "done"
    last = at_claim(2, sheets={0: THREE_FIVES}, round_number=12)
    assert claims_of(rollout_holding(last, 0, random.Random(seed))) == 3


def test_a_first_connect4_claim_is_not_held() -> None:
    state = at_claim(2, sheets={0: FOUR_FOURS}, round_number=5)
    assert claims_of(rollout_holding(state, 0, random.Random(1))) == 4


def test_a_later_connect4_claim_is_held_until_the_last_round() -> None:
    """Once the other seat claimed the shape first, the claim brings a bonus and the 1-point
    later marker: held; in solo the first marker is the player's own."""
    state = at_claim(2, sheets={0: FOUR_FOURS}, round_number=5)
    shape = next(a.shape for a in state.legal_actions(0) if claims_of(a) == 4)
    state.c4_claimed.add(shape)
    assert claims_of(rollout_holding(state, 0, random.Random(1))) < 4
    solo = at_claim(1, sheets={0: FOUR_FOURS}, round_number=5)
    solo.c4_claimed.add(shape)
    assert claims_of(rollout_holding(solo, 0, random.Random(1))) == 4


def test_the_patient_policy_holds_a_first_connect4_and_takes_a_connect5() -> None:
    state = at_claim(2, sheets={0: FOUR_FOURS}, round_number=5)
    assert str(rollout_patient(state, 0, random.Random(1))) == "done"
    last = at_claim(2, sheets={0: FOUR_FOURS}, round_number=12)
    assert claims_of(rollout_patient(last, 0, random.Random(1))) == 4
    run = at_claim(2, sheets={0: ROW5_RUN}, round_number=5, connect5_cards=("A", "B", "C", "D"))
    assert claims_of(rollout_patient(run, 0, random.Random(1))) == 5


@pytest.mark.parametrize("policy", [rollout_holding, rollout_patient])
@pytest.mark.parametrize(("players", "seed"), [(1, 0), (2, 2), (4, 4)])
def test_the_holding_policies_play_legal_actions_to_the_end(
    policy: Any, players: int, seed: int
) -> None:
    rng = random.Random(seed)
    state: State[Any] = load("connnect", players).new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance_outcome(state, rng), CHANCE)
            continue
        seat = rng.choice(sorted(state.active_players()))
        action = policy(state, seat, rng)
        assert action in state.legal_actions(seat)
        state.apply_action(action, seat)


def test_a_level_searches_with_the_rollout_policy_it_names(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    known = knowledge_for("connnect")
    assert known is not None and isinstance(known.levels, dict)
    calls: list[int] = []

    def spy(state: State[Any], player: int, rng: Any) -> Action:
        calls.append(player)
        return rollout(state, player, rng)

    assert isinstance(known.rollouts, dict)
    monkeypatch.setitem(known.rollouts, "spy", spy)
    easy = dataclasses.replace(known.levels["easy"], rollout="spy", seconds=None)
    monkeypatch.setitem(known.levels, "easy", easy)
    state = at_claim(2, sheets={0: THREE_FIVES}, round_number=5)
    MCTSAgent(seed=1, level="easy").analyse(state, 0)
    assert calls
    monkeypatch.setitem(known.levels, "easy", dataclasses.replace(easy, rollout="nothing"))
    with pytest.raises(ValueError, match="no rollout policy 'nothing'"):
        MCTSAgent(seed=1, level="easy").analyse(state, 0)


def test_the_ladder_tries_a_named_rollout_policy(monkeypatch: pytest.MonkeyPatch) -> None:
    known = knowledge_for("connnect")
    assert known is not None and isinstance(known.levels, dict)
    for level, settings in list(known.levels.items()):
        monkeypatch.setitem(known.levels, level, settings)  # restored after the test
    module = benchmark_script("ladder")
    before = known.levels["normal"]
    with pytest.raises(ValueError, match="no rollout policy 'bogus'"):
        module.set_levels("connnect", ["normal.iterations=7", "normal.rollout=bogus"])
    assert known.levels["normal"] == before  # nothing changed
    module.set_levels("connnect", ["normal.rollout=hold"])
    assert known.levels["normal"].rollout == "hold"
    module.set_levels("connnect", ["normal.rollout=none"])
    assert known.levels["normal"].rollout is None


def test_connnect_levels_play_out_ever_more_patiently() -> None:
    """The levels' rollout policies (session 46): easy the plain one, normal the holding one,
    hard the patient one with common random numbers; the other games keep theirs."""
    known = knowledge_for("connnect")
    assert known is not None
    assert known.rollouts == {"hold": rollout_holding, "patient": rollout_patient}
    levels = known.levels
    assert [levels[name].rollout for name in ("easy", "normal", "hard")] == [
        None,
        "hold",
        "patient",
    ]
    assert [levels[name].paired for name in ("easy", "normal", "hard")] == [False, False, True]
    for game in ("quinque", "connect5", "pairs"):
        other = knowledge_for(game)
        assert other is not None
        assert all(level.rollout is None and not level.paired for level in other.levels.values())
