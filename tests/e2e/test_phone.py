"""Every game's table page on a 390×844 phone (issue 15, defect 6).

For each game with a table UI module (``static/games/<game>.js``), a person plays a few actions
against the computer (through the table's WebSocket, as the page does), then the table page is
opened on a touch phone and the test asserts:

* no horizontal overflow: ``document.documentElement.scrollWidth <= innerWidth == 390``;
* the board fully visible: nothing of ``#board`` lies left or right of the screen unless it is
  inside a scrolling frame of the board (a zoomed board pans), no drawing cuts off its shapes,
  and a zoomable board's "fit" button shows all of it in its frame;
* every clickable target of the board and of the controls under it (the elements the page makes
  clickable for legal actions: buttons, ``role=button``/``tab`` elements, links, fields) at
  least 44×44 CSS px (WCAG 2.5.5); a board that opens whole (Quinque, issue 27 item 18) after
  one tap on "zoom in";
* Connect Pairs: every token and space inside its zone's box;
* at the end of a game (computers playing every seat): no overflow, the result visible, a
  zoomable board whole (nothing to tap), CO'NNN'ECT's final score table wholly on the screen;
  the game's replay page fits too.

Each game is checked with its usual number of players (in English and another language) and
with its largest.

Screenshots of each game's table at 1280 px and 390 px, in English and in one other language
per game (every language once): ``build/e2e/<game>-1280.png``, ``<game>-390.png``,
``<game>-1280-<lang>.png``, ``<game>-390-<lang>.png``, ``<game>-390-end.png`` and
``<game>-390-replay.png`` (``-<n>p`` for the largest tables, ``-whole`` for a zoomable board
shown whole).
"""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from connect_arena.core import game_names, load
from tests.e2e.conftest import STATIC, LiveServer, artifacts, needs_chromium

pytestmark = [pytest.mark.slow, needs_chromium]

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 860}
MIN_TARGET = 44  # CSS px (WCAG 2.5.5, Apple's and Material's touch target)
GAMES = [name for name in game_names() if (STATIC / "games" / f"{name}.js").exists()]
# A second language for each game's screenshots and checks, every language once.
OTHER_LANGUAGE = dict(zip(GAMES, ["de", "fr", "it", "es", "de", "fr"], strict=False))
ACTIONS_BEFORE = 12  # the person's actions before the page is looked at

GUEST = """async () => {
  const session = await (await fetch('/api/session')).json();
  const headers = {'X-CSRF-Token': session.csrf};
  const answer = await fetch('/api/guest', {method: 'POST', headers});
  if (!answer.ok) throw new Error('guest: ' + answer.status);
}"""

CREATE = """async ([game, options, seats]) => {
  const session = await (await fetch('/api/session')).json();
  const answer = await fetch('/api/tables', {
    method: 'POST',
    headers: {'Content-Type': 'application/json', 'X-CSRF-Token': session.csrf},
    body: JSON.stringify({game, options, seats}),
  });
  const body = await answer.json();
  if (!answer.ok) throw new Error(JSON.stringify(body));
  return body.table.id;
}"""

# Plays up to `count` actions of `seat` through the table's WebSocket, chosen by a seeded
# generator among the legal ones; returns how many were played (fewer when the game ended).
PLAY = """async ([url, seat, count, seed]) => {
  const socket = new WebSocket(url);
  const inbox = [];
  let wake = null;
  socket.onmessage = (event) => { inbox.push(JSON.parse(event.data)); if (wake) wake(); };
  const next = async () => {
    while (!inbox.length) await new Promise((resolve) => { wake = resolve; });
    return inbox.shift();
  };
  let state = null;
  let played = 0;
  let random = seed;
  const pick = (n) => { random = (random * 1103515245 + 12345) % 2147483648; return random % n; };
  while (played < count) {
    const message = await next();
    if (message.type === 'state') state = message;
    else if (message.type === 'event' && message.state) state = message.state;
    else if (message.type === 'error') {
      socket.send(JSON.stringify({type: 'sync', since: message.seq}));
    }
    if (!state) continue;
    if (state.terminal) break;
    const legal = state.legal_actions[String(seat)];
    if (!legal || !legal.length) { state = null; continue; }
    const action = legal[pick(legal.length)];
    socket.send(JSON.stringify({type: 'action', seq: state.seq + 1, action, seat}));
    played += 1;
    state = null;
  }
  socket.close();
  return played;
}"""

# What overflows: the page's width and every part of #board outside the screen that no
# scrolling frame of the board holds.
OVERFLOW = """() => {
  const width = innerWidth;
  const scrolls = (element) => ['auto', 'scroll'].includes(getComputedStyle(element).overflowX);
  const board = document.getElementById('board');
  const outside = [];
  for (const element of board.querySelectorAll('*')) {
    const box = element.getBoundingClientRect();
    if (!box.width || (box.left >= -0.5 && box.right <= width + 0.5)) continue;
    let frame = element.parentElement;
    while (frame && frame !== board && !scrolls(frame)) frame = frame.parentElement;
    if (frame && frame !== board) continue;
    const name = `${element.tagName.toLowerCase()}.${element.getAttribute('class')}`;
    outside.push(`${name} ${Math.round(box.left)}..${Math.round(box.right)}`);
  }
  // What a drawing of the board cuts off: shapes beyond the edges of their <svg>.
  for (const drawing of board.querySelectorAll('svg')) {
    const edge = drawing.getBoundingClientRect();
    if (edge.width < 100) continue; // an icon
    for (const shape of drawing.querySelectorAll('rect, circle, path, line, polyline, text')) {
      const box = shape.getBoundingClientRect();
      if (!box.width && !box.height) continue;
      const inside = box.left >= edge.left - 1 && box.right <= edge.right + 1
        && box.top >= edge.top - 1 && box.bottom <= edge.bottom + 1;
      if (inside) continue;
      const owner = shape.closest('[data-tile], [data-dot], [data-cell], [class]');
      outside.push(`cut: ${shape.tagName} ${owner ? owner.getAttribute('class') : ''}`);
    }
  }
  const scrollWidth = document.documentElement.scrollWidth;
  return {innerWidth: width, scrollWidth, outside: outside.slice(0, 10)};
}"""

# The clickable targets under 44×44 CSS px: every visible, enabled control of the board and of
# the controls under it.
SMALL_TARGETS = """(minimum) => {
  const selector = `button, [role=button], [role=tab], a[href], input:not([type=hidden]),
    select, summary`;
  const small = [];
  let count = 0;
  const targets = `#board :is(${selector}), #controls :is(${selector})`;
  for (const element of document.querySelectorAll(targets)) {
    if (element.disabled || !element.checkVisibility()) continue;
    const box = element.getBoundingClientRect();
    if (!box.width || !box.height) continue;
    count += 1;
    if (box.width < minimum - 0.5 || box.height < minimum - 0.5) {
      const name = element.getAttribute('aria-label') || element.textContent.trim().slice(0, 30);
      const size = `${box.width.toFixed(1)}×${box.height.toFixed(1)}`;
      const what = `${element.tagName.toLowerCase()}.${element.getAttribute('class')}`;
      small.push(`${what} "${name}" ${size}`);
    }
  }
  return {count, small: small.slice(0, 12)};
}"""

# Connect Pairs: tokens and spaces that stick out of their zone's box.
PAIRS_SPILL = """() => {
  const out = [];
  for (const zone of document.querySelectorAll('#board .zone')) {
    const box = zone.getBoundingClientRect();
    for (const item of zone.querySelectorAll('.tok, .space, .zone-face')) {
      const r = item.getBoundingClientRect();
      if (!r.width) continue; // not drawn (a compact board hides the zone's die)
      const inside = r.left >= box.left - 0.5 && r.right <= box.right + 0.5
        && r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5;
      if (!inside) {
        out.push(`zone ${zone.dataset.seat}:${zone.dataset.zone} ${item.getAttribute('class')}`);
      }
    }
  }
  return out;
}"""

# A zoomable board at "fit": the whole drawing inside its frame, no scrolling needed.
FITS_FRAME = """() => {
  const frame = document.querySelector('#board .zoom-frame');
  const drawing = frame.querySelector('svg');
  const f = frame.getBoundingClientRect();
  const d = drawing.getBoundingClientRect();
  const inside = d.left >= f.left - 1 && d.right <= f.right + 1
    && d.top >= f.top - 1 && d.bottom <= f.bottom + 1;
  const still = frame.scrollWidth <= frame.clientWidth + 1
    && frame.scrollHeight <= frame.clientHeight + 1;
  return {fits: inside && still, frame: [f.width, f.height], drawing: [d.width, d.height]};
}"""


@pytest.fixture(scope="module")
def server(shared_server: LiveServer) -> LiveServer:
    return shared_server


def open_page(
    browser: Browser, base: str, viewport: dict[str, int], locale: str, same_as: Page | None = None
) -> Page:
    """A fresh context signed in as a new guest, or as the person of ``same_as``; a phone
    viewport is a touch phone (mobile meta viewport, touch)."""
    phone = viewport["width"] < 600
    context = browser.new_context(
        base_url=base,
        viewport=viewport,
        locale=locale,
        is_mobile=phone,
        has_touch=phone,
        # One device pixel a CSS pixel, as at 1280: the checks are in CSS pixels, and a phone's
        # two drew four times the pixels; the screenshots are 390 px wide.
        device_scale_factor=1,
        storage_state=same_as.context.storage_state() if same_as else None,
    )
    page = context.new_page()
    page.set_default_timeout(15_000)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors  # type: ignore[attr-defined]
    if same_as is None:
        page.goto("/api/session")  # no page script that could race the guest's session cookie
        page.evaluate(GUEST)
    return page


def game_options(game: str) -> dict[str, Any]:
    """The person moves first where the game lets the table say so."""
    names = {spec.name for spec in load(game).option_specs}
    return {"first_player": "0"} if "first_player" in names else {}


def running_table(page: Page, base: str, game: str, players: int) -> int:
    """A table of ``game`` against random computers, after the person's first actions, opened
    on the person's turn."""
    seats = [{"kind": "me"}] + [{"kind": "computer", "agent": "random"}] * (players - 1)
    table_id: int = page.evaluate(CREATE, [game, game_options(game), seats])
    url = base.replace("http", "ws") + f"/ws/tables/{table_id}?since=0"
    page.evaluate(PLAY, [url, 0, ACTIONS_BEFORE, 7])
    page.goto(f"/tables/{table_id}")
    expect(page.locator("#status.yours, #status.over")).to_be_visible()
    page.wait_for_timeout(300)  # fonts and the module's style sheet
    return table_id


def assert_fits(page: Page) -> None:
    overflow = page.evaluate(OVERFLOW)
    assert overflow["innerWidth"] == PHONE["width"], overflow
    assert overflow["scrollWidth"] <= overflow["innerWidth"], overflow
    assert overflow["outside"] == [], overflow


def assert_targets(page: Page) -> int:
    found = page.evaluate(SMALL_TARGETS, MIN_TARGET)
    assert found["small"] == [], found
    count: int = found["count"]
    return count


def starts_whole(page: Page) -> bool:
    """Whether the board opened whole with its zoom buttons offered (the "fit" button
    pressed)."""
    fit = page.locator("#board .zoom-buttons:visible [data-zoom=fit]")
    return bool(fit.count()) and fit.get_attribute("aria-pressed") == "true"


def check_zoom(page: Page, shot: str) -> None:
    """A zoomable board: "fit" shows the whole board in its frame (screenshot ``shot``); back
    to the touch size."""
    if not page.locator("#board .zoom-buttons:visible").count():
        return
    page.click("#board [data-zoom=fit]")
    fit = page.evaluate(FITS_FRAME)
    assert fit["fits"], fit
    page.locator("#board").screenshot(path=artifacts() / shot)
    page.click("#board [data-zoom=in]")
    expect(page.locator("#board [data-zoom=out]")).to_be_enabled()


def player_counts(game: str) -> list[int]:
    """The game's usual number of players and, if it differs, its largest."""
    game_type = load(game).game_type
    return sorted({game_type.default_players, max(game_type.player_counts)})


# (game, players, language): the usual table in English and in another language, the largest
# table in English.
RUNNING = [
    pytest.param(game, players, lang, id=f"{game}-{players}p-{lang}")
    for game in GAMES
    for players in player_counts(game)
    for lang in (
        ["en", OTHER_LANGUAGE[game]] if players == load(game).game_type.default_players else ["en"]
    )
]
FINISHED = [
    pytest.param(game, players, id=f"{game}-{players}p")
    for game in GAMES
    for players in player_counts(game)
]


def shot_name(game: str, players: int, width: int, lang: str = "en", extra: str = "") -> str:
    """``<game>-<width>[-<n>p][-<lang>][-<extra>].png`` (the usual table, English: no tags)."""
    tags = [game, str(width)]
    if players != load(game).game_type.default_players:
        tags.append(f"{players}p")
    if lang != "en":
        tags.append(lang)
    if extra:
        tags.append(extra)
    return "-".join(tags) + ".png"


@pytest.mark.parametrize(("game", "players", "lang"), RUNNING)
def test_a_running_table_fits_a_phone(
    browser: Browser, server: LiveServer, game: str, players: int, lang: str
) -> None:
    page = open_page(browser, server.base, PHONE, lang)
    table_id = running_table(page, server.base, game, players)
    page.screenshot(path=artifacts() / shot_name(game, players, 390, lang), full_page=True)
    assert_fits(page)
    if starts_whole(page):  # Quinque: the whole formation first, 44 px targets one tap away
        assert page.evaluate(FITS_FRAME)["fits"]
        page.click("#board [data-zoom=in]")
    assert assert_targets(page) > 0  # the person's turn: something to choose
    if game == "pairs":
        assert page.evaluate(PAIRS_SPILL) == []
    check_zoom(page, shot_name(game, players, 390, lang, "whole"))
    assert_targets(page)
    assert page.errors == []  # type: ignore[attr-defined]
    # The same table on the person's desktop screen: the page still fits (the screenshot is
    # looked at).
    desktop = open_page(browser, server.base, DESKTOP, lang, same_as=page)
    desktop.goto(f"/tables/{table_id}")
    expect(desktop.locator("#status")).not_to_be_empty()
    desktop.wait_for_timeout(300)
    desktop.screenshot(path=artifacts() / shot_name(game, players, 1280, lang), full_page=True)
    width = desktop.evaluate("[document.documentElement.scrollWidth, innerWidth]")
    assert width[0] <= width[1]
    if game == "pairs":
        assert desktop.evaluate(PAIRS_SPILL) == []
    assert desktop.errors == []  # type: ignore[attr-defined]
    page.context.close()
    desktop.context.close()


def wait_until_finished(page: Page, table_id: int, limit: float = 60) -> None:
    """Poll the table until the server says its game is over (``page.wait_for_function``
    would not do: it does not await an async predicate, and a promise is truthy)."""
    deadline = time.monotonic() + limit
    while page.request.get(f"/api/tables/{table_id}").json()["table"]["status"] != "finished":
        assert time.monotonic() < deadline, f"table {table_id} did not finish in {limit} s"
        page.wait_for_timeout(250)


@pytest.mark.parametrize(("game", "players"), FINISHED)
def test_a_finished_table_fits_a_phone(
    browser: Browser, server: LiveServer, game: str, players: int
) -> None:
    page = open_page(browser, server.base, PHONE, "en")
    options = game_options(game)
    game_type = load(game).game_type
    if game_type.anti_endless_option:  # a short game (computers might never end a Quinque one)
        options[game_type.anti_endless_option] = 20
    seats = [{"kind": "computer", "agent": "random"}] * players
    table_id = page.evaluate(CREATE, [game, options, seats])
    wait_until_finished(page, table_id)
    page.goto(f"/tables/{table_id}")
    expect(page.locator("#status.over")).to_be_visible(timeout=20_000)  # a long table
    page.wait_for_timeout(300)
    page.screenshot(path=artifacts() / shot_name(game, players, 390, extra="end"), full_page=True)
    assert_fits(page)
    if page.locator("#board .zoom-frame").count():  # nothing to tap: the whole board shows
        fit = page.evaluate(FITS_FRAME)
        assert fit["fits"], fit
    status = page.locator("#status").bounding_box()
    assert status is not None and status["x"] >= 0
    assert status["x"] + status["width"] <= PHONE["width"]
    if game == "connnect":
        final = page.locator(".cn-final")
        expect(final).to_be_visible()
        expect(final.locator("tr.total")).to_be_visible()
        cells = final.locator("th, td")
        assert cells.count() > 0
        for index in range(cells.count()):
            box = cells.nth(index).bounding_box()
            assert box is not None and box["x"] >= 0, index
            assert box["x"] + box["width"] <= PHONE["width"] + 0.5, (index, box)
        assert re.search(r"\d", final.locator("tr.total").inner_text())
    # Its replay fits the phone too.
    page.goto(f"/tables/{table_id}/replay")
    expect(page.locator("#position")).not_to_be_empty()
    page.wait_for_timeout(300)
    assert_fits(page)
    page.screenshot(path=artifacts() / shot_name(game, players, 390, extra="replay"))
    assert page.errors == []  # type: ignore[attr-defined]
    page.context.close()


def test_a_quinque_player_sees_the_whole_formation_on_a_phone(
    browser: Browser, server: LiveServer
) -> None:
    """Issue 27, item 18: a formation too big to show whole at 44 px targets opens whole (its
    outer tiles were cut), and zooms in on demand to 44 px targets."""
    page = open_page(browser, server.base, PHONE, "en")
    seats = [{"kind": "me"}, {"kind": "computer", "agent": "random"}]
    zoom = page.locator("#board .zoom-buttons:visible")
    url = ""
    for attempt in range(12):  # until the formation needs the zoom (a few rounds of moves)
        if not url:
            table_id: int = page.evaluate(CREATE, ["quinque", game_options("quinque"), seats])
            url = server.base.replace("http", "ws") + f"/ws/tables/{table_id}?since=0"
        page.evaluate(PLAY, [url, 0, 8, 7 + attempt])
        page.goto(f"/tables/{table_id}")
        expect(page.locator("#status.yours, #status.over")).to_be_visible()
        if page.locator("#status.over").count():
            url = ""  # five in a row came first (the computer plays at random): a new table
            continue
        page.wait_for_timeout(300)
        if zoom.count():
            break
    assert starts_whole(page)
    fit = page.evaluate(FITS_FRAME)
    assert fit["fits"], fit
    page.screenshot(path=artifacts() / "quinque-390-opens-whole.png", full_page=True)
    page.click("#board [data-zoom=in]")
    assert assert_targets(page) > 0
    assert page.errors == []  # type: ignore[attr-defined]


def test_the_side_cards_keep_to_the_column_at_1280(browser: Browser, server: LiveServer) -> None:
    """Issue 27 (polish): Connect 5's side cards stood 13 px past the page's margin (the score
    table widened its card beyond the 330 px column)."""
    page = open_page(browser, server.base, DESKTOP, "en")
    running_table(page, server.base, "connect5", 2)
    past = page.evaluate(
        """() => {
          const side = document.querySelector('.table-page .side').getBoundingClientRect();
          return [...document.querySelectorAll('.table-page .side > *')]
            .map((card) => Math.round(card.getBoundingClientRect().right - side.right))
            .filter((overhang) => overhang > 0);
        }"""
    )
    assert past == []
    assert page.errors == []  # type: ignore[attr-defined]
