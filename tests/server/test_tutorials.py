"""The guided first games (service/tutorials.py and /api/tutorials): every script replays
through the engine, every step is reachable by its expected actions, a wrong action is
explained and changes nothing, and the texts exist in the five languages."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from connect_arena.core import load
from connect_arena.service import ServiceError
from connect_arena.service.tutorials import Script, load_script, run, tutorial_games
from tests.server.serverhelpers import TestClient

I18N = Path(__file__).resolve().parents[2] / "src" / "connect_arena" / "server" / "static" / "i18n"
GAMES = ("connect5", "connnect", "pairs", "quinque")
MAX_PATHS = 3000
"""Ways through a script tried at most (the `any` steps branch)."""


def expected_path(script: Script) -> list[str]:
    """The first expected action of each step (the highlighted one, else the first legal
    action the step accepts), step by step through the engine."""
    played: list[str] = []
    while not (progress := run(script.game, played)).finished:
        step = script.steps[progress.step]
        legal = [str(a) for a in progress.state.legal_actions(script.seat)]
        choice = step.expect[0] if step.expect else next(a for a in legal if step.accepts(a))
        played.append(choice)
    return played


def test_every_game_has_a_tutorial() -> None:
    assert tutorial_games() == GAMES


@pytest.mark.parametrize("game", GAMES)
def test_the_expected_actions_reach_the_last_step(game: str) -> None:
    script = load_script(game)
    assert 4 <= len(script.steps) <= 9  # CO'NNN'ECT's Free Action ends with its write
    played = expected_path(script)
    progress = run(game, played)
    assert progress.finished
    assert progress.to_json()["message"] == script.finish
    # Every step's position is one where the player may act, and the highlighted action is legal.
    for index in range(len(played)):
        before = run(game, played[:index])
        step = script.steps[before.step]
        assert script.seat in before.state.active_players()
        legal = {str(a) for a in before.state.legal_actions(script.seat)}
        assert set(step.expect) <= legal, f"{game} step {before.step}: {set(step.expect) - legal}"


@pytest.mark.parametrize("game", GAMES)
def test_the_script_replays_through_the_engine_as_a_record(game: str) -> None:
    """The moves the runner reports (setup, player, replies, chance) replay from the initial
    state: the scripted positions are legal positions of the game."""
    script = load_script(game)
    progress = run(game, expected_path(script))
    state = load(game, script.players, **script.options).new_initial_state()
    for move in progress.moves:
        state.apply_action(move.action, None if move.seat < 0 else move.seat)
    assert [str(e.action) for e in state.history] == [str(e.action) for e in progress.state.history]


@pytest.mark.parametrize("game", GAMES)
def test_every_accepted_choice_of_an_any_step_leads_to_the_end(game: str) -> None:
    """Steps that accept any action of a kind: the replies after them stay legal whatever
    the player chose, and the end is reached (every way through, up to MAX_PATHS)."""
    script = load_script(game)
    paths: list[list[str]] = [[]]
    finished = tried = 0
    while paths and tried < MAX_PATHS:
        played = paths.pop()
        tried += 1
        progress = run(game, played)
        if progress.finished:
            finished += 1
            continue
        step = script.steps[progress.step]
        legal = [str(a) for a in progress.state.legal_actions(script.seat)]
        accepted = [a for a in legal if step.accepts(a)]
        assert accepted, f"{game} step {progress.step}: nothing to accept"
        paths.extend([*played, action] for action in accepted)
    assert finished > 0


@pytest.mark.parametrize("game", GAMES)
def test_a_legal_but_unexpected_action_is_explained_and_changes_nothing(game: str) -> None:
    script = load_script(game)
    played = expected_path(script)
    for index in range(len(played)):
        before = run(game, played[:index])
        step = script.steps[before.step]
        legal = [str(a) for a in before.state.legal_actions(script.seat)]
        wrong = next((a for a in legal if not step.accepts(a)), None)
        if wrong is None:
            continue
        after = run(game, played[:index], wrong)
        assert after.refusal is not None and after.refusal.kind == "unexpected"
        assert after.refusal.explanation == step.wrong
        assert after.step == before.step and after.accepted is None
        assert [str(e.action) for e in after.state.history] == [
            str(e.action) for e in before.state.history
        ]


def test_an_illegal_action_gets_the_engines_reason_as_an_event() -> None:
    # Quinque, step 1: T2,0 must touch the formation; T5,5 is far away.
    progress = run("quinque", (), "add T5,5 10,10")
    assert progress.refusal is not None and progress.refusal.kind == "illegal"
    assert progress.refusal.event is not None
    assert progress.refusal.event.key.startswith("quinque.")
    assert progress.step == 0
    # Not in the notation at all: the engine's syntax error, no event.
    nonsense = run("connect5", (), "fly to the moon")
    assert nonsense.refusal is not None and nonsense.refusal.kind == "illegal"
    assert nonsense.refusal.message


def test_played_actions_must_be_the_tutorials() -> None:
    with pytest.raises(ServiceError) as error:
        run("quinque", ["mark 0,1"])
    assert error.value.code == "bad_request"
    with pytest.raises(ServiceError):
        run("quinque", ["x" * 300])
    with pytest.raises(ServiceError) as unknown:
        run("chess")
    assert unknown.value.code == "not_found"
    finished = expected_path(load_script("quinque"))
    with pytest.raises(ServiceError):
        run("quinque", finished, "pass")


def step_keys() -> set[str]:
    keys: set[str] = set()
    for game in GAMES:
        script = load_script(game)
        keys |= {script.intro, script.finish}
        for step in script.steps:
            keys |= {step.message, step.wrong}
    return keys


@pytest.mark.parametrize("lang", ["en", "it", "de", "fr", "es"])
def test_every_text_of_the_scripts_is_translated(lang: str) -> None:
    strings = json.loads((I18N / f"tutorial.{lang}.json").read_text(encoding="utf-8"))
    missing = step_keys() - set(strings)
    assert not missing


def get(client: TestClient, path: str, **params: Any) -> Any:
    reply = client.get(path, params=params)
    assert reply.status_code == 200, reply.text
    return reply.json()


def test_the_routes_play_a_tutorial_without_a_session(client: TestClient) -> None:
    assert get(client, "/api/tutorials")["games"] == list(GAMES)
    start = get(client, "/api/tutorials/quinque")
    assert start["intro"] == "quinque_intro"
    assert start["info"]["geometry"]
    assert start["progress"]["step"] == 0
    assert start["progress"]["expect"] == ["add T2,0 4,0"]
    assert "add T2,0 4,0" in start["progress"]["state"]["legal_actions"]["0"]
    # The page reads the actions' parts (the state message's legal), never their notation.
    added = {
        "notation": "add T2,0 4,0",
        "parts": {"kind": "add", "tile": [2, 0], "skydiver": [4, 0]},
    }
    assert added in start["progress"]["state"]["legal"]["0"]
    wrong = get(client, "/api/tutorials/quinque/steps", attempt="mark 0,1")
    assert wrong["refusal"]["kind"] == "unexpected"
    assert wrong["refusal"]["explanation"] == "quinque_add_wrong"
    assert wrong["step"] == 0
    right = get(client, "/api/tutorials/quinque/steps", attempt="add 4,0")  # shorthand accepted
    assert right["accepted"] == "add T2,0 4,0" and right["step"] == 1
    after = get(client, "/api/tutorials/quinque/steps", played=["add T2,0 4,0"], attempt="pass")
    assert after["step"] == 2
    assert after["moves"][-1]["event"]["key"].startswith("quinque.")  # Blue's reply, in words
    assert client.get("/api/tutorials/chess").status_code == 404
    bad = client.get("/api/tutorials/quinque/steps", params={"played": ["mark 0,1"]})
    assert bad.status_code == 400
    too_many = client.get("/api/tutorials/quinque/steps", params={"played": ["pass"] * 41})
    assert too_many.status_code == 422 and too_many.json()["error"]["code"] == "bad_request"
    assert client.get("/api/tutorials/..%2F..%2Fpyproject").status_code == 404
    assert get(client, "/api/games")["games"][0]["tutorial"] is True
    page = client.get("/tutorial/pairs")
    assert page.status_code == 200 and "tutorial.js" in page.text
