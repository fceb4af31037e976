"""``connect-arena analyse`` and the ``hint`` command of ``play``."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.clihelpers import Invoke


def _record(cli: Invoke, tmp_path: Path, *moves: str) -> Path:
    """A toy-tictactoe record of ``moves`` played by two humans."""
    saved = tmp_path / "game.json"
    script = "".join(f"{move}\n" for move in (*moves, f"save {saved}", "quit"))
    result = cli("play", "toy-tictactoe", "--players", "human,human", input=script)
    assert result.exit_code == 0, result.output
    return saved


def test_analyse_finds_the_win_and_the_forced_block(cli: Invoke, tmp_path: Path) -> None:
    record = _record(cli, tmp_path, "a1", "a2", "b1", "b2")  # X: a1 b1, O: a2 b2; X to move
    result = cli("analyse", str(record), "--agent", "mcts:300", "--json")
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert (document["seat"], document["actions"]) == (0, 4)
    best = document["lines"][0]
    assert best["action"] == "c1"
    assert best["solved"] and best["value"] == 1.0
    # One action earlier O must block c1 (every other move loses at once).
    args = ("analyse", str(record), "--at", "3", "-a", "mcts:300", "--json")
    earlier = json.loads(cli(*args).stdout)
    assert earlier["seat"] == 1
    assert earlier["lines"][0]["action"] == "c1"


def test_analyse_prints_a_table(cli: Invoke, tmp_path: Path) -> None:
    record = _record(cli, tmp_path, "a1", "a2", "b1", "b2")
    result = cli("analyse", str(record), "--agent", "mcts:200", "--top", "2")
    assert result.exit_code == 0, result.output
    assert "mcts:200 for X after 4 actions" in result.stdout
    assert "proven win" in result.stdout
    assert "principal line" in result.stdout


def test_analyse_refuses_what_it_cannot_do(cli: Invoke, tmp_path: Path) -> None:
    record = _record(cli, tmp_path, "a1", "a2", "b1", "b2", "c1")  # X has won
    over = cli("analyse", str(record))
    assert over.exit_code == 2
    assert "the game is over" in over.stderr
    assert "has 5 actions" in cli("analyse", str(record), "--at", "9").stderr
    assert "only MCTS agents" in cli("analyse", str(record), "--at", "1", "-a", "greedy").stderr
    assert "seat 0 may not act" in cli("analyse", str(record), "--at", "1", "--seat", "0").stderr
    # A record whose later part does not replay can still be analysed before it.
    data = json.loads(record.read_text(encoding="utf-8"))
    data["actions"].append("a1")  # a1 is taken
    record.write_text(json.dumps(data), encoding="utf-8")
    assert cli("analyse", str(record)).exit_code == 1
    assert cli("analyse", str(record), "--at", "2", "-a", "mcts:20").exit_code == 0
    broken = tmp_path / "broken.json"
    broken.write_text("{", encoding="utf-8")
    assert cli("analyse", str(broken)).exit_code == 1


def test_hint_in_the_terminal(cli: Invoke) -> None:
    script = "a1\na2\nb1\nb2\nhint\nquit\n"
    result = cli("play", "toy-tictactoe", "--players", "human,human", input=script)
    assert result.exit_code == 0, result.output
    assert "hint for X" in result.stdout
    after = result.stdout.split("hint for X", 1)[1]
    first_row = next(line for line in after.splitlines() if line.strip("│ ").startswith("1 "))
    assert "c1" in first_row
    assert "proven win" in first_row
