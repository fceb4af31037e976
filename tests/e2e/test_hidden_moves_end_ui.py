"""Issue 27 polish in a real browser: at the end of a CO'NNN'ECT game the moves list no longer
shows "Red (hidden)" for the last simultaneous choices of the other player: once the game is
over the page asks again and shows them. Screenshots ``build/e2e/connnect-end-moves-*.png``
(1280 and 390 px)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import LiveServer, artifacts, needs_chromium, new_page, sign_up_by_api
from tests.e2e.test_lifecycle_ui import PLAY_FIRST_LEGAL, api_post

pytestmark = [pytest.mark.slow, needs_chromium]


def near_the_end(page: Page, table_id: int) -> bool:
    """Whether the game is in its last round or a player went out of it (CN-21: the game may
    end before its last round), from the state a socket of ``page`` is sent."""
    found: bool = page.evaluate(
        """(id) => new Promise((resolve) => {
          const socket = new WebSocket(`ws://${location.host}/ws/tables/${id}`);
          socket.onmessage = (event) => {
            const message = JSON.parse(event.data);
            if (message.type !== "state") return;
            socket.close();
            const { round, rounds, sheets } = message.observation;
            resolve(message.terminal || round >= rounds || sheets.some((sheet) => sheet.out));
          };
        })""",
        table_id,
    )
    return found


def play_until_finished(alice: Page, bob: Page, table_id: int) -> None:
    """Both play their first legal action until the game ends."""
    for _ in range(2000):
        if status(alice, table_id) == "finished":
            break
        for page in (bob, alice):
            if status(alice, table_id) != "finished":
                page.evaluate(PLAY_FIRST_LEGAL, table_id)


def status(page: Page, table_id: int) -> str:
    found: str = page.evaluate(
        "(id) => fetch(`/api/tables/${id}`).then((r) => r.json()).then((b) => b.table.status)",
        table_id,
    )
    return found


def test_the_hidden_moves_are_shown_once_the_game_is_over(
    browser: Browser, live_server: LiveServer
) -> None:
    alice = new_page(browser, live_server.base)
    bob = new_page(browser, live_server.base)
    sign_up_by_api(alice, "alice")
    sign_up_by_api(bob, "bob")
    # The rounds before the last away from the table page (on a page of the server with no
    # scripts): drawing each of their ~100 actions was most of this test's time, and the
    # game's end is what the test is about.
    for page in (alice, bob):
        page.goto("/api/session")
    body = {"game": "connnect", "seats": [{"kind": "me"}, {"kind": "open"}]}
    for _ in range(5):
        table_id = api_post(alice, "/api/tables", body)["json"]["table"]["id"]
        assert api_post(bob, f"/api/tables/{table_id}/join", {"seat": 1})["status"] == 200
        while not near_the_end(alice, table_id):
            for page in (bob, alice):
                page.evaluate(PLAY_FIRST_LEGAL, table_id)
        if status(alice, table_id) == "running":
            break
        # The game ended within the two actions that brought it near its end (a player out
        # ends it before its last round, CN-21; the dice differ from game to game): a new one.
    else:
        raise AssertionError("five games ended before their last round could be shown")
    alice.goto(f"/tables/{table_id}")
    play_until_finished(alice, bob, table_id)
    assert status(alice, table_id) == "finished"
    moves = alice.locator("#moves")
    expect(alice.locator("#moves li").first).to_be_visible()
    expect(moves).not_to_contain_text("(hidden)")
    alice.screenshot(path=str(artifacts() / "connnect-end-moves-1280.png"), full_page=True)
    alice.set_viewport_size({"width": 390, "height": 844})
    alice.wait_for_timeout(200)
    moves.scroll_into_view_if_needed()
    alice.screenshot(path=str(artifacts() / "connnect-end-moves-390.png"))
    assert alice.errors == [] and bob.errors == []  # type: ignore[attr-defined]
