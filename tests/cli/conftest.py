"""Fixtures for driving the command line in-process with Typer's ``CliRunner``."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from typer.testing import CliRunner, Result

from connect_arena.cli.app import app

Invoke = Callable[..., Result]

# Wide, colourless output so that assertions see whole lines of plain text.
ENV: dict[str, str | None] = {
    "COLUMNS": "150",
    "NO_COLOR": "1",
    "FORCE_COLOR": None,
    "TTY_COMPATIBLE": None,
    "TTY_INTERACTIVE": None,
}


@pytest.fixture
def cli() -> Invoke:
    """``cli("play", "toy-pig", input="roll\\n")`` runs the app; exceptions are not caught, so
    a traceback fails the test instead of turning into exit status 1."""
    runner = CliRunner()

    def invoke(*args: str, input: str | None = None) -> Result:
        return runner.invoke(app, list(args), input=input, env=ENV, catch_exceptions=False)

    return invoke
