"""The PettingZoo adapter (issue 18, part 2): PettingZoo's own API, seed and parallel tests for
every game and player count, masks, hidden choices, illegal ids and the render modes."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from gymnasium.utils import seeding
from pettingzoo.test import api_test, parallel_api_test, seed_test
from pettingzoo.test.seed_test import parallel_seed_test

from connect_arena.core import CHANCE, SIMULTANEOUS, load
from connect_arena.rl import Stepper
from connect_arena.rl.encoding import has_encoding
from connect_arena.rl.pettingzoo import (
    ConnectArenaEnv,
    Draws,
    env,
    parallel_env,
)

GAMES = ("quinque", "connect5", "connnect", "pairs")
CASES = [(name, players) for name in GAMES for players in load(name).game_type.player_counts]
# PettingZoo warns that a dict observation "is not a NumPy array": its own board games have
# the same {"observation", "action_mask"} form.
EXPECTED_WARNINGS = ("Observation is not a NumPy array", "probably should be gymnasium.spaces")


def _unexpected(caught: list[warnings.WarningMessage], *also: str) -> list[str]:
    expected = (*EXPECTED_WARNINGS, *also)
    return [str(w.message) for w in caught if not any(e in str(w.message) for e in expected)]


def test_every_game_has_an_environment() -> None:
    assert all(has_encoding(name) for name in GAMES)


@pytest.mark.parametrize(("game", "players"), CASES)
def test_pettingzoo_api_and_seed_tests(game: str, players: int) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env(game, players), num_cycles=2000)
        seed_test(lambda: env(game, players), num_cycles=300)
    assert _unexpected(caught) == []


@pytest.mark.parametrize(("game", "players"), CASES)
def test_pettingzoo_parallel_tests(game: str, players: int) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        parallel_api_test(parallel_env(game, players), num_cycles=2000)
        parallel_seed_test(lambda: parallel_env(game, players), num_cycles=300)
    # The seed test samples ids without the masks: an illegal id ends the episode (and warns).
    assert _unexpected(caught, "chose an illegal action") == []


def _play(game: str, players: int, seed: int) -> tuple[list[str], dict[str, float]]:
    """A whole game with uniformly random legal ids; the engine history and the rewards."""
    made = ConnectArenaEnv(game, players)
    made.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(made.possible_agents, 0.0)
    for agent in made.agent_iter():
        observation, reward, terminated, truncated, _ = made.last()
        totals[agent] += reward
        if terminated or truncated:
            made.step(None)
            continue
        assert observation is not None
        legal = np.flatnonzero(observation["action_mask"])
        made.step(int(rng.choice(legal)))
    history = [str(entry.action) for entry in made.table.stepper.state.history]
    return history, totals


@pytest.mark.parametrize(("game", "players"), [("quinque", 2), ("connnect", 3), ("pairs", 4)])
def test_games_end_with_the_engines_returns(game: str, players: int) -> None:
    made = ConnectArenaEnv(game, players)
    history, totals = _play(game, players, seed=5)
    state = made.table.game.new_initial_state()
    for text in history:  # the history is a legal game of the engine
        player = None if state.current_player != SIMULTANEOUS else min(state.active_players())
        state.apply_action(text, player)
    assert state.is_terminal()
    assert list(totals.values()) == [float(value) for value in state.returns()]


def test_the_seed_decides_the_chance_outcomes() -> None:
    first = _play("connnect", 2, seed=11)[0]
    assert _play("connnect", 2, seed=11)[0] == first
    assert any(_play("connnect", 2, seed=seed)[0][:3] != first[:3] for seed in (12, 13, 14))


def test_the_chance_stream_is_one_random_per_outcome_whoever_else_draws() -> None:
    """The environment draws its chance outcomes in batches (:class:`Draws`), yet the game and
    every draw anyone takes from ``np_random`` between steps (floats, and 32-bit integers that
    leave half a word pending) are those of one ``random()`` per outcome from a generator of
    the same seed."""
    made = ConnectArenaEnv("pairs", 4)
    made.reset(seed=5)
    generator, _ = seeding.np_random(5)
    reference = Stepper(made.table.encoding, made.table.game.new_initial_state())
    while reference.current_player == CHANCE:
        reference.sample_chance(generator.random())
    rng = np.random.default_rng(0)
    steps = 0
    for _agent in made.agent_iter():
        observation, _, terminated, _, _ = made.last()
        if terminated:
            made.step(None)
            continue
        choice = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        made.step(choice)
        reference.apply_and_draw(choice, generator.random)
        steps += 1
        if steps % 7 == 0:  # someone else draws from the environment's generator
            theirs = made.table.np_random
            assert theirs.random() == generator.random()
            drawn = theirs.integers(0, 2**31, 3, dtype=np.int32)
            assert drawn.tolist() == generator.integers(0, 2**31, 3, dtype=np.int32).tolist()
        assert made.table.stepper.state.history == reference.state.history
    assert steps > 50 and reference.is_terminal()
    assert made.table.np_random.random() == generator.random()


@pytest.mark.parametrize("bits", [np.random.PCG64, np.random.MT19937, np.random.Philox])
def test_draws_in_batches_are_the_generators_calls(bits: Any) -> None:
    """:class:`Draws` gives what one ``random()`` per draw gives, across batches, and
    settles the generator where those calls leave it, whatever its bit generator."""
    mine, calls = np.random.Generator(bits(9)), np.random.Generator(bits(9))
    mine.integers(0, 9, dtype=np.int32)  # half a 64-bit word left pending
    calls.integers(0, 9, dtype=np.int32)
    draws = Draws(mine)
    for count in (1, Draws.BATCH - 1, 0, Draws.BATCH + 3, 2):
        assert [draws.draw() for _ in range(count)] == [calls.random() for _ in range(count)]
        settled = draws.settle()
        assert settled is mine
        assert mine.integers(0, 2**31, dtype=np.int32) == calls.integers(0, 2**31, dtype=np.int32)
        assert mine.random() == calls.random()


def test_only_the_acting_agent_has_a_mask() -> None:
    made = ConnectArenaEnv("connect5", 3)
    made.reset(seed=1)
    acting = made.agent_selection
    for agent in made.possible_agents:
        mask = made.observe(agent)["action_mask"]
        assert mask.dtype == np.int8
        assert (mask.sum() > 0) == (agent == acting)


def test_a_seat_does_not_see_the_others_hidden_choices() -> None:
    made = ConnectArenaEnv("connnect", 2)
    made.reset(seed=3)
    while made.table.stepper.state.current_player != SIMULTANEOUS:
        made.step(int(np.flatnonzero(made.observe(made.agent_selection)["action_mask"])[0]))
    assert made.agent_selection == "player_0"
    # The first 8 planes are seat 0's sheet as the observer may see it (rl/encoding/connnect.py).
    theirs = made.observe("player_1")["observation"][:8].copy()
    own = made.observe("player_0")["observation"][:8].copy()
    while made.agent_selection == "player_0":  # seat 0 writes its choices of the phase
        made.step(int(np.flatnonzero(made.observe("player_0")["action_mask"])[0]))
    assert made.table.stepper.state.current_player == SIMULTANEOUS
    assert np.array_equal(made.observe("player_1")["observation"][:8], theirs)
    assert not np.array_equal(made.observe("player_0")["observation"][:8], own)


def test_an_illegal_id_loses_or_raises() -> None:
    made = ConnectArenaEnv("quinque")
    made.reset(seed=0)
    mover = made.agent_selection
    illegal = int(np.flatnonzero(made.observe(mover)["action_mask"] == 0)[0])
    with pytest.warns(UserWarning, match="illegal action"):
        made.step(illegal)
    assert made.terminations == dict.fromkeys(made.possible_agents, True)
    assert made.rewards[mover] == -1.0
    assert made.infos[mover] == {"illegal_action": True}
    strict = ConnectArenaEnv("quinque", illegal_action="raise")
    strict.reset(seed=0)
    history = list(strict.table.stepper.state.history)
    with pytest.raises(ValueError, match=r"player_\d: .* is not legal"):
        strict.step(illegal)
    assert strict.table.stepper.state.history == history


@pytest.mark.parametrize("bad", [{"render_mode": "window"}, {"illegal_action": "ignore"}])
def test_bad_arguments(bad: dict[str, Any]) -> None:
    with pytest.raises(ValueError, match="render mode|illegal_action"):
        ConnectArenaEnv("quinque", **bad)


def test_game_options_reach_the_engine() -> None:
    made = ConnectArenaEnv("connect5", 2, board="basic", idle_limit="9")
    assert made.table.game.option("idle_limit") == 9
    assert made.table.game.option("board") == "basic"


@pytest.mark.parametrize("game", GAMES)
def test_rgb_array_is_the_board_picture(game: str) -> None:
    made = ConnectArenaEnv(game, render_mode="rgb_array")
    made.reset(seed=2)
    frame = made.render()
    assert isinstance(frame, np.ndarray)
    assert frame.dtype == np.uint8 and frame.ndim == 3 and frame.shape[2] == 3
    assert frame.shape[1] == 480 and frame.shape[0] > 50
    assert len(np.unique(frame.reshape(-1, 3), axis=0)) > 3  # a drawing, not a blank


def test_human_and_ansi_render_the_terminal_view(capsys: pytest.CaptureFixture[str]) -> None:
    text_env = ConnectArenaEnv("quinque", render_mode="ansi")
    text_env.reset(seed=4)
    text = text_env.render()
    assert isinstance(text, str) and text.strip()
    assert "[" not in text.replace("[]", "") or "[/" not in text  # markup stripped
    human = ConnectArenaEnv("quinque", render_mode="human")
    human.reset(seed=4)
    assert human.render() is None
    assert capsys.readouterr().out.strip()


@pytest.mark.parametrize("game", GAMES)
def test_the_planes_form_passes_the_api_test_without_a_warning(game: str) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env(game, observation="planes"), num_cycles=40)
    assert [str(w.message) for w in caught] == []
    made = env(game, observation="planes")
    made.reset(seed=1)
    observation, _, _, _, info = made.last()
    assert isinstance(observation, np.ndarray)
    assert made.observation_space(made.agent_selection).contains(observation)
    legal = np.flatnonzero(info["action_mask"])  # the mask travels in the info
    assert len(legal) > 0
    made.step(int(legal[0]))
    assert np.flatnonzero(made.last()[4]["action_mask"]).size > 0


@pytest.mark.parametrize("game", GAMES)
def test_the_observation_space_is_as_high_as_the_planes_go(game: str) -> None:
    space = env(game).observation_space("player_0")["observation"]
    assert float(space.high.max()) == (1.5 if game == "connnect" else 1.0)
    assert float(space.low.min()) == 0.0


def test_connnects_planes_reach_their_bound_on_a_setup_roll_of_three_alike() -> None:
    from connect_arena.rl.encoding import encoding_for
    from connect_arena.rl.stepper import Stepper

    game = load("connnect", num_players=1)
    stepper = Stepper(encoding_for(game), game.new_initial_state())
    while stepper.is_chance_node():  # the objectives, then the setup roll: three 4s
        state = stepper.state
        rolls = [a for a, _ in state.chance_outcomes() if str(a).startswith("roll")]
        outcome = rolls and next((a for a in rolls if str(a) == "roll 4 4 4"), None)
        if outcome:
            state.apply_action(outcome)
            break
        state.apply_action(state.chance_outcomes()[0][0])
    assert float(stepper.observation_tensor(0).max()) == 1.5


def test_a_shaped_reward_follows_the_pairs_progress() -> None:
    made = parallel_env("pairs", reward="shaped", max_rounds=60)
    observations, _ = made.reset(seed=3)
    rng = np.random.default_rng(3)
    total = dict.fromkeys(made.possible_agents, 0.0)
    before_end = 0
    while made.agents:
        actions = {
            agent: int(rng.choice(np.flatnonzero(obs["action_mask"])))
            for agent, obs in observations.items()
            if obs["action_mask"].any()
        }
        observations, rewards, terminations, _, _ = made.step(actions)
        before_end += any(r != 0 for r in rewards.values()) and not any(terminations.values())
        for agent, value in rewards.items():
            total[agent] += value
    table = made.table
    progress, returns = table.progress(), table.returns()
    for agent in made.possible_agents:  # potential-based: the sum telescopes
        assert total[agent] == pytest.approx(progress[agent] + returns[agent])
    assert before_end > 0  # rewards before the end: a learning signal
    assert total["player_0"] == pytest.approx(total["player_1"])  # partners share it


def test_a_shaped_reward_is_refused_where_the_game_offers_none() -> None:
    with pytest.raises(ValueError, match="offers no shaped reward"):
        env("quinque", reward="shaped")
    with pytest.raises(ValueError, match="reward is one of"):
        env("pairs", reward="dense")
    with pytest.raises(ValueError, match="observation is one of"):
        env("pairs", observation="flat")
