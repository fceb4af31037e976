"""OpenSpiel's Python MCTSBot as a Connect Arena agent (the ladder's outside reference)."""

from __future__ import annotations

import random

import pytest

from connect_arena.agents.playout import play_game
from connect_arena.core import load
from connect_arena.rl.openspiel_agent import OpenSpielMCTSAgent, make_ladder_agent
from tests.games.quinque.helpers import RED, position


def test_it_takes_a_win_in_one_and_leaves_the_state_alone() -> None:
    """Red has four in a row with one open end (4,0)."""
    tiles = [(-1, 0), (0, 0), (1, 0), (2, 0)]
    red = [(0, 0), (1, 0), (2, 0), (3, 0)]
    state = position(tiles, red=red, blue=[(-2, 0), (-1, 0)], to_move=RED)
    before = str(state)
    assert str(OpenSpielMCTSAgent(1, simulations=200).act(state, RED)) == "mark 4,0"
    assert str(state) == before


def test_it_plays_multi_part_actions_to_the_end_of_a_game() -> None:
    """Connect 5's actions take several ids of the encoding: the agent chooses them all."""
    game = load("connect5", idle_limit=6)
    agents = [OpenSpielMCTSAgent(1, simulations=5), OpenSpielMCTSAgent(2, simulations=5)]
    state = play_game(game.new_initial_state(), agents, random.Random(3))
    assert state.is_terminal()


def test_ladder_specs() -> None:
    assert make_ladder_agent("openspiel:40", 1).name == "openspiel:40"
    assert make_ladder_agent("mcts:hard", 1).name == "mcts:hard"
    with pytest.raises(ValueError, match="openspiel:N"):
        make_ladder_agent("openspiel:lots", 1)
