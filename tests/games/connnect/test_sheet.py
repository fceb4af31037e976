"""Sheet geometry: spaces, shapes with rotations and mirrors, placements, the order rule."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from connect_arena.games.connnect import sheet as geo

SHAPES = {
    "I3": ["XXX"],
    "L3": ["X.", "XX"],
    "O4": ["XX", "XX"],
    "T4": ["XXX", ".X."],
    "S4": [".XX", "XX."],
    "L4": ["X.", "X.", "XX"],
    "F5": [".XX", "XX.", ".X."],
    "X5": [".X.", "XXX", ".X."],
    "P5": ["XX", "XX", "X."],
}


def test_cell_names() -> None:
    assert geo.cell_name(0) == "a1" and geo.cell_name(35) == "f6"
    assert geo.parse_cell("c1") == geo.parse_cell("R1C3") == geo.parse_cell("r1c3") == 2
    assert geo.parse_cell("g1") is None and geo.parse_cell("a7") is None


@given(st.integers(min_value=0, max_value=35))
def test_cell_names_round_trip(cell: int) -> None:
    assert geo.parse_cell(geo.cell_name(cell)) == cell


@pytest.mark.parametrize(
    ("name", "count"), [("I3", 2), ("L3", 4), ("O4", 1), ("T4", 4), ("S4", 4), ("L4", 8)]
)
def test_orientations_rotations_and_mirrors(name: str, count: int) -> None:
    """ "The claimed shape can be rotated or mirrored." """
    assert len(geo.orientations(geo.parse_shape(SHAPES[name]))) == count


def test_placements_fit_the_play_area() -> None:
    assert len(geo.placements(geo.parse_shape(SHAPES["I3"]))) == 2 * 6 * 4
    assert len(geo.placements(geo.parse_shape(SHAPES["O4"]))) == 25
    for cells in geo.placements(geo.parse_shape(SHAPES["L4"])):
        assert geo.canonical_cells(cells) == geo.canonical(geo.parse_shape(SHAPES["L4"]))


def test_paths_through_shapes() -> None:
    """CN-5/CN-6: the T tetromino and the F and X pentominoes have no path through all their
    cells; the square and the P pentomino do."""
    paths = {name: geo.has_path(geo.parse_shape(rows)) for name, rows in SHAPES.items()}
    assert paths == {
        "I3": True, "L3": True, "O4": True, "T4": False, "S4": True, "L4": True,
        "F5": False, "X5": False, "P5": True,
    }  # fmt: skip


def test_bad_shape_drawings() -> None:
    with pytest.raises(ValueError, match="may only hold"):
        geo.parse_shape(["X?"])
    with pytest.raises(ValueError, match="at least one cell"):
        geo.parse_shape(["..."])
    assert not geo.is_connected(geo.parse_shape(["X.X"]))


@pytest.mark.parametrize(
    ("values", "kind"),
    [
        ((3, 3, 3), "equal"),
        ((1, 2, 3), "ordered"),
        ((3, 2, 1), "ordered"),
        ((2, 1, 3), None),  # "If a player claims ordered numbers, adjacent numbers MUST be..."
        ((1, 2, 4), None),
        ((1, 1, 2), None),
    ],
)
def test_claim_kind_on_a_line(values: tuple[int, int, int], kind: str | None) -> None:
    assert geo.claim_kind([0, 1, 2], list(values), "consecutive", False) == kind


def test_claim_kind_on_a_square() -> None:
    square = [0, 1, 6, 7]  # a1 b1 / a2 b2
    assert geo.claim_kind(square, [1, 2, 4, 3], "consecutive", False) == "ordered"
    assert geo.claim_kind(square, [1, 2, 3, 4], "consecutive", False) is None
    assert geo.claim_kind(square, [1, 2, 4, 3], "consecutive", True) is None


def test_arrow_points_need_a_full_line() -> None:
    assert geo.arrow_points([0] * 6, [False] * 6, True) == 0
    assert geo.arrow_points([4, 1, 2, 3, 6, 5], [False] * 6, True) == 6
