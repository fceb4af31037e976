"""Issue 25: the lobby lists one live page of tables (20) and a "more" button that adds the
next page. Screenshots at 1280 and 390 px (``build/e2e/lobby-more-*.png``)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.conftest import LiveServer, artifacts, needs_chromium, new_page, sign_up_by_api
from tests.e2e.test_lifecycle_ui import api_post

pytestmark = [pytest.mark.slow, needs_chromium]


def test_the_more_button_shows_the_next_page_of_tables(
    browser: Browser, live_server: LiveServer
) -> None:
    page = new_page(browser, live_server.base)
    sign_up_by_api(page, "alice")
    body = {"game": "quinque", "seats": [{"kind": "me"}, {"kind": "open"}]}
    ids = [api_post(page, "/api/tables", body)["json"]["table"]["id"] for _ in range(25)]
    page.goto("/")
    rows = page.locator("#tables > li")
    expect(rows).to_have_count(20)
    more = page.locator("#more-tables")
    expect(more).to_have_text("More tables (20 of 25 shown)")
    expect(rows.first).to_have_attribute("data-table", str(ids[-1]))
    more.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts() / "lobby-more-1280.png"))
    more.click()
    expect(rows).to_have_count(25)
    expect(rows.last).to_have_attribute("data-table", str(ids[0]))
    expect(more).to_be_hidden()
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(200)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    rows.last.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts() / "lobby-more-390.png"))
    assert page.errors == []  # type: ignore[attr-defined]
