"""A tournament's table links back to its tournament (and an ordinary table does not)."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.conftest import Account, LiveServer, needs_chromium, new_page

pytestmark = [pytest.mark.slow, needs_chromium]


def test_a_tournament_table_links_back_to_its_tournament(
    browser: Browser, live_server: LiveServer
) -> None:
    base = live_server.base
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
