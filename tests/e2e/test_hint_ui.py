"""The "Hint" button in a real browser: a hot-seat Quinque game, a few moves, then Hint shows
the computer's suggestion (in words, with its expected score) and rings it on the board; the
suggestion is one of the legal actions, and it goes away once a move is played. The screenshot
is ``build/e2e/9-hint.png``."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.conftest import LiveServer, artifacts, needs_chromium, new_page, sign_up_by_api
from tests.e2e.test_browser import PLAN, click_action, create_table

pytestmark = [pytest.mark.slow, needs_chromium]


def test_hint_shows_a_legal_suggestion_on_the_board(
    browser: Browser, live_server: LiveServer
) -> None:
    page = new_page(browser, live_server.base)
    sign_up_by_api(page, "erin", lobby=True)
    page.click("#hot-seat")
    table_id = create_table(page)
    for step, (_seat, action) in enumerate(PLAN[:4], start=1):
        click_action(page, action)
        expect(page.locator("#moves li")).to_have_count(step)
    expect(page.locator("#status")).to_contain_text("Your turn (Red)")
    legal = page.evaluate(
        """async (id) => {
            const socket = new WebSocket(`ws://${location.host}/ws/tables/${id}`);
            const state = await new Promise((resolve) => {
                socket.onmessage = (event) => {
                    const message = JSON.parse(event.data);
                    if (message.type === "state") resolve(message);
                };
            });
            socket.close();
            return state.legal_actions["0"];
        }""",
        table_id,
    )

    with page.expect_response(f"**/api/tables/{table_id}/hint") as answered:
        page.click("#hint-button")
    hint = answered.value.json()
    assert answered.value.status == 200
    best = hint["lines"][0]["action"]
    assert best in legal and len(hint["lines"]) == 3
    box = page.locator("#hint")
    expect(box).to_contain_text("Suggestion:")
    # One honest scale (issue 27 item 10): "wins 63%" or a proof in words, never "also good".
    value = re.compile(r"^wins \d+%$|^(wins|loses) by force$")
    expect(box.locator(".hint-value")).to_have_text(value)
    expect(box).not_to_contain_text("Also good")
    if best != "pass":  # "pass" is named in the box only
        expect(page.locator(f'[data-hint="{best}"]')).to_have_count(1)
    page.screenshot(path=artifacts() / "9-hint.png", full_page=True)

    # Playing a move clears the suggestion; nothing of the hint is in the moves list.
    click_action(page, best)
    expect(page.locator("#moves li")).to_have_count(5)
    expect(page.locator("#hint")).to_have_count(0)
    expect(page.locator("[data-hint]")).to_have_count(0)
    assert page.errors == []  # type: ignore[attr-defined]
