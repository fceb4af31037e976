"""The games' pictures of the landing page (issue 15): ``GET /api/games/{name}/picture.svg``
draws a typical position from the engine's geometry and observation, server-side, cacheable."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree

import pytest
from fastapi.testclient import TestClient

from connect_arena.core import game_class, game_names
from connect_arena.games import load
from connect_arena.service.pictures import picture, typical_position
from tests.toygames import register_toy_games

GAMES = ["quinque", "connect5", "connnect", "pairs"]
SVG = "{http://www.w3.org/2000/svg}"


@pytest.mark.parametrize("name", GAMES)
def test_each_game_has_a_cacheable_svg_picture(client: TestClient, name: str) -> None:
    response = client.get(f"/api/games/{name}/picture.svg")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("image/svg+xml")
    root = ElementTree.fromstring(response.text)
    assert root.tag == f"{SVG}svg" and root.get("viewBox")
    title = root.find(f"{SVG}title")
    assert title is not None and game_class(name).title in (title.text or "")
    etag = response.headers["etag"]
    again = client.get(f"/api/games/{name}/picture.svg", headers={"if-none-match": etag})
    assert again.status_code == 304 and again.content == b""


def test_an_unknown_game_has_no_picture(client: TestClient) -> None:
    response = client.get("/api/games/chess/picture.svg")
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not_found"


@pytest.mark.parametrize("name", GAMES)
def test_the_typical_position_is_mid_game_and_reproducible(name: str) -> None:
    game = load(name)
    state = typical_position(game)
    assert not state.is_terminal()
    assert state.public_observation() == typical_position(game).public_observation()
    assert state.public_observation() != game.new_initial_state().public_observation()


def test_the_quinque_picture_draws_the_positions_parachutes() -> None:
    observation = typical_position(load("quinque")).public_observation()
    text = picture("quinque")
    colours = load("quinque").game_type.seat_colours
    for seat, colour in enumerate(colours):
        marks = sum(1 for mark in observation["marks"] if mark[2] == seat)
        assert marks > 0
        assert len(re.findall(rf'A11,9[^>]*fill="{colour}"', text)) == marks


def test_the_connnect_picture_writes_the_sheets_numbers() -> None:
    sheet = typical_position(load("connnect")).public_observation()["sheets"][0]
    root = ElementTree.fromstring(picture("connnect"))
    numbers = sorted(int(t.text or "") for t in root.iter(f"{SVG}text"))
    assert numbers == sorted(v for v in sheet["values"] if v)


def test_a_game_without_a_renderer_gets_a_title_card() -> None:
    register_toy_games()
    assert "toy-tictactoe" in game_names()
    root = ElementTree.fromstring(picture("toy-tictactoe"))
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert texts == [game_class("toy-tictactoe").title]
