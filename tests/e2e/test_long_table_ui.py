"""A long table in the browser (issue 13, defect 4): a Connect Pairs table of 2,100 actions
(random eight-player games last 10,000-50,000) opens at once with its latest 200 moves listed,
and "Load earlier moves" brings the older ones, page by page, until the first move. A request
that goes unanswered (here dropped on its way) does not leave the button dead: a click asks
again."""

from __future__ import annotations

import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from playwright.sync_api import Browser, WebSocketRoute, expect

from tests.e2e.conftest import artifacts, needs_chromium, new_page
from tests.server.live import free_port, server
from tests.server.test_long_tables import LONG, long_table


@needs_chromium
def test_the_moves_of_a_long_table_load_page_by_page(browser: Browser, tmp_path: Path) -> None:
    with ThreadPoolExecutor(1) as thread:  # Playwright's loop runs in this thread
        table_id, _log = thread.submit(long_table, tmp_path, "pairs", 4, {}).result()
    port = free_port()
    with server(tmp_path, port):
        page = new_page(browser, f"http://127.0.0.1:{port}")
        console: list[str] = []  # the page's console errors (a handler that throws logs there)
        page.on("console", lambda m: console.append(m.text) if m.type == "error" else None)
        dropped: list[str | bytes] = []

        def drop_the_first_history_request(socket: WebSocketRoute) -> None:
            server_side = socket.connect_to_server()

            def forward(message: str | bytes) -> None:
                if not dropped and '"history"' in str(message):
                    dropped.append(message)  # lost on its way: no answer will come
                    return
                server_side.send(message)

            socket.on_message(forward)

        page.route_web_socket(re.compile(r"/ws/tables/"), drop_the_first_history_request)
        page.goto(f"/tables/{table_id}")
        moves = page.locator("#moves li")
        expect(moves).to_have_count(200)
        expect(moves.last).to_have_attribute("value", str(LONG))
        earlier = page.locator("#earlier-moves")
        expect(earlier).to_be_visible()
        earlier.click()  # dropped
        for _ in range(200):  # the route's handler runs while Playwright waits
            if dropped:
                break
            page.wait_for_timeout(50)
        assert len(dropped) == 1
        expect(moves).to_have_count(200)
        earlier.click()
        expect(moves).to_have_count(400)
        expect(moves.first).to_have_attribute("value", str(LONG - 399))
        for _ in range(20):
            if not earlier.is_visible():
                break
            count = moves.count()
            earlier.click()
            try:
                expect(moves).not_to_have_count(count)
            except AssertionError as error:
                raise AssertionError(f"{error}\nconsole errors: {console}") from error
        expect(moves).to_have_count(LONG)
        expect(moves.first).to_have_attribute("value", "1")
        expect(earlier).to_be_hidden()
        page.screenshot(path=artifacts() / "long-table-moves.png")
        assert page.errors == []  # type: ignore[attr-defined]
        assert console == []
