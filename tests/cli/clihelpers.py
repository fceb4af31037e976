"""Helpers for the command-line tests."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from typer.testing import Result

Invoke = Callable[..., Result]

# The final position of the scripted tic-tac-toe game (X wins along row 1).
X_WINS_BOARD = "3  . . .\n2  O O .\n1  X X X\n   a b c"


def write_json(path: Path, data: Any) -> Path:
    """Write ``data`` as JSON to ``path`` and return the path."""
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def record(game: str, actions: list[Any], **extra: Any) -> dict[str, Any]:
    """A ``connect-arena/record@1`` document for two seats."""
    return {
        "format": "connect-arena/record@1",
        "game": game,
        "players": ["human", "random"],
        "actions": actions,
        **extra,
    }


def lines(text: str) -> list[str]:
    """The lines of ``text`` with trailing spaces removed."""
    return [line.rstrip() for line in text.splitlines()]
