"""The components as data: the built-in reconstruction, variant files and their validation."""

from __future__ import annotations

from pathlib import Path

import pytest

from connect_arena.core import CHANCE, InvalidOptionError
from connect_arena.games import load
from connect_arena.games.connnect.components import DataError
from connect_arena.games.connnect.data import load_components


def test_builtin_components_match_the_documented_data() -> None:
    """docs/rules/connnect.md §Components: 6x6, nine circles, eight lines, six setup spaces,
    12 rounds, 8 cards, 4 score cards 16 14 13 12, 14 objectives in decks A, B, C."""
    comps = load_components()
    assert len(comps.zones) == 6 and all(bin(z.mask).count("1") == 12 for z in comps.zones)
    assert len(comps.circles) == 9 and len(comps.lines) == 8
    assert len(comps.setup_spaces) == 6 and comps.rounds == 12
    assert len(comps.cards) == 8 and comps.face_up == 4
    assert comps.score_cards == (16, 14, 13, 12)
    assert len(comps.objectives) == 14 and comps.decks == ("A", "B", "C")
    assert [len(s) for s in comps.sections] == [9, 6] and comps.free_actions == 7
    assert [card.id for card in comps.cards] == list("ABCDEFGH")


def test_every_reconstructed_table_is_marked() -> None:
    """The issue: "every reconstructed item is marked as such in the data file"."""
    comps = load_components()
    assert set(comps.reconstructed) == {
        "play_area", "zones", "circles", "connected_lines", "setup", "arrow_lines",
        "connect4", "bonus_sections", "free_action_track", "connect5_boxes",
        "connect5_cards", "objectives",
    }  # fmt: skip
    assert "score_cards" not in comps.reconstructed  # known from the rulebook


def test_zones_and_circles_partition_the_play_area() -> None:
    comps = load_components()
    columns = [z.mask for z in comps.zones if z.axis == "columns"]
    rows = [z.mask for z in comps.zones if z.axis == "rows"]
    full = (1 << 36) - 1
    assert sum(columns) == full and sum(rows) == full
    assert sum(c.mask for c in comps.circles) == full  # one circle per 2x2 block


def test_variant_file_merges_over_the_builtin_data(tmp_path: Path) -> None:
    variant = tmp_path / "mine.toml"
    variant.write_text(
        "[free_action_track]\npenalties = [0, 2, 4, 6, 8, 10, 12, 14]\n"
        "[score_cards]\nvalues = [20, 15, 10, 5]\n"
    )
    comps = load_components(str(variant))
    assert comps.penalties[1] == 2 and comps.score_cards == (20, 15, 10, 5)
    assert comps.first_points == 3  # untouched tables stay
    state = load("connnect", data=str(variant)).new_initial_state()
    assert state.comps.name == str(variant)  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[zones]\nlist = [{ die = 1, columns = [1, 2] }]", "one zone for each die face"),
        ("[circles]\nlist = [{ id = 'X', cells = ['a1', 'b1', 'c1', 'd1'] }]", "2x2 block"),
        ("[circles]\nlist = [{ id = 'X', cells = ['a1', 'b1', 'a2', 'z9'] }]", "'z9' is not"),
        ("[connected_lines]\nlist = [['O11', 'O21', 'O99']]", "unknown circle 'O99'"),
        ("[setup]\nspaces = ['a1']", "must list 6 spaces"),
        ("[arrow_lines]\nlist = [{ row = 7 }]", "must be an integer 1..6"),
        ("[connect4]\nshapes = [{ id = 'L4', rows = ['XXX'] }]", "4 orthogonally connected"),
        ("[connect4]\nshapes = [{ id = 'L3', rows = ['XXXX'] }]", "followed by 4"),
        (
            "[connect4]\nshapes = [{ id = 'I4', rows = ['XXXX'] },"
            " { id = 'J4', rows = ['X', 'X', 'X', 'X'] }]",
            "repeats I4",
        ),
        ("[bonus_sections]\nconnect3 = [{ type = 'teleport', stars = 1 }]", "unknown bonus"),
        ("[bonus_sections]\nconnect3 = [{ type = 'write', stars = 1 }]", "value: missing"),
        ("[free_action_track]\npenalties = [0, 3, 2]", "never decrease"),
        ("[score_cards]\nvalues = [16, 14]", "at least 4 cards"),
        ("[connect5_cards]\nface_up = 9", "integer 1..8"),
        ("[objectives]\ndecks = ['A', 'B', 'C', 'Z']", "deck Z has no card"),
        (
            "[objectives]\ncards = [{ id = 'A1', deck = 'A', points = 4, kind = 'luck',"
            " text = 'x' }]",
            "unknown objective",
        ),
        (
            "[objectives]\ncards = [{ id = 'a1', deck = 'A', points = 4, kind = 'zone_full',"
            " text = 'x' }]",
            "id: 'a1' must be a capital letter",
        ),
        (
            "[objectives]\ncards = [{ id = 'B 1', deck = 'A', points = 4, kind = 'zone_full',"
            " text = 'x' }]",
            "'B 1' must be",
        ),
        ("[zones]\ncolour = 'red'", "unknown key(s) colour"),
        ("[dice]\ncount = 8", "unknown table(s) dice"),
        ("[zones\n", "not valid TOML"),
    ],
)
def test_bad_variant_files_are_refused_with_the_key(
    tmp_path: Path, text: str, message: str
) -> None:
    variant = tmp_path / "bad.toml"
    variant.write_text(text)
    with pytest.raises(DataError, match=message.replace("(", r"\(").replace(")", r"\)")):
        load_components(str(variant))


def test_data_option_errors_name_the_option(tmp_path: Path) -> None:
    with pytest.raises(InvalidOptionError, match="cannot read") as caught:
        load("connnect", data=str(tmp_path / "missing.toml"))
    assert caught.value.option == "data"


def test_every_chance_outcome_reads_back_from_its_notation(tmp_path: Path) -> None:
    """Finding 6: a dealt objective or card must parse back from its own notation, or a
    record cannot be replayed; ids are validated (capital letter, then capitals or digits)."""
    variant = tmp_path / "ids.toml"
    variant.write_text(
        "[objectives]\ndecks = ['A', 'B']\ncards = [\n"
        " { id = 'A1', deck = 'A', points = 4, kind = 'zone_full', text = 'x' },\n"
        " { id = 'B12', deck = 'B', points = 6, kind = 'lines', count = 1, text = 'y' },\n]\n"
    )
    state = load("connnect", 2, data=str(variant)).new_initial_state()
    for _ in range(2):
        for action, _p in state.chance_outcomes():
            assert state.parse_action(str(action), CHANCE) == action
        state.apply_action(state.chance_outcomes()[0][0], CHANCE)


def test_a_variant_file_that_is_not_utf8_is_a_clear_option_error(tmp_path: Path) -> None:
    """Issue 13, defect 12: a Latin-1 comment made ``load`` raise a bare
    ``UnicodeDecodeError``; TOML files are UTF-8, so the error names the file and the byte."""
    variant = tmp_path / "latin1.toml"
    variant.write_bytes("# café\n[score_cards]\nvalues = [20, 15, 10, 5]\n".encode("latin-1"))
    with pytest.raises(InvalidOptionError) as caught:
        load("connnect", data=str(variant))
    message = str(caught.value)
    assert caught.value.option == "data"
    assert str(variant) in message
    assert "not UTF-8" in message and "byte 5" in message  # 0xe9 at offset 5 ("# caf")


def test_a_variant_file_nested_too_deeply_is_a_clear_option_error(tmp_path: Path) -> None:
    """Found by the fuzzer: tomllib recurses per nesting level, so a deep enough file raised a
    bare RecursionError instead of the documented option error."""
    path = tmp_path / "deep.toml"
    path.write_text("a = " + "[" * 5000 + "]" * 5000 + "\n", "utf-8")
    with pytest.raises(InvalidOptionError, match="nested too deeply"):
        load("connnect", data=str(path))
