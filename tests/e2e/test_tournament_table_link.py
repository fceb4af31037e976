"""A tournament's table links back to its tournament (and an ordinary table does not)."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.conftest import Account, LiveServer, needs_chromium, new_page, sign_up_by_api

pytestmark = [pytest.mark.slow, needs_chromium]


def test_a_tournament_table_links_back_to_its_tournament(
    browser: Browser, shared_server: LiveServer
) -> None:
    base = shared_server.base
    club = Account(base, "clubhouse")
    starts = (datetime.now(UTC) + timedelta(seconds=2)).isoformat()
    made = club.post(
        "/api/tournaments",
        {
            "name": "Quick Swiss",
            "game": "quinque",
            "options": {"parachutes": 2, "tiles": 1},
            "settings": {"time_control": {"kind": "realtime", "base": 60, "increment": 1}},
            "format": "swiss",
            "rounds": 1,
            "starts_at": starts,
        },
    ).json()["tournament"]
    club.post(f"/api/tournaments/{made['id']}/computers", {"agent": "random", "count": 2})
    seats = [{"kind": "me"}, {"kind": "open"}]
    ordinary = club.post("/api/tables", {"game": "quinque", "seats": seats}).json()["table"]["id"]
    deadline = time.monotonic() + 60
    games: list[dict[str, Any]] = []
    while not games:
        assert time.monotonic() < deadline, "the round was never paired"
        time.sleep(0.2)
        games = httpx.get(f"{base}/api/tournaments/{made['id']}").json()["tournament"]["games"]
    page = new_page(browser, base, locale="it")
    page.goto(f"/tables/{games[0]['table_id']}")
    link = page.locator("#tournament-link")
    expect(link).to_have_text("Torna al torneo")
    assert link.get_attribute("href") == f"/tournaments/{made['id']}"
    link.click()
    page.wait_for_url(f"**/tournaments/{made['id']}")
    page.goto(f"/tables/{ordinary}")
    expect(page.locator("#table-settings")).not_to_be_empty()
    assert page.locator("#tournament-link").count() == 0
    assert page.errors == []  # type: ignore[attr-defined]
    page.context.close()


def test_a_finished_tournament_table_links_back_once_and_offers_no_rematch(
    browser: Browser, shared_server: LiveServer
) -> None:
    """Issue 27, item 5: the table of a tournament's game played by the page's person shows
    "Back to the tournament" once, through the game's end, and neither "Rematch" nor "New
    game" (the tournament pairs the next game)."""
    from tests.e2e.test_tournament_ui import play_out

    base = shared_server.base
    club = Account(base, "clubroom")
    made = club.post(
        "/api/tournaments",
        {
            "name": "One game",
            "game": "quinque",
            "options": {"parachutes": 2, "tiles": 1},
            "settings": {"time_control": {"kind": "realtime", "base": 60, "increment": 1}},
            "format": "swiss",
            "rounds": 1,
            "starts_at": (datetime.now(UTC) + timedelta(seconds=12)).isoformat(),
        },
    ).json()["tournament"]
    club.post(f"/api/tournaments/{made['id']}/computers", {"agent": "random", "count": 1})
    page = new_page(browser, base)
    sign_up_by_api(page, "petra")
    page.goto(f"/tournaments/{made['id']}")
    page.click("#t-join")
    mine = page.locator("#t-tables .round-table.mine")
    expect(mine).to_have_count(1, timeout=60_000)
    table_id = int(mine.get_attribute("data-table") or "0")
    page.goto(f"/tables/{table_id}")
    expect(page.locator("#tournament-link")).to_have_count(1)
    assert play_out(page, base, table_id) >= 1
    page.wait_for_timeout(1000)  # the end's messages have arrived
    expect(page.locator("#tournament-link")).to_have_count(1)
    assert page.locator("#rematch").count() == 0
    assert page.locator("#new-game").count() == 0
    assert page.errors == []  # type: ignore[attr-defined]
    page.context.close()
