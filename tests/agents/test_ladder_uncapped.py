"""``benchmarks/ladder.py --uncapped`` (issue 24, item 3): a level is measured by its simulation
count, so a time cap that a busy machine reaches does not weaken it."""

from __future__ import annotations

import dataclasses
import random
from types import ModuleType

import pytest

from connect_arena.agents.base import Agent
from connect_arena.agents.knowledge import knowledge_for, level_settings
from connect_arena.agents.levels import make_agent
from connect_arena.core import load
from playouts import random_steps
from scripts import benchmark_script


def ladder() -> ModuleType:
    return benchmark_script("ladder")


def decisions(agent: Agent, seed: int, count: int) -> list[str]:
    """The agent's choices in ``count`` Quinque positions of a seeded random walk."""
    state = load("quinque").new_initial_state()
    rng = random.Random(seed)
    chosen = []
    for _ in range(count):
        random_steps(state, rng, 2)  # both agents see the same positions
        if state.is_terminal():
            break
        chosen.append(str(agent.act(state, min(state.active_players()))))
    return chosen


def test_uncapped_levels_search_their_simulations_whatever_the_time_cap(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With a cap of a nanosecond (a machine far too busy), the capped level answers after one
    simulation; ``--uncapped`` plays what the level plays with no cap at all."""
    known = knowledge_for("quinque")
    assert known is not None and isinstance(known.levels, dict)
    easy = known.levels["easy"]
    monkeypatch.setitem(known.levels, "easy", dataclasses.replace(easy, seconds=None))
    reference = decisions(make_agent("mcts:easy", seed=5), seed=1, count=6)
    monkeypatch.setitem(known.levels, "easy", dataclasses.replace(easy, seconds=1e-9))
    module = ladder()
    uncapped = module.ladder_agent("mcts:easy", seed=5, uncapped=True)
    capped = module.ladder_agent("mcts:easy", seed=5, uncapped=False)
    assert decisions(uncapped, seed=1, count=6) == reference
    assert decisions(capped, seed=1, count=6) != reference


def test_uncapped_wraps_only_the_mcts_levels() -> None:
    module = ladder()
    assert module.ladder_agent("greedy", seed=1, uncapped=True).name == "greedy"
    fixed = module.ladder_agent("mcts:50", seed=1, uncapped=True)
    assert not isinstance(fixed, module.ByCount)
    assert isinstance(module.ladder_agent("mcts:hard", seed=1, uncapped=True), module.ByCount)


def test_the_report_gives_simulations_per_decision() -> None:
    module = ladder()
    hard = level_settings("quinque", "hard").iterations
    assert module.simulations("quinque", "mcts:hard") == hard
    assert module.simulations("quinque", "openspiel:30") == 30
    assert module.simulations("quinque", "greedy") is None


def test_set_tries_other_level_settings_and_refuses_bad_ones(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    known = knowledge_for("quinque")
    assert known is not None and isinstance(known.levels, dict)
    for level, settings in list(known.levels.items()):
        monkeypatch.setitem(known.levels, level, settings)  # restored after the test
    module = ladder()
    before = level_settings("quinque", "hard")
    for bad in ["hard.iterations=many", "hard.speed=2", "extreme.iterations=9", "hard=9"]:
        with pytest.raises(ValueError, match="--set takes|takes a"):
            module.set_levels("quinque", ["hard.exploration=0.7", bad])
        assert level_settings("quinque", "hard") == before  # nothing changed
    module.set_levels("quinque", ["hard.iterations=4000", "hard.seconds=none"])
    after = level_settings("quinque", "hard")
    assert (after.iterations, after.seconds) == (4000, None)
    module.set_levels("quinque", ["hard.margin=25"])
    assert level_settings("quinque", "hard").margin == 25.0
    module.set_levels("quinque", ["hard.margin=none"])
    assert level_settings("quinque", "hard").margin is None
    module.set_levels("quinque", ["hard.paired=true"])
    assert level_settings("quinque", "hard").paired is True
    module.set_levels("quinque", ["hard.paired=False"])
    assert level_settings("quinque", "hard").paired is False
    with pytest.raises(ValueError, match="true or false"):
        module.set_levels("quinque", ["hard.paired=yes"])
    assert level_settings("quinque", "hard").paired is False
    assert after.exploration == before.exploration
    assert module.simulations("quinque", "mcts:hard") == 4000


def test_the_ladder_plays_with_the_anti_endless_limit_of_computer_games() -> None:
    """As the tournament command does: without it two computers may shuffle for ever."""
    module = ladder()
    assert module.ladder_game("quinque", None).options["max_turns"] == 300
    assert module.ladder_game("pairs", 4).options["max_rounds"] == 500
    assert module.ladder_game("pairs", 4).num_players == 4


def test_whole_teams_gives_every_team_one_agent_in_both_orders() -> None:
    """``--whole-teams``: in Connect Pairs each pair is one agent (no mixed pair), each agent
    plays both pairs; a game without teams keeps the tournament's own seatings."""
    module = ladder()
    game = module.ladder_game("pairs", 4)
    tournament = module.whole_teams(module.plan(game, ["greedy", "mcts:easy"], 2, 7))
    assert tournament.schedule == ((0, 0, 1, 1), (1, 1, 0, 0))
    assert tournament.total_games == 4
    six = module.whole_teams(module.plan(load("pairs", 6), ["greedy", "mcts:easy"], 1, 7))
    assert len(six.schedule) == len(set(six.schedule)) == 2**3 - 2  # both agents in each
    assert all(len(set(lineup)) == 2 for lineup in six.schedule)
    assert all(lineup[2 * p] == lineup[2 * p + 1] for lineup in six.schedule for p in range(3))
    solo = module.plan(load("connnect", 2), ["greedy", "mcts:easy"], 1, 7)
    assert module.whole_teams(solo) == solo


def test_only_plays_the_steps_of_an_agent_or_one_step() -> None:
    module = ladder()
    chosen = [
        (lower, upper)
        for lower, upper in module.steps(0)
        if module.selected(lower, upper, "mcts:easy,mcts:normal")
    ]
    assert chosen == [("mcts:easy", "mcts:normal")]
    with_easy = [s for s in module.steps(0) if module.selected(*s, "mcts:easy")]
    assert with_easy == [("greedy", "mcts:easy"), ("mcts:easy", "mcts:normal")]
    assert all(module.selected(*s, None) for s in module.steps(0))
