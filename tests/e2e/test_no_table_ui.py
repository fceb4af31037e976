"""Issue 27 (polish): ``/tables/9999`` says "There is no table 9999." once, with the way
back to the lobby, and no chat box (no toast, no second or third "no table")."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.conftest import LiveServer, artifacts, needs_chromium, new_page

pytestmark = [pytest.mark.slow, needs_chromium]


def test_a_missing_table_says_so_once(browser: Browser, live_server: LiveServer) -> None:
    page = new_page(browser, live_server.base)
    page.goto("/tables/9999")
    expect(page.locator("#back-to-lobby")).to_be_visible()
    expect(page.locator("#status")).to_have_text("There is no table 9999.")
    page.wait_for_timeout(500)  # a late toast or chat load would show by now
    text = page.locator("main").inner_text().lower()
    assert text.count("no table") + text.count("no such table") == 1, text
    expect(page.locator("#toasts .toast")).to_have_count(0)
    expect(page.locator("#chat")).to_be_hidden()  # no chat box about no table
    page.screenshot(path=str(artifacts() / "no-table-1280.png"))
    assert page.errors == []  # type: ignore[attr-defined]
