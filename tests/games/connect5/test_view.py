"""The geometry the page draws comes from the engine's board (any board file), and the
observation keeps its shape.

``Game.geometry()`` must hold exactly the board's dots (id, coordinates, single or circled),
its dot-less junctions, its lines' polylines, and one route per pair of adjacent dots under the
game's ``t_turns`` (the page draws steps and jumps along them), for every shipped board and
option set, and for a board file of one's own, by path or from the operator's folder
(``CONNECT_ARENA_CONNECT5_BOARDS``).
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import pytest

from connect_arena.core import InvalidOptionError, load
from connect_arena.games.connect5 import board_names, load_board
from connect_arena.games.connect5.board import Board
from connect_arena.games.connect5.boards import BOARDS_ENV
from connect_arena.games.connect5.rules import Connect5Game
from connect_arena.games.connect5.topology import topology
from tests.games.connect5.helpers import TINY

"""A board of our own: 11 dots (3 circled), a dot-less T (J), a bend dot (q2), a bent line
with waypoints; ids that are not lattice names."""

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"t_turns": "from_stem"},
    {"jump_turn_at_T_dot": True, "stack_by_step": True},
]


def _points(points: Any) -> list[tuple[float, float]]:
    return [(float(x), float(y)) for x, y in points]


def check_geometry(game: Connect5Game, board: Board) -> None:
    """``game.geometry()`` is exactly ``board`` under ``game``'s options."""
    data = game.geometry()
    assert json.loads(json.dumps(data)) == data  # JSON as it is
    assert data["board"] == board.id and data["name"] == board.name
    assert [(d["id"], d["x"], d["y"], d["circled"]) for d in data["dots"]] == [
        (n.id, n.x, n.y, n.circled) for n in board.dots
    ]
    junctions = board.nodes[board.num_dots :]
    assert [(j["id"], j["x"], j["y"]) for j in data["junctions"]] == [
        (n.id, n.x, n.y) for n in junctions
    ]
    assert [_points(s) for s in data["segments"]] == [list(s.points) for s in board.segments]
    topo = topology(board, str(game.option("t_turns")), bool(game.option("jump_turn_at_T_dot")))
    pairs = {frozenset((board.nodes[a].id, board.nodes[b].id)) for a, b in topo.between}
    drawn = [frozenset((link["a"], link["b"])) for link in data["links"]]
    assert sorted(map(sorted, drawn)) == sorted(map(sorted, pairs))
    assert len(drawn) == len(set(drawn))  # each pair once
    at = {n.id: n.point for n in board.nodes}
    lines = {tuple(s.points) for s in board.segments}
    lines |= {tuple(reversed(s.points)) for s in board.segments}
    for link in data["links"]:
        points = _points(link["points"])
        assert points[0] == at[link["a"]] and points[-1] == at[link["b"]]
        # Every piece of the route lies on a line of the board.
        assert all(
            any(_on_polyline(p, q, line) for line in lines) for p, q in itertools.pairwise(points)
        )


def _on_polyline(p: tuple[float, float], q: tuple[float, float], line: Any) -> bool:
    return any((p, q) == (a, b) for a, b in itertools.pairwise(line))


@pytest.mark.parametrize("board", ["basic", "advanced", "t1"])
@pytest.mark.parametrize("options", OPTION_SETS, ids=repr)
def test_geometry_is_the_shipped_board(board: str, options: dict[str, Any]) -> None:
    check_geometry(load("connect5", 2, board=board, **options), load_board(board))


def test_lattice_boards_get_coordinates_and_others_dot_names() -> None:
    """Basic's ids name their lattice points (``a1`` at 0,0): letters and numbers on the
    edges; T1's do not (``a0`` at 0,0), so each dot is labelled with its id instead."""
    basic = load("connect5", 2, board="basic").geometry()["coordinates"]
    assert basic["files"][0] == [0, "a"] and basic["ranks"][0] == [0, "1"]
    assert len(basic["files"]) == len(basic["ranks"]) == 13
    assert load("connect5", 2, board="t1").geometry()["coordinates"] is None


def test_a_board_file_of_ones_own_is_drawn(tmp_path: Path) -> None:
    path = tmp_path / "tiny.toml"
    path.write_text(TINY, "utf-8")
    game = load("connect5", 2, board=str(path))
    check_geometry(game, load_board(str(path)))
    data = game.geometry()
    assert [j["id"] for j in data["junctions"]] == ["J"]
    assert data["coordinates"] is None
    bent = [s for s in data["segments"] if len(s) > 2]
    assert bent == [[[6, 0], [7, 0], [7, 2], [6, 2]]]
    # The route from p6 to r1 follows the bend; r0 reaches p5 turning at the T junction J.
    routes = {(link["a"], link["b"]): link["points"] for link in data["links"]}
    assert routes[("p6", "r1")] == [[6, 0], [7, 0], [7, 2], [6, 2]]
    assert routes.get(("p5", "r0"), routes.get(("r0", "p5"))) is not None
    assert sum(d["circled"] for d in data["dots"]) == 3


def test_the_operators_folder_offers_its_boards_by_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A server offers extra boards with ``CONNECT_ARENA_CONNECT5_BOARDS``: ``tiny.toml``
    there is the board ``tiny``; shipped names come first and win."""
    (tmp_path / "tiny.toml").write_text(TINY, "utf-8")
    (tmp_path / "basic.toml").write_text(TINY, "utf-8")  # a shipped name: ignored
    (tmp_path / "notes.txt").write_text("not a board", "utf-8")
    monkeypatch.setenv(BOARDS_ENV, str(tmp_path))
    assert board_names() == ("basic", "advanced", "t1", "tiny")
    game = load("connect5", 2, board="tiny")
    assert game.geometry()["board"] == "tiny"
    assert load("connect5", 2, board="basic").geometry()["board"] == "basic"
    monkeypatch.delenv(BOARDS_ENV)
    assert board_names() == ("basic", "advanced", "t1")
    with pytest.raises(InvalidOptionError, match="no such board"):
        load("connect5", 2, board="nowhere")


def test_the_observation_names_the_round_starter() -> None:
    """``starter`` is the seat that starts the round in play (``None`` until drawn); the
    chance action names the first round's starter only."""
    state = load("connect5", 3, board="t1", mode="full").new_initial_state()
    assert state.observation(0)["starter"] is None
    state.apply_action("first 1")
    observation = state.observation(0)
    assert observation["starter"] == 1 and observation["to_move"] == 1
    assert json.loads(json.dumps(observation)) == observation


def test_the_observation_carries_the_last_action_as_notation_and_parts() -> None:
    # The board draws the last move (a capture's path) from its parts, never from notation.
    state = load("connect5").new_initial_state()
    assert state.observation(0)["last"] is None
    state.apply_action(state.chance_outcomes()[0][0])
    assert state.observation(0)["last"]["parts"] == {"kind": "first_player", "seat": 0}
    seat = state.current_player
    action = next(a for a in state.legal_actions(seat) if str(a).startswith("place "))
    state.apply_action(action, seat)
    last = json.loads(json.dumps(state.observation(0)["last"]))
    assert last == {"notation": str(action), "parts": {"kind": "place", "dot": str(action)[6:]}}
