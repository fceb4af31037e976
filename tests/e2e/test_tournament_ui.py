"""The tournament pages in a real browser (``docs/tournaments.md``, "On the site"): a person
creates a Swiss from the form, registers, adds computers, plays the round's game on the table
page, and sees the result in the live standings; the pages speak German too, and fit a phone.

Screenshots: ``build/e2e/tournaments-{list,event}-{1280,390}.png``.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import LiveServer, artifacts, needs_chromium, new_page, sign_up_by_api
from tests.e2e.test_browser import click_action

pytestmark = [pytest.mark.slow, needs_chromium]

START_IN_SECONDS = 25
"""Enough to register and add the computers through the pages on a loaded machine."""

# The table's state as the user's own WebSocket sees it: the seats the user plays and their
# legal actions (the page offers exactly those; tests/e2e/test_quinque_ui.py checks it).
TABLE_STATE = """async (url) => {
  const socket = new WebSocket(url);
  const state = await new Promise((resolve, reject) => {
    socket.onmessage = (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "state") resolve(message);
    };
    socket.onerror = () => reject(new Error("no connection"));
  });
  socket.close();
  return { seq: state.seq, terminal: state.terminal, legal: state.legal_actions };
}"""

# A start time a few seconds ahead, as the datetime-local input takes it (the browser's zone).
START_VALUE = """(seconds) => {
  const when = new Date(Date.now() + seconds * 1000);
  const pad = (n) => String(n).padStart(2, "0");
  return `${when.getFullYear()}-${pad(when.getMonth() + 1)}-${pad(when.getDate())}T` +
    `${pad(when.getHours())}:${pad(when.getMinutes())}:${pad(when.getSeconds())}`;
}"""


def create_swiss(page: Page) -> int:
    """Fill the form: Quinque with two parachutes and one tile each, a 1+2 clock, one Swiss
    round starting in a few seconds; the tournament's id."""
    page.goto("/tournaments")
    page.fill("#t-name", "Friday Swiss")
    page.select_option("#t-game", "quinque")
    page.click(".rules-options summary")
    page.fill("#t-option-parachutes", "2")
    page.fill("#t-option-tiles", "1")
    page.select_option("#t-clock", "custom")
    page.fill("#t-base", "1")
    page.fill("#t-increment", "2")
    page.select_option("#t-format", "arena")  # issue 27.12: an arena has no pause
    expect(page.locator("#t-pause")).to_be_hidden()
    expect(page.locator("#t-minutes")).to_be_visible()
    page.select_option("#t-format", "swiss")
    expect(page.locator("#t-pause")).to_be_visible()
    # "Starts at" is not clipped: the field shows its whole value.
    assert page.evaluate(
        "() => { const f = document.getElementById('t-start');"
        " return f.scrollWidth <= f.clientWidth + 1 && f.getBoundingClientRect().width >= 200; }"
    )
    page.fill("#t-rounds", "1")
    page.fill("#t-start", page.evaluate(START_VALUE, START_IN_SECONDS))
    page.screenshot(path=artifacts() / "tournaments-form-1280.png", full_page=True)
    page.click("#create-tournament")
    page.wait_for_url(re.compile(r"/tournaments/\d+$"))
    return int(page.url.rsplit("/", 1)[1])


def choose(legal: list[str]) -> str:
    """An action the test can click: a tile placed, a parachute marked, else the end of turn
    (moves of a tile are clicked too, but are never needed here)."""
    for kind in ("add", "mark", "pass", "move"):
        for action in legal:
            if action.split()[0] == kind:
                return action
    raise AssertionError(f"nothing to click among {legal}")


def play_out(page: Page, base: str, table_id: int) -> int:
    """Play the user's seat at the table page until the game ends; the actions played."""
    url = base.replace("http", "ws") + f"/ws/tables/{table_id}"
    played = 0
    for _ in range(200):
        state: dict[str, Any] = page.evaluate(TABLE_STATE, url)
        if state["terminal"]:
            return played
        mine = [actions for actions in state["legal"].values() if actions]
        if not mine:
            page.wait_for_timeout(200)  # the computer's turn
            continue
        moves = page.locator("#moves li").count()
        click_action(page, choose(mine[0]))
        played += 1
        page.wait_for_function("n => document.querySelectorAll('#moves li').length > n", arg=moves)
    raise AssertionError("the game did not end")


def fits(page: Page) -> bool:
    """Whether the page is no wider than the window (nothing overflows sideways)."""
    width: bool = page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    return width


def test_register_play_a_round_and_see_the_standings(
    browser: Browser, shared_server: LiveServer
) -> None:
    base = shared_server.base
    page = new_page(browser, base)
    sign_up_by_api(page, "tina")
    tournament_id = create_swiss(page)
    expect(page.locator("#top nav a[href='/tournaments']")).to_have_text("Tournaments")
    expect(page.locator("#t-title")).to_have_text("Friday Swiss")
    expect(page.locator("#t-status")).to_have_text("Registration open")
    expect(page.locator("#t-countdown")).to_contain_text("Starts in 0:")
    expect(page.locator("#t-settings")).to_contain_text("1+2")
    expect(page.locator("#t-settings")).to_contain_text("Swiss, 1 round")

    page.click("#t-join")
    expect(page.locator("#t-registered")).to_be_visible()
    page.select_option("#t-agent", "random")
    page.fill("#t-count", "3")
    page.click("#t-add-computers")
    expect(page.locator("#t-standings tr.standing")).to_have_count(4)
    expect(page.locator("#t-standings .mark.computer")).to_have_count(3)
    expect(page.locator("#t-standings tr.standing.me")).to_contain_text("tina")
    page.screenshot(path=artifacts() / "tournaments-event-upcoming-1280.png", full_page=True)

    # The list shows it as upcoming, with its clock and entrants.
    lister = new_page(browser, base)
    lister.goto("/tournaments")
    row = lister.locator(f'#upcoming [data-tournament="{tournament_id}"]')
    expect(row).to_contain_text("Friday Swiss")
    expect(row).to_contain_text("4 entrants")
    expect(row).to_contain_text("1+2")
    lister.screenshot(path=artifacts() / "tournaments-list-1280.png", full_page=True)

    # At the start, the round is paired live: the user's table appears without a reload.
    my_table = page.locator("#t-tables .round-table.mine")
    expect(my_table).to_have_count(1, timeout=START_IN_SECONDS * 1000 + 30_000)
    expect(page.locator("#t-status")).to_have_text("Round 1 of 1")
    expect(page.locator("#t-tables .round-table")).to_have_count(2)
    page.screenshot(path=artifacts() / "tournaments-event-running-1280.png", full_page=True)
    table_id = int(my_table.get_attribute("data-table") or "0")
    page.click("#t-my-table")
    page.wait_for_url(f"**/tables/{table_id}")
    assert play_out(page, base, table_id) >= 1

    page.goto(f"/tournaments/{tournament_id}")
    expect(page.locator("#t-status")).to_have_text("Finished", timeout=30_000)
    me = page.locator("#t-standings tr.standing.me")
    expect(me.locator(".wdl")).not_to_have_text("0/0/0")
    me.locator("button.expand").click()
    games = page.locator(f'#t-standings tr.games-row[data-games-of] li[data-table="{table_id}"]')
    expect(games).to_contain_text(re.compile(r"win|draw|loss"))
    headings = page.locator("#t-standings thead th")
    expect(headings).to_contain_text(["#", "Player", "Score", "W/D/L", "Byes", "Buchholz cut 1"])
    # Issue 27.12: the winner line and podium, the tie-breaks explained, no live mark.
    winners = page.locator("#t-standings tr.standing").filter(
        has=page.locator("td.place", has_text=re.compile(r"^1$"))
    )
    expect(page.locator("#t-winner")).to_contain_text(re.compile(r"^(Winner|Shared first place): "))
    expect(page.locator("#t-winner")).to_contain_text(
        winners.first.locator(".name button").first.inner_text().strip("▸▾ ⚙")
    )
    expect(page.locator("#t-podium li")).to_have_count(
        page.locator("#t-standings td.place").filter(has_text=re.compile(r"^[123]$")).count()
    )
    expect(page.locator("#t-live")).to_be_hidden()
    assert "weakest opponent" in (
        page.locator("#t-standings th.tb-first").get_attribute("title") or ""
    )
    expect(page.locator("#t-tiebreaks-note")).to_contain_text(
        "Buchholz cut 1 — Buchholz without the weakest"
    )
    expect(page.locator("#t-records")).to_have_attribute(
        "href", f"/api/tournaments/{tournament_id}/records"
    )
    page.screenshot(path=artifacts() / "tournaments-event-1280.png", full_page=True)

    # The list now has it among the finished ones.
    lister.reload()
    expect(lister.locator(f'#finished [data-tournament="{tournament_id}"]')).to_be_visible()

    # Phones: nothing overflows sideways.
    for path, name in ((f"/tournaments/{tournament_id}", "event"), ("/tournaments", "list")):
        phone = browser.new_context(
            base_url=base,
            viewport={"width": 390, "height": 844},
            storage_state=page.context.storage_state(),  # signed in: the form shows
        )
        small = phone.new_page()
        small.goto(path)
        expect(small.locator("#menu-toggle")).to_be_visible()  # the header, its nav in the menu
        small.wait_for_load_state("networkidle")
        if name == "event":
            expect(small.locator("#t-standings tr.standing")).to_have_count(4)
        assert fits(small), f"the {name} page overflows at 390 px"
        small.screenshot(path=artifacts() / f"tournaments-{name}-390.png", full_page=True)
        phone.close()
    assert page.errors == [] and lister.errors == []  # type: ignore[attr-defined]


def test_the_pages_speak_german(browser: Browser, shared_server: LiveServer) -> None:
    base = shared_server.base
    organiser = new_page(browser, base)
    sign_up_by_api(organiser, "otto")
    organiser.goto("/tournaments")
    organiser.fill("#t-name", "Herbstturnier")
    organiser.click("#create-tournament")
    organiser.wait_for_url(re.compile(r"/tournaments/\d+$"))
    tournament_id = int(organiser.url.rsplit("/", 1)[1])

    page = new_page(browser, base, locale="de")
    page.goto("/tournaments")
    expect(page.locator("#create-heading")).to_have_text("Turnier erstellen")
    expect(page.locator("#running-heading")).to_have_text("Laufend")
    expect(page.locator("#upcoming-heading")).to_have_text("Geplant")
    expect(page.locator("#finished-heading")).to_have_text("Beendet")
    expect(page.locator("#create-hint")).to_be_visible()  # a visitor cannot organise
    row = page.locator(f'#upcoming [data-tournament="{tournament_id}"]')
    expect(row).to_contain_text("Schweizer System, 5 Runden")
    expect(row).to_contain_text("0 Teilnehmer")
    page.click(f'#upcoming [data-tournament="{tournament_id}"] a.name')
    page.wait_for_url(f"**/tournaments/{tournament_id}")
    expect(page.locator("#standings-heading")).to_have_text("Tabelle")
    expect(page.locator("#round-heading")).to_have_text("Aktuelle Runde")
    expect(page.locator("#t-status")).to_have_text("Anmeldung offen")
    expect(page.locator("#t-countdown")).to_contain_text("Beginnt in")
    expect(page.locator("#t-sign-in-hint")).to_have_text("Melde dich an, um teilzunehmen.")
    expect(page.locator("#t-records")).to_have_text("Alle Partien herunterladen")
    assert page.errors == [] and organiser.errors == []  # type: ignore[attr-defined]
