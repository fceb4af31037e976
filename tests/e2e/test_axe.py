"""axe-core on every main page at 1280 and 390 px: no serious and no critical violation
(issue 27, item 17).

axe-core (npm, ``node_modules/axe-core/axe.min.js``) is injected by Playwright into each page
(the context bypasses the Content-Security-Policy, which admits only the server's own
scripts) and run on the whole document. The pages: the landing page (signed out), the lobby
(a guest), each game's table running and finished, a replay with its analysis, a profile, the
leaderboards, the tournaments list, a tournament and each game's tutorial. Without axe-core
(``npm install`` not run) the tests are skipped with a message.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import STATIC, Account, LiveServer, needs_chromium

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
WIDTHS = [{"width": 1280, "height": 860}, {"width": 390, "height": 844}]
GAMES = ["quinque", "connect5", "connnect", "pairs"]
pytestmark = [
    pytest.mark.slow,
    needs_chromium,
    pytest.mark.skipif(not AXE.exists(), reason="needs axe-core: run npm install"),
]

# The serious and critical violations of the whole document: rule, impact, the first targets.
RUN_AXE = """async () => {
  const result = await axe.run(document, {resultTypes: ['violations']});
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ` + v.nodes.slice(0, 4)
      .map((n) => n.target.join(' ') + ' — ' + n.failureSummary.split('\\n').slice(1, 2).join(''))
      .join(' | '));
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

POST = """async (path) => {
  const session = await (await fetch('/api/session')).json();
  const headers = {'Content-Type': 'application/json', 'X-CSRF-Token': session.csrf};
  const answer = await fetch(path, {method: 'POST', headers, body: '{}'});
  if (!answer.ok) throw new Error(path + ': ' + answer.status);
}"""


@pytest.fixture(scope="module")
def people(browser: Browser, shared_server: LiveServer) -> Page:
    """A page of the account "axel", who has a finished game of each kind (resigned)."""
    Account(shared_server.base, "axel")
    page = open_page(browser, shared_server.base, WIDTHS[0])
    page.goto("/api/session")
    answer = page.request.post(
        "/api/login",
        data={"name": "axel", "password": "correct horse battery"},
        headers={"x-csrf-token": page.evaluate(SESSION_CSRF)},
    )
    assert answer.ok, answer.text()
    return page


SESSION_CSRF = "async () => (await (await fetch('/api/session')).json()).csrf"


def open_page(browser: Browser, base: str, viewport: dict[str, int]) -> Page:
    """A page whose context bypasses the Content-Security-Policy (to inject axe-core)."""
    phone = viewport["width"] < 600
    context = browser.new_context(
        base_url=base, viewport=viewport, bypass_csp=True, is_mobile=phone, has_touch=phone
    )
    page = context.new_page()
    page.set_default_timeout(15_000)
    return page


def inject(page: Page) -> None:
    """Add axe-core to the page unless this document has it (a resize keeps the document:
    parsing its 550 kB again at the second width was CPU for nothing)."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))


def axe(page: Page, ready: Callable[[Page], None]) -> list[str]:
    """The serious and critical violations of ``page`` at both widths, each prefixed by the
    width; ``ready`` waits for the page to be drawn (after each resize)."""
    found: list[str] = []
    for viewport in WIDTHS:
        page.set_viewport_size(viewport)
        ready(page)
        page.wait_for_timeout(250)  # transitions of the style sheets
        inject(page)
        found += [f"{viewport['width']}px {line}" for line in page.evaluate(RUN_AXE)]
    return found


def settled(selector: str) -> Callable[[Page], None]:
    """A ``ready`` that waits for ``selector`` to be visible."""
    return lambda page: expect(page.locator(selector).first).to_be_visible()


def table(page: Page, game: str, seats: list[dict[str, Any]]) -> int:
    options = {"first_player": "0"} if game in ("quinque", "connect5") else {}
    table_id: int = page.evaluate(CREATE, [game, options, seats])
    return table_id


def test_landing_and_lobby(browser: Browser, shared_server: LiveServer) -> None:
    page = open_page(browser, shared_server.base, WIDTHS[0])
    page.goto("/")
    found = axe(page, settled("h1"))
    page.set_viewport_size(WIDTHS[0])  # the ways in are in the menu on a phone
    page.click("#guest")
    expect(page.locator("#user-name")).not_to_be_empty()
    found += axe(page, settled("#user-name"))
    assert found == [], "\n".join(found)


@pytest.mark.parametrize("game", GAMES)
def test_tables_running_and_finished(people: Page, game: str) -> None:
    seats = [{"kind": "me"}, {"kind": "computer", "agent": "random"}]
    table_id = table(people, game, seats)
    people.goto(f"/tables/{table_id}")
    found = axe(people, settled("#status.yours, #status.theirs, #status.waiting"))
    people.evaluate(POST, f"/api/tables/{table_id}/resign")
    people.goto(f"/tables/{table_id}")
    found += axe(people, settled("#status.over"))
    assert found == [], "\n".join(found)


def test_replay_with_analysis(people: Page) -> None:
    table_id = table(people, "connect5", [{"kind": "me"}, {"kind": "computer", "agent": "random"}])
    people.goto(f"/tables/{table_id}")
    expect(people.locator("#status.yours")).to_be_visible()
    people.locator("#board [role=button]").first.click()
    expect(people.locator("#moves li")).not_to_have_count(0)
    people.evaluate(POST, f"/api/tables/{table_id}/resign")
    people.goto(f"/tables/{table_id}/replay")
    people.click("#analyse")
    expect(people.locator("#analysis-moves")).to_be_visible(timeout=90_000)
    found = axe(people, settled("#analysis-moves"))
    assert found == [], "\n".join(found)


def test_profile_and_leaderboards(people: Page) -> None:
    people.goto("/users/axel")
    found = axe(people, settled("h1"))
    people.goto("/leaderboard")
    found += axe(people, settled("h1"))
    people.goto("/leaderboard/quinque")
    found += axe(people, settled("h1"))
    assert found == [], "\n".join(found)


def test_tournaments(people: Page, shared_server: LiveServer) -> None:
    club = Account(shared_server.base, "axeclub")
    starts = (datetime.now(UTC) + timedelta(hours=1)).isoformat()
    made = club.post(
        "/api/tournaments",
        {
            "name": "Axe Swiss",
            "game": "quinque",
            "settings": {"time_control": {"kind": "realtime", "base": 60, "increment": 1}},
            "format": "swiss",
            "rounds": 2,
            "starts_at": starts,
        },
    ).json()["tournament"]
    people.goto("/tournaments")
    found = axe(people, settled("h1"))
    people.goto(f"/tournaments/{made['id']}")
    found += axe(people, settled("h1"))
    assert found == [], "\n".join(found)


@pytest.mark.parametrize("game", [g for g in GAMES if (STATIC / "games" / f"{g}.js").exists()])
def test_tutorials(browser: Browser, shared_server: LiveServer, game: str) -> None:
    page = open_page(browser, shared_server.base, WIDTHS[0])
    page.goto(f"/tutorial/{game}")
    found = axe(page, settled("#board svg, #board .board-root"))
    assert found == [], "\n".join(found)
