"""A newcomer's first evening at a table (issue 15): no stray "null" under the boards (defect 1),
the record of a running CO'NNN'ECT game and what it holds (defect 3), the creator leaving their
own table (defect 4), move numbers over 99 (defect 5)."""

from __future__ import annotations

import asyncio
import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from playwright.sync_api import Browser, Page, expect

from connect_arena.core import parse_record, replay
from connect_arena.server import create_app
from connect_arena.server.db import SqlStorage, make_engine
from tests.e2e.conftest import LiveServer, artifacts, needs_chromium, new_page
from tests.server.live import free_port, server
from tests.server.serverhelpers import Player, fast_settings
from tests.server.test_long_tables import random_log

pytestmark = [pytest.mark.slow, needs_chromium]

GAMES = ["quinque", "connect5", "connnect", "pairs"]

# Every text node of the page whose text has the word "null" (a value printed as text).
NULL_TEXTS = """() => {
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const found = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent || "";
    if (/\\bnull\\b/.test(text)) found.push(node.parentElement?.id || text);
  }
  return found;
}"""


def guest_table(page: Page, game: str, computer: str = "computer:random") -> int:
    """As a guest, open a table of ``game`` with every other seat a computer's."""
    page.goto("/")
    page.click("#guest")
    expect(page.locator("#user-name")).to_be_visible()
    page.select_option("#game", game)
    for index in range(1, page.locator(".seat-choice select").count()):
        page.select_option(f"#seat-{index}", computer)
    page.click("#create-table")
    page.wait_for_url(re.compile(r"/tables/\d+$"))
    return int(page.url.rsplit("/", 1)[1])


# The next three tests each open a guest's own table: none needs a fresh database, so the
# module's server is shared (a server start costs seconds of CPU).
@pytest.mark.parametrize("game", GAMES)
def test_no_null_is_printed_on_a_table_page(
    browser: Browser, shared_server: LiveServer, game: str
) -> None:
    player = new_page(browser, shared_server.base)
    table_id = guest_table(player, game)
    expect(player.locator("#status")).not_to_be_empty()
    expect(player.locator("#controls")).to_be_attached()
    spectator = new_page(browser, shared_server.base)
    spectator.goto(f"/tables/{table_id}")
    expect(spectator.locator("#seats li").first).to_be_visible(timeout=30_000)  # a busy machine
    for page in (player, spectator):
        expect(page.locator("#connection")).to_have_class(re.compile("live"))
        expect(page.locator("#status")).not_to_be_empty()
        assert page.evaluate(NULL_TEXTS) == []
        assert page.errors == []  # type: ignore[attr-defined]


def test_the_record_of_a_running_connnect_game_downloads_what_may_be_shown(
    browser: Browser, shared_server: LiveServer
) -> None:
    page = new_page(browser, shared_server.base)
    guest_table(page, "connnect")
    expect(page.locator("#status")).to_contain_text("Your turn")
    note = page.locator("#record-note")
    expect(note).to_be_visible()
    expect(note).to_contain_text("up to the last phase everyone has seen")
    with page.expect_download() as download:
        page.click("#download-record")
    path = download.value.path()
    record = parse_record(Path(path).read_text())
    assert record.game == "connnect" and record.meta["status"] == "running"
    assert "seed" not in record.meta
    assert replay(record).history  # it replays: the dice rolled so far at least
    page.screenshot(path=artifacts() / "record-note-connnect.png")
    assert page.errors == []  # type: ignore[attr-defined]


def test_the_creator_leaving_their_table_is_told_and_sent_to_the_lobby(
    browser: Browser, shared_server: LiveServer
) -> None:
    creator = new_page(browser, shared_server.base)
    creator.goto("/")
    creator.click("#guest")
    expect(creator.locator("#user-name")).to_be_visible()
    creator.click("#create-table")  # Quinque, the second seat open
    creator.wait_for_url(re.compile(r"/tables/\d+$"))
    table_id = int(creator.url.rsplit("/", 1)[1])
    spectator = new_page(browser, shared_server.base)
    spectator.goto(f"/tables/{table_id}")
    expect(spectator.locator("#status")).to_contain_text("Waiting")
    creator.click("#leave-0")
    creator.wait_for_url(re.compile(r"/$"))
    expect(creator.locator("#lobby-notice")).to_have_text(
        f"You left table {table_id}. Nobody else was seated, so the table is closed."
    )
    creator.screenshot(path=artifacts() / "left-own-table-lobby.png")
    # Whoever was watching is told too, and can go back to the lobby.
    expect(spectator.locator("#status")).to_have_text(
        "This table is closed: everybody left before the game started."
    )
    expect(spectator.locator("#back-to-lobby")).to_be_visible()
    expect(spectator.locator("#download-record")).to_have_count(0)
    # A reload finds no table, and says so with the way back.
    creator.goto(f"/tables/{table_id}")
    expect(creator.locator("#status")).to_have_text(f"There is no table {table_id}.")
    creator.click("#back-to-lobby")
    creator.wait_for_url(re.compile(r"/$"))
    expect(creator.locator("#lobby-notice")).to_be_hidden()
    for page in (creator, spectator):
        assert page.errors == []  # type: ignore[attr-defined]


MOVES = 120


def table_with_moves(tmp_path: Path) -> int:
    """A running hot-seat Connect Pairs table whose log holds :data:`MOVES` actions."""
    with TestClient(create_app(fast_settings(tmp_path))) as client:
        table = Player(client).signup("alice").create_table(["me"] * 4, {}, game="pairs")

    async def store() -> None:
        storage = SqlStorage(make_engine(f"sqlite:///{tmp_path / 'arena.sqlite3'}"))
        start = await storage.load_actions(table["id"])
        for entry in random_log("pairs", table["options"], 4, MOVES, start)[len(start) :]:
            await storage.append_action(table["id"], entry)
        storage.close()

    asyncio.run(store())
    return int(table["id"])


# The width of the number in front of the last move ("120. ") in the list's font, and the room
# the list leaves for it.
MARKER_ROOM = """() => {
  const list = document.getElementById("moves");
  const item = list.lastElementChild;
  const style = getComputedStyle(item);
  const context = document.createElement("canvas").getContext("2d");
  context.font = `${style.fontSize} ${style.fontFamily}`;
  const width = context.measureText(`${item.value}. `).width;
  return [item.value, width, parseFloat(getComputedStyle(list).paddingLeft)];
}"""


def test_move_numbers_over_99_are_shown_whole(browser: Browser, tmp_path: Path) -> None:
    with ThreadPoolExecutor(1) as thread:  # Playwright's loop runs in this thread
        table_id = thread.submit(table_with_moves, tmp_path).result()
    port = free_port()
    with server(tmp_path, port):
        page = new_page(browser, f"http://127.0.0.1:{port}")
        page.goto(f"/tables/{table_id}")
        expect(page.locator("#moves li").last).to_have_attribute("value", str(MOVES))
        number, width, room = page.evaluate(MARKER_ROOM)
        assert number == MOVES and width <= room, f"{number}. needs {width} px, has {room}"
        page.locator("#moves").screenshot(path=artifacts() / "moves-over-99.png")
        assert page.errors == []  # type: ignore[attr-defined]
