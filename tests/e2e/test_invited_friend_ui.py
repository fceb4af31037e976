"""Issue 27.7: a friend opening an invitation link is offered "Take this seat" prominently
on the board's place (not told to share the page's address), and taking it starts the game.
Screenshots at 1280 and 390 px (``build/e2e/invited-*.png``)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.conftest import (
    LiveServer,
    artifacts,
    needs_chromium,
    new_page,
    sign_up,
    sign_up_by_api,
)
from tests.e2e.test_lifecycle_ui import api_post

pytestmark = [pytest.mark.slow, needs_chromium]


@pytest.mark.parametrize("width", [1280, 390])
def test_an_invited_friend_is_offered_the_seat(
    browser: Browser, live_server: LiveServer, width: int
) -> None:
    alice, bob = new_page(browser, live_server.base), new_page(browser, live_server.base)
    sign_up_by_api(alice, "alice")
    # Bob signs up in the header's dialog at his width (a phone's: from its menu), the
    # dialog's check at both widths: the other tests get their accounts through the API.
    bob.set_viewport_size({"width": width, "height": 844})
    sign_up(bob, "bob")
    answer = api_post(
        alice, "/api/tables", {"game": "quinque", "seats": [{"kind": "me"}, {"kind": "open"}]}
    )
    table_id = answer["json"]["table"]["id"]
    bob.goto(f"/tables/{table_id}")
    take = bob.locator("#board #take-seat")
    expect(take).to_have_text("Take this seat")
    expect(take).to_be_in_viewport()
    expect(bob.locator("#status")).not_to_contain_text("Share this page")
    expect(bob.locator("#copy-link")).to_have_count(0)  # inviting is the creator's business
    # no empty cards in the waiting room (issue 27, polish): they come with the game
    expect(bob.locator("#game-panel")).to_be_hidden()
    expect(bob.locator(".moves-card")).to_be_hidden()
    alice.goto(f"/tables/{table_id}")
    expect(alice.locator("#copy-link")).to_be_visible()
    expect(alice.locator("#take-seat")).to_have_count(0)
    bob.screenshot(path=str(artifacts() / f"invited-{width}.png"))
    take.click()
    expect(bob.locator("#status")).not_to_contain_text("Waiting")  # the game started
    expect(bob.locator("#take-seat")).to_have_count(0)
    expect(bob.locator(".moves-card")).to_be_visible()
    assert alice.errors == [] and bob.errors == []  # type: ignore[attr-defined]
