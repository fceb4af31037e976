"""Every CO'NNN'ECT engine and knowledge module a search runs is one of the compiled modules
(``_build.COMPILED``): an interpreted module on the search's path reads the components and
actions through generic attribute look-ups (issue 24: a search's speed)."""

from __future__ import annotations

import sys
from pathlib import Path
from types import FrameType
from typing import Any

from connect_arena import _build
from connect_arena.agents.base import Budget
from connect_arena.agents.bench import sample_positions
from connect_arena.agents.mcts import MCTSAgent
from connect_arena.core import load

OWN = ("games/connnect/", "agents/knowledge/connnect.py")
"""The files of the game and its knowledge (the search's own module is not an engine)."""


def _modules_run(run: Any) -> set[str]:
    """Dotted names (below ``connect_arena``) of the game's and knowledge's modules whose
    Python functions ``run()`` calls (compiled functions report no call)."""
    package = _build.PACKAGE
    found: set[str] = set()

    def note(frame: FrameType, event: str, _arg: object) -> None:
        if event == "call":
            path = Path(frame.f_code.co_filename)
            if path.suffix == ".py" and path.is_relative_to(package):
                relative = path.relative_to(package).as_posix()
                if relative.startswith(OWN):
                    found.add(relative.removesuffix(".py").replace("/", "."))

    sys.setprofile(note)
    try:
        run()
    finally:
        sys.setprofile(None)
    return found


def test_every_module_a_connnect_search_runs_is_compiled() -> None:
    states = sample_positions(load("connnect"), 3)

    def search() -> None:
        for index, state in enumerate(states):
            agent = MCTSAgent(4 + index, max_rollout=40)
            agent.search(state, min(state.active_players()), Budget(iterations=10))

    found = _modules_run(search)
    assert "games.connnect.rules" in found or _build.is_compiled()
    assert found - set(_build.COMPILED) == set()
