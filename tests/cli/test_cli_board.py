"""``connect-arena board show`` and ``board check`` (issue 3: boards a person can check by eye)."""

from __future__ import annotations

from pathlib import Path

from tests.cli.conftest import Invoke

BOARDS = Path(__file__).parents[2] / "src" / "connect_arena" / "games" / "connect5" / "data"


def test_show_draws_the_board_in_the_terminal(cli: Invoke) -> None:
    result = cli("board", "show", "t1")
    assert result.exit_code == 0
    assert "T1 (test board)" in result.stdout
    assert "(•)" in result.stdout and "c4" in result.stdout


def test_show_writes_svg_and_png(cli: Invoke, tmp_path: Path) -> None:
    svg, png = tmp_path / "basic.svg", tmp_path / "basic.png"
    result = cli("board", "show", "basic", "--svg", str(svg), "--png", str(png))
    assert result.exit_code == 0
    text = svg.read_text()
    assert text.lstrip().startswith("<svg") or "<svg" in text[:200]
    assert "not the printed board" in text
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_show_unknown_board_is_a_clear_error(cli: Invoke) -> None:
    result = cli("board", "show", "chessboard")
    assert result.exit_code == 2
    assert "no such board" in result.stderr


def test_check_accepts_a_valid_file(cli: Invoke) -> None:
    result = cli("board", "check", str(BOARDS / "boards" / "advanced.toml"))
    assert result.exit_code == 0
    assert "is a valid board: 109 dots (29 circled)" in result.stdout.replace("\n", " ")


def test_check_lists_every_problem_with_its_line(cli: Invoke, tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('[board]\nname = "x"\n[[dots]]\nid = "a1"\nx = 0\ny = nan\n')
    result = cli("board", "check", str(bad))
    assert result.exit_code == 1
    out = result.stdout.replace("\n", " ")
    assert "is not a valid board" in out
    assert "y = nan is not a finite number" in out
    assert "line 4" in out


def test_check_missing_file(cli: Invoke, tmp_path: Path) -> None:
    result = cli("board", "check", str(tmp_path / "nope.toml"))
    assert result.exit_code == 1
    assert "nope.toml" in result.stdout
