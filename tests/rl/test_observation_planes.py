"""Quinque's and Connect 5's observation planes equal a plain, cell-by-cell reading of their
documented layout (``encoding/quinque.py``, ``encoding/connect5.py``) in every position of
seeded games, for every seat, with and without a pending prefix (the encodings fill the planes
with a few array operations instead)."""

from __future__ import annotations

import random
from typing import Any, cast

import numpy as np
import pytest

from connect_arena.core import load
from connect_arena.games.connect5.rules import Connect5State
from connect_arena.games.quinque.rules import QuinqueState
from connect_arena.rl import Stepper, encoding_for
from connect_arena.rl.encoding.connect5 import Connect5Encoding
from connect_arena.rl.encoding.quinque import QuinqueEncoding


def quinque_planes(
    encoding: QuinqueEncoding, q: QuinqueState, player: int, prefix: tuple[int, ...]
) -> np.ndarray[Any, Any]:
    """The module docstring's planes, one cell at a time."""
    out = np.zeros(encoding.observation_shape, np.float32)
    s = encoding.side
    ox, oy = encoding.origin(q)
    for tile in q.tiles:
        for x, y in q.tables.skydivers[tile]:
            wx, wy = x - ox * s, y - oy * s
            out[0, wy, wx] = 1.0
            seat = q.marks.get((x, y))
            out[3 if seat is None else 1 + seat, wy, wx] = 1.0
            out[4, wy, wx] = float(tile == q.marked_tile)
            out[5, wy, wx] = float(tile in q.moved)
    if prefix:
        row, col = divmod(prefix[0] - encoding.move_from, encoding.width)
        out[6, row * s : (row + 1) * s, col * s : (col + 1) * s] = 1.0
    out[7] = float(q.to_move == 0)
    out[8] = float(q.second)
    out[9] = q.supply[0] / encoding.parachutes
    out[10] = q.supply[1] / encoding.parachutes
    out[11] = q.stack / encoding.tiles
    out[12] = float(player == 0)
    return out


def connect5_planes(
    encoding: Connect5Encoding, c5: Connect5State, player: int, prefix: tuple[int, ...]
) -> np.ndarray[Any, Any]:
    """The module docstring's planes, one dot at a time."""
    out = np.zeros(encoding.observation_shape, np.float32)
    n, cfg = encoding.players, encoding.cfg
    for dot in range(encoding.dots):
        seat, height = c5.owner[dot], c5.height[dot]
        if seat >= 0:
            out[2 * seat + height - 1, dot] = 1.0
        else:
            out[2 * n + 1, dot] = 1.0
        out[2 * n, dot] = float(cfg.circled[dot])
    for step in prefix:
        over = encoding.hop(step)[1]
        out[2 * n + 4, over] = 1.0
    if prefix:
        out[2 * n + 2, encoding.hop(prefix[0])[0]] = 1.0
        out[2 * n + 3, encoding.hop(prefix[-1])[2]] = 1.0
    if c5.to_move is not None and not c5.over:
        out[2 * n + 5 + c5.to_move] = 1.0
    for seat in range(n):
        out[3 * n + 5 + seat] = c5.supply[seat] / cfg.tokens
        out[4 * n + 5 + seat] = float(c5.turns_taken[seat] > 0)
    out[5 * n + 5 + player] = 1.0
    out[6 * n + 5] = c5.round / cfg.rounds
    return out


CASES = [
    ("quinque", {"max_turns": 50}),
    ("quinque", {"skydivers_per_tile": 9, "max_turns": 30}),
    ("quinque", {"skydivers_per_tile": 1, "tiles": 30, "parachutes": 12, "max_turns": 30}),
    ("quinque", {"advanced": True, "max_turns": 30}),
    ("connect5", {"idle_limit": 10}),
    ("connect5", {"num_players": 4, "board": "advanced", "idle_limit": 6}),
]


@pytest.mark.parametrize(("name", "options"), CASES)
def test_planes_equal_the_plain_reading(name: str, options: dict[str, Any]) -> None:
    game = load(name, **options)
    encoding = encoding_for(game)
    plain = quinque_planes if name == "quinque" else connect5_planes
    stepper = Stepper(encoding, game.new_initial_state())
    rng = random.Random(4)
    prefixes = positions = 0
    while not stepper.is_terminal() and positions < 400:
        if stepper.is_chance_node():
            stepper.apply_id(rng.choice(stepper.chance_outcomes())[0])
            continue
        for seat in range(game.num_players):
            prefix = stepper.visible_prefix(seat)
            expected = plain(cast(Any, encoding), cast(Any, stepper.state), seat, prefix)
            assert np.array_equal(stepper.observation_tensor(seat), expected)
            prefixes += bool(prefix)
        positions += 1
        stepper.apply_id(rng.choice(stepper.legal_ids()))
    assert positions > 30 and prefixes > 0
