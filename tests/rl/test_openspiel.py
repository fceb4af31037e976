"""The OpenSpiel adapter: OpenSpiel's own checks for every game and player count, its MCTS bot
plays each game to the end, parameters are the games' options."""

from __future__ import annotations

import json
import pickle
import random
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import mcts
from open_spiel.python.observation import make_observation

from connect_arena.core import load
from connect_arena.core.errors import InvalidOptionError
from connect_arena.rl.openspiel import GAMES, openspiel_name

# Short games (the anti-endless options are game parameters): OpenSpiel's checks clone and
# observe every position for every seat.
SHORT: dict[str, dict[str, Any]] = {
    "quinque": {"max_turns": 40},
    "connect5": {"idle_limit": 10},
    "connnect": {},
    "pairs": {"max_rounds": 10},
}
CASES = [
    (name, players) for name in sorted(SHORT) for players in load(name).game_type.player_counts
]


def test_every_game_is_registered() -> None:
    assert sorted(GAMES) == sorted(openspiel_name(name) for name in SHORT)
    assert set(GAMES) <= set(pyspiel.registered_names())


@pytest.mark.parametrize(("name", "players"), CASES)
def test_random_sim_test(name: str, players: int) -> None:
    game = pyspiel.load_game(openspiel_name(name), {"players": players, **SHORT[name]})
    assert game.num_players() == players
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("name", sorted(SHORT))
def test_random_sim_test_with_default_parameters(name: str) -> None:
    pyspiel.random_sim_test(
        pyspiel.load_game(openspiel_name(name)), num_sims=1, serialize=True, verbose=False
    )


@pytest.mark.parametrize("name", sorted(SHORT))
def test_a_state_serializes_as_its_record_and_comes_back_whole(name: str) -> None:
    game = pyspiel.load_game(openspiel_name(name))
    state = game.new_initial_state()
    rng = random.Random(5)
    for _ in range(400):  # mid-game, with a pending partial action where there is one
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    text = pyspiel.serialize_game_and_state(game, state)
    assert len(text) < 40_000  # the record, not the engine's objects (180 KB before)
    _, back = pyspiel.deserialize_game_and_state(text)
    assert back.history() == state.history()
    assert back.stepper.prefix == state.stepper.prefix
    assert back.legal_actions() == state.legal_actions()
    assert str(back) == str(state)
    copy = pickle.loads(pickle.dumps(state))
    assert copy.observation_string(0) == state.observation_string(0)


MCTS_CASES = [  # (game, parameters, simulations per move): rollouts run to the end
    ("quinque", {"max_turns": 12}, 4),
    ("connect5", {"players": 3, "idle_limit": 4}, 4),
    ("connnect", {"players": 1}, 4),
    ("connnect", {"players": 2}, 2),
    ("pairs", {"players": 4, "max_rounds": 3}, 4),
]


@pytest.mark.parametrize(("name", "params", "simulations"), MCTS_CASES)
def test_mcts_bot_plays_a_game_to_the_end(
    name: str, params: dict[str, Any], simulations: int
) -> None:
    game = pyspiel.load_game(openspiel_name(name), params)
    rng = np.random.RandomState(7)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [
        mcts.MCTSBot(
            game, uct_c=2.0, max_simulations=simulations, evaluator=evaluator, random_state=rng
        )
        for _ in range(game.num_players())
    ]
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            ids, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(ids, p=probabilities)))
            continue
        action = bots[state.current_player()].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        steps += 1
    assert 0 < steps <= game.max_game_length()
    returns = state.returns()
    assert len(returns) == game.num_players()
    assert all(game.min_utility() <= value <= game.max_utility() for value in returns)


def test_options_are_game_parameters() -> None:
    game = pyspiel.load_game("connect_arena_quinque(advanced=True,max_turns=5)")
    assert game.get_parameters()["advanced"] is True
    # A text option whose value reads as a number goes in the dict form (OpenSpiel's game
    # strings would read "1" as an integer).
    game = pyspiel.load_game(
        "connect_arena_quinque", {"advanced": True, "first_player": "1", "max_turns": 5}
    )
    state = game.new_initial_state()
    engine = state.engine_state()
    assert engine.game.option("advanced") is True
    assert engine.game.option("max_turns") == 5
    assert state.current_player() == 1  # no chance node: Blue begins


def test_the_anti_endless_option_defaults_to_the_game_type_default() -> None:
    game = pyspiel.load_game("connect_arena_quinque")
    assert game.get_parameters()["max_turns"] == 300
    assert game.max_game_length() == 4 * 300


def test_connect5s_game_length_bound_is_the_documented_derivation() -> None:
    # (2N + 1)·idle_limit + 3N steps a round, N = tokens × players (encoding docstring).
    for params in ({}, {"players": 5, "board": "advanced"}):
        game = pyspiel.load_game("connect_arena_connect5", params)
        cfg = game.new_initial_state().engine_state().cfg
        n = cfg.tokens * cfg.players
        assert game.max_game_length() == cfg.rounds * ((2 * n + 1) * cfg.idle_limit + 3 * n)
    assert pyspiel.load_game("connect_arena_connect5").max_game_length() < 25_000  # 1,035,351


def test_connect5s_bound_holds_on_games_that_idle_to_their_limit() -> None:
    game = pyspiel.load_game(
        "connect_arena_connect5", {"idle_limit": 3, "tokens": 5, "board": "t1"}
    )
    rng = random.Random(3)
    for _ in range(20):
        state, steps = game.new_initial_state(), 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
                continue
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        assert steps <= game.max_game_length()


def test_connnects_utility_follows_its_returns_option() -> None:
    two = pyspiel.load_game("connect_arena_connnect")
    assert (two.min_utility(), two.max_utility()) == (-1.0, 1.0)  # ±1/0 by default
    solo = pyspiel.load_game("connect_arena_connnect", {"players": 1})
    scores = pyspiel.load_game("connect_arena_connnect", {"returns": "score"})
    for game in (solo, scores):
        assert game.min_utility() < 0 < game.max_utility() < 200
        rng = random.Random(1)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        assert all(game.min_utility() <= r <= game.max_utility() for r in state.returns())


def test_a_bad_option_is_refused_with_its_name() -> None:
    with pytest.raises(InvalidOptionError, match="tiles"):
        pyspiel.load_game("connect_arena_quinque", {"tiles": 0})
    with pytest.raises(InvalidOptionError, match="played by"):
        pyspiel.load_game("connect_arena_quinque", {"players": 3})


def test_game_type_follows_the_games_declaration() -> None:
    quinque = pyspiel.load_game("connect_arena_quinque").get_type()
    assert quinque.information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert quinque.utility == pyspiel.GameType.Utility.ZERO_SUM
    connnect = pyspiel.load_game("connect_arena_connnect").get_type()
    assert connnect.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert connnect.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL  # the sequential form
    assert connnect.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert connnect.min_num_players == 1 and connnect.max_num_players == 4


def test_the_observer_gives_planes_and_a_string() -> None:
    game = pyspiel.load_game("connect_arena_connect5", {"players": 2, "first_player": "0"})
    state = game.new_initial_state()
    observation = make_observation(game)
    observation.set_from(state, 0)
    planes = observation.dict["observation"]
    assert planes.shape == tuple(game.observation_tensor_shape())
    assert planes[5].sum() == 85  # every dot free (plane 2n + 1), on the 85-dot basic board
    seen = json.loads(observation.string_from(state, 1))
    assert seen["game"] == "connect5" and seen["to_move"] == 0
    assert np.array_equal(np.asarray(state.observation_tensor(0)), observation.tensor)


def test_a_capture_chain_is_a_sequence_of_hops_in_openspiel() -> None:
    game = pyspiel.load_game("connect_arena_connect5", {"players": 2, "first_player": "0"})
    rng = random.Random(2)
    for _ in range(30):
        state = game.new_initial_state()
        while not state.is_terminal():
            names = [state.action_to_string(a) for a in state.legal_actions()]
            jumps = [
                a
                for a, n in zip(state.legal_actions(), names, strict=True)
                if n.startswith(("jump", "sandwich")) and n.endswith("…")
            ]
            if jumps:  # a hop that can go on: the chain is several steps of one seat
                mover = state.current_player()
                state.apply_action(jumps[0])
                if not state.is_terminal() and state.current_player() == mover:
                    legal = state.legal_actions()
                    assert state.stepper.encoding.end_id in legal  # stop here, or hop on
                    follow = [state.action_to_string(a) for a in legal]
                    assert all(name.startswith(("jump", "sandwich")) for name in follow)
                    return
                continue
            state.apply_action(rng.choice(state.legal_actions()))
    pytest.fail("no capture chain that could go on in 30 random games")


@pytest.mark.parametrize("name", sorted(SHORT))
def test_python_and_cpp_paths_agree(name: str) -> None:
    """``legal_actions`` and ``is_chance_node`` answer Python callers directly; OpenSpiel's
    C++ side (the legal-actions mask, ``is_player_node``) must see the same."""
    game = pyspiel.load_game(openspiel_name(name), {"players": 2, **SHORT[name]})
    state = game.new_initial_state()
    rng = random.Random(4)
    for _ in range(60):
        if state.is_terminal():
            break
        mask = state.legal_actions_mask()
        assert [i for i, legal in enumerate(mask) if legal] == state.legal_actions()
        assert state.is_chance_node() == (not state.is_player_node())
        state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("name", sorted(SHORT))
def test_action_names_are_the_games_notation_or_a_readable_start(name: str) -> None:
    game = pyspiel.load_game(openspiel_name(name))
    state = game.new_initial_state()
    rng = random.Random(4)
    partial = 0
    for _ in range(300):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
            continue
        player = state.current_player()
        engine = state.engine_state()
        for action in state.legal_actions():
            text = state.action_to_string(player, action)
            assert "parachute" not in text and " W" not in text  # no window coordinates
            completed = state.stepper.pending_action(action)
            if completed is None:
                assert "…" in text
                partial += 1
            else:
                assert text == str(completed)
                assert engine.parse_action(text, player) == completed  # it is the notation
        state.apply_action(rng.choice(state.legal_actions()))
    assert partial > 0 or name != "quinque"  # Quinque's tile moves take two steps
