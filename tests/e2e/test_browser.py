"""End to end in a real browser: Playwright drives Debian's Chromium (headless) against the real
server. Two people sign up in two browser contexts, open a Quinque table, play a whole game by
clicking (marks, added tiles, a tile move, "End turn") and a third context spectates. The
screenshots are kept in ``build/e2e/``.

``python3 dev.py test`` installs ``/usr/bin/chromium`` when it is missing; without it this test
is skipped with a message.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import LiveServer, artifacts, needs_chromium, new_page, sign_up_by_api

# Red (alice) lines up 0,0 … 4,0; Blue (bob) adds a tile, marks, and Red moves Blue's tile.
# (seat, action): "pass" is the "End turn" button. Checked against the engine in the test.
PLAN = [
    (0, "add T0,0 0,0"),
    (1, "add T0,1 0,2"),
    (1, "pass"),
    (0, "add T1,0 2,0"),
    (0, "move T0,1 T1,1"),
    (1, "mark 1,1"),
    (1, "pass"),
    (0, "add T2,0 4,0"),
    (0, "pass"),
    (1, "mark 3,3"),
    (1, "pass"),
    (0, "mark 1,0"),
    (0, "pass"),
    (1, "mark 2,3"),
    (1, "pass"),
    (0, "mark 3,0"),
]
OPTIONS = {"parachutes": "5", "tiles": "4"}

pytestmark = [pytest.mark.slow, needs_chromium]


def create_table(page: Page) -> int:
    for name, value in OPTIONS.items():
        page.fill(f"#option-{name}", value)
    page.click("#create-form details summary")
    page.select_option("#option-first_player", "0")
    page.click("#create-table")
    page.wait_for_url(re.compile(r"/tables/\d+$"))
    return int(page.url.rsplit("/", 1)[1])


def click_action(page: Page, action: str) -> None:
    """Choose ``action`` on the board the way a person does."""
    words = action.split()
    if words[0] == "pass":
        page.click("#end-turn")
    elif words[0] == "add":
        page.click(f'[data-add="{words[1]} {words[2]}"]')
    elif words[0] == "mark":
        page.click(f'[data-skydiver="{words[1]}"]')
    else:  # move: select the tile, then click the highlighted destination
        face = page.locator(f'[data-tile="{words[1]}"] .tile-face')
        box = None
        for _ in range(50):  # a message arriving may re-render the board between the queries
            box = face.bounding_box()
            if box is not None:
                break
            page.wait_for_timeout(100)
        assert box is not None
        face.click(position={"x": box["width"] / 2, "y": box["height"] * 0.05})
        expect(page.locator(".destination")).not_to_have_count(0)
        page.click(f'[data-dest="{words[2]}"]')


def position(page: Page) -> list[str]:
    """The parachutes on the board, as ``x,y:seat`` strings."""
    script = """nodes => nodes.map(
        n => n.dataset.skydiver + ':' + n.getAttribute('class').match(/seat-(\\d)/)[1]
    ).sort()"""
    found: list[str] = page.eval_on_selector_all(".skydiver.marked", script)
    return found


# Every test here has its own accounts and tables: the module's shared server does, no fresh
# database needed (a server start costs seconds of CPU).
def test_two_people_play_a_whole_quinque_game(browser: Browser, shared_server: LiveServer) -> None:
    out = artifacts()
    base = shared_server.base
    alice, bob, carol = (new_page(browser, base) for _ in range(3))
    sign_up_by_api(alice, "alice", lobby=True)
    sign_up_by_api(bob, "bob")
    table_id = create_table(alice)
    expect(alice.locator("#status")).to_contain_text("Waiting for 1 more player")
    bob.goto("/")
    bob.click(f'[data-join="{table_id}:1"]')
    bob.wait_for_url(f"**/tables/{table_id}")
    carol.goto(f"/tables/{table_id}")  # an anonymous spectator
    pages = [alice, bob]
    for step, (seat, action) in enumerate(PLAN, start=1):
        page = pages[seat]
        expect(page.locator("#status")).to_contain_text("Your turn")
        if step == 5:
            page.screenshot(path=out / "1-red-moves-a-tile.png")
        click_action(page, action)
        expect(carol.locator("#moves li")).to_have_count(step)
    for page in (alice, bob, carol):
        expect(page.locator("#status")).to_contain_text("Red · alice won — five in a row")
    alice.screenshot(path=out / "2-alice-wins.png")
    bob.screenshot(path=out / "3-bob-loses.png")
    carol.screenshot(path=out / "4-spectator.png")
    final = position(alice)
    assert len(final) == 9 and {"0,0:0", "1,0:0", "2,0:0", "3,0:0", "4,0:0"} <= set(final)
    assert position(bob) == final and position(carol) == final
    carol.click("#replay-link")
    expect(carol.locator("#position")).to_have_text(f"{len(PLAN)} / {len(PLAN)}")
    carol.click("#first")
    expect(carol.locator("#position")).to_have_text(f"0 / {len(PLAN)}")
    carol.click("#next")
    expect(carol.locator(".skydiver.marked")).to_have_count(1)
    carol.screenshot(path=out / "5-replay.png")
    for page in (alice, bob, carol):
        assert page.errors == []  # type: ignore[attr-defined]


def test_hot_seat_quinque_one_page_plays_both_seats(
    browser: Browser, shared_server: LiveServer
) -> None:
    page = new_page(browser, shared_server.base)
    sign_up_by_api(page, "dana", lobby=True)
    page.click("#hot-seat")  # every seat that is not a computer's: "Me"
    assert page.input_value("#seat-1") == "me"
    table_id = create_table(page)
    spectator = new_page(browser, shared_server.base)
    spectator.goto(f"/tables/{table_id}")
    expect(page.locator(".seat.mine")).to_have_count(2)
    for step, (seat, action) in enumerate(PLAN[:8], start=1):
        name = ["Red", "Blue"][seat]
        expect(page.locator("#status")).to_contain_text(f"Your turn ({name})")
        click_action(page, action)
        expect(spectator.locator("#moves li")).to_have_count(step)
    assert not page.locator("#handover-ready").is_visible()  # Quinque hides nothing
    expect(spectator.locator("#status")).to_contain_text("Red · dana to move")
    page.screenshot(path=artifacts() / "6-hot-seat-quinque.png")
    assert page.errors == [] and spectator.errors == []  # type: ignore[attr-defined]


# Plays every action of ``seat`` through a second WebSocket of the same user, as another tab
# of a hot-seat player would, until the seat has nothing more to do in this phase.
PLAY_SEAT = """async ([url, seat]) => {
  const socket = new WebSocket(url);
  const inbox = [];
  let wake = null;
  socket.onmessage = (event) => {
    inbox.push(JSON.parse(event.data));
    if (wake) wake();
  };
  const next = async () => {
    while (!inbox.length) await new Promise((resolve) => { wake = resolve; });
    return inbox.shift();
  };
  let state = null;
  for (;;) {
    const message = await next();
    if (message.type === "state") state = message;
    if (message.type === "event" && message.state) state = message.state;
    if (!state) continue;
    const legal = state.legal_actions[String(seat)];
    if (!legal || state.terminal) break;
    const action = legal.includes("done") ? "done" : legal[0];
    socket.send(JSON.stringify({ type: "action", seq: state.seq + 1, action, seat }));
    state = null;
  }
  socket.close();
}"""


def test_hot_seat_hides_one_seat_from_the_other_in_a_simultaneous_phase(
    browser: Browser, shared_server: LiveServer
) -> None:
    page = new_page(browser, shared_server.base)
    sign_up_by_api(page, "erin", lobby=True)
    page.select_option("#game", "connnect")
    page.click("#hot-seat")
    table_id = create_table_plain(page)
    # Both seats write at once: the page first asks to hand the device to the first one.
    expect(page.locator("#handover-ready")).to_be_visible()
    expect(page.locator("#board")).to_be_hidden()
    expect(page.locator("#status")).to_contain_text("pass the device to Blue")
    page.screenshot(path=artifacts() / "7-hot-seat-handover.png")
    page.click("#handover-ready")
    expect(page.locator("#board")).to_be_visible()
    expect(page.locator("#status")).to_contain_text("Your turn (Blue)")
    # Blue finishes its part of the phase (from another socket of the same user): the page
    # hides Blue's sheet and hands the device to Red.
    url = shared_server.base.replace("http", "ws") + f"/ws/tables/{table_id}?since=0"
    page.evaluate(PLAY_SEAT, [url, 0])
    expect(page.locator("#handover-ready")).to_be_visible()
    expect(page.locator("#handover-ready")).to_contain_text("I am Red")
    expect(page.locator("#board")).to_be_hidden()
    expect(page.locator("#moves li.colour-blue").first).to_contain_text("(hidden)")
    page.click("#handover-ready")
    expect(page.locator("#status")).to_contain_text("Your turn (Red)")
    expect(page.locator("#moves li.colour-blue").last).to_contain_text("(hidden)")
    assert page.errors == []  # type: ignore[attr-defined]


def create_table_plain(page: Page) -> int:
    """Open the table with the form as it is."""
    page.click("#create-table")
    page.wait_for_url(re.compile(r"/tables/\d+$"))
    return int(page.url.rsplit("/", 1)[1])


RAW_KEY = re.compile(r"\b(?:common|quinque)\.[A-Za-z_]+")


@pytest.mark.parametrize("lang", ["en", "it", "de", "fr", "es"])
def test_the_pages_speak_the_browser_language(
    browser: Browser, shared_server: LiveServer, lang: str
) -> None:
    # A guest's own table: the server's other tables and people change nothing here.
    page = new_page(browser, shared_server.base, locale=lang)
    page.goto("/")
    page.click("#guest")
    expect(page.locator("#user-name")).to_be_visible()
    assert page.evaluate("document.documentElement.lang") == lang
    assert page.input_value("#language") == lang
    page.select_option("#seat-1", "computer:random")
    page.click("#create-table")
    page.wait_for_url(re.compile(r"/tables/\d+$"))
    expect(page.locator("svg.quinque .add-cell").first).to_be_visible()
    rules = page.get_attribute("#rules-link", "href")
    assert rules == f"/static/rules/quinque.{lang}.html"
    for text in (page.inner_text("body"), page.title()):
        assert not RAW_KEY.findall(text), f"untranslated keys in {lang}: {RAW_KEY.findall(text)}"
    page.screenshot(path=artifacts() / f"8-table-{lang}.png")
    # The picker switches the language (stored for the next pages).
    other = "de" if lang != "de" else "fr"
    page.select_option("#language", other)
    page.wait_for_function(f"() => document.documentElement.lang === '{other}'")
    assert page.errors == []  # type: ignore[attr-defined]
