"""Perft for Quinque: hand-counted opening figures and a golden file of fixed positions.

The golden file (``golden/perft.json``, made by ``golden/regenerate.py``) pins the move
generator, basic and advanced, from positions of seeded games at depth >= 3; a change to a
count means a rules change and must be deliberate.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from connect_arena.core import load, replay
from connect_arena.core.perft import perft, perft_divide

GOLDEN = json.loads((Path(__file__).parent / "golden" / "perft.json").read_text())


def test_opening_counts_by_hand() -> None:
    """Red adds the first tile at T0,0 (4 ways); Blue marks one of 3 free skydivers or adds a
    tile on one of 4 sides (16 ways); after an add, Red's lone-no-more T0,0 can move to 3
    cells or Blue passes (4 ways), after a mark the lone tile cannot move and Red replies with
    2 marks + 16 adds: 4 × (3 × 18 + 16 × 4) = 472."""
    state = load("quinque", first_player="0").new_initial_state()
    assert [perft(state, depth) for depth in range(4)] == [1, 4, 76, 472]


def test_random_first_player_doubles_the_tree() -> None:
    state = load("quinque").new_initial_state()
    assert perft(state, 3) == 2 * 76


@pytest.mark.parametrize("entry", GOLDEN, ids=[entry["name"] for entry in GOLDEN])
def test_golden_positions(entry: dict[str, Any]) -> None:
    state = replay(entry["record"])
    divide = perft_divide(state, entry["depth"])
    assert dict(divide) == entry["divide"]
    assert sum(count for _, count in divide) == entry["total"]


def test_golden_file_covers_basic_and_advanced_at_depth_three() -> None:
    variants = {e["record"]["options"]["advanced"] for e in GOLDEN if e["depth"] >= 3}
    assert variants == {False, True}
