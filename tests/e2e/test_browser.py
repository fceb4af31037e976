"""End to end in a real browser: Playwright drives Debian's Chromium (headless) against the real
server. Two people sign up in two browser contexts, open a Quinque table, play a whole game by
clicking (marks, added tiles, a tile move, "End turn") and a third context spectates. The
screenshots are kept in ``build/e2e/``.

``python3 dev.py test`` installs ``/usr/bin/chromium`` when it is missing; without it this test
is skipped with a message.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect, sync_playwright

from tests.server.live import free_port, server

CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parents[2] / "build" / "e2e"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
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

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's /usr/bin/chromium"),
]


@pytest.fixture
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True
        )
        yield launched
        launched.close()


def new_page(browser: Browser, base: str) -> Page:
    context = browser.new_context(base_url=base, viewport={"width": 1280, "height": 860})
    page = context.new_page()
    page.set_default_timeout(10_000)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors  # type: ignore[attr-defined]
    return page


def sign_up(page: Page, name: str) -> None:
    page.goto("/")
    page.click("#sign-up")
    page.fill("#account-name", name)
    page.fill("#account-password", "correct horse battery")
    page.click("dialog button[type=submit]")
    expect(page.locator("#user-name")).to_have_text(name)


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
        box = face.bounding_box()
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


def test_two_people_play_a_whole_quinque_game(browser: Browser, tmp_path: Path) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with server(tmp_path, port):
        alice, bob, carol = (new_page(browser, base) for _ in range(3))
        sign_up(alice, "alice")
        sign_up(bob, "bob")
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
                page.screenshot(path=ARTIFACTS / "1-red-moves-a-tile.png")
            click_action(page, action)
            expect(carol.locator("#moves li")).to_have_count(step)
        for page in (alice, bob, carol):
            expect(page.locator("#status")).to_contain_text("Red (alice) won — five in a row")
        alice.screenshot(path=ARTIFACTS / "2-alice-wins.png")
        bob.screenshot(path=ARTIFACTS / "3-bob-loses.png")
        carol.screenshot(path=ARTIFACTS / "4-spectator.png")
        final = position(alice)
        assert len(final) == 9 and {"0,0:0", "1,0:0", "2,0:0", "3,0:0", "4,0:0"} <= set(final)
        assert position(bob) == final and position(carol) == final
        carol.click("#replay-link")
        expect(carol.locator("#position")).to_have_text(f"{len(PLAN)} / {len(PLAN)}")
        carol.click("#first")
        expect(carol.locator("#position")).to_have_text(f"0 / {len(PLAN)}")
        carol.click("#next")
        expect(carol.locator(".skydiver.marked")).to_have_count(1)
        carol.screenshot(path=ARTIFACTS / "5-replay.png")
        for page in (alice, bob, carol):
            assert page.errors == []  # type: ignore[attr-defined]
