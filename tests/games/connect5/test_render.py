"""The terminal drawing (Rich markup) and the SVG drawing of boards and positions."""

from __future__ import annotations

import io
import json
import re
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from rich.console import Console
from rich.markup import escape
from rich.text import Text

from connect_arena.core import load
from connect_arena.games.connect5.boards import load_board, read_board_file
from connect_arena.games.connect5.render import escape_markup, render_board
from connect_arena.games.connect5.svg import board_to_svg
from tests.games.connect5.helpers import position


def plain(markup: str) -> str:
    return Text.from_markup(markup).plain  # also proves the markup is well formed


def test_t1_position_shows_ids_tokens_doubles_and_status() -> None:
    state = position("P1:a0, P2²:b1, P1:c1, P2:a4")
    text = plain(state.render())
    lines = text.splitlines()
    assert "(●)──•──(•)" in text  # P1 on the circled a0, the single a1, the circled a2
    assert "(■■)" in text  # P2's double on b1
    assert "┼" in text  # the dot-less crossing J1
    for dot in state.cfg.ids:
        assert dot in text
    assert any(line.startswith("Red ●: supply 23, on the board  2") for line in lines)
    assert lines[-1] == (
        "board T1 (test board) (Connect Arena test board (invented for the tests)): Red ● to play"
    )
    basic = plain(position(board="basic").render()).splitlines()[-1]
    assert basic == ("board Basic (B) (Connect Arena design, not the printed board): Red ● to play")


def test_basic_board_has_coordinates_on_its_edges() -> None:
    text = plain(render_board(load_board("basic")))
    lines = text.splitlines()
    assert lines[0] == "Basic (B) — Connect Arena design, not the printed board"
    assert lines[1] == (
        "85 dots (21 circled); without a dot: 4 crossing(s), 8 T(s); 238 Connect-5 paths"
    )
    assert lines[3].split() == list("abcdefghijklm")
    assert lines[4].startswith(" 13  ┌")
    assert lines[-4].startswith("  1  └")
    assert lines[-3].split() == list("abcdefghijklm")
    assert "(•)" in text and "┼" in text and "┬" in text
    assert "circled dot" in lines[-1]


def test_the_connect5_is_highlighted_and_the_result_shown() -> None:
    state = position("P1:a0, P1:a1, P1:a2, P1:a3, P2:c4")
    state.captured = [0, 2]
    state.apply_action("place a4")
    markup = state.render()
    assert markup.count("on yellow") == 5
    text = plain(markup)
    assert "Round 1: Red ● made Connect 5 (a0 a1 a2 a3 a4); points 5, 2." in text
    assert text.splitlines()[-1] == "Game over: Red ● wins with 5 points."


def test_a_full_game_shows_the_round() -> None:
    state = position(mode="full", players=3)
    assert plain(state.render()).splitlines()[-1].startswith("round 1 of 3, board T1")


@pytest.mark.parametrize("name", ["t1", "basic", "advanced"])
def test_svg_draws_every_dot_segment_and_id(name: str) -> None:
    board = load_board(name)
    svg = board_to_svg(board, {board.dots[0].id: (0, 1), board.dots[1].id: (1, 2)})
    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    assert len(list(root.iter(f"{ns}polyline"))) == len(board.segments)
    circles = list(root.iter(f"{ns}circle"))
    rings = sum(node.circled for node in board.dots)
    assert len(circles) == board.num_dots + rings + 3  # dots, rings, 1 + 2 token discs
    texts = {t.text for t in root.iter(f"{ns}text")}
    assert {node.id for node in board.dots} <= texts
    assert len(list(root.iter(f"{ns}rect"))) == 1 + len(board.nodes) - board.num_dots
    assert "not the printed board" in svg or name == "t1"


# ----- user text in the markup, huge boards, highlights per round (review 5, 6, 10) ----------
T1_FILE = Path(__file__).parents[3] / "src/connect_arena/games/connect5/data/boards/t1.toml"
AWKWARD = ["Side B [/] of my copy", "[red]x", "[bold", "ends with \\", "a\\[b]", "[#fff on red]"]


@pytest.mark.parametrize("text", AWKWARD)
def test_escape_markup_mirrors_rich(text: str) -> None:
    """``games/`` may not import Rich; the local escape must do what ``rich.markup.escape``
    does."""
    assert escape_markup(text) == escape(text)
    assert plain(f"[bold]{escape_markup(text)}[/]") == text


@pytest.mark.parametrize("text", AWKWARD)
def test_board_names_and_origins_are_shown_verbatim(text: str, tmp_path: Path) -> None:
    """A user's board file may name itself anything: no ``MarkupError``, no restyling."""
    source = T1_FILE.read_text()
    for key in ("name", "origin"):
        line = f"{key} = {json.dumps(text)}"  # a TOML basic string is a JSON string
        source = re.sub(rf"^{key} = .*$", lambda _, line=line: line, source, count=1, flags=re.M)
    path = tmp_path / "mine.toml"
    path.write_text(source)
    board = read_board_file(path)
    assert plain(render_board(board)).splitlines()[0] == f"{text} — {text}"
    state = load("connect5", 2, board=str(path), first_player="0").new_initial_state()
    assert plain(state.render()).splitlines()[-1] == f"board {text} ({text}): Red ● to play"
    Console(file=io.StringIO()).print(state.render())  # what the CLI does with it


def test_a_board_with_huge_coordinates_is_listed_not_drawn(tmp_path: Path) -> None:
    """A valid board spanning 400 000 units would need a grid of 1.6 million columns: it is
    listed dot by dot instead, at once."""
    corners = [("a", 0, 0), ("b", 1, 0), ("c", 2, 0), ("d", 3, 0), ("e", 4, 0), ("f", 4, 4)]
    dots = ", ".join(
        f'{{ id = "{n}", x = {x * 100_000}, y = {y * 100_000} }}' for n, x, y in corners
    )
    path = tmp_path / "big.toml"
    path.write_text(
        'format = "connect-arena/connect5-board@1"\nid = "big"\nname = "Big"\n'
        f'dots = [{dots}]\nlines = [["a", "b", "c", "d", "e", "f"]]\n'
    )
    board = read_board_file(path)
    started = time.process_time()
    text = plain(render_board(board))
    assert time.process_time() - started < 1.0
    assert "does not fit a character grid" in text
    assert "(400000, 400000)" in text
    assert len(text.splitlines()) < 20


def test_a_new_round_highlights_nothing_from_the_last() -> None:
    """In a full game, round 2 starts on an empty board: the last action of round 1 (the
    Connect 5 on a4) is not marked on it."""
    state = position("P1:a0, P1:a1, P1:a2, P1:a3", mode="full")
    state.apply_action("place a4")
    assert state.round == 1 and not state.is_terminal()
    markup = state.render()
    assert "reverse" not in markup and "on yellow" not in markup
    state.apply_action("place a4")
    assert state.render().count("reverse") == 1
