"""The landing page of a newcomer (issue 15), in a real browser: a signed-out visitor sees the
four games with the server's pictures, their players and length, the games being played now
with a Watch link; "Play the computer now" makes a guest and opens a table in one click; the
guest keeps its games by creating an account in place; sounds are off until turned on.
Screenshots of the landing page at 1280 and 390 px are kept in ``build/e2e/``."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import Account, LiveServer, artifacts, needs_chromium, new_page

pytestmark = [pytest.mark.slow, needs_chromium]

GAMES = ["quinque", "connect5", "connnect", "pairs"]
RAW_KEY = re.compile(r"\bcommon\.[A-Za-z]+\b")
PASSWORD = "correct horse battery"

# A stand-in for the Web Audio API that records the notes played (window.notes).
FAKE_AUDIO = """
window.notes = [];
window.AudioContext = class {
  constructor() { this.currentTime = 0; this.destination = {}; }
  createGain() {
    return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect: (n) => n };
  }
  createOscillator() {
    const oscillator = { frequency: { value: 0 }, connect: (n) => n, stop() {},
      start: () => window.notes.push(oscillator.frequency.value) };
    return oscillator;
  }
};
"""


def running_table(base: str) -> int:
    """A running Quinque table of two people (another visitor's), to be watched."""
    ann, bob = Account(base, "ann", PASSWORD), Account(base, "bob", PASSWORD)
    body: dict[str, Any] = {"game": "quinque", "seats": [{"kind": "me"}, {"kind": "open"}]}
    table = ann.post("/api/tables", body).json()["table"]
    joined = bob.post(f"/api/tables/{table['id']}/join", {"seat": 1})
    assert joined.status_code == 200, joined.text
    return int(table["id"])


def no_horizontal_overflow(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], width  # type: ignore[index]


@pytest.mark.parametrize("locale", ["en-US", "de-DE"])
def test_a_visitor_sees_the_games_and_the_tables_to_watch(
    browser: Browser, live_server: LiveServer, locale: str
) -> None:
    table_id = running_table(live_server.base)
    page = new_page(browser, live_server.base, locale=locale)
    page.goto("/")
    expect(page.locator("#landing")).to_be_visible()
    expect(page.locator("#create")).to_be_hidden()  # not the three empty cards any more
    cards = page.locator(".game-card")
    expect(cards).to_have_count(len(GAMES))
    assert cards.first.get_attribute("data-game") == "quinque"  # the game of the big button
    for name in GAMES:
        card = page.locator(f'.game-card[data-game="{name}"]')
        image = card.locator("img")
        expect(image).to_have_attribute("src", f"/api/games/{name}/picture.svg")
        image.scroll_into_view_if_needed()
        loaded = "(img) => img.complete && img.naturalWidth > 0"
        page.wait_for_function(loaded, arg=image.element_handle())
        expect(card.locator(".players")).to_have_text(re.compile(r"\d"))
        expect(card.locator(".length")).to_have_text(re.compile(r"\d+\D+\d+"))
        expect(card.locator("[data-play]")).to_be_visible()
    quinque = page.locator('.game-card[data-game="quinque"]')
    if locale == "de-DE":
        expect(page.locator("#play-now")).to_have_text("Jetzt gegen den Computer spielen")
        expect(quinque.locator(".players")).to_have_text("2 Spieler")
        expect(quinque.locator(".length")).to_have_text("10–20 Min.")
    else:
        expect(page.locator("#play-now")).to_have_text("Play the computer now")
        expect(quinque.locator(".players")).to_have_text("2 players")
        expect(quinque.locator(".length")).to_have_text("10–20 min")
    # The game being played, with a Watch link to its table.
    row = page.locator(f'#landing-tables [data-table="{table_id}"]')
    expect(row).to_contain_text("ann")
    expect(page.locator("#landing-no-tables")).to_be_hidden()
    assert not RAW_KEY.findall(page.inner_text("body"))
    language = locale[:2]
    page.screenshot(path=artifacts() / f"landing-1280-{language}.png", full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    no_horizontal_overflow(page)
    page.screenshot(path=artifacts() / f"landing-390-{language}.png", full_page=True)
    row.locator("a").click()
    page.wait_for_url(f"**/tables/{table_id}")
    expect(page.locator("#table-title")).to_contain_text(re.compile(rf"\b{table_id}\b"))
    assert page.errors == []  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("locale", "button", "level"),
    [("en-US", "Keep your games", "easy"), ("fr-FR", "Gardez", "facile")],
)
def test_play_the_computer_in_one_click_then_keep_the_game(
    browser: Browser, live_server: LiveServer, locale: str, button: str, level: str
) -> None:
    page = new_page(browser, live_server.base, locale=locale)
    page.goto("/")
    page.click("#play-now")
    page.wait_for_url(re.compile(r"/tables/\d+$"))
    table_id = int(page.url.rsplit("/", 1)[1])
    guest = page.inner_text("#user-name")
    assert guest.startswith("Guest-")
    # Quinque against the computer, already under way: the guest's seat is marked as theirs.
    expect(page.locator(".seat.mine")).to_have_count(1)
    expect(page.locator("#seats")).to_contain_text(level)  # the computer at the easy level
    expect(page.locator("svg.quinque")).to_be_visible()
    # Keep your games: the guest becomes an account in place, at the same table.
    upgrade = page.locator("#upgrade")
    expect(upgrade).to_contain_text(button)
    upgrade.click()
    page.fill("#account-name", "Guest-me")  # names starting with "guest" are kept for guests
    page.fill("#account-password", PASSWORD)
    page.click("dialog button[type=submit]")
    expect(page.locator("dialog .form-error")).to_contain_text(re.compile(r"\S"))
    page.fill("#account-name", "newcomer")
    page.click("dialog button[type=submit]")
    expect(page.locator("#user-name")).to_have_text("newcomer")
    expect(page.locator("#upgrade")).to_have_count(0)
    expect(page.locator("#account .tag")).to_have_count(0)
    expect(page.locator(".seat.mine")).to_have_count(1)  # still this person's seat
    expect(page.locator(".seat.mine")).to_contain_text("newcomer")  # under the new name
    page.reload()
    expect(page.locator("#user-name")).to_have_text("newcomer")
    expect(page.locator(".seat.mine")).to_have_count(1)
    seats = page.evaluate(f"fetch('/api/tables/{table_id}').then((r) => r.json())")
    assert seats["you"] == [0]
    # The new name and password sign in on another device.
    other = new_page(browser, live_server.base, locale=locale)
    other.goto("/")
    other.click("#sign-in")
    other.fill("#account-name", "newcomer")
    other.fill("#account-password", PASSWORD)
    other.click("dialog button[type=submit]")
    expect(other.locator("#user-name")).to_have_text("newcomer")
    assert page.errors == [] and other.errors == []  # type: ignore[attr-defined]


def test_sounds_are_off_until_turned_on_and_then_follow_the_moves(
    browser: Browser, live_server: LiveServer
) -> None:
    page = new_page(browser, live_server.base)
    page.add_init_script(FAKE_AUDIO)
    page.goto("/")
    page.click("#guest")
    expect(page.locator("#user-name")).to_be_visible()
    toggle = page.locator("#sound-toggle")
    expect(toggle).to_have_attribute("aria-pressed", "false")
    # A hot-seat Quinque where seat 0 starts: every move is this page's.
    table = page.evaluate(
        """async () => {
          const { csrf } = await (await fetch('/api/session')).json();
          const answer = await fetch('/api/tables', { method: 'POST',
            headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrf },
            body: JSON.stringify({ game: 'quinque', options: { first_player: '0' },
              seats: [{ kind: 'me' }, { kind: 'me' }] }) });
          return (await answer.json()).table.id;
        }"""
    )
    page.goto(f"/tables/{table}")
    # the board takes clicks once the table's state came (CI clicked too early under load)
    expect(page.locator("#status")).to_contain_text("Your turn")
    page.click('[data-add="T0,0 0,0"]')
    expect(page.locator("#moves li")).to_have_count(1)
    assert page.evaluate("window.notes") == []  # off by default
    page.click("#sound-toggle")
    expect(toggle).to_have_attribute("aria-pressed", "true")
    assert page.evaluate("localStorage.getItem('sound')") == "on"
    chimed = len(page.evaluate("window.notes"))  # the toggle plays the sound it turned on
    expect(page.locator("#status")).to_contain_text("Your turn")
    page.click('[data-add="T0,1 0,2"]')  # Blue's move (hot-seat: this page plays both)
    expect(page.locator("#moves li")).to_have_count(2)
    page.wait_for_function(f"window.notes.length > {chimed}")
    # Remembered: after a reload the toggle is still on; turned off, moves are silent.
    page.reload()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    page.click("#sound-toggle")
    expect(toggle).to_have_attribute("aria-pressed", "false")
    page.evaluate("window.notes = []")
    expect(page.locator("#status")).to_contain_text("Your turn")
    page.click("#end-turn")
    expect(page.locator("#moves li")).to_have_count(3)
    page.wait_for_timeout(300)
    assert page.evaluate("window.notes") == []
    assert page.errors == []  # type: ignore[attr-defined]


def test_the_landing_page_fetches_the_catalogue_once(
    browser: Browser, shared_server: LiveServer
) -> None:
    """Issue 27 (polish): the lobby, quick pairing and challenges asked for /api/games each."""
    page = new_page(browser, shared_server.base)
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(request.url))
    page.goto("/")
    expect(page.locator("#landing h1")).to_be_visible()
    page.click("#guest")  # the lobby's parts too
    expect(page.locator("#create-table")).to_be_visible()
    page.wait_for_load_state("networkidle")
    assert sum(url.endswith("/api/games") for url in fetched) == 1, fetched
    assert page.errors == []  # type: ignore[attr-defined]
