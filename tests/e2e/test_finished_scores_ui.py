"""Issue 27.8 in a real browser: the lobby's finished games show each game's final points
("36–5", "36 pts" by each player) instead of its returns. Screenshots at 1280 and 390 px
(``build/e2e/finished-scores-*.png``)."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.conftest import LiveServer, artifacts, needs_chromium, new_page, sign_up_by_api
from tests.e2e.test_lifecycle_ui import api_post

pytestmark = [pytest.mark.slow, needs_chromium]

SMALL5 = {"board": "t1", "tokens": 5, "first_player": "0"}


def test_finished_connect5_games_show_their_points(
    browser: Browser, live_server: LiveServer
) -> None:
    page = new_page(browser, live_server.base)
    sign_up_by_api(page, "alice")
    body = {
        "game": "connect5",
        "options": SMALL5,
        "seats": [{"kind": "computer"}, {"kind": "computer"}],
    }
    table_id = api_post(page, "/api/tables", body)["json"]["table"]["id"]
    deadline = time.monotonic() + 60
    scores = None
    while scores is None and time.monotonic() < deadline:
        found = page.request.get(f"/api/tables/{table_id}").json()
        scores = found["table"]["scores"]
        page.wait_for_timeout(100)
    assert scores is not None, "the game did not end with points"
    page.goto("/")
    row = page.locator(f"#finished li[data-table='{table_id}']")
    line = "\u2013".join(str(int(points)) for points in scores)
    expect(row.locator(".result")).to_contain_text(line)
    pills = row.locator(".score")
    expect(pills).to_have_count(2)
    expect(pills.first).to_have_text(f"{int(scores[0])} pt" + ("" if scores[0] == 1 else "s"))
    row.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts() / "finished-scores-1280.png"))
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(200)
    row.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts() / "finished-scores-390.png"))
    assert page.errors == []  # type: ignore[attr-defined]
