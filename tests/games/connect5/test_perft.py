"""Perft for Connect 5: an opening counted by hand, and a golden file of
fixed positions on T1 and Basic (``golden/perft.json``, made by ``golden/regenerate.py``)
that pins the move generator at depth >= 3; a changed count means a rules change and must be
deliberate."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from connect_arena.core import load, replay
from connect_arena.core.perft import perft, perft_divide
from tests.games.connect5.test_board import T1_ADJACENT, T1_JUMPS, pairs, triples

GOLDEN = json.loads((Path(__file__).parent / "golden" / "perft.json").read_text())
CIRCLED = {"a0", "a2", "a4", "a6", "b1", "b2", "b4", "cm1", "c1"}


def test_t1_opening_counted_by_hand() -> None:
    """Both players place (23, then 22 ways); then P1 places (21), stacks on a circled dot,
    steps to a free neighbour, or jumps P2's token — counted with the adjacency and jump
    lists of ``connect5.md`` §7.1, independently of the engine's derivation."""
    adjacent = pairs(T1_ADJACENT)
    jumps = triples(T1_JUMPS)
    dots = sorted({dot for pair in adjacent for dot in pair})
    assert len(dots) == 23
    total = 0
    for mine in dots:
        for theirs in dots:
            if theirs == mine:
                continue
            steps = sum(1 for pair in adjacent if mine in pair and theirs not in pair)
            captures = sum(1 for a, b, _ in jumps if (a, b) == (mine, theirs))
            total += 21 + (mine in CIRCLED) + steps + captures
    state = load("connect5", 2, board="t1", first_player="0").new_initial_state()
    assert [perft(state, depth) for depth in range(4)] == [1, 23, 23 * 22, total]


def test_random_starter_multiplies_the_tree() -> None:
    state = load("connect5", 3, board="t1").new_initial_state()
    assert perft(state, 2) == 3 * 23


@pytest.mark.parametrize("entry", GOLDEN, ids=[entry["name"] for entry in GOLDEN])
def test_golden_positions(entry: dict[str, Any]) -> None:
    state = replay(entry["record"])
    divide = perft_divide(state, entry["depth"])
    assert dict(divide) == entry["divide"]
    assert sum(count for _, count in divide) == entry["total"]


def test_golden_file_covers_t1_and_basic_at_depth_three_or_more() -> None:
    boards = {e["record"]["options"]["board"] for e in GOLDEN if e["depth"] >= 3}
    assert boards == {"t1", "basic"}
    assert any(len(e["record"]["players"]) == 5 for e in GOLDEN)
