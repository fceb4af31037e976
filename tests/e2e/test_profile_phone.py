"""A profile's game history on a phone: each game a small card inside the screen (no column
cut off or scrolled sideways); at 1280 px the same history is a table with its header."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Browser
from websockets.sync.client import connect

from tests.e2e.conftest import Account, LiveServer, needs_chromium, new_page

pytestmark = [pytest.mark.slow, needs_chromium]


def finished_games(base: str, name: str, games: list[str]) -> None:
    """Sign ``name`` up and lose a game of each of ``games`` to the computer (resigned after
    a first move: before it, the game would be aborted)."""
    account = Account(base, name)
    for game in games:
        seats = [{"kind": "me"}, {"kind": "computer"}]
        table = account.post("/api/tables", {"game": game, "seats": seats}).json()["table"]
        account_moves(account, table["id"])
        resigned = account.post(f"/api/tables/{table['id']}/resign", {})
        assert resigned.status_code == 200, resigned.text


def account_moves(account: Account, table_id: int) -> None:
    """``account`` plays the first legal action of its seat once it may act (over the
    table's WebSocket, with the account's session cookie). A refused or unanswered action
    (the position moved on meanwhile) is tried again from a fresh connection's state."""
    cookies = "; ".join(f"{k}={v}" for k, v in account.http.cookies.items())
    url = str(account.http.base_url).replace("http", "ws", 1) + f"/ws/tables/{table_id}"
    for _ in range(5):
        with connect(url, additional_headers={"Cookie": cookies}) as socket:
            sent = None
            try:
                while True:
                    message = json.loads(socket.recv(timeout=10))
                    kind = message.get("type")
                    if kind == "event" and sent is not None and message.get("seq") == sent:
                        return
                    if kind == "error":
                        break  # refused: connect again for the state as it is now
                    if kind == "state" and sent is None:
                        actions = [a for a in message["legal_actions"].values() if a]
                        if actions:
                            sent = message["seq"] + 1
                            frame = {"type": "action", "seq": sent, "action": actions[0][0]}
                            socket.send(json.dumps(frame))
            except TimeoutError:
                continue
    raise AssertionError(f"no action was accepted at table {table_id}")


def test_the_history_fits_a_phone_and_is_a_table_on_a_desk(
    browser: Browser, live_server: LiveServer
) -> None:
    finished_games(live_server.base, "amelie", ["quinque", "connect5", "connnect"])
    page = new_page(browser, live_server.base, locale="fr")
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto("/users/amelie")
    rows = page.locator("#history-table tr.history-row")
    rows.first.wait_for()
    assert rows.count() == 3
    screen = page.evaluate("document.documentElement.clientWidth")
    for index in range(rows.count()):
        row = rows.nth(index)
        box = row.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= screen
        for cell in row.locator("td").all():  # every cell shown, none past the screen's edge
            cell_box = cell.bounding_box()
            assert cell_box is not None and cell_box["x"] + cell_box["width"] <= screen
        assert "Défaite" in row.inner_text() and "Revoir" in row.inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= screen
    header = page.locator("#history-table thead").bounding_box()
    assert header is None or header["width"] <= 1  # column titles: for screen readers
    page.set_viewport_size({"width": 1280, "height": 860})
    assert page.locator("#history-table thead th").first.is_visible()
    assert (
        page.evaluate("getComputedStyle(document.querySelector('#history-table')).display")
        == "table"
    )
    assert page.errors == []  # type: ignore[attr-defined]
    page.context.close()
