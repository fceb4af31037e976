"""Quinque's integer form of a position (``QuinqueState.sync``): the formation's mask, origin
and shape, and the tiles' parachute masks, kept in step by every action, equal what a fresh
reading of ``tiles`` and ``marks`` gives."""

from __future__ import annotations

import random

import pytest

from connect_arena.core import load
from connect_arena.games.quinque import geometry as geo
from connect_arena.games.quinque.rules import QuinqueState
from tests.games.quinque.helpers import RED, position, texts
from tests.playouts import random_steps


def _integer_form(state: QuinqueState) -> tuple[object, ...]:
    shape = state.shape
    cells = None if shape is None else shape.cells
    return (cells, state.mask, state.ox, state.oy, state.origin_code, state.fill)


def _fresh(state: QuinqueState) -> QuinqueState:
    """A clone whose integer form is rebuilt from its ``tiles`` and ``marks``."""
    copy = state.clone()
    copy.tiles = set(copy.tiles)  # a new set: the next sync() rebuilds
    copy.sync()
    return copy


@pytest.mark.parametrize(
    ("options", "seed"),
    [({}, 1), ({"advanced": True, "connectivity": "corner"}, 2), ({"skydivers_per_tile": 9}, 3)],
)
def test_the_kept_form_equals_a_fresh_reading_along_random_games(
    options: dict[str, object], seed: int
) -> None:
    rng = random.Random(seed)
    for _ in range(4):
        state = load("quinque", 2, **options).new_initial_state()
        assert isinstance(state, QuinqueState)
        while not state.is_terminal():
            assert _integer_form(state) == _integer_form(_fresh(state))
            random_steps(state, rng, 1)


def test_a_formation_far_from_the_start_plays_as_one_at_the_start() -> None:
    here = position([(0, 0), (1, 0), (1, 1)], red=[(0, 0)], blue=[(2, 0)])
    far = position(
        [(-900, 7000), (-899, 7000), (-899, 7001)], red=[(-1800, 14000)], blue=[(-1798, 14000)]
    )

    def shifted(text: str) -> str:
        words = text.split()
        for i, word in enumerate(words):
            if "," in word:
                tile = word.startswith("T")
                x, y = map(int, word.lstrip("T").split(","))
                dx, dy = (-900, 7000) if tile else (-1800, 14000)
                words[i] = f"{'T' if tile else ''}{x + dx},{y + dy}"
        return " ".join(words)

    assert texts(far) == [shifted(text) for text in texts(here)]
    assert far.origin_code == geo.code((-900, 7000))


def test_more_tiles_than_the_box_holds_is_refused() -> None:
    state = position([(x, 0) for x in range(3)], tiles=3, parachutes=2)
    state.tiles = {(x, 0) for x in range(4)}
    with pytest.raises(ValueError, match="4 tiles on the table, more than the 3 in the box"):
        state.legal_actions(RED)
