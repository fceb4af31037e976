"""Quinque's geometry (what the page draws the board from) is the engine's own data, for every
option set the game ships, and the observation holds the changing formation."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from connect_arena.core import sample_chance_outcome
from connect_arena.games import load
from connect_arena.games.quinque import geometry as geo
from connect_arena.games.quinque.rules import QuinqueGame

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"advanced": True},
    {"advanced": True, "advanced_single_step": "any"},
    {"skydivers_per_tile": 1, "parachutes": 4},
    {"skydivers_per_tile": 9, "tiles": 6},
    {"basic_orthogonal_only": True},
    {"basic_move_blocked_by_tiles": True},
    {"connectivity": "corner"},
    {"connectivity": "corner", "add_adjacency": "corner"},
    {"connectivity_check": "lifted", "move_same_tile_twice": False},
]
"""The defaults and every option that changes what a tile is or how tiles join and move."""


def steps(cells: tuple[tuple[int, int], ...]) -> list[list[int]]:
    return [list(cell) for cell in cells]


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o) or "defaults")
def test_geometry_is_the_engines_data(options: dict[str, Any]) -> None:
    game = load("quinque", **options)
    assert isinstance(game, QuinqueGame)
    cfg = game.config
    shape = json.loads(json.dumps(game.geometry()))  # what the page receives
    assert shape["lattice"] == "square"
    side = shape["tile_side"]
    assert side == cfg.side and shape["skydivers_per_tile"] == side * side
    # The page's rule for the skydivers of a tile is the engine's.
    for tile in [(0, 0), (2, -1), (-3, 4)]:
        drawn = [(side * tile[0] + i, side * tile[1] + j) for j in range(side) for i in range(side)]
        assert drawn == geo.skydivers(tile, cfg.side)
    assert (shape["tiles"], shape["parachutes"]) == (cfg.tiles, cfg.parachutes)
    assert shape["first_tile"] == [0, 0]
    assert shape["line_length"] == geo.LINE_LENGTH
    assert shape["line_axes"] == steps(geo.LINE_AXES)
    assert shape["connect"]["neighbours"] == steps(cfg.connect_nbrs)
    assert shape["add"]["neighbours"] == steps(cfg.add_nbrs)
    assert shape["connect"]["name"] == options.get("connectivity", "edge")
    assert shape["add"]["name"] == options.get("add_adjacency", "edge")
    assert shape["advanced"] is cfg.advanced
    ids = [1, 2, 3, 4] if cfg.advanced else [0]
    assert len(shape["movement"]) == len(ids)
    for pattern, pattern_id in zip(shape["movement"], ids, strict=True):
        directions, max_steps, through = cfg.patterns[pattern_id]
        assert pattern["directions"] == steps(directions)
        assert (pattern["max_steps"], pattern["through_tiles"]) == (max_steps, through)
        assert pattern["parachutes"] == (pattern_id if cfg.advanced else None)
        named = {geo.ORTHOGONAL: "orthogonal", geo.DIAGONAL: "diagonal", geo.ALL8: "all"}
        assert pattern["axes"] == named[directions]
    assert shape["seat_colours"] == list(QuinqueGame.game_type.seat_colours)


def test_geometry_is_fixed_for_the_game() -> None:
    """The same for every state of a game (the page fetches it once per table)."""
    game = load("quinque", advanced=True)
    before = game.geometry()
    state = game.new_initial_state()
    rng = random.Random(5)
    for _ in range(60):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(sample_chance_outcome(state, rng))
            continue
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.game.geometry() == before == load("quinque", advanced=True).geometry()


def test_the_observation_holds_the_formation() -> None:
    state = load("quinque", first_player="0").new_initial_state()
    state.apply_action("add T0,0 1,0")
    view = state.observation(1)
    assert view["tiles"] == [[0, 0]] and view["marks"] == [[1, 0, 0]]
    assert view["supply"] == [17, 18] and view["stack"] == 8
    assert view["to_move"] == 1 and view["phase"] == "first"
    assert view["result"] is None and view["lines"] == [] and view["terminal"] is False
    json.dumps(view)


def test_the_observation_carries_the_last_action_as_notation_and_parts() -> None:
    # The board draws the last move from its parts: it never parses notation (issue 23).
    state = load("quinque", first_player="0").new_initial_state()
    assert state.observation(0)["last"] is None
    state.apply_action("add T0,0 0,0", 0)
    state.apply_action("mark 1,0", 1)
    last = json.loads(json.dumps(state.observation(1)["last"]))
    assert last == {"notation": "mark 1,0", "parts": {"kind": "mark", "skydiver": [1, 0]}}
