"""Issue 14 in a real browser: every game ends (docs/lifecycle.md).

Two people (two browser contexts) play Quinque against each other on the real server: the
table's settings chosen in the form are shown before joining; the clocks count down; a player
resigns, both ask for a rematch and land on the new table, "New game" opens the form filled in
like the table; a 0+2 s clock runs out (before every first move it aborts the game); a player
aborts a game; the tab's title (and a notification, when the page is hidden) says whose turn
it is; a player who closes
the page shows offline and the other claims the win; takebacks are asked and accepted (and
need no answer against the computer). With three sides (Connect 5 with a computer) a
resignation or a claim lets the computer play on, the notes say since when, and a leaver takes
the seat back. Screenshots (1280 px and 390 px) go to ``build/e2e/lifecycle-*.png``.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from tests.e2e.conftest import (
    LiveServer,
    artifacts,
    needs_chromium,
    new_page,
    sign_in_by_api,
    sign_up_by_api,
)

pytestmark = [pytest.mark.slow, needs_chromium]

PHONE: ViewportSize = {"width": 390, "height": 844}
_known: list[tuple[LiveServer, str]] = []
"""The accounts made, by server (the object itself: a later server may reuse a port)."""


def enter(page: Page, name: str, server: LiveServer, lobby: bool = False) -> None:
    """Sign ``name`` up on ``server``, or in once it has an account there: the module's tests
    share one server (a fresh one per test took as long to start as the test ran). Through the
    API, loading no page (the dialogs are ``test_account_ui``'s and ``test_landing_ui``'s);
    with ``lobby``, then open the lobby signed in."""
    if any(known is server and known_name == name for known, known_name in _known):
        sign_in_by_api(page, name, lobby=lobby)
    else:
        sign_up_by_api(page, name, lobby=lobby)
        _known.append((server, name))


CASUAL_5_3 = {
    "time_control": {"kind": "realtime", "base": 300, "increment": 3},
    "hints": "auto",
    "takeover": "mcts:normal",
    "rated": False,
}
# Red begins: a first action each (Red's add ends its first turn), then Red's turn again.
OPENING = [(0, "add T0,0 0,0"), (1, "add T0,1 0,2"), (1, "pass")]
FAKE_NOTIFICATIONS = """
window.__notifications = [];
window.__hidden = false;
Object.defineProperty(document, "hidden", { get: () => window.__hidden });
window.Notification = class {
  constructor(title, options) { window.__notifications.push({ title, body: options?.body }); }
  static permission = "default";
  static async requestPermission() { this.permission = "granted"; return "granted"; }
};
"""

PLAY_FIRST_LEGAL = """async (id) => {
    // As this page's user: the first legal action of their seat, on a socket of its own.
    const socket = new WebSocket(`ws://${location.host}/ws/tables/${id}`);
    const state = await new Promise((resolve) => {
        socket.onmessage = (event) => {
            const message = JSON.parse(event.data);
            if (message.type === "state") resolve(message);
        };
    });
    const [seat] = Object.keys(state.legal_actions);
    if (seat === undefined) { socket.close(); return null; }
    const done = new Promise((resolve) => {
        socket.onmessage = (event) => {
            const message = JSON.parse(event.data);
            if (message.type === "event" && message.seq === state.seq + 1) resolve(message);
        };
    });
    const action = state.legal_actions[seat][0];
    socket.send(JSON.stringify({type: "action", seq: state.seq + 1, action}));
    await done;
    socket.close();
    return seat;
}"""


def everyone_moves(pages: list[Page], table_id: int) -> None:
    """Each page's user makes a move at ``table_id`` (a game someone never moved in ends
    aborted, whichever way), waiting while others (computers too) are to move."""
    waiting = list(pages)
    for _ in range(100):
        waiting = [page for page in waiting if page.evaluate(PLAY_FIRST_LEGAL, table_id) is None]
        if not waiting:
            return
        waiting[0].wait_for_timeout(100)
    raise AssertionError(f"not everyone could move at table {table_id}")


def api_post(page: Page, path: str, body: dict[str, Any]) -> Any:
    """POST ``body`` as the page's user (its context's cookies, with the session's CSRF
    token), from any page (``about:blank`` too): the answer's status and JSON."""
    request = page.context.request
    csrf = request.get("/api/session").json()["csrf"]
    reply = request.post(path, data=body, headers={"X-CSRF-Token": csrf})
    return {"status": reply.status, "json": reply.json()}


def open_table(creator: Page, other: Page, settings: dict[str, Any]) -> int:
    """A Quinque table of ``creator`` (Red, first) and ``other`` (Blue), both on its page."""
    answer = api_post(
        creator,
        "/api/tables",
        {
            "game": "quinque",
            "options": {"first_player": "0"},
            "seats": [{"kind": "me"}, {"kind": "open"}],
            "settings": settings,
        },
    )
    assert answer["status"] == 201, answer
    table_id: int = answer["json"]["table"]["id"]
    joined = api_post(other, f"/api/tables/{table_id}/join", {"seat": 1})
    assert joined["status"] == 200, joined
    for page in (creator, other):
        page.goto(f"/tables/{table_id}")
        expect(page.locator("#status")).not_to_be_empty()
    return table_id


def played(pages: list[Page], moves: list[tuple[int, str]]) -> None:
    """Play ``moves``, each clicked on its seat's page, and wait until both pages list it."""
    for seat, action in moves:
        page = pages[seat]
        expect(page.locator("#status")).to_contain_text("Your turn")
        listed = page.locator("#moves li").count()
        words = action.split()
        if words[0] == "pass":
            page.click("#end-turn")
        else:
            page.click(f'[data-add="{words[1]} {words[2]}"]')
        for each in pages:
            expect(each.locator("#moves li")).to_have_count(listed + 1)


def shoot(page: Page, name: str) -> None:
    page.screenshot(path=artifacts() / f"lifecycle-{name}.png", full_page=True)


def no_overflow(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], width  # type: ignore[index]


def test_settings_shown_resign_rematch_and_new_game(
    browser: Browser, shared_server: LiveServer
) -> None:
    alice, bob = new_page(browser, shared_server.base), new_page(browser, shared_server.base)
    enter(alice, "alice", shared_server, lobby=True)
    enter(bob, "bob", shared_server)
    # The form: a 5+3 real-time clock, casual; Red begins.
    alice.select_option("#time-kind", "realtime")
    alice.select_option("#time-preset", "5+3")
    alice.click("#create-form details summary")
    alice.select_option("#option-first_player", "0")
    shoot(alice, "form")
    alice.click("#create-table")
    alice.wait_for_url(re.compile(r"/tables/\d+$"))
    table_id = int(alice.url.rsplit("/", 1)[1])
    expect(alice.locator("#table-settings")).to_have_text("5+3 · Casual")
    # Bob sees the settings in the lobby before joining.
    bob.goto("/")
    row = bob.locator(f'#tables [data-table="{table_id}"]')
    expect(row).to_contain_text("5+3")
    expect(row).to_contain_text("Casual")
    bob.click(f'[data-join="{table_id}:1"]')
    bob.wait_for_url(f"**/tables/{table_id}")
    pages = [alice, bob]
    # Clocks: Red's runs.
    for page in pages:
        expect(page.locator("#clock-0")).to_have_class(re.compile(r"\brunning\b"))
        # 5 min + the first move's 3 s (docs/lifecycle.md: the increment counts from move 1).
        expect(page.locator("#clock-1 .clock-time")).to_have_text("5:03")
    # Nobody has moved: abort, not resign.
    expect(alice.locator("#abort")).to_be_visible()
    expect(alice.locator("#resign")).to_have_count(0)
    played(pages, OPENING)
    expect(alice.locator("#abort")).to_have_count(0)
    expect(bob.locator("#clock-1 .clock-time")).not_to_have_text("5:03")  # Blue's time was used
    shoot(alice, "table")
    alice.click("#resign")
    expect(alice.locator("#confirm-question")).to_contain_text("Resign this game?")
    alice.click("#confirm-yes")
    for page in pages:
        expect(page.locator("#status")).to_have_text("Blue · bob won — Red · alice resigned")
        expect(page.locator(".seat.to-move")).to_have_count(0)  # the loser is not "to move"
        expect(page.locator("#rematch")).to_be_visible()
        expect(page.locator("#new-game")).to_be_visible()
        expect(page.locator("#clock-0")).not_to_have_class(re.compile(r"\brunning\b"))
    shoot(bob, "result")
    # Rematch: Bob asks, Alice sees who wants it and accepts; both go to the new table.
    bob.click("#rematch")
    expect(bob.locator("#rematch-waiting")).to_be_visible()
    expect(alice.locator("#rematch-status")).to_have_text("Rematch wanted by Blue")
    expect(alice.locator("#rematch")).to_have_text("Accept the rematch")
    alice.click("#rematch")
    for page in pages:
        page.wait_for_url(re.compile(r"/tables/(\d+)$"))
        expect(page).not_to_have_url(re.compile(rf"/tables/{table_id}$"))
        expect(page.locator("#table-settings")).to_have_text("5+3 · Casual")
    assert alice.url == bob.url
    # Seats rotated: Bob is Red now.
    expect(alice.locator('.seat[data-seat="0"]')).to_contain_text("bob")
    # "New game" after the first table: the form filled in like it.
    alice.goto(f"/tables/{table_id}")
    alice.click("#new-game")
    alice.wait_for_url(re.compile(r"/$"))
    expect(alice.locator("#time-kind")).to_have_value("realtime")
    expect(alice.locator("#time-preset")).to_have_value("5+3")
    expect(alice.locator("#seat-0")).to_have_value("me")
    expect(alice.locator("#seat-1")).to_have_value("open")
    expect(alice.locator("#option-first_player")).to_have_value("0")
    assert alice.errors == [] and bob.errors == []  # type: ignore[attr-defined]


def form_table_0_plus_2(alice: Page, bob: Page) -> int:
    """Alice opens a 0+2 table with the form's custom clock (Red begins); both pages are open
    when Bob sits down from the table page, so that the game starts under their eyes."""
    alice.select_option("#time-kind", "realtime")
    alice.select_option("#time-preset", "custom")
    alice.fill("#time-minutes", "0")
    alice.fill("#time-increment", "2")
    alice.click("#create-form details summary")
    alice.select_option("#option-first_player", "0")
    alice.click("#create-table")
    alice.wait_for_url(re.compile(r"/tables/\d+$"))
    table_id = int(alice.url.rsplit("/", 1)[1])
    expect(alice.locator("#table-settings")).to_have_text("0+2 · Casual")
    bob.goto(f"/tables/{table_id}")
    expect(bob.locator("#waiting-settings")).to_have_text("0+2 · Casual")  # before joining
    bob.click("#join-1")
    return table_id


def test_a_flag_falls_on_a_0_plus_2_clock(browser: Browser, shared_server: LiveServer) -> None:
    """A 0+2 clock gives 2 s for every move (the first included): both players make their
    first moves, then Red waits; the clock shows tenths, is low, and the flag falls."""
    alice, bob = new_page(browser, shared_server.base), new_page(browser, shared_server.base)
    enter(alice, "alice", shared_server, lobby=True)
    enter(bob, "bob", shared_server)
    form_table_0_plus_2(alice, bob)
    played([alice, bob], OPENING)
    expect(alice.locator("#clock-0")).to_have_class(re.compile(r"\blow\b"))
    expect(alice.locator("#clock-0 .clock-time")).to_have_text(re.compile(r"^0:0\d\.\d$"))
    for page in (alice, bob):
        expect(page.locator("#status")).to_have_text(
            "Blue · bob won — Red · alice ran out of time", timeout=15_000
        )
    expect(alice.locator("#clock-0 .clock-time")).to_have_text("0:00.0")
    expect(alice.locator("#clock-0")).to_have_class(re.compile(r"\bout\b"))
    shoot(bob, "flag")
    assert alice.errors == [] and bob.errors == []  # type: ignore[attr-defined]


def test_a_flag_before_every_first_move_aborts(browser: Browser, shared_server: LiveServer) -> None:
    """Red never moves: its 2 s run out before every person's first action, so the game is
    aborted (docs/lifecycle.md's decision, as Lichess), with no rematch."""
    alice, bob = new_page(browser, shared_server.base), new_page(browser, shared_server.base)
    enter(alice, "alice", shared_server, lobby=True)
    enter(bob, "bob", shared_server)
    form_table_0_plus_2(alice, bob)
    for page in (alice, bob):
        expect(page.locator("#status")).to_have_text(
            "Red · alice ran out of time before every player had moved: the game is aborted,"
            " no result."
        )
        expect(page.locator(".seat.to-move")).to_have_count(0)  # nobody "to move" (27.4)
        expect(page.locator("#clock-0 .clock-time")).to_have_text("0:00.0")
        expect(page.locator("#rematch")).to_have_count(0)
        expect(page.locator("#new-game")).to_be_visible()
    assert alice.errors == [] and bob.errors == []  # type: ignore[attr-defined]


def test_abort_before_every_first_move(browser: Browser, shared_server: LiveServer) -> None:
    alice, bob = new_page(browser, shared_server.base), new_page(browser, shared_server.base)
    enter(alice, "alice", shared_server)
    enter(bob, "bob", shared_server)
    open_table(alice, bob, CASUAL_5_3)
    played([alice, bob], OPENING[:1])  # Red moved, Blue not yet: either may abort
    bob.click("#abort")
    expect(bob.locator("#confirm-question")).to_contain_text("Abort this game?")
    expect(bob.locator("#confirm-no")).to_be_focused()  # a second Enter does not abort
    bob.keyboard.press("Escape")  # changed his mind: nothing sent
    expect(bob.locator("#confirm-question")).to_have_count(0)
    expect(alice.locator("#status")).to_contain_text("Blue · bob to move")
    bob.click("#abort")
    bob.click("#confirm-yes")
    for page in (alice, bob):
        # who aborted, and nobody framed "to move" at the finished table (issue 27.4)
        expect(page.locator("#status")).to_have_text("Blue · bob aborted the game: no result.")
        expect(page.locator(".seat.to-move")).to_have_count(0)
        expect(page.locator(".seat .turn-dot")).to_have_count(0)
        expect(page.locator("#resign")).to_have_count(0)
        expect(page.locator("#abort")).to_have_count(0)
    assert alice.errors == [] and bob.errors == []  # type: ignore[attr-defined]


def test_a_takeback_asked_and_accepted(browser: Browser, shared_server: LiveServer) -> None:
    alice, bob = new_page(browser, shared_server.base), new_page(browser, shared_server.base)
    enter(alice, "alice", shared_server)
    enter(bob, "bob", shared_server)
    open_table(alice, bob, CASUAL_5_3)
    played([alice, bob], OPENING)
    listed = alice.locator("#moves li").count()
    bob.click("#takeback")
    expect(bob.locator("#takeback-requested")).to_be_visible()
    expect(alice.locator("#takeback-offer")).to_contain_text(
        "Blue asks to take back their last turn."
    )
    alice.click("#accept-takeback")
    # Blue's whole last turn (its add and "End turn") is taken back: Blue's turn again.
    for page in (alice, bob):
        expect(page.locator("#moves li")).to_have_count(listed - 2)
    expect(bob.locator("#status")).to_contain_text("Your turn")
    expect(alice.locator("#takeback-offer")).to_have_count(0)
    assert alice.errors == [] and bob.errors == []  # type: ignore[attr-defined]


def test_a_takeback_against_the_computer_needs_no_answer(
    browser: Browser, shared_server: LiveServer
) -> None:
    alice = new_page(browser, shared_server.base)
    enter(alice, "alice", shared_server)
    answer = api_post(
        alice,
        "/api/tables",
        {
            "game": "quinque",
            "options": {"first_player": "0"},
            "seats": [{"kind": "me"}, {"kind": "computer", "agent": "random"}],
        },
    )
    alice.goto(f"/tables/{answer['json']['table']['id']}")
    expect(alice.locator("#status")).to_contain_text("Your turn")
    # nobody to wish "Good luck!" to: no chat presets against computers only (issue 27)
    expect(alice.locator("#chat-input")).to_be_visible()
    expect(alice.locator("#chat-compose .chat-presets")).to_be_hidden()
    alice.click('[data-add="T0,0 0,0"]')
    expect(alice.locator("#moves li")).not_to_have_count(0)
    expect(alice.locator("#status")).to_contain_text("Your turn")  # the computer has played
    expect(alice.locator("#takeback")).to_have_text("Take back my move")
    alice.click("#takeback")
    expect(alice.locator("#moves li")).to_have_count(0)
    expect(alice.locator("#status")).to_contain_text("Your turn")
    assert alice.errors == []  # type: ignore[attr-defined]


def test_turn_alert_in_the_title_and_a_notification_only_when_hidden(
    browser: Browser, shared_server: LiveServer
) -> None:
    alice, bob = new_page(browser, shared_server.base), new_page(browser, shared_server.base)
    alice.add_init_script(FAKE_NOTIFICATIONS)
    enter(alice, "alice", shared_server)
    enter(bob, "bob", shared_server)
    table_id = open_table(alice, bob, CASUAL_5_3)
    expect(alice).to_have_title(f"● Your turn — Quinque #{table_id}")
    expect(bob).to_have_title(f"Connect Arena — Quinque #{table_id}")
    expect(alice.locator("#alerts-toggle")).to_have_text("Turn alerts: off")
    alice.click("#alerts-toggle")  # the browser's permission is asked on this click
    expect(alice.locator("#alerts-toggle")).to_have_text("Turn alerts: on")
    played([alice, bob], OPENING[:1])
    expect(alice).to_have_title(f"Connect Arena — Quinque #{table_id}")
    expect(bob).to_have_title(f"● Your turn — Quinque #{table_id}")
    # Bob's lobby: his table first in "My tables", his turn.
    lobby = bob.context.new_page()
    lobby.goto("/")
    mine = lobby.locator(f'#my-tables [data-mine="{table_id}"]')
    expect(mine).to_contain_text("Your turn")
    expect(lobby.locator(f'#tables [data-table="{table_id}"]')).to_contain_text("5+3")
    shoot(lobby, "lobby")
    # Back to Bob's table page: a tab in the background gets no animation frames, and each
    # click there would wait for them (seconds).
    bob.bring_to_front()
    # Alice's page is hidden when her turn comes: one notification.
    alice.evaluate("window.__hidden = true")
    played([alice, bob], OPENING[1:])
    expect(alice).to_have_title(f"● Your turn — Quinque #{table_id}")
    notes = alice.evaluate("window.__notifications")
    assert notes == [
        {
            "title": f"● Your turn — Quinque #{table_id}",
            "body": f"Quinque #{table_id}: it is your turn.",
        }
    ]
    # Visible: the title changes, no notification.
    alice.evaluate("window.__hidden = false")
    played([alice, bob], [(0, "add T1,0 2,0"), (0, "pass"), (1, "add T1,1 2,2"), (1, "pass")])
    expect(alice).to_have_title(f"● Your turn — Quinque #{table_id}")
    assert len(alice.evaluate("window.__notifications")) == 1
    assert alice.errors == [] and bob.errors == []  # type: ignore[attr-defined]


def test_a_player_who_leaves_shows_offline_and_the_other_claims(
    browser: Browser, shared_server: LiveServer
) -> None:
    alice, bob = new_page(browser, shared_server.base), new_page(browser, shared_server.base)
    enter(alice, "alice", shared_server)
    enter(bob, "bob", shared_server)
    open_table(alice, bob, {**CASUAL_5_3, "grace": 3})
    pages = [alice, bob]
    played(pages, [*OPENING, (0, "add T1,0 2,0"), (0, "pass")])  # Blue to move
    expect(alice.locator("#presence-1")).to_contain_text("online")
    bob.context.close()  # Blue closes the page
    expect(alice.locator("#presence-1")).to_contain_text("offline")
    leaver = alice.locator("#leaver-1")
    expect(leaver).to_contain_text("Blue left the table.")
    expect(alice.locator("#claim-1")).to_be_enabled(timeout=10_000)
    expect(leaver).to_contain_text("You may claim now.")
    shoot(alice, "leaver")
    alice.click("#claim-1")
    alice.click("#confirm-yes")
    expect(alice.locator("#status")).to_have_text("Red · alice won — Blue · bob left the table")
    assert alice.errors == []  # type: ignore[attr-defined]


def test_the_phone_layout_of_a_timed_table_does_not_overflow(
    browser: Browser, shared_server: LiveServer
) -> None:
    alice, bob = new_page(browser, shared_server.base), new_page(browser, shared_server.base)
    enter(alice, "alice", shared_server, lobby=True)
    enter(bob, "bob", shared_server)
    alice.set_viewport_size(PHONE)  # the lobby, now on a phone
    no_overflow(alice)
    alice.select_option("#time-kind", "turn")
    alice.select_option("#time-days", "2")
    no_overflow(alice)
    shoot(alice, "form-phone")
    open_table(alice, bob, CASUAL_5_3)
    played([alice, bob], OPENING)
    expect(alice.locator("#resign")).to_be_visible()
    bob.click("#offer-draw")
    expect(alice.locator("#draw-offer")).to_contain_text("Blue offers a draw.")
    no_overflow(alice)
    shoot(alice, "table-phone")
    alice.click("#accept-draw")
    expect(alice.locator("#status")).to_have_text("Draw — by agreement")
    no_overflow(alice)
    shoot(alice, "result-phone")
    assert alice.errors == [] and bob.errors == []  # type: ignore[attr-defined]


def test_a_resignation_with_three_sides_lets_the_computer_play_on(
    browser: Browser, shared_server: LiveServer
) -> None:
    """Connect 5 for three (two people and a computer): Red resigns after the first moves;
    the game goes on, the computer playing Red's seat, and every page says since when."""
    alice, bob = new_page(browser, shared_server.base), new_page(browser, shared_server.base)
    enter(alice, "alice", shared_server)
    enter(bob, "bob", shared_server)
    answer = api_post(
        alice,
        "/api/tables",
        {
            "game": "connect5",
            "options": {"first_player": "0"},
            "seats": [{"kind": "me"}, {"kind": "open"}, {"kind": "computer", "agent": "random"}],
            "settings": {**CASUAL_5_3, "takeover": "mcts:easy"},
        },
    )
    assert answer["status"] == 201, answer
    table_id = answer["json"]["table"]["id"]
    api_post(bob, f"/api/tables/{table_id}/join", {"seat": 1})
    alice.goto(f"/tables/{table_id}")
    bob.goto(f"/tables/{table_id}")
    expect(alice.locator("#clock-0")).to_be_visible()
    expect(alice.locator("#clock-2")).to_have_count(0)  # computers are not timed
    # A first action each (whoever is to move; the computer moves by itself).
    acted: set[str] = set()
    for _ in range(12):
        if acted >= {"0", "1"}:
            break
        for page in (alice, bob):
            seat = page.evaluate(PLAY_FIRST_LEGAL, table_id)
            if seat is not None:
                acted.add(seat)
    assert acted >= {"0", "1"}
    expect(alice.locator("#resign")).to_be_visible()
    alice.click("#resign")
    expect(alice.locator("#confirm-question")).to_have_text(
        "Resign? You are ranked last and the computer plays your seat on."
    )
    alice.click("#confirm-yes")
    for page in (alice, bob):
        expect(page.locator("#table-notes")).to_contain_text(
            re.compile(r"The computer \(easy\) plays for Red · alice since move \d+\.")
        )
        expect(page.locator("#takeover-0")).to_have_text("computer (easy) plays")
    expect(alice.locator("#resign")).to_have_count(0)
    expect(alice.locator("#come-back")).to_have_count(0)  # a resigned seat cannot come back
    expect(bob.locator("#offer-draw")).to_have_count(0)  # no other person plays a seat now
    expect(bob.locator("#status")).not_to_have_class(re.compile(r"\bover\b"))
    shoot(bob, "takeover")
    assert alice.errors == [] and bob.errors == []  # type: ignore[attr-defined]


def test_a_leaver_with_three_sides_is_taken_over_and_takes_the_seat_back(
    browser: Browser, shared_server: LiveServer
) -> None:
    """Connect 5 for three: Blue leaves at its turn, Red lets the computer play for Blue, and
    Blue, back, takes the seat back."""
    alice, bob = new_page(browser, shared_server.base), new_page(browser, shared_server.base)
    enter(alice, "alice", shared_server)
    enter(bob, "bob", shared_server)
    answer = api_post(
        alice,
        "/api/tables",
        {
            "game": "connect5",
            "options": {"first_player": "0"},
            "seats": [{"kind": "me"}, {"kind": "open"}, {"kind": "computer", "agent": "random"}],
            "settings": {**CASUAL_5_3, "takeover": "mcts:easy", "grace": 2},
        },
    )
    table_id = answer["json"]["table"]["id"]
    api_post(bob, f"/api/tables/{table_id}/join", {"seat": 1})
    alice.goto(f"/tables/{table_id}")
    bob.goto(f"/tables/{table_id}")
    for page in (alice, bob, alice):  # Red, Blue, (the computer), Red: Blue is to move
        expect(page.locator("#status")).to_contain_text("Your turn")
        assert page.evaluate(PLAY_FIRST_LEGAL, table_id) is not None
    expect(bob.locator("#status")).to_contain_text("Your turn")
    bob.goto("about:blank")  # Blue leaves at its turn
    expect(alice.locator("#leaver-1")).to_contain_text("Blue left the table.")
    expect(alice.locator("#claim-1")).to_have_text("Computer plays for Blue")
    expect(alice.locator("#claim-1")).to_be_enabled(timeout=10_000)
    alice.click("#claim-1")
    expect(alice.locator("#confirm-question")).to_have_text(
        "Let the computer play for Blue, who left the table?"
    )
    alice.click("#confirm-yes")
    notes = alice.locator("#table-notes")
    expect(notes).to_contain_text(
        re.compile(r"The computer \(easy\) plays for Blue · bob since move \d+\.")
    )
    expect(alice.locator("#status")).not_to_have_class(re.compile(r"\bover\b"))
    # Blue comes back and takes the seat back.
    bob.goto(f"/tables/{table_id}")
    expect(bob.locator("#come-back")).to_contain_text(
        re.compile(r"The computer plays your seat since move \d+\.")
    )
    # One banner per take-over: bob's alert says it, his notes do not repeat it (issue 27).
    expect(bob.locator("#table-notes")).not_to_contain_text("plays for Blue")
    bob.click("#return-seat")
    expect(bob.locator("#come-back")).to_have_count(0)
    expect(notes).to_contain_text(re.compile(r"Blue · bob came back at move \d+\."))
    expect(alice.locator("#takeover-1")).to_have_count(0)
    assert alice.errors == [] and bob.errors == []  # type: ignore[attr-defined]
