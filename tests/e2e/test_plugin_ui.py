"""The plug-in fifth game (``tests/plugins/fivestones``) in the browser: listed in the lobby
without a rules link, played to the end at a table with the generic UI against the computer."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.conftest import LiveServer, artifacts, needs_chromium, new_page
from tests.server.live import free_port, server

pytestmark = [pytest.mark.slow, needs_chromium]
PLUGINS = Path(__file__).resolve().parents[1] / "plugins"


@pytest.fixture
def plugin_server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[LiveServer]:
    """The real server with the plug-in's folder on its ``PYTHONPATH``."""
    monkeypatch.setenv("PYTHONPATH", str(PLUGINS))
    port = free_port()
    with server(tmp_path, port):
        yield LiveServer(f"http://127.0.0.1:{port}")


def test_a_plugin_game_is_offered_and_played_with_the_generic_ui(
    browser: Browser, plugin_server: LiveServer
) -> None:
    page = new_page(browser, plugin_server.base)
    page.goto("/")
    page.click("#guest")
    expect(page.locator("#user-name")).to_be_visible()
    page.select_option("#game", "fivestones")
    expect(page.locator("#lobby-rules-link")).to_have_count(0)  # no rules page: no link
    page.select_option("#seat-1", "computer:random")
    page.click("#create-table")
    page.wait_for_url(re.compile(r"/tables/\d+$"))
    expect(page.locator("#rules-link")).to_have_count(0)
    buttons = page.locator(".legal-actions button")
    for _ in range(20):
        status = page.locator("#status")
        if "over" in (status.get_attribute("class") or ""):
            break
        expect(buttons.first).to_be_visible()
        buttons.first.click()
        page.wait_for_timeout(300)
    expect(page.locator("#status.over")).to_be_visible()
    # The moves read as the plug-in's events: it has no translations, so the notation shows.
    expect(page.locator("#moves li").first).to_contain_text("take")
    page.screenshot(path=artifacts() / "plugin-fivestones.png")
    assert page.errors == []  # type: ignore[attr-defined]
