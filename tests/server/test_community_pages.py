"""The community pages' routes: profiles (``/users/{name}``), leaderboards
(``/leaderboard/{game}``, ``/leaderboard`` -> the first game), each page loading its module."""

from __future__ import annotations

from fastapi.testclient import TestClient

from connect_arena.core import game_names


def test_profile_and_leaderboard_pages(client: TestClient) -> None:
    for path, module in (
        ("/users/alice", "/static/js/profile.js"),
        ("/users/No%20Such%20Player", "/static/js/profile.js"),
        ("/leaderboard/quinque", "/static/js/leaderboard.js"),
    ):
        response = client.get(path)
        assert response.status_code == 200, path
        assert response.headers["content-type"].startswith("text/html")
        assert module in response.text, path
        assert "default-src 'self'" in response.headers["content-security-policy"]


def test_leaderboard_redirects_to_the_first_game(client: TestClient) -> None:
    response = client.get("/leaderboard", follow_redirects=False)
    assert response.status_code == 307
    assert response.headers["location"] == f"/leaderboard/{game_names()[0]}"


def test_pages_load_the_community_modules(client: TestClient) -> None:
    assert "/static/js/seeks.js" in client.get("/").text
    assert "/static/js/challenges.js" in client.get("/").text
    assert "/static/js/chat.js" in client.get("/tables/1").text
    assert "/static/js/analysis.js" in client.get("/tables/1/replay").text
