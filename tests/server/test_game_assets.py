"""A game's browser assets come from its kit (``server/game_assets.py``): the table page's
module, the translations and the rules pages under ``/static``, with the same caching as any
static file; a game whose kit lacks a part gets 404 there (the pages' documented fallbacks),
and paths that are not a game's are the ``static/`` folder's files."""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from connect_arena.core import GameKit, registry
from connect_arena.server import create_app
from connect_arena.server.app import STATIC
from tests.server.serverhelpers import TestClient, fast_settings
from tests.toygames import TicTacToe


class Boxed(TicTacToe):
    """Tic-tac-toe under another name, for a kit with browser assets."""

    game_type = dataclasses.replace(TicTacToe.game_type, short_name="boxed", long_name="Boxed")


@pytest.mark.parametrize(
    "path", ["games/quinque.js", "i18n/pairs.fr.json", "rules/connect5.de.html"]
)
def test_the_builtin_games_assets_are_their_kits_files(client: TestClient, path: str) -> None:
    response = client.get(f"/static/{path}")
    assert response.status_code == 200
    assert response.content == (STATIC / path).read_bytes()
    again = client.get(f"/static/{path}", headers={"if-none-match": response.headers["etag"]})
    assert again.status_code == 304


@pytest.mark.parametrize("path", ["games/generic.js", "games/zoom.js", "i18n/common.it.json"])
def test_other_paths_are_the_static_folders_files(client: TestClient, path: str) -> None:
    response = client.get(f"/static/{path}")
    assert response.status_code == 200 and response.content == (STATIC / path).read_bytes()


@pytest.fixture
def assets_kit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A game ``boxed`` whose kit names a module, translations and an Italian rules page in a
    package of its own (``boxedassets``, on ``sys.path``)."""
    package = tmp_path / "lib" / "boxedassets"
    (package / "lang").mkdir(parents=True)
    (package / "pages").mkdir()
    (package / "__init__.py").write_text("")
    (package / "board.js").write_text("export function create() {}\n")
    (package / "lang" / "boxed.en.json").write_text('{"event.mark": "{seat} marks {cell}"}\n')
    (package / "pages" / "boxed.it.html").write_text("<!doctype html><title>Regole</title>\n")
    monkeypatch.syspath_prepend(str(tmp_path / "lib"))
    registry.register(
        "boxed",
        GameKit(
            Boxed,
            ui_module="boxedassets:board.js",
            i18n="boxedassets:lang",
            rules="boxedassets:pages",
        ),
    )
    try:
        yield package
    finally:
        registry.unregister("boxed")
        sys.modules.pop("boxedassets", None)


def test_a_kit_serves_its_own_assets(assets_kit: Path, tmp_path: Path) -> None:
    with TestClient(create_app(fast_settings(tmp_path / "data"))) as client:
        module = client.get("/static/games/boxed.js")
        assert module.status_code == 200
        assert module.content == (assets_kit / "board.js").read_bytes()
        assert "javascript" in module.headers["content-type"]
        strings = client.get("/static/i18n/boxed.en.json")
        assert strings.json() == {"event.mark": "{seat} marks {cell}"}
        assert client.get("/static/rules/boxed.it.html").text.startswith("<!doctype html>")
        # What the kit's folders lack is missing: the pages fall back.
        assert client.get("/static/i18n/boxed.de.json").status_code == 404
        assert client.get("/static/rules/boxed.en.html").status_code == 404
        games = {g["name"]: g for g in client.get("/api/games").json()["games"]}
        assert games["boxed"]["rules_languages"] == ["it"]


def test_a_kit_cannot_reach_outside_its_folders(assets_kit: Path, client: TestClient) -> None:
    assert client.get("/static/i18n/boxed.en.json/../../../__init__.py").status_code == 404
    assert client.get("/static/rules/..%2Fboxed.it.html").status_code == 404
