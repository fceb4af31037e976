"""The rules pages: one per game and language, served by the app, linked to one another.

The pages are static files (``static/rules/<game>.<lang>.html`` and ``index.html``) sharing
``rules.css``. These tests check that every page exists and is served, carries the right
``<html lang>``, links the same game's other languages, is not a leftover copy of the English
page, and keeps the basics of accessibility and of the site's Content-Security-Policy (no
scripts, no inline styles).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from itertools import pairwise

import pytest

from connect_arena.server import create_app
from connect_arena.server.app import STATIC
from tests.server.serverhelpers import TestClient, fast_settings

RULES = STATIC / "rules"
GAMES = ("quinque", "connect5", "connnect", "pairs")
LANGS = ("en", "it", "de", "fr", "es")
PAGES = [(game, lang) for game in GAMES for lang in LANGS]
RECONSTRUCTED = ("connect5", "connnect", "pairs")
"""Games whose boards, cards or layout are the project's designs: their pages say so."""


@dataclass
class Page:
    """What the tests need to know about one HTML page."""

    lang: str | None = None
    headings: list[tuple[int, str]] = field(default_factory=list)
    links: list[str] = field(default_factory=list)
    stylesheets: list[str] = field(default_factory=list)
    svgs: list[dict[str, str | None]] = field(default_factory=list)
    images_without_alt: int = 0
    ids: list[str] = field(default_factory=list)
    classes: set[str] = field(default_factory=set)
    scripts: int = 0
    inline_styles: int = 0
    text: str = ""


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.page = Page()
        self._heading: int | None = None
        self._heading_text: list[str] = []
        self._text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        page = self.page
        if tag == "html":
            page.lang = attributes.get("lang")
        if tag in ("h1", "h2", "h3", "h4", "h5", "h6"):
            self._heading = int(tag[1])
            self._heading_text = []
        if tag == "a" and attributes.get("href"):
            page.links.append(str(attributes["href"]))
        if tag == "link" and attributes.get("rel") == "stylesheet":
            page.stylesheets.append(str(attributes.get("href")))
        if tag == "svg":
            label = attributes.get("aria-label")
            page.svgs.append({"role": attributes.get("role"), "label": label})
        if tag == "img" and not attributes.get("alt"):
            page.images_without_alt += 1
        if tag == "script":
            page.scripts += 1
        if tag == "style" or "style" in attributes:
            page.inline_styles += 1
        if attributes.get("id"):
            page.ids.append(str(attributes["id"]))
        page.classes.update((attributes.get("class") or "").split())

    def handle_endtag(self, tag: str) -> None:
        if self._heading is not None and tag == f"h{self._heading}":
            text = " ".join("".join(self._heading_text).split())
            self.page.headings.append((self._heading, text))
            self._heading = None

    def handle_data(self, data: str) -> None:
        if self._heading is not None:
            self._heading_text.append(data)
        self._text.append(data)

    def close(self) -> None:
        super().close()
        self.page.text = " ".join(" ".join(self._text).split())


def read(html: str) -> Page:
    reader = _Reader()
    reader.feed(html)
    reader.close()
    return reader.page


def source(name: str) -> str:
    return (RULES / name).read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def rules_client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    """One running app (lifespan included) for the whole module: the pages are read-only."""
    with TestClient(create_app(fast_settings(tmp_path_factory.mktemp("rules")))) as client:
        yield client


@pytest.mark.parametrize(("game", "lang"), PAGES)
def test_every_page_exists_and_is_served(rules_client: TestClient, game: str, lang: str) -> None:
    name = f"{game}.{lang}.html"
    assert (RULES / name).is_file(), f"missing {name}"
    response = rules_client.get(f"/static/rules/{name}")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    assert response.text == source(name)


@pytest.mark.parametrize(("game", "lang"), PAGES)
def test_page_has_the_right_language(game: str, lang: str) -> None:
    assert read(source(f"{game}.{lang}.html")).lang == lang


@pytest.mark.parametrize(("game", "lang"), PAGES)
def test_page_links_the_other_languages_of_the_same_game(game: str, lang: str) -> None:
    links = set(read(source(f"{game}.{lang}.html")).links)
    for other in LANGS:
        if other != lang:
            assert f"{game}.{other}.html" in links, f"{game}.{lang} does not link {other}"
    assert "index.html" in links


@pytest.mark.parametrize(("game", "lang"), [p for p in PAGES if p[1] != "en"])
def test_translated_page_is_not_a_leftover_english_copy(game: str, lang: str) -> None:
    english = read(source(f"{game}.en.html"))
    page = read(source(f"{game}.{lang}.html"))
    english_title = english.headings[0][1]
    assert english_title not in page.text
    english_sections = {text for level, text in english.headings if level == 2}
    sections = {text for level, text in page.headings if level == 2}
    assert not english_sections & sections, f"English headings left in {game}.{lang}"
    assert len(sections) == len(english_sections)


@pytest.mark.parametrize(("game", "lang"), PAGES)
def test_page_is_accessible_and_fits_the_content_security_policy(game: str, lang: str) -> None:
    page = read(source(f"{game}.{lang}.html"))
    levels = [level for level, _ in page.headings]
    assert levels[0] == 1 and levels.count(1) == 1
    for before, after in pairwise(levels):
        assert after <= before + 1, f"heading level jumps from h{before} to h{after}"
    assert all(text for _, text in page.headings)
    assert page.svgs, "every rules page has at least one diagram"
    for svg in page.svgs:
        assert svg["role"] == "img" and svg["label"], "a diagram without role=img and a label"
    assert page.images_without_alt == 0
    assert len(page.ids) == len(set(page.ids)), "duplicate ids"
    assert page.scripts == 0 and page.inline_styles == 0
    assert page.stylesheets == ["rules.css"]
    for target in page.links:
        if re.fullmatch(r"[a-z0-9]+\.[a-z]{2}\.html|index\.html", target):
            assert (RULES / target).is_file(), f"broken link {target}"


@pytest.mark.parametrize(("game", "lang"), [p for p in PAGES if p[0] in RECONSTRUCTED])
def test_reconstructed_components_are_flagged(game: str, lang: str) -> None:
    assert "note" in read(source(f"{game}.{lang}.html")).classes


def test_index_lists_every_page(rules_client: TestClient) -> None:
    response = rules_client.get("/static/rules/index.html")
    assert response.status_code == 200
    page = read(response.text)
    assert page.lang == "en" and page.scripts == 0 and page.inline_styles == 0
    assert {f"{game}.{lang}.html" for game, lang in PAGES} <= set(page.links)


def test_stylesheet_is_served(rules_client: TestClient) -> None:
    response = rules_client.get("/static/rules/rules.css")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/css")
