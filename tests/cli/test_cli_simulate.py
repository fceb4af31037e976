"""``connect-arena simulate``: summaries, records, reproducibility, errors."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from connect_arena.core import read_record, replay
from tests.cli.clihelpers import Invoke


def _summary(cli: Invoke, *args: str) -> dict[str, Any]:
    result = cli("simulate", *args, "--json")
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    del data["seconds"]
    return data


def test_records_are_written_and_replay(cli: Invoke, tmp_path: Path) -> None:
    out = tmp_path / "records"
    args = ("simulate", "toy-pig", "--games", "4", "--seed", "11", "--out", str(out))
    result = cli(*args, "--option", "target=10")
    assert result.exit_code == 0
    files = sorted(path.name for path in out.iterdir())
    assert files == ["game-0001.json", "game-0002.json", "game-0003.json", "game-0004.json"]
    seeds = set()
    for name in files:
        record = read_record(out / name)
        assert record.players == ["random", "random"]
        assert record.options == {"target": 10}
        assert record.meta["agents"] == ["random", "random"]
        assert record.meta["simulate_seed"] == 11
        seeds.add(record.meta["seed"])
        assert replay(record).is_terminal()
    assert len(seeds) == 4
    assert "4 games of toy-pig" in result.stdout
    assert "game length: mean" in result.stdout


def test_summary_matches_the_records(cli: Invoke, tmp_path: Path) -> None:
    out = tmp_path / "records"
    data = _summary(cli, "toy-rps", "-n", "30", "--seed", "3", "-o", "rounds=1", "--out", str(out))
    wins, draws, lengths = [0, 0], 0, []
    for path in sorted(out.iterdir()):
        state = replay(read_record(path))
        returns = state.returns()
        lengths.append(len(state.history))
        if returns[0] == returns[1]:
            draws += 1
        else:
            wins[returns.index(max(returns))] += 1
    assert draws > 0
    assert data["wins"] == wins
    assert data["draws"] == draws
    assert data["games"] == 30
    assert data["max_length"] == max(lengths)
    assert data["mean_length"] == pytest.approx(sum(lengths) / len(lengths))


def test_same_seed_same_games(cli: Invoke, tmp_path: Path) -> None:
    first = _summary(cli, "toy-pig", "-n", "8", "--seed", "5", "--out", str(tmp_path / "a"))
    second = _summary(cli, "toy-pig", "-n", "8", "--seed", "5", "--out", str(tmp_path / "b"))
    other = _summary(cli, "toy-pig", "-n", "8", "--seed", "6")
    assert first == second
    assert first != other
    for path in (tmp_path / "a").iterdir():
        assert path.read_text() == (tmp_path / "b" / path.name).read_text()


def test_a_simulated_game_replays_with_play(cli: Invoke, tmp_path: Path) -> None:
    cli("simulate", "toy-pig", "-n", "1", "--seed", "8", "--out", str(tmp_path))
    simulated = read_record(tmp_path / "game-0001.json")
    saved = tmp_path / "played.json"
    seed = str(simulated.meta["seed"])
    cli("play", "toy-pig", "-p", "random,random", "--seed", seed, "--save", str(saved))
    assert read_record(saved).actions == simulated.actions


def test_json_summary_fields(cli: Invoke) -> None:
    data = _summary(cli, "toy-tictactoe", "-n", "5", "--seed", "1", "-a", "random,random")
    assert data["game"] == "toy-tictactoe"
    assert data["agents"] == ["random", "random"]
    assert data["seed"] == 1
    assert sum(data["wins"]) + data["draws"] == 5
    assert 5 <= data["max_length"] <= 9


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["nope"], "unknown game 'nope'"),
        (["toy-pig", "-a", "human,random"], "'human' cannot sit here"),
        (["toy-pig", "-a", "random"], "toy-pig is played by 2 players, not 1"),
        (["toy-pig", "-a", "random,bogus"], "unknown agent 'bogus'"),
        (["toy-pig", "-o", "target=x"], "option 'target' of toy-pig"),
    ],
)
def test_bad_input(cli: Invoke, args: list[str], message: str) -> None:
    result = cli("simulate", *args)
    assert result.exit_code == 2
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_out_must_be_a_directory(cli: Invoke, tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    result = cli("simulate", "toy-pig", "-n", "1", "--out", str(blocker))
    assert result.exit_code == 2
    assert f"cannot create {blocker}" in result.stderr


def test_at_least_one_game(cli: Invoke) -> None:
    assert cli("simulate", "toy-pig", "--games", "0").exit_code == 2


def test_ai_only_games_get_the_anti_endless_limit_unless_set(cli: Invoke, tmp_path: Path) -> None:
    """Computers can shuffle Quinque tiles for ever: simulate applies max_turns=300 unless the
    user sets it (docs/agents.md, GameType.anti_endless_option)."""
    cli("simulate", "quinque", "--games", "1", "--seed", "1", "--out", str(tmp_path / "a"))
    record = json.loads((tmp_path / "a" / "game-0001.json").read_text())
    assert record["options"]["max_turns"] == 300
    cli(
        "simulate",
        "quinque",
        "--games",
        "1",
        "--seed",
        "1",
        "--out",
        str(tmp_path / "b"),
        "--option",
        "max_turns=0",
    )
    record = json.loads((tmp_path / "b" / "game-0001.json").read_text())
    assert record["options"]["max_turns"] == 0
