"""The terminal diagram (Rich markup) and the JSON observation."""

from __future__ import annotations

import json
import re

from connect_arena.core import load
from connect_arena.games.pairs.render import token
from tests.games.pairs.helpers import ANN, BOB, X2, Y1, complete_on_roll, position, roll

TAG = re.compile(r"\[(?:/|[a-z#@][^\[\]]*)\]")


def plain(text: str) -> str:
    """The diagram without its markup."""
    return TAG.sub("", text)


def test_tokens_are_coloured_letters() -> None:
    assert token(0) == "[bold red]A[/]"
    assert plain(token(-1)) == "·"


def test_shared_board_and_both_partners_side_by_side() -> None:
    state = position(zones={ANN: {3: "ACF"}, BOB: {6: "EE"}}, tops={BOB: "-E--"})
    roll(state, "1 2 3")
    text = plain(state.render(ANN))
    lines = text.splitlines()
    assert "key     1:A  2:B  3:C  4:D  5:E  6:F" in text
    assert "supply  A×10  B×11  C×10  D×11  E×8   F×10" in text
    assert "pawn    100" in text
    names = next(line for line in lines if "X1 (you)" in line)
    assert names.index("X2") > names.index("X1 (you)")  # side by side
    tops = next(line for line in lines if line.strip().startswith("top"))
    assert tops.count("top") == 2 and "[E]" in tops
    assert any(line.strip().startswith("1:· · ·  2:· · ·  3:A C F") for line in lines)
    assert any(line.rstrip().endswith("4:· · ·  5:· · ·  6:E E ·") for line in lines)
    assert "dice  ⚀ 1 ⚁ 2 ⚂ 3   (all different)" in text
    assert "X1 to play" in text and "connect" in text


def test_columns_line_up_without_markup() -> None:
    state = position(zones={ANN: {1: "ABC"}}, tops={ANN: "AB--"})
    lines = plain(state.render()).splitlines()
    board = [line for line in lines if re.match(r"\s+(top|\d:)", line)]
    assert len(board) == 3
    column = board[0].index("top", 5)  # the second board's top row
    assert [line[column : column + 2] for line in board] == ["to", "1:", "4:"]


def test_viewers_pair_comes_first_and_only_pair_x_shows_the_pawn() -> None:
    state = position(4)
    text = plain(state.render(Y1))
    assert text.index("pair Y (") < text.index("pair X (")
    assert text.count("pawn") == 1 and "Y1 (you)" in text


def test_status_lines_for_each_decision() -> None:
    setup = load("pairs", first_player="0").new_initial_state()
    assert "set your pair's key" in plain(setup.render())
    state = position(zones={ANN: {1: "A"}, BOB: {1: "ACD"}})
    roll(state, "1 2 3")
    state.apply_action("connect")
    assert "connecting" in plain(state.render())
    state.apply_action("give 1A")
    assert "X1 offers A of zone 1" in plain(state.render(BOB))
    event = position(zones={ANN: {2: "FF"}}, tops={ANN: "ABCD"})
    roll(event, "6 2 1")
    event.apply_action("take F 1 2")
    assert "three of a subject in zone 2" in plain(event.render())


def test_game_over_names_the_winning_pair() -> None:
    state = position(4, turn=X2)
    complete_on_roll(state, X2)
    roll(state, "1 1 2")
    roll(state, "6 6 6")
    roll(state, "6 6 6")
    text = plain(state.render())
    assert "Game over" in text and "pair X wins with 100 points" in text
    assert "sequence complete" in text


def test_matching_rows_are_shown_until_the_round_decides() -> None:
    """Several pairs (PG-30): rows that match mid-round are shown as such, not as complete."""
    state = position(4, turn=X2)
    complete_on_roll(state, X2)
    roll(state, "1 1 2")
    text = plain(state.render())
    assert "rows match (checked at the end of the round)" in text
    assert "sequence complete" not in text


def test_observation_is_json_and_complete() -> None:
    state = position(zones={ANN: {3: "CA"}}, tops={ANN: "B---"})
    roll(state, "1 2 3")
    view = state.observation(BOB)
    assert json.loads(json.dumps(view)) == view
    assert view["boards"][ANN] == {
        "zones": ["", "", "AC", "", "", ""],
        "top": ["B", None, None, None],
    }
    assert view["pairs"][0]["key"] == "ABCDEF" and view["pairs"][0]["supply"]["A"] == 10
    assert view["dice"] == [1, 2, 3] and view["stage"] == "choose" and view["to_move"] == ANN
    assert view["pawn"] == 100 and view["totals"] == [0] and view["terminal"] is False
