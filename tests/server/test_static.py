"""Static files: gzip when the client accepts it, cacheable with revalidation (docs/server.md)."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from connect_arena.server import create_app
from connect_arena.server.app import STATIC
from tests.server.serverhelpers import Player, TestClient, fast_settings

SCRIPT = "/static/js/table.js"


def raw_get(client: TestClient, path: str, **headers: str) -> tuple[int, dict[str, str], bytes]:
    """GET without decoding: the status, the headers and the body as sent on the wire."""
    with client.stream("GET", path, headers=headers) as response:
        return response.status_code, dict(response.headers), b"".join(response.iter_raw())


def test_a_script_is_gzipped_for_a_client_that_accepts_it(client: TestClient) -> None:
    source = (STATIC / "js" / "table.js").read_bytes()
    status, headers, body = raw_get(client, SCRIPT, **{"Accept-Encoding": "gzip, deflate, br"})
    assert status == 200
    assert headers["content-encoding"] == "gzip"
    assert "accept-encoding" in headers["vary"].lower()
    assert gzip.decompress(body) == source
    assert len(body) < len(source) / 2


def test_a_client_without_gzip_gets_the_file_as_it_is(client: TestClient) -> None:
    source = (STATIC / "js" / "table.js").read_bytes()
    status, headers, body = raw_get(client, SCRIPT, **{"Accept-Encoding": "identity"})
    assert status == 200
    assert "content-encoding" not in headers
    assert body == source
    assert "accept-encoding" in headers["vary"].lower()  # caches keep the two apart


@pytest.mark.parametrize(
    "path", ["/static/app.css", "/static/i18n/common.de.json", "/static/rules/quinque.en.html"]
)
def test_styles_texts_and_rules_are_gzipped_too(client: TestClient, path: str) -> None:
    status, headers, body = raw_get(client, path, **{"Accept-Encoding": "gzip"})
    assert status == 200
    assert headers["content-encoding"] == "gzip"
    assert gzip.decompress(body) == (STATIC / path.removeprefix("/static/")).read_bytes()


def test_tiny_files_are_not_worth_compressing(client: TestClient) -> None:
    assert (STATIC / "logo.svg").stat().st_size < 500
    status, headers, _ = raw_get(client, "/static/logo.svg", **{"Accept-Encoding": "gzip"})
    assert status == 200
    assert "content-encoding" not in headers


def test_static_files_are_cacheable_for_five_minutes_with_an_etag(client: TestClient) -> None:
    response = client.get(SCRIPT)
    assert response.headers["cache-control"] == "public, max-age=300"
    assert response.headers["etag"].startswith('"')
    assert "last-modified" in response.headers


def test_a_matching_etag_gets_304_without_a_body(client: TestClient) -> None:
    etag = client.get(SCRIPT).headers["etag"]
    for encoding in ("gzip", "identity"):
        status, headers, body = raw_get(
            client, SCRIPT, **{"If-None-Match": etag, "Accept-Encoding": encoding}
        )
        assert status == 304
        assert body == b""
        assert headers["etag"] == etag
        assert headers["cache-control"] == "public, max-age=300"
    assert raw_get(client, SCRIPT, **{"If-None-Match": f'W/{etag}, "other"'})[0] == 304


def test_another_etag_gets_the_file(client: TestClient) -> None:
    response = client.get(SCRIPT, headers={"If-None-Match": '"an-older-version"'})
    assert response.status_code == 200
    assert response.content == (STATIC / "js" / "table.js").read_bytes()


def test_a_missing_file_is_404_and_not_cached(client: TestClient) -> None:
    # games.js falls back to the generic UI when a game has no module: a 404 must not stick.
    response = client.get("/static/games/no-such-game.js", headers={"Accept-Encoding": "gzip"})
    assert response.status_code == 404
    assert "max-age" not in response.headers.get("cache-control", "")


def test_max_age_zero_means_always_revalidate(tmp_path: Path) -> None:
    with TestClient(create_app(fast_settings(tmp_path, static_max_age=0))) as client:
        response = client.get(SCRIPT)
        assert response.headers["cache-control"] == "no-cache"
        again = client.get(SCRIPT, headers={"If-None-Match": response.headers["etag"]})
        assert again.status_code == 304


def test_a_negative_max_age_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="static_max_age"):
        fast_settings(tmp_path, static_max_age=-1)


def test_pages_are_revalidated_every_time(client: TestClient) -> None:
    response = client.get("/", headers={"Accept-Encoding": "gzip"})
    assert response.status_code == 200
    assert response.headers["cache-control"] == "no-cache"
    assert 'src="/static/js/lobby.js"' in response.text


def test_the_api_still_answers_json_uncompressed(client: TestClient) -> None:
    # Responses carrying the CSRF token are never compressed (BREACH).
    status, headers, body = raw_get(client, "/api/session", **{"Accept-Encoding": "gzip"})
    assert status == 200
    assert "content-encoding" not in headers
    assert b'"csrf"' in body
    player = Player(client).signup("ann")
    games = player.get("/api/games").json()
    assert {"quinque", "connect5"} <= {game["name"] for game in games["games"]}
    # The static files' long caching never reaches the API, whose answers are not stored.
    assert client.get("/api/games").headers["cache-control"] == "no-store"


def test_the_websocket_still_works(client: TestClient) -> None:
    table = Player(client).signup("bea").create_table(["me", "open"])
    with client.websocket_connect("/ws/lobby", headers={"Accept-Encoding": "gzip"}) as lobby:
        message = lobby.receive_json()
    assert message["type"] == "lobby"
    assert [listed["id"] for listed in message["tables"]] == [table["id"]]
