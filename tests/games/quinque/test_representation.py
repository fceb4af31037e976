"""Quinque's integer form of a position (``QuinqueState.sync``): the formation's mask, origin
and shape, and the tiles' parachute masks, kept in step by every action, equal what a fresh
reading of ``tiles`` and ``marks`` gives."""

from __future__ import annotations

import random

import pytest

from connect_arena.core import load
from connect_arena.games.quinque import geometry as geo
from connect_arena.games.quinque.notation import Add, Move
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


def _board_reading(state: QuinqueState) -> dict[tuple[int, int], int]:
    """``state.board`` read back as skydiver → seat."""
    w = state.bw
    return {
        (state.bx + at // w, state.by + at % w): mark - 1
        for at, mark in enumerate(state.board)
        if mark
    }


def _off_the_ring(state: QuinqueState) -> bool:
    last = state.bw - 2
    return all(1 <= x - state.bx <= last and 1 <= y - state.by <= last for x, y in state.marks)


@pytest.mark.parametrize(
    ("options", "seed", "drifts"),
    [
        ({}, 4, True),
        ({"advanced": True, "connectivity": "corner"}, 5, True),
        ({"skydivers_per_tile": 9, "win_check": "turn"}, 6, True),
        ({"skydivers_per_tile": 1, "tiles": 16, "parachutes": 8}, 7, False),
    ],
)
def test_the_board_holds_the_marks_and_finds_the_lines_geometry_finds(
    options: dict[str, object], seed: int, drifts: bool
) -> None:
    """Along random games (now and then a clone plays on), the integer board reads as
    ``marks``, keeps every mark off its outer ring, and finds the seats with a line through
    each tile's skydivers exactly as the direct check on ``marks`` does; where told, the
    formations drift past the window's slack, so the window is rebuilt around the marks."""
    rng = random.Random(seed)
    rebuilt = 0
    for _ in range(6):
        state = load("quinque", 2, **options).new_initial_state()
        assert isinstance(state, QuinqueState)
        while not state.is_terminal():
            framed = (state.bx, state.by, state.bw) if state.marks else None
            random_steps(state, rng, 1)
            rebuilt += framed is not None and framed != (state.bx, state.by, state.bw)
            if rng.random() < 0.3:
                state = state.clone()
            assert _board_reading(state) == state.marks
            assert _off_the_ring(state)
            for tile in sorted(state.tiles):
                through = state.tables.skydivers[tile]
                expected = geo.seats_with_lines(state.marks, through)
                assert state.line_seats(through) == sum(1 << seat for seat in expected)
    assert (rebuilt > 0) == drifts


def test_a_board_set_up_by_hand_is_read_afresh() -> None:
    line = [(x, 4) for x in range(5)]
    state = position([(0, 2), (1, 2), (2, 2)], red=line[:4])
    assert state.line_seats(line) == 0
    state.marks = {**state.marks, (4, 4): RED}  # replaced, as set-ups by hand do
    assert state.line_seats(line) == 1 << RED
    assert _board_reading(state) == state.marks


def _shifted(state: QuinqueState, dx: int, dy: int) -> QuinqueState:
    """``state``'s position (Red to act) moved by ``(dx, dy)`` tile cells."""
    k = state.cfg.side
    marks = {(x + dx * k, y + dy * k): seat for (x, y), seat in state.marks.items()}
    return position(
        [(x + dx, y + dy) for x, y in state.tiles],
        red=[cell for cell, seat in marks.items() if seat == RED],
        blue=[cell for cell, seat in marks.items() if seat != RED],
        supply=(state.supply[0], state.supply[1]),
    )


def _moved_back(text: str, dx: int, dy: int, side: int) -> str:
    """An action's notation with its tile cells moved by ``(dx, dy)`` (skydivers by
    ``side`` times that)."""
    words = text.split()
    for i, word in enumerate(words):
        if "," in word:
            tile = word.startswith("T")
            x, y = map(int, word.lstrip("T").split(","))
            k = 1 if tile else side
            words[i] = f"{'T' if tile else ''}{x + dx * k},{y + dy * k}"
    return " ".join(words)


def test_formations_across_the_grid_edges_list_the_tile_tables_actions() -> None:
    """The tile tables are read from a grid around ``T0,0`` while the formation (and the
    cells touching it) lie in it, else by code: on both sides of each of its edges the
    legal actions are those of the formation near the start, moved, and each add or move
    is the object interned by ``tables.tile``."""
    rng = random.Random(10)
    state = load("quinque", 2, first_player="0").new_initial_state()
    assert isinstance(state, QuinqueState)
    while len(state.tiles) < 7 or state.second or state.to_move != RED:
        random_steps(state, rng, 1)
    state = _shifted(state, 0, 0)  # a position set up by hand, Red to act
    tables = state.tables
    low, high = tables.low, tables.high
    assert low < 0 < high
    start = texts(state)
    assert any(text.startswith("add") for text in start)
    ox, oy = min(x for x, _ in state.tiles), min(y for _, y in state.tiles)
    side = state.cfg.side
    for tx in (low - 1, low, high, high + 1):
        for ty in (low - 1, low, high, high + 1):
            moved = _shifted(state, tx - ox, ty - oy)
            found = moved.legal_actions(RED)
            assert (moved.ox, moved.oy) == (tx, ty)
            assert (tables.base(tx, ty) >= 0) == (low <= tx <= high and low <= ty <= high)
            assert [_moved_back(str(a), ox - tx, oy - ty, side) for a in found] == start
            for action in found:
                if isinstance(action, Add | Move):
                    table = tables.tile(geo.code(action.tile))
                    assert any(action is a for a in (*table.adds, *table.rays))
