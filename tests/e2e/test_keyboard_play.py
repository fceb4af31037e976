"""A whole Quinque game played by keyboard alone (issue 27, item 16).

One person plays both seats of a hot-seat table from one page, with the keys a sighted
keyboard user presses: B goes to the board, the arrow keys move between the board's targets
(toward the target on the screen), Enter chooses, E ends the turn. The test counts every key
press and asserts at most 3 per action on average; the focus stays on the board after each
action, and each move is announced in words in the page's live region.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import LiveServer, artifacts, needs_chromium, new_page, sign_up_by_api
from tests.e2e.test_browser import OPTIONS, PLAN

pytestmark = [pytest.mark.slow, needs_chromium]

MAX_STEPS = 40  # arrow presses to reach one target before the test gives up

# The arrows that lead from the focused element toward `selector`, the main direction first
# (null: it is focused).
TOWARD = """(selector) => {
  const target = document.querySelector(selector);
  if (!target) throw new Error('no ' + selector);
  const from = document.activeElement;
  if (from === target) return null;
  const at = (e) => {
    const box = e.getBoundingClientRect();
    const top = e.getAttribute('data-nav') === 'top';
    const y = top ? box.top + Math.min(8, box.height / 2) : box.top + box.height / 2;
    return [box.left + box.width / 2, y];
  };
  const [ax, ay] = at(from);
  const [bx, by] = at(target);
  const [dx, dy] = [bx - ax, by - ay];
  const across = dx > 0 ? 'ArrowRight' : 'ArrowLeft';
  const down = dy > 0 ? 'ArrowDown' : 'ArrowUp';
  const arrows = Math.abs(dx) >= Math.abs(dy) ? [across, down] : [down, across];
  return Math.abs(dx) < 2 || Math.abs(dy) < 2 ? [arrows[0]] : arrows;
}"""

FOCUSED = "() => document.activeElement?.getAttribute('aria-label') ?? ''"

CREATE = """async (options) => {
  const session = await (await fetch('/api/session')).json();
  const answer = await fetch('/api/tables', {
    method: 'POST',
    headers: {'Content-Type': 'application/json', 'X-CSRF-Token': session.csrf},
    body: JSON.stringify({game: 'quinque', options, seats: [{kind: 'me'}, {kind: 'me'}]}),
  });
  const body = await answer.json();
  if (!answer.ok) throw new Error(JSON.stringify(body));
  return body.table.id;
}"""


class Keys:
    """The page's keyboard, counting the presses."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.presses = 0

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)
        self.presses += 1

    def reach(self, selector: str) -> None:
        """Arrow keys until ``selector`` has the focus."""
        tried: dict[str, set[str]] = {}
        for _ in range(MAX_STEPS):
            arrows = self.page.evaluate(TOWARD, f"#board {selector}")
            if arrows is None:
                return
            # As a person would: the main direction, the other one where that went round.
            here = tried.setdefault(self.page.evaluate(FOCUSED), set())
            arrow = next((a for a in arrows if a not in here), arrows[0])
            here.add(arrow)
            self.press(arrow)
        raise AssertionError(f"the arrow keys never reached {selector}")

    def choose(self, action: str) -> None:
        """Play ``action`` of the plan."""
        words = action.split()
        if words[0] == "pass":
            self.press("e")
        elif words[0] == "move":
            self.reach(f'[data-tile="{words[1]}"] .tile-face')
            self.press("Enter")
            expect(self.page.locator("#board .destination")).not_to_have_count(0)
            self.reach(f'[data-dest="{words[2]}"]')
            self.press("Enter")
        else:
            self.reach(f'[data-action="{action}"]')
            self.press("Enter")


def focus_on_board(page: Page) -> bool:
    return bool(page.evaluate("() => Boolean(document.activeElement?.closest('#board svg'))"))


def test_a_whole_quinque_game_by_keyboard(browser: Browser, shared_server: LiveServer) -> None:
    page = new_page(browser, shared_server.base)
    sign_up_by_api(page, "kiki")
    page.goto("/api/session")  # the server's origin for CREATE's fetch (no page script)
    options = {name: int(value) for name, value in OPTIONS.items()}
    table_id = page.evaluate(CREATE, {**options, "first_player": "0"})
    page.goto(f"/tables/{table_id}")
    expect(page.locator("#status.yours")).to_be_visible()
    # One tab stop for the board: a single target of the drawing is in the Tab order.
    tabbable = page.locator('#board svg [role=button][tabindex="0"]')
    expect(tabbable).to_have_count(1)
    keys = Keys(page)
    keys.press("b")
    assert focus_on_board(page)
    for step, (seat, action) in enumerate(PLAN, start=1):
        name = ["Red", "Blue"][seat]
        expect(page.locator("#status")).to_contain_text(f"Your turn ({name})")
        keys.choose(action)
        expect(page.locator("#moves li")).to_have_count(step)
        expect(page.locator("#announcer")).to_contain_text(name)
        if step < len(PLAN):
            page.wait_for_function("() => document.activeElement?.closest('#board svg')")
            expect(tabbable).to_have_count(1)
    expect(page.locator("#status")).to_contain_text("won — five in a row")
    page.screenshot(path=artifacts() / "keyboard-quinque-end.png")
    average = keys.presses / len(PLAN)
    print(f"{keys.presses} key presses for {len(PLAN)} actions: {average:.2f} per action")
    assert average <= 3, (keys.presses, len(PLAN))
    assert page.errors == []  # type: ignore[attr-defined]
