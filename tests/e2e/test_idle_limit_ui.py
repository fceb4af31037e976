"""Issue 27.11: Connect 5's ``idle_limit`` (the bound a table without a clock gets) is shown
in the new-table form, at the table and in "How to play". Screenshots at 1280 and 390 px
(``build/e2e/idle-limit-*.png``)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.conftest import LiveServer, artifacts, needs_chromium, new_page, sign_up_by_api
from tests.e2e.test_lifecycle_ui import api_post

pytestmark = [pytest.mark.slow, needs_chromium]


def test_the_idle_limit_is_shown_in_the_form_and_at_the_table(
    browser: Browser, live_server: LiveServer
) -> None:
    page = new_page(browser, live_server.base)
    sign_up_by_api(page, "alice", lobby=True)
    page.select_option("#game", "connect5")
    note = page.locator("#anti-endless-note")
    expect(note).to_have_text(
        "Without a clock, a Connect 5 round ends after 200 turns in a row without a placement,"
        " stack or capture."
    )
    note.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts() / "idle-limit-form-1280.png"))
    page.select_option("#time-kind", "realtime")  # a clock ends every game: no bound
    expect(note).to_have_count(0)
    page.select_option("#time-kind", "unlimited")
    expect(note).to_be_visible()
    page.select_option("#game", "quinque")  # its rules end every game
    expect(note).to_have_count(0)

    body = {
        "game": "connect5",
        "options": {"board": "t1"},
        "seats": [{"kind": "me"}, {"kind": "me"}],  # hot-seat: it starts at once
    }
    table = api_post(page, "/api/tables", body)["json"]["table"]
    assert table["options"]["idle_limit"] == 200
    page.goto(f"/tables/{table['id']}")
    expect(page.locator("#c5-idle")).to_have_text("0 of 200")
    page.locator(".help summary").click()
    expect(page.locator("#c5-help-idle")).to_contain_text("after 200 turns in a row")
    page.screenshot(path=str(artifacts() / "idle-limit-table-1280.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(200)
    page.locator("#c5-idle").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts() / "idle-limit-table-390.png"))
    assert page.errors == []  # type: ignore[attr-defined]
