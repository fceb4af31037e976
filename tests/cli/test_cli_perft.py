"""``connect-arena perft``: counts from a game's start or a record's end, --divide, errors."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from connect_arena.core import read_record, replay
from connect_arena.core.perft import perft
from tests.cli.clihelpers import Invoke, record, write_json


def _total(output: str) -> int:
    match = re.search(r"^(\d+) positions at depth \d+$", output, re.MULTILINE)
    assert match, output
    return int(match.group(1))


def _divide_rows(output: str) -> dict[str, int]:
    rows = re.findall(r"^│ (\S+(?: \S+)*) +│ +(\d+) │$", output, re.MULTILINE)
    return {action: int(count) for action, count in rows}


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["toy-tictactoe", "--depth", "3"], 504),
        (["toy-tictactoe", "-d", "0"], 1),
        (["toy-pig", "-d", "4"], 41),
        (["toy-rps", "-d", "2"], 9),
        (["toy-rps", "-d", "3", "--option", "rounds=1"], 0),
    ],
)
def test_counts(cli: Invoke, args: list[str], expected: int) -> None:
    result = cli("perft", *args)
    assert result.exit_code == 0
    assert _total(result.stdout) == expected
    assert "nodes/s" in result.stdout


def test_divide_rows_sum_to_the_total(cli: Invoke) -> None:
    result = cli("perft", "toy-tictactoe", "--depth", "3", "--divide")
    assert result.exit_code == 0
    rows = _divide_rows(result.stdout)
    assert rows.pop("total") == 504
    assert rows == {f"{c}{r}": 56 for r in "123" for c in "abc"}
    assert _total(result.stdout) == 504


def test_divide_with_chance_outcomes(cli: Invoke, tmp_path: Path) -> None:
    path = write_json(tmp_path / "r.json", record("toy-pig", ["roll"]))
    rows = _divide_rows(cli("perft", str(path), "-d", "3", "--divide").stdout)
    total = rows.pop("total")
    assert list(rows) == [f"roll {die}" for die in range(1, 7)]
    assert sum(rows.values()) == total == perft(replay(read_record(path)), 3)


def test_starts_from_the_end_of_a_record(cli: Invoke, tmp_path: Path) -> None:
    path = write_json(tmp_path / "r.json", record("toy-tictactoe", ["b2", "a1"]))
    result = cli("perft", str(path), "-d", "2")
    assert result.exit_code == 0
    assert "toy-tictactoe after the 2 actions of" in result.stdout
    assert _total(result.stdout) == 7 * 6


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["nope", "-d", "1"], "unknown game 'nope'"),
        (["toy-pig", "-d", "1", "-o", "target=2"], "option 'target' of toy-pig"),
        (["toy-pig", "-d", "1", "-p", "3"], "toy-pig is played by 2 players, not 3"),
        (["toy-pig", "-d", "0", "--divide"], "--divide needs --depth 1 or more"),
    ],
)
def test_bad_input(cli: Invoke, args: list[str], message: str) -> None:
    result = cli("perft", *args)
    assert result.exit_code == 2
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_options_are_refused_with_a_record(cli: Invoke, tmp_path: Path) -> None:
    path = write_json(tmp_path / "r.json", record("toy-pig", []))
    result = cli("perft", str(path), "-d", "1", "-o", "target=30")
    assert result.exit_code == 2
    assert "cannot be used with a record" in result.stderr


def test_corrupt_record_is_a_usage_error(cli: Invoke, tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"format": "connect-arena/record@1", "game": "toy-pig"')
    result = cli("perft", str(path), "-d", "1")
    assert result.exit_code == 2
    assert "not a valid connect-arena/record@1 record" in result.stderr


def test_depth_is_required_and_not_negative(cli: Invoke) -> None:
    assert cli("perft", "toy-pig").exit_code == 2
    assert cli("perft", "toy-pig", "-d", "-1").exit_code == 2
