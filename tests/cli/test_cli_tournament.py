"""``connect-arena tournament``: the table, the JSON document, the plot, errors."""

from __future__ import annotations

import json
import shlex
import sys
from collections import Counter
from itertools import permutations
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from connect_arena.cli.app import app
from tests.cli.clihelpers import Invoke
from tests.cli.conftest import ENV

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _document(cli: Invoke, tmp_path: Path, *args: str) -> dict[str, Any]:
    out = tmp_path / "tournament.json"
    result = cli("tournament", *args, "--out", str(out))
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    return data


def test_table_json_and_plot(cli: Invoke, tmp_path: Path) -> None:
    out, plot = tmp_path / "t.json", tmp_path / "t.png"
    args = ("toy-tictactoe", "--agents", "random,random,random", "--games", "3", "--seed", "9")
    result = cli("tournament", *args, "--out", str(out), "--plot", str(plot))
    assert result.exit_code == 0, result.output
    for text in ("toy-tictactoe: 18 games, 2 seats", "random#2", "random#3", "Elo ±95%"):
        assert text in result.stdout
    assert "3 round(s) × 6 lineup(s); seed 9" in result.stdout
    assert plot.read_bytes().startswith(PNG_SIGNATURE)
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["format"] == "connect-arena/tournament@1"
    assert (data["game"], data["players"], data["seed"], data["rounds"]) == (
        "toy-tictactoe",
        2,
        9,
        3,
    )
    assert [agent["name"] for agent in data["agents"]] == ["random", "random#2", "random#3"]
    assert data["teams"] == [[0], [1]]
    assert data["rating"]["method"] == "elo"
    assert len(data["schedule"]) == 6
    assert len(data["games"]) == 18
    summary_keys = {"agent", "spec", "games", "wins", "draws", "losses", "mean_return"}
    for row in data["summary"]:
        assert summary_keys | {"mean_rank", "rating", "rating_low", "rating_high"} | {
            "moves",
            "seconds_per_move",
            "max_seconds_per_move",
        } == set(row)
        assert row["moves"] > 0
        assert 0 < row["seconds_per_move"] <= row["max_seconds_per_move"]
        assert row["games"] == 12
        assert row["wins"] + row["draws"] + row["losses"] == 12
        assert row["rating_low"] < row["rating"] < row["rating_high"]


def test_every_game_is_recorded_with_paired_seeds(cli: Invoke, tmp_path: Path) -> None:
    data = _document(cli, tmp_path, "toy-pig", "-a", "random,random", "-n", "4", "--seed", "2")
    games = data["games"]
    assert set(games[0]) == {"round", "seating", "seed", "lineup", "agents", "specs"} | {
        "returns",
        "length",
        "moves",
        "think",
        "slowest",
    }
    seeds: dict[int, set[int]] = {}
    for game in games:
        seeds.setdefault(game["round"], set()).add(game["seed"])
        assert game["agents"] == [data["agents"][entrant]["name"] for entrant in game["lineup"]]
        assert len(game["returns"]) == 2
        assert game["length"] > 0
        assert 0 < sum(game["moves"]) <= game["length"]
    assert sorted(seeds) == [0, 1, 2, 3]
    assert all(len(round_seeds) == 1 for round_seeds in seeds.values())
    assert len({next(iter(round_seeds)) for round_seeds in seeds.values()}) == 4
    assert Counter(tuple(game["lineup"]) for game in games) == {(0, 1): 4, (1, 0): 4}


def test_the_same_seed_gives_the_same_tournament(cli: Invoke, tmp_path: Path) -> None:
    args = ("toy-rps", "--agents", "random,random", "--games", "3", "--seed", "4")
    first = _document(cli, tmp_path, *args)
    second = _document(cli, tmp_path, *args)
    timings = {"think", "slowest", "seconds_per_move", "max_seconds_per_move"}
    for key in ("games", "summary"):
        rows = [
            [{k: v for k, v in row.items() if k not in timings} for row in doc[key]]
            for doc in (first, second)
        ]
        assert rows[0] == rows[1]


def test_parallel_jobs_play_the_same_games(cli: Invoke, tmp_path: Path) -> None:
    args = ("toy-pig", "--agents", "random,mcts:20", "--games", "3", "--seed", "5")
    serial = _document(cli, tmp_path, *args)
    parallel = _document(cli, tmp_path, *args, "--jobs", "2")

    def outcomes(data: dict[str, Any]) -> list[tuple[Any, ...]]:
        keys = ("round", "seating", "seed", "lineup", "returns", "length", "moves")
        return [tuple(str(game[key]) for key in keys) for game in data["games"]]

    assert outcomes(serial) == outcomes(parallel)
    assert [row["rating"] for row in serial["summary"]] == [
        row["rating"] for row in parallel["summary"]
    ]


def test_permutation_seatings(cli: Invoke, tmp_path: Path) -> None:
    args = ("connect5", "--players", "3", "-a", "random,random,random", "-n", "1", "--seed", "3")
    data = _document(cli, tmp_path, *args, "--seatings", "permutations", "-o", "idle_limit=5")
    assert data["seatings"] == "permutations"
    assert sorted(map(tuple, data["schedule"])) == sorted(permutations(range(3)))
    assert len(data["games"]) == 6
    bad = cli("tournament", "toy-tictactoe", "-a", "random,random", "--seatings", "shuffled")
    assert bad.exit_code == 2
    assert "unknown seatings 'shuffled'" in bad.stderr


def test_teams_are_rated_with_openskill(cli: Invoke, tmp_path: Path) -> None:
    args = ("pairs", "--players", "4", "-a", "random,random", "-n", "1", "--seed", "1")
    data = _document(cli, tmp_path, *args, "-o", "max_rounds=2")
    assert data["teams"] == [[0, 1], [2, 3]]
    assert data["rating"]["method"] == "openskill"
    assert len(data["games"]) == 12  # 3 + 3 random, 2 + 2, 1 + 3 random#2; 4 rotations each
    assert [row["games"] for row in data["summary"]] == [24, 24]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("toy-tictactoe", "--agents", "random"), "at least two agents"),
        (("toy-tictactoe", "--agents", "random,nobody"), "unknown agent 'nobody'"),
        (("toy-tictactoe", "--agents", "random,,random"), "empty entry"),
        (("toy-tictactoe", "--agents", "human,random"), "'human' cannot play"),
        (("toy-tictactoe", "--agents", "random,random", "--players", "3"), "not 3"),
        (("no-such-game", "--agents", "random,random"), "unknown game"),
        (("toy-pig", "--agents", "random,random", "-o", "target=1"), "target"),
    ],
)
def test_bad_input_is_one_line_and_status_2(
    cli: Invoke, args: tuple[str, ...], message: str
) -> None:
    result = cli("tournament", *args)
    assert result.exit_code == 2
    assert message in result.stderr
    assert "Traceback" not in result.output


def test_an_unwritable_file_is_a_user_error(cli: Invoke, tmp_path: Path) -> None:
    missing = tmp_path / "no" / "such" / "dir" / "t.json"
    args = ("toy-tictactoe", "--agents", "random,random", "-n", "1", "--out", str(missing))
    result = cli("tournament", *args)
    assert result.exit_code == 2
    assert "cannot write" in result.stderr


def test_the_results_table_fits_80_columns_with_a_long_engine_command() -> None:
    python = shlex.quote(sys.executable)
    engine = f"engine:{python} -m connect_arena.engine --agent greedy --seed 4"
    args = ["tournament", "quinque", "-a", f"random,{engine}", "-n", "1", "--seed", "1"]
    result = CliRunner().invoke(app, args, env={**ENV, "COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert max(len(line) for line in lines) <= 80
    assert "…" not in result.stdout  # no header nor name cut short
    agent_cells = "".join(line.split("│")[1].strip() for line in lines if line.startswith("│"))
    assert "-mconnect_arena.engine--agentgreedy--seed4" in agent_cells.replace(" ", "")
    assert "W/D/L won/drawn/lost" in result.stdout  # the short headers' legend
