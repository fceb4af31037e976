"""The application as a whole: help, version, the console script and ``games``."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from connect_arena import __version__
from connect_arena.core import registry
from tests.cli.clihelpers import Invoke


def test_help_lists_every_command(cli: Invoke) -> None:
    result = cli("--help")
    assert result.exit_code == 0
    for command in ("games", "play", "replay", "perft", "simulate"):
        assert command in result.stdout
    assert "Connect family" in result.stdout


def test_no_arguments_shows_help_with_usage_status(cli: Invoke) -> None:
    result = cli()
    assert result.exit_code == 2
    assert "Usage" in result.output


def test_version(cli: Invoke) -> None:
    result = cli("--version")
    assert result.exit_code == 0
    assert result.stdout.strip() == f"connect-arena {__version__}"


def test_console_script_runs() -> None:
    script = Path(sys.executable).parent / "connect-arena"
    if not script.exists():
        found = shutil.which("connect-arena")
        if found is None:
            pytest.skip("the connect-arena console script is not installed")
        script = Path(found)
    result = subprocess.run(
        [str(script), "--help"], capture_output=True, text=True, timeout=60, check=False
    )
    assert result.returncode == 0
    assert "simulate" in result.stdout


@pytest.mark.parametrize("argv", [["--help"], ["games"], ["perft", "quinque", "--depth", "1"]])
def test_terminal_commands_do_not_load_the_web_server_or_the_database(argv: list[str]) -> None:
    """The commands that need neither start without FastAPI, SQLAlchemy and Alembic (they
    were a second of every command's start)."""
    probe = (
        "import sys\n"
        "from connect_arena.cli.app import main\n"
        f"sys.argv = ['connect-arena', *{argv!r}]\n"
        "try:\n"
        "    main()\n"
        "except SystemExit as end:\n"
        "    assert not end.code, end.code\n"
        "heavy = ('fastapi', 'sqlalchemy', 'alembic', 'connect_arena.server.app',"
        " 'connect_arena.server.db')\n"
        "print(sorted(name for name in heavy if name in sys.modules))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, timeout=120, check=False
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1] == "[]"


def test_games_lists_games_and_their_options(cli: Invoke) -> None:
    result = cli("games")
    assert result.exit_code == 0
    out = result.stdout
    for text in ("toy-tictactoe", "Toy tic-tac-toe", "toy-pig", "toy-rps", "deterministic"):
        assert text in out
    rows = out.splitlines()
    at = next(index for index, line in enumerate(rows) if "target" in line)
    assert [cell.strip() for cell in rows[at].split("│")[1:-1]] == [
        "target",
        "20",
        "T-1",
        "points needed to win",
    ]
    assert "integer 5..100" in rows[at + 1]  # the accepted values, under the name
    assert "toy-tictactoe has no options" in out


def test_games_marks_games_with_chance(cli: Invoke) -> None:
    out = cli("games").stdout
    pig = next(line for line in out.splitlines() if "Toy pig" in line)
    tictactoe = next(line for line in out.splitlines() if "Toy tic-tac-toe" in line)
    assert "dice" in pig
    assert "deterministic" in tictactoe


def test_games_survives_a_broken_plugin(cli: Invoke) -> None:
    # A registered entry that cannot be imported, removed again after the test.
    registry.register("toy-broken", "no_such_module_xyz:Game")
    try:
        result = cli("games")
    finally:
        registry.unregister("toy-broken")
    assert result.exit_code == 0
    broken = next(line for line in result.stdout.splitlines() if "toy-broken" in line)
    assert "cannot be loaded" in broken
    assert "toy-tictactoe" in result.stdout


def test_serve_prints_database_and_redis_addresses_without_their_passwords() -> None:
    from connect_arena.cli.serve import _redacted

    assert _redacted("postgresql://arena:s3cret@db:5432/arena") == "postgresql://db:5432/arena"
    assert _redacted("redis://:pw@cache:6379/0") == "redis://cache:6379/0"
    assert _redacted("postgresql://db/arena") == "postgresql://db/arena"
