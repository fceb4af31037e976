"""A fifth game registered only through the ``connect_arena.games`` entry-point group
(``tests/plugins/fivestones``, with its own ``.dist-info``) reaches every interface with no edit
outside its own package: the CLI's ``games``, ``simulate``, ``tournament`` and ``bench``, the
agents (default knowledge), the web game list (no rules page: no link) and the generic table UI.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from connect_arena.agents import make_agent
from connect_arena.agents.knowledge import knowledge_for
from connect_arena.agents.playout import play_game
from connect_arena.core import game_names, load, registry
from connect_arena.server import create_app
from tests.server.serverhelpers import Player, TestClient, fast_settings, receive_until

PLUGINS = Path(__file__).parent / "plugins"


@pytest.fixture
def plugin(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The plug-in's folder on ``sys.path`` and the registry discovering entry points anew."""
    monkeypatch.syspath_prepend(str(PLUGINS))
    monkeypatch.setattr(registry, "_discovered", False)
    try:
        yield
    finally:
        registry.unregister("fivestones")
        sys.modules.pop("fivestones", None)


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(PLUGINS), "COLUMNS": "200"}
    command = [sys.executable, "-m", "connect_arena.cli.app", *args]
    return subprocess.run(command, env=env, capture_output=True, text=True, timeout=120)


def test_the_registry_finds_the_plugin_only_through_its_entry_point(plugin: None) -> None:
    assert "fivestones" in game_names()
    game = load("fivestones")
    assert game.title == "Five stones" and game.num_players == 2


def test_the_command_line_offers_the_plugin(tmp_path: Path) -> None:
    listed = cli("games")
    assert listed.returncode == 0, listed.stderr
    assert re.search(r"fivestones\s+│\s+Five stones", listed.stdout)
    simulated = cli("simulate", "fivestones", "--games", "4", "--agents", "random,mcts:easy")
    assert simulated.returncode == 0, simulated.stderr
    assert "mcts:easy" in simulated.stdout
    out = tmp_path / "t.json"
    played = cli(
        "tournament", "fivestones", "--agents", "random,greedy", "--games", "2", "--out", str(out)
    )
    assert played.returncode == 0, played.stderr
    assert json.loads(out.read_text())["game"] == "fivestones"
    timed = cli("bench", "fivestones", "--seconds", "0.02", "--json")
    assert timed.returncode == 0, timed.stderr
    assert json.loads(timed.stdout)[0]["game"] == "fivestones"


def test_the_agents_play_it_with_default_knowledge(plugin: None) -> None:
    import random

    assert knowledge_for("fivestones") is None
    state = load("fivestones").new_initial_state()
    agents = [make_agent("mcts:easy", 1), make_agent("greedy", 2)]
    play_game(state, agents, random.Random(3))
    assert state.is_terminal() and sorted(state.returns()) == [-1.0, 1.0]


def test_the_site_lists_it_without_a_rules_page_and_plays_it(plugin: None, tmp_path: Path) -> None:
    with TestClient(create_app(fast_settings(tmp_path))) as client:
        games = {g["name"]: g for g in client.get("/api/games").json()["games"]}
        assert games["fivestones"]["rules_languages"] == []
        assert games["fivestones"]["game_type"]["long_name"] == "Five stones"
        assert games["quinque"]["rules_languages"] == ["en", "it", "de", "fr", "es"]
        alice = Player(client).signup("alice")
        table = alice.create_table(["me", "computer"], options={}, game="fivestones")
        with alice.connect(table["id"]) as socket:
            state = receive_until(socket, "state")
            for _ in range(100):
                if state["terminal"]:
                    break
                if "0" in state["legal_actions"]:
                    action = state["legal_actions"]["0"][0]
                    socket.send_json({"type": "action", "seq": state["seq"] + 1, "action": action})
                    event = receive_until(socket, "event", seq=state["seq"] + 1)
                    assert event["event"]["key"] == "fivestones.take"
                else:  # the computer's move
                    event = receive_until(socket, "event", seq=state["seq"] + 1)
                state = event["state"]
        assert sorted(state["returns"]) == [-1.0, 1.0]
