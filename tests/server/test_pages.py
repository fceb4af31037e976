"""The HTML pages: Jinja2 templates (server/templates) sharing one head in ``base.html``;
each page URL answers its page with the Content-Security-Policy kept (no inline scripts or
styles)."""

from __future__ import annotations

import re

import pytest

from connect_arena.server.app import TEMPLATES
from tests.server.serverhelpers import TestClient

PAGES = {
    "/": ("lobby.js", "seeks.js", "challenges.js"),
    "/tables/3": ("table.js", "chat.js"),
    "/replay": ("replay.js", "analysis.js"),
    "/tables/3/replay": ("replay.js", "analysis.js"),
    "/tutorial/quinque": ("tutorial.js",),
    "/tournaments": ("tournaments.js",),
    "/tournaments/2": ("tournament.js",),
    "/puzzles": ("puzzles.js",),
    "/puzzles/connect5": ("puzzles-play.js",),
    "/users/alice": ("profile.js", "puzzles-profile.js"),
    "/leaderboard/quinque": ("leaderboard.js",),
    "/moderation": ("moderation.js",),
    "/reset-password": ("reset.js",),
}


def test_every_page_extends_the_one_head() -> None:
    pages = sorted(path.name for path in TEMPLATES.glob("*.html") if path.name != "base.html")
    assert len(pages) == len(PAGES) - 1  # /replay and /tables/{id}/replay share one page
    for name in pages:
        text = (TEMPLATES / name).read_text(encoding="utf-8")
        assert text.startswith('{% extends "base.html" %}'), name
        assert "<head" not in text and "<meta" not in text, name
    assert (TEMPLATES / "base.html").read_text(encoding="utf-8").count("<head>") == 1


@pytest.mark.parametrize("path", sorted(PAGES))
def test_a_page_answers_with_its_head_and_scripts(client: TestClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 200
    assert response.headers["content-type"] == "text/html; charset=utf-8"
    assert response.headers["cache-control"] == "no-cache"
    assert response.headers["etag"].startswith('"')
    assert "script-src 'self'" in response.headers["content-security-policy"]
    html = response.text
    assert html.startswith('<!doctype html>\n<html lang="en">\n<head>\n')
    assert html.count("<head>") == 1 and html.count('<header id="top"></header>') == 1
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in html
    assert '<link rel="stylesheet" href="/static/app.css">' in html
    assert '<link rel="icon" href="/static/logo.svg">' in html
    scripts = re.findall(r"<script([^>]*)>", html)
    assert scripts == [f' type="module" src="/static/js/{name}"' for name in PAGES[path]]
    assert " style=" not in html and "<style" not in html  # the CSP allows neither
    assert "{{" not in html and "{%" not in html


def test_the_same_page_keeps_its_etag(client: TestClient) -> None:
    assert client.get("/tables/1").headers["etag"] == client.get("/tables/2").headers["etag"]
    assert client.get("/tables/1").headers["etag"] != client.get("/").headers["etag"]
