"""``connect-arena replay``: final positions, --json, --step, and every kind of bad record."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.cli.clihelpers import X_WINS_BOARD, Invoke, lines, record, write_json

X_WINS = ["a1", "a2", "b1", "b2", "c1"]


def _json(cli: Invoke, path: Path) -> tuple[int, dict[str, Any]]:
    result = cli("replay", str(path), "--json")
    return result.exit_code, json.loads(result.stdout)


def test_final_position_turn_returns_and_legal_actions(cli: Invoke, tmp_path: Path) -> None:
    path = write_json(tmp_path / "r.json", record("toy-tictactoe", ["b2", "a1"]))
    result = cli("replay", str(path))
    assert result.exit_code == 0
    out = "\n".join(lines(result.stdout))
    assert "3  . . .\n2  . X .\n1  O . .\n   a b c" in out
    assert "X (human) to move" in out
    assert "2 actions replayed; the game is not over." in out
    assert "7 legal actions:" in out
    assert "b1  c1  a2  c2  a3  b3  c3" in out


def test_finished_game(cli: Invoke, tmp_path: Path) -> None:
    path = write_json(tmp_path / "r.json", record("toy-tictactoe", X_WINS))
    result = cli("replay", str(path))
    out = "\n".join(lines(result.stdout))
    assert X_WINS_BOARD in out
    assert "Game over after 5 actions: X wins" in out
    assert "no legal actions: the game is over" in out


def test_json_of_a_game_in_progress(cli: Invoke, tmp_path: Path) -> None:
    path = write_json(tmp_path / "r.json", record("toy-tictactoe", ["b2"]))
    status, data = _json(cli, path)
    assert status == 0
    assert data == {
        "ok": True,
        "game": "toy-tictactoe",
        "terminal": False,
        "chance": False,
        "returns": [0.0, 0.0],
        "to_move": 1,
        "legal_actions": ["a1", "b1", "c1", "a2", "c2", "a3", "b3", "c3"],
        "actions": 1,
    }


def test_json_of_a_finished_game(cli: Invoke, tmp_path: Path) -> None:
    path = write_json(tmp_path / "r.json", record("toy-tictactoe", X_WINS))
    status, data = _json(cli, path)
    assert status == 0
    assert data["terminal"] is True
    assert data["returns"] == [1.0, -1.0]
    assert data["to_move"] is None
    assert data["legal_actions"] == []
    assert data["actions"] == 5


def test_json_at_a_chance_node(cli: Invoke, tmp_path: Path) -> None:
    path = write_json(tmp_path / "r.json", record("toy-pig", ["roll"], options={"target": 10}))
    status, data = _json(cli, path)
    assert status == 0
    assert data["chance"] is True
    assert data["to_move"] is None
    assert data["legal_actions"] == [f"roll {die}" for die in range(1, 7)]


def test_record_with_simultaneous_tagged_actions(cli: Invoke, tmp_path: Path) -> None:
    actions = [
        {"seat": 1, "action": "rock"},
        {"seat": 0, "action": "paper"},
        {"seat": 0, "action": "scissors"},
    ]
    path = write_json(tmp_path / "r.json", record("toy-rps", actions))
    status, data = _json(cli, path)
    assert status == 0
    assert data["to_move"] == [1]  # seat 0 has chosen in round 2, seat 1 has not
    assert data["legal_actions"] == [
        {"seat": 1, "action": "rock"},
        {"seat": 1, "action": "paper"},
        {"seat": 1, "action": "scissors"},
    ]
    result = cli("replay", str(path))
    assert "round 2 of 3: North 1 - 0 South" in result.stdout
    assert "South (random) to choose (simultaneous)" in result.stdout
    assert "3 legal actions of South:" in result.stdout


def test_step_shows_every_position(cli: Invoke, tmp_path: Path) -> None:
    path = write_json(tmp_path / "r.json", record("toy-tictactoe", ["b2", "a1", "c3"]))
    result = cli("replay", str(path), "--step")
    assert result.exit_code == 0
    out = "\n".join(lines(result.stdout))
    for heading in ("initial position", "action 0: X b2", "action 1: O a1", "action 2: X c3"):
        assert heading in out
    assert out.index("action 1: O a1") < out.index("1  O . .")
    assert "end of the record" in out


BAD_RECORDS: list[tuple[str, str, int | None, str]] = [
    ("bad-json", "{not json", None, "Invalid JSON"),
    ("wrong-format", json.dumps(record("toy-pig", []) | {"format": "chess/pgn"}), None, "format"),
    ("missing-field", json.dumps({"format": "connect-arena/record@1"}), None, "players"),
    ("unknown-game", json.dumps(record("nope", [])), None, "unknown game 'nope'"),
    ("bad-option", json.dumps(record("toy-pig", [], options={"target": 1})), None, "target"),
    ("illegal", json.dumps(record("toy-tictactoe", ["b2", "a1", "b2"])), 2, "already taken"),
    ("not-notation", json.dumps(record("toy-tictactoe", ["b2", "x9"])), 1, "not a square"),
    ("untagged", json.dumps(record("toy-rps", ["rock"])), 0, "several players may act now"),
    ("chance-as-player", json.dumps(record("toy-pig", ["roll 6"])), 0, "rolled by chance"),
]


@pytest.mark.parametrize(("name", "text", "index", "message"), BAD_RECORDS)
def test_bad_record_json(
    cli: Invoke, tmp_path: Path, name: str, text: str, index: int | None, message: str
) -> None:
    path = tmp_path / f"{name}.json"
    path.write_text(text)
    status, data = _json(cli, path)
    assert status == 1
    assert data["ok"] is False
    assert data["error"]["index"] == index
    assert message in data["error"]["message"]


@pytest.mark.parametrize(("name", "text", "index", "message"), BAD_RECORDS)
def test_bad_record_text(
    cli: Invoke, tmp_path: Path, name: str, text: str, index: int | None, message: str
) -> None:
    path = tmp_path / f"{name}.json"
    path.write_text(text)
    result = cli("replay", str(path))
    assert result.exit_code == 1
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    if index is not None:
        assert f"action {index} " in result.stderr
        assert f"Position before the bad action (after {index} actions):" in result.stdout


def test_position_before_the_illegal_action_is_shown(cli: Invoke, tmp_path: Path) -> None:
    path = write_json(tmp_path / "r.json", record("toy-tictactoe", ["b2", "a1", "b2", "c3"]))
    result = cli("replay", str(path))
    assert "3  . . .\n2  . X .\n1  O . .\n   a b c" in "\n".join(lines(result.stdout))
    assert "X (human) to move" in result.stdout
    assert "action 2 ('b2'): square b2 is already taken" in result.stderr


def test_step_stops_at_the_bad_action(cli: Invoke, tmp_path: Path) -> None:
    path = write_json(tmp_path / "r.json", record("toy-tictactoe", ["b2", "a1", "b2"]))
    result = cli("replay", str(path), "--step")
    assert result.exit_code == 1
    assert "action 1: O a1" in result.stdout
    assert "action 2:" not in result.stdout


def test_truncated_record(cli: Invoke, tmp_path: Path) -> None:
    full = json.dumps(record("toy-tictactoe", X_WINS), indent=2)
    path = tmp_path / "cut.json"
    path.write_text(full[: len(full) // 2])
    status, data = _json(cli, path)
    assert status == 1
    assert "Invalid JSON" in data["error"]["message"]


def test_missing_and_unreadable_files(cli: Invoke, tmp_path: Path) -> None:
    missing = tmp_path / "missing.json"
    result = cli("replay", str(missing))
    assert result.exit_code == 1
    assert result.stderr.strip() == f"error: cannot read {missing}: No such file or directory"
    status, data = _json(cli, tmp_path)  # a directory
    assert status == 1
    assert "cannot read" in data["error"]["message"]
