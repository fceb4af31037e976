"""A CO'NNN'ECT variant data file that is not UTF-8 gives every command one clear error line
(issue 13, defect 12: ``load``, ``replay --json``, ``play`` and ``simulate`` printed a bare
``UnicodeDecodeError`` traceback)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.clihelpers import record, write_json
from tests.cli.conftest import Invoke


@pytest.fixture
def latin1(tmp_path: Path) -> Path:
    path = tmp_path / "latin1.toml"
    path.write_bytes("# café\n[score_cards]\nvalues = [20, 15, 10, 5]\n".encode("latin-1"))
    return path


def _one_clear_line(stderr: str, path: Path) -> None:
    assert "Traceback" not in stderr and "UnicodeDecodeError" not in stderr
    assert len(stderr.strip().splitlines()) == 1, stderr
    assert str(path) in stderr.replace("\n", "")
    assert "not UTF-8" in stderr


def test_play_refuses_the_file_in_one_line(cli: Invoke, latin1: Path) -> None:
    args = ("play", "connnect", "--players", "human,random", "--option", f"data={latin1}")
    result = cli(*args, input="quit\n")
    assert result.exit_code != 0
    _one_clear_line(result.stderr, latin1)


def test_simulate_refuses_the_file_in_one_line(cli: Invoke, latin1: Path) -> None:
    result = cli("simulate", "connnect", "-n", "1", "-o", f"data={latin1}")
    assert result.exit_code != 0
    _one_clear_line(result.stderr, latin1)


def test_replay_refuses_the_file_in_one_line(cli: Invoke, latin1: Path, tmp_path: Path) -> None:
    path = write_json(tmp_path / "r.json", record("connnect", [], options={"data": str(latin1)}))
    result = cli("replay", str(path))
    assert result.exit_code == 1
    _one_clear_line(result.stderr, latin1)


def test_replay_json_answers_ok_false(cli: Invoke, latin1: Path, tmp_path: Path) -> None:
    path = write_json(tmp_path / "r.json", record("connnect", [], options={"data": str(latin1)}))
    result = cli("replay", str(path), "--json")
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert data["ok"] is False
    assert str(latin1) in data["error"]["message"]
    assert "not UTF-8" in data["error"]["message"]
