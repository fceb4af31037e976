"""Issue 27.14 in a real browser: the challenge dialog offers the game's rule options (the
new-table form's widgets) and the challenger's colour, at random by default; the accepted
table has them. Screenshots at 1280 and 390 px (``build/e2e/challenge-dialog-*.png``)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.conftest import LiveServer, artifacts, needs_chromium, new_page, sign_up_by_api

pytestmark = [pytest.mark.slow, needs_chromium]


def test_the_challenge_dialog_offers_rules_and_colour(
    browser: Browser, live_server: LiveServer
) -> None:
    alice = new_page(browser, live_server.base)
    bob = new_page(browser, live_server.base)
    sign_up_by_api(alice, "alice", lobby=True)
    sign_up_by_api(bob, "bob", lobby=True)
    alice.fill("#challenge-name", "bob")
    alice.click("#challenge-open")
    alice.select_option("#challenge-game", "quinque")
    colour = alice.locator("#challenge-seat")
    expect(colour).to_have_value("random")
    expect(colour.locator("option")).to_have_text(["At random", "Red", "Blue"])
    alice.locator("dialog details.challenge-rules summary").click()
    expect(alice.locator("#challenge-option-advanced")).to_be_visible()
    alice.screenshot(path=str(artifacts() / "challenge-dialog-1280.png"))
    alice.set_viewport_size({"width": 390, "height": 844})
    alice.wait_for_timeout(200)
    alice.screenshot(path=str(artifacts() / "challenge-dialog-390.png"))
    alice.set_viewport_size({"width": 1280, "height": 860})
    colour.select_option("1")  # alice plays Blue
    alice.check("#challenge-option-advanced")
    alice.select_option("#challenge-time", "unlimited")
    alice.click("#challenge-send")
    bob.click("#challenge-list .challenge.in .accept")
    bob.wait_for_url(re.compile(r"/tables/\d+$"))
    table_id = bob.url.rsplit("/", 1)[1]
    table = bob.evaluate(f"fetch('/api/tables/{table_id}').then((r) => r.json())")["table"]
    assert [seat["name"] for seat in table["seats"]] == ["bob", "alice"]
    assert table["options"]["advanced"] is True
    for page in (alice, bob):
        assert page.errors == []  # type: ignore[attr-defined]
