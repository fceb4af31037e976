"""``connect-arena play``: humans through stdin, agents, chance, simultaneous phases, errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from connect_arena.core import read_record, replay
from tests.cli.clihelpers import X_WINS_BOARD, Invoke, lines


def _feed(*commands: str) -> str:
    return "".join(f"{command}\n" for command in commands)


def test_human_game_with_listing_errors_undo_save_and_replay(cli: Invoke, tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    script = _feed(
        "?", "a1", "a1", "zz", "a2", "b1", "undo", "b1", "b2", "c1", "c3", f"save {saved}", "quit"
    )
    result = cli("play", "toy-tictactoe", "--players", "human,human", input=script)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "9 legal actions:" in out
    assert "a1  b1  c1  a2  b2  c2  a3  b3  c3" in out
    assert "square a1 is already taken" in out
    assert "'zz' is not a square" in out
    assert "undone: b1" in out
    assert "Game over after 5 actions: X wins" in out
    assert "the game is over" in out  # c3 typed after the end
    assert f"saved 5 actions to {saved}" in out
    assert X_WINS_BOARD in "\n".join(lines(out))
    # The illegal, invalid and undone moves left no trace in the record.
    assert read_record(saved).actions == ["a1", "a2", "b1", "b2", "c1"]
    replayed = cli("replay", str(saved))
    assert replayed.exit_code == 0
    assert X_WINS_BOARD in "\n".join(lines(replayed.stdout))
    assert "X wins" in replayed.stdout


def test_prompt_names_the_seat_and_who_sits_there(cli: Invoke) -> None:
    result = cli("play", "toy-tictactoe", "-p", "human,human", input=_feed("b2", "help"))
    assert "X (human) to move" in result.stdout
    assert "O (human) > help" in result.stdout
    assert "save FILE" in result.stdout


def test_board_command_shows_the_position_again(cli: Invoke) -> None:
    result = cli("play", "toy-tictactoe", "-p", "human,human", input=_feed("b2", "board"))
    board = "3  . . .\n2  . X .\n1  . . .\n   a b c"
    assert "\n".join(lines(result.stdout)).count(board) == 2


def test_undo_needs_every_seat_human(cli: Invoke) -> None:
    result = cli("play", "toy-tictactoe", "--seed", "1", input=_feed("b2", "undo"))
    assert "undo is only available when every seat is human" in result.stdout
    assert "undone" not in result.stdout


def test_undo_with_nothing_to_undo(cli: Invoke) -> None:
    result = cli("play", "toy-tictactoe", "-p", "human,human", input=_feed("undo"))
    assert "there is nothing to undo" in result.stdout


def test_save_problems_are_reported_and_the_game_goes_on(cli: Invoke, tmp_path: Path) -> None:
    missing = tmp_path / "no" / "such" / "dir.json"
    result = cli(
        "play", "toy-tictactoe", "-p", "human,human", input=_feed("save", f"save {missing}", "b2")
    )
    assert result.exit_code == 0
    assert "usage: save FILE" in result.stdout
    assert f"cannot write {missing}" in result.stdout
    assert "O (human) to move" in result.stdout


def test_end_of_input_leaves_cleanly(cli: Invoke) -> None:
    result = cli("play", "toy-tictactoe", "-p", "human,human", input="b2\n")
    assert result.exit_code == 0
    assert "End of input: leaving the game." in result.stdout


def test_human_against_computer(cli: Invoke, tmp_path: Path) -> None:
    squares = [f"{column}{row}" for row in "123" for column in "abc"]
    saved = tmp_path / "game.json"
    args = ("play", "toy-tictactoe", "--seed", "5", "--save", str(saved))
    result = cli(*args, input=_feed(*squares))
    assert result.exit_code == 0, result.output
    assert "X (human), O (random)" in result.stdout
    assert "O (random) plays: " in result.stdout
    assert "Game over after" in result.stdout
    assert "Type save FILE to keep the record" in result.stdout
    state = replay(read_record(saved))
    assert state.is_terminal()
    players = read_record(saved).players
    assert players == ["human", "random"]


def test_computer_against_computer_needs_no_input(cli: Invoke, tmp_path: Path) -> None:
    saved = tmp_path / "pig.json"
    args = ("play", "toy-pig", "-p", "random,random", "--seed", "3", "--save", str(saved))
    result = cli(*args)
    assert result.exit_code == 0
    out = result.stdout
    assert " > " not in out  # no prompt at all
    assert "chance: roll " in out
    assert "Red (random) plays: roll" in out
    assert "Game over after" in out
    record = read_record(saved)
    assert record.meta == {"seed": 3}
    assert replay(record).is_terminal()
    assert f"Game over after {len(record.actions)} actions" in out
    assert cli(*args).stdout == out  # the same seed plays the same game


def test_chance_outcomes_are_announced_and_not_typed(cli: Invoke) -> None:
    result = cli(
        "play", "toy-pig", "-p", "human,human", "--seed", "2", input=_feed("roll 3", "roll")
    )
    out = result.stdout
    assert "dice outcomes are rolled by chance, not by a player" in out
    assert "chance: roll " in out


def test_undo_takes_back_the_chance_outcomes_after_the_action(cli: Invoke, tmp_path: Path) -> None:
    saved = tmp_path / "pig.json"
    script = _feed("roll", "undo", f"save {saved}")
    result = cli("play", "toy-pig", "-p", "human,human", "--seed", "4", input=script)
    assert "undone: roll, roll " in result.stdout
    assert read_record(saved).actions == []


def test_simultaneous_choices_stay_hidden_until_revealed(cli: Invoke, tmp_path: Path) -> None:
    saved = tmp_path / "rps.json"
    script = _feed("?", "paper", "paper", "paper", f"save {saved}")
    result = cli("play", "toy-rps", "--seed", "1", "-p", "human,random", input=script)
    out = result.stdout
    assert "North (human) to choose (simultaneous)" in out
    assert "3 legal actions of North:" in out
    first_choice = out.index("South (random) has chosen.")
    first_reveal = out.index("revealed: North (human) chose paper; South (random) chose ")
    assert first_choice < first_reveal
    assert "South (random) plays" not in out
    assert "South has chosen (hidden)" in out
    actions = read_record(saved).actions
    assert all(not isinstance(action, str) for action in actions)
    assert {action.seat for action in actions if not isinstance(action, str)} == {0, 1}


def test_two_humans_in_a_simultaneous_game(cli: Invoke, tmp_path: Path) -> None:
    saved = tmp_path / "rps.json"
    script = _feed("rock", "scissors", "rock", "scissors", f"save {saved}")
    result = cli("play", "toy-rps", "-p", "human,human", input=script)
    assert "South (human) > scissors" in result.stdout
    assert "Game over after 4 actions: North wins" in result.stdout
    data = json.loads(saved.read_text())
    assert data["actions"][:2] == [
        {"seat": 0, "action": "rock"},
        {"seat": 1, "action": "scissors"},
    ]


def test_options_reach_the_game(cli: Invoke) -> None:
    result = cli("play", "toy-rps", "-p", "random,random", "--option", "rounds=1", "--seed", "9")
    assert result.exit_code == 0
    assert "Game over after 2 actions" in result.stdout
    assert "(Run with --save FILE to keep the record.)" in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["nope"], "unknown game 'nope'"),
        (["toy-pig", "--option", "target=abc"], "option 'target' of toy-pig: 'abc' is not valid"),
        (["toy-pig", "-o", "speed=3"], "toy-pig has no option 'speed'"),
        (["toy-pig", "-o", "target"], "option 'target' is not of the form key=value"),
        (["toy-tictactoe", "-p", "human,random,random"], "played by 2 players, not 3"),
        (["toy-tictactoe", "-p", "human"], "played by 2 players, not 1"),
        (["toy-tictactoe", "-p", "human,,random"], "empty entry"),
        (["toy-tictactoe", "-p", "human,bogus"], "unknown agent 'bogus'"),
    ],
)
def test_bad_input_is_one_red_line_and_status_2(cli: Invoke, args: list[str], message: str) -> None:
    result = cli("play", *args)
    assert result.exit_code == 2
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert result.stderr.startswith("error: ")
    assert result.stdout == ""


def test_unwritable_save_file_is_reported(cli: Invoke, tmp_path: Path) -> None:
    target = tmp_path / "missing" / "game.json"
    result = cli("play", "toy-rps", "-p", "random,random", "--seed", "1", "--save", str(target))
    assert result.exit_code == 2
    assert f"cannot write {target}" in result.stderr


def test_a_drawn_game_says_draw(cli: Invoke) -> None:
    args = ("play", "toy-rps", "-p", "human,human", "-o", "rounds=1")
    result = cli(*args, input=_feed("rock", "rock"))
    assert "Game over after 2 actions: draw" in result.stdout
    rows = [line for line in result.stdout.splitlines() if line.startswith(("│ North", "│ South"))]
    returns = [row.split("│")[1:4] for row in rows]
    assert [[cell.strip() for cell in row] for row in returns] == [
        ["North", "human", "0"],
        ["South", "human", "0"],
    ]


def test_resign_with_two_sides_ends_the_game_and_is_recorded(cli: Invoke, tmp_path: Path) -> None:
    saved = tmp_path / "resigned.json"
    script = _feed("b2", "resign", f"save {saved}", "quit")
    result = cli("play", "toy-tictactoe", "-p", "human,human", input=script)
    assert result.exit_code == 0, result.output
    assert "O (human) resigns." in result.stdout
    assert "Game over after 1 actions: X wins (O resigned)" in result.stdout
    meta = json.loads(saved.read_text())["meta"]
    assert meta["reason"] == "resignation" and meta["resigned"] == [1]
    assert meta["returns"] == [1.0, -1.0]


def test_resign_with_more_sides_lets_the_computer_play_on(cli: Invoke) -> None:
    """Connect 5 with three players: the first person to resign is ranked last and the
    computer plays the seat; when the last person resigns, the seat left wins."""
    script = _feed("resign", "resign", "quit")
    result = cli("play", "connect5", "-p", "human,human,random", "--seed", "3", input=script)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "resigns: ranked last, the computer plays on" in out
    assert "resigned; mcts:normal plays on" in out
    assert "Game over after" in out and "resigned)" in out


def test_a_game_between_computers_gets_the_anti_endless_limit(cli: Invoke, tmp_path: Path) -> None:
    """Two random Connect 5 players can shuffle for ever; with no human seat the game's
    anti-endless option (``idle_limit``) applies, as in ``simulate`` and on the server."""
    saved = tmp_path / "c5.json"
    result = cli("play", "connect5", "-p", "random,random", "--seed", "1", "--save", str(saved))
    assert result.exit_code == 0
    record = read_record(saved)
    assert record.options["idle_limit"] > 0
    assert replay(record).is_terminal()
