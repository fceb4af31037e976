"""A fifth game registered only through the ``connect_arena.games`` entry-point group
(``tests/plugins/fivestones``, with its own ``.dist-info`` whose entry point names the game's
kit) reaches every interface with no edit outside its own package: the CLI's ``games``,
``simulate``, ``tournament`` and ``bench``, the agents (default knowledge), the web game list (no
rules page: no link), the generic table UI, and through its kit alone a picture, a tutorial
and an action encoding (the OpenSpiel adapter plays it).
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

import connect_arena
import connect_arena.rl.openspiel as openspiel_adapter  # before the plug-in: GAMES stays the four
from connect_arena.agents import make_agent
from connect_arena.agents.knowledge import knowledge_for
from connect_arena.agents.playout import play_game
from connect_arena.cli.app import app
from connect_arena.core import game_names, kit_of, load, registry
from connect_arena.rl import encoding_for, new_stepper
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
        for module in [m for m in sys.modules if m.partition(".")[0] == "fivestones"]:
            sys.modules.pop(module)


def cli(*args: str) -> Result:
    """The command line run in this process (the ``plugin`` fixture makes the entry point
    visible to it as an installed distribution's would be); 200 columns for the tables."""
    return CliRunner().invoke(app, list(args), env={"COLUMNS": "200"})


def test_the_registry_finds_the_plugin_only_through_its_entry_point(plugin: None) -> None:
    assert "fivestones" in game_names()
    game = load("fivestones")
    assert game.title == "Five stones" and game.num_players == 2


def test_the_command_line_offers_the_plugin(plugin: None, tmp_path: Path) -> None:
    listed = cli("games")
    assert listed.exit_code == 0, listed.output
    assert re.search(r"fivestones\s+│\s+Five stones", listed.stdout)
    simulated = cli("simulate", "fivestones", "--games", "4", "--agents", "random,mcts:easy")
    assert simulated.exit_code == 0, simulated.output
    assert "mcts:easy" in simulated.stdout
    out = tmp_path / "t.json"
    played = cli(
        "tournament", "fivestones", "--agents", "random,greedy", "--games", "2", "--out", str(out)
    )
    assert played.exit_code == 0, played.output
    assert json.loads(out.read_text())["game"] == "fivestones"
    timed = cli("bench", "fivestones", "--seconds", "0.02", "--json")
    assert timed.exit_code == 0, timed.output
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


def test_no_file_of_the_platform_names_the_plugin() -> None:
    source = Path(connect_arena.__file__).parent
    named = [
        str(path.relative_to(source))
        for path in source.rglob("*")
        if path.is_file() and path.suffix != ".pyc" and b"fivestones" in path.read_bytes()
    ]
    assert named == []


def test_its_kit_gives_it_a_picture(plugin: None, tmp_path: Path) -> None:
    assert kit_of("fivestones").picture == "fivestones.picture:draw"
    with TestClient(create_app(fast_settings(tmp_path))) as client:
        response = client.get("/api/games/fivestones/picture.svg")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("image/svg+xml")
    assert 'data-picture="fivestones"' in response.text  # the kit's drawing, not a title card
    assert re.search(r"<title>Five stones: \d+ stones left</title>", response.text)


def test_its_kit_gives_it_a_tutorial(plugin: None, tmp_path: Path) -> None:
    with TestClient(create_app(fast_settings(tmp_path))) as client:
        assert "fivestones" in client.get("/api/tutorials").json()["games"]
        games = {g["name"]: g for g in client.get("/api/games").json()["games"]}
        assert games["fivestones"]["tutorial"] is True
        start = client.get("/api/tutorials/fivestones").json()
        assert start["intro"] == "fivestones_intro"
        assert start["progress"]["expect"] == ["take 3"]
        path = "/api/tutorials/fivestones/steps"
        wrong = client.get(path, params={"attempt": "take 1"}).json()
        assert wrong["refusal"]["kind"] == "unexpected" and wrong["step"] == 0
        played = ["take 3", "take 3", "take 2"]
        done = client.get(path, params={"played": played, "attempt": "take 1"}).json()
    assert done["finished"] is True and done["message"] == "fivestones_finish"
    assert done["state"]["terminal"] is True and done["state"]["returns"] == [1.0, -1.0]


def test_its_kit_gives_it_an_encoding_that_openspiel_plays(plugin: None) -> None:
    import pyspiel

    game = load("fivestones", stones=7)
    encoding = encoding_for(game)
    assert type(encoding).__module__ == "fivestones.encoding"
    assert encoding.num_distinct_actions == 3 and encoding.observation_shape == (10,)
    stepper = new_stepper("fivestones", stones=7)
    assert sorted(stepper.legal_ids()) == [0, 1, 2]
    stepper.apply_id(2)
    assert str(stepper.state.history[-1].action) == "take 3"
    assert stepper.observation_tensor(1)[4] == 1  # 4 stones left, seen by South
    assert openspiel_adapter.openspiel_name("fivestones") in openspiel_adapter.register()
    spiel_game = pyspiel.load_game(openspiel_adapter.openspiel_name("fivestones"))
    assert spiel_game.num_distinct_actions() == 3
    pyspiel.random_sim_test(spiel_game, num_sims=2, serialize=False, verbose=False)


def test_the_parts_it_does_not_offer_fall_back(plugin: None, tmp_path: Path) -> None:
    kit = kit_of("fivestones")
    assert not any(kit.has(part) for part in ("knowledge", "ui_module", "i18n", "rules"))
    with TestClient(create_app(fast_settings(tmp_path))) as client:
        for missing in ("games/x.js", "i18n/x.en.json", "rules/x.en.html"):
            missing = missing.replace("x", "fivestones")
            assert client.get(f"/static/{missing}").status_code == 404, missing
        assert client.get("/static/games/generic.js").status_code == 200  # the page's fallback
