"""The miner (determinism from a seed), the shipped puzzles (re-proven) and the CLI."""

from __future__ import annotations

import json
from importlib.resources import files
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from typer.testing import CliRunner

from connect_arena.agents import mcts
from connect_arena.agents.puzzles.miner import PUZZLE_FORMAT, mine, position_of, verify
from connect_arena.cli.app import app

SHIPPED = ("quinque", "connect5", "connnect", "pairs")


def shipped(game: str) -> list[dict[str, Any]]:
    text = files("connect_arena.agents.puzzles").joinpath("data", f"{game}.json").read_text()
    data = json.loads(text)
    assert data["format"] == PUZZLE_FORMAT
    puzzles: list[dict[str, Any]] = data["puzzles"]
    return puzzles


def test_the_miner_is_deterministic_from_its_seed() -> None:
    first = mine("connect5", seed=7, games=3, scan=4)
    assert first, "three Connect 5 games give at least one puzzle"
    assert mine("connect5", seed=7, games=3, scan=4) == first
    for puzzle in first:
        state = position_of(puzzle)
        assert state.current_player == puzzle["mover"]
        assert puzzle["source"]["seed"] == 7
        assert 1 <= puzzle["difficulty"] <= 5
        assert puzzle["themes"]


def test_the_miner_ignores_the_levels_time_caps(monkeypatch: pytest.MonkeyPatch) -> None:
    """On a machine too slow for a level's time cap the puzzles are the same: the miner's MCTS
    levels search by their simulation counts (a loaded CI machine mined other puzzles)."""
    first = mine("connect5", seed=7, games=2, scan=4)
    ticks = iter(range(0, 10**9, 1000))  # every reading of the clock: 1,000 s later
    clock = SimpleNamespace(perf_counter=lambda: float(next(ticks)))
    monkeypatch.setattr(mcts, "time", clock)  # the search's clock only
    assert mine("connect5", seed=7, games=2, scan=4) == first


@pytest.mark.parametrize("game", SHIPPED)
def test_shipped_puzzles_are_unique_and_well_formed(game: str) -> None:
    puzzles = shipped(game)
    assert puzzles
    assert len({puzzle["id"] for puzzle in puzzles}) == len(puzzles)
    assert all(puzzle["game"] == game and puzzle["answer"] for puzzle in puzzles)


@pytest.mark.parametrize("game", SHIPPED)
def test_a_sample_of_shipped_puzzles_is_re_proven(game: str) -> None:
    puzzles = shipped(game)
    step = max(1, len(puzzles) // 5)
    for puzzle in puzzles[::step][:5]:
        assert verify(puzzle) is None, puzzle["id"]


def test_verify_reports_a_wrong_answer() -> None:
    puzzle = dict(shipped("connect5")[0])
    puzzle["answer"] = ["pass"]
    assert verify(puzzle) is not None


def test_cli_mine_verify_export(tmp_path: Path) -> None:
    runner = CliRunner()
    out = tmp_path / "c5.json"
    mined = runner.invoke(
        app,
        [
            "puzzles",
            "mine",
            "connect5",
            "--seed",
            "7",
            "--games",
            "3",
            "--scan",
            "4",
            "--out",
            str(out),
        ],
    )
    assert mined.exit_code == 0, mined.output
    puzzles = json.loads(out.read_text())["puzzles"]
    assert puzzles == mine("connect5", seed=7, games=3, scan=4)
    checked = runner.invoke(app, ["puzzles", "verify", str(out)])
    assert checked.exit_code == 0, checked.output
    assert f"{len(puzzles)}/{len(puzzles)} puzzles verified" in checked.output
    lines = tmp_path / "c5.jsonl"
    exported = runner.invoke(app, ["puzzles", "export", str(out), "--out", str(lines)])
    assert exported.exit_code == 0, exported.output
    assert [json.loads(line) for line in lines.read_text().splitlines()] == puzzles


def test_cli_verify_refuses_a_file_of_another_format(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "something else"}')
    result = CliRunner().invoke(app, ["puzzles", "verify", str(bad)])
    assert result.exit_code != 0
    assert "not a connect-arena/puzzles@1 file" in result.output


def test_cli_mine_refuses_an_unknown_game(tmp_path: Path) -> None:
    # Every registered game has puzzle kinds now (Connect Pairs: best roll).
    out = tmp_path / "p.json"
    result = CliRunner().invoke(
        app, ["puzzles", "mine", "nosuch", "--games", "1", "--out", str(out)]
    )
    assert result.exit_code != 0
    assert not out.exists()
