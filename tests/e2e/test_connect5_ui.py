"""The Connect 5 table UI (``static/games/connect5.js``) in a real browser.

* ``test_translations``: the five ``connect5.<lang>.json`` files have the same keys and
  placeholders, and every ``t("connect5.…")`` of the module exists.
* ``test_every_legal_action_is_offered_and_clickable``: on random positions (three boards, two
  to five players) the module alone, fed the engine's geometry and legal actions, offers
  exactly them (``offered()``), each can be chosen by clicks on dots and the bar's buttons, and
  the events describing them translate.
* ``test_a_board_file_of_ones_own_is_drawn_and_played``: a server offers a small board of ours
  from its boards folder (``CONNECT_ARENA_CONNECT5_BOARDS``); a table on it, chosen in the
  lobby, draws the file's dots, junction and names, and a few moves (a capture too) are
  played by clicks.
* ``test_play_against_the_computer``: a person signs up, opens a Connect 5 table against the
  random computer and plays it to the end by clicking highlighted dots (the moves chosen by
  the greedy agent among the highlighted ones); the scores shown equal the engine's, replayed
  from the table's record; the replay viewer shows the final position.
* ``test_hot_seat_interactions``: one person holds both seats (in Italian): a double capture
  chosen hop by hop, stacking with the keyboard, the step-or-split question, a sandwich.

Screenshots go to ``build/e2e/connect5-*.png``. Needs ``/usr/bin/chromium`` (skipped without).
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

import connect_arena.games
from connect_arena.agents import GreedyAgent
from connect_arena.core import replay
from connect_arena.games.connect5.boards import BOARDS_ENV
from tests.e2e.conftest import evaluate_json, needs_chromium, sign_up_by_api
from tests.games.connect5.helpers import TINY
from tests.server.live import free_port, server

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "src" / "connect_arena" / "server" / "static"
MODULE = STATIC / "games" / "connect5.js"
PARTS = STATIC / "games" / "connect5"
I18N = STATIC / "i18n"
LANGUAGES = ("en", "it", "de", "fr", "es")
ARTIFACTS = ROOT / "build" / "e2e"


# ------------------------------------------------------------------ the strings of the module


def test_translations() -> None:
    files = {
        lang: json.loads((I18N / f"connect5.{lang}.json").read_text("utf-8")) for lang in LANGUAGES
    }
    keys = set(files["en"])
    # The module and its parts (static/games/connect5/*.js).
    text = "".join(path.read_text("utf-8") for path in [MODULE, *sorted(PARTS.glob("*.js"))])
    used = set(re.findall(r"""\bt\("connect5\.(\w+)\"""", text))
    counted = re.findall(r"""\btn\("connect5\.(\w+)\"""", text)  # plural forms
    used |= {f"{key}_{form}" for key in counted for form in ("one", "other")}
    # The shell reads seat<N>, title, summary, antiEndlessNote (the new-table form without a
    # clock), option_* and event.* (the server's events) keys of a game's namespace.
    shell = {
        key
        for key in keys
        if re.fullmatch(r"seat\d+|title|summary|antiEndlessNote|option_\w+|event\.\w+", key)
    }
    assert not used - keys and not keys - used - shell, (
        f"missing: {sorted(used - keys)}, unused: {sorted(keys - used - shell)}"
    )
    for lang, strings in files.items():
        assert set(strings) == keys, lang
        for key, text in strings.items():
            assert text.strip(), (lang, key)
            params = set(re.findall(r"\{(\w+)\}", text))
            assert params == set(re.findall(r"\{(\w+)\}", files["en"][key])), (lang, key)


# ------------------------------------------------------------------ the browser


@pytest.fixture
def chromium(browser: Browser) -> Browser:
    """Headless Chromium (``tests/e2e/conftest.py``'s, shared by the module's tests)."""
    return browser


def new_page(browser: Browser, base: str, lang: str = "en") -> Page:
    context = browser.new_context(base_url=base, viewport={"width": 1280, "height": 1000})
    context.add_init_script(f"localStorage.setItem('lang', '{lang}')")
    page = context.new_page()
    page.set_default_timeout(10_000)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors  # type: ignore[attr-defined]
    return page


def create_table(page: Page, seats: dict[str, str], options: dict[str, str]) -> int:
    """Open a Connect 5 table from the lobby's form; ``seats``: ``{"seat-1": "me"}`` …"""
    page.select_option("#game", "connect5")
    for seat, value in seats.items():
        page.select_option(f"#{seat}", value)
    if any(page.locator(f"#option-{name}").count() == 0 for name in options):
        return open_by_api(page, options)  # the form leaves out the anti-endless option
    for name, value in options.items():
        field = page.locator(f"#option-{name}")
        if not field.is_visible():
            page.click("#create-form details summary")
        if field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)
    page.click("#create-table")
    page.wait_for_url(re.compile(r"/tables/\d+$"))
    return int(page.url.rsplit("/", 1)[1])


OPEN_TABLE = """async ([seats, options]) => {
  const { api } = await import("/static/js/api.js");
  const kinds = seats.map((value) => value.startsWith("computer:")
    ? { kind: "computer", agent: value.slice(9) } : { kind: value });
  const { table } = await api.post("/api/tables", { game: "connect5", options, seats: kinds });
  return table.id;
}"""


def open_by_api(page: Page, options: dict[str, str]) -> int:
    """Open the table the form describes, with ``options`` (some the form does not offer),
    through the page's API module; then go to it."""
    seats = page.eval_on_selector_all(".seat-choice select", "nodes => nodes.map((n) => n.value)")
    typed = {
        name: int(value) if value.isdigit() and name != "first_player" else value
        for name, value in options.items()
    }
    table_id = int(page.evaluate(OPEN_TABLE, [seats, typed]))
    page.goto(f"/tables/{table_id}")
    return table_id


def click_dot(page: Page, dot: str) -> None:
    """Click a dot the board offers (an offered dot is a button; any other is an image)."""
    page.click(f'[data-dot="{dot}"][role="button"]')


def pick(page: Page, action: str) -> None:
    """Answer the bar's question when several moves end on the dot just clicked."""
    choice = page.locator(f'[data-c5-choice="{action}"]')
    if choice.count():
        choice.click()


def click_action(page: Page, action: str, selected: Any = None) -> None:
    """Choose ``action`` on the board the way a person does; ``selected(page)`` is called once
    a token is selected, before its destination is clicked."""
    words = action.split()
    verb = words[0]
    if verb == "pass":
        page.click("#end-turn")
    elif verb == "place":
        click_dot(page, words[1])
    elif verb == "stack":
        click_dot(page, words[1])
        page.click('[data-c5="stack"]')
    elif verb in ("step", "split", "sandwich"):
        click_dot(page, words[1])
        if selected:
            selected(page)
        click_dot(page, words[-1])
        pick(page, action)
    elif verb == "jump":
        click_dot(page, words[1])
        if selected:
            selected(page)
        prefix = f"jump {words[1]}"
        for i in range(2, len(words), 4):
            prefix += f" over {words[i + 1]} to {words[i + 3]}"
            click_dot(page, words[i + 3])
            pick(page, prefix)
        confirm = page.locator('[data-c5="confirm"]')
        if confirm.count():  # the chain could go on: end it here
            confirm.click()
    else:
        raise AssertionError(f"unknown action {action!r}")


def moves_shown(page: Page) -> int:
    return page.locator("#moves li").count()


def wait_for_more_moves(page: Page, count: int) -> None:
    expect(page.locator("#moves li").nth(count)).to_be_attached()


def scores_shown(page: Page, players: int) -> list[int]:
    return [int(page.text_content(f'#c5-scores [data-score="{s}"]') or "") for s in range(players)]


# ------------------------------------------------------------------ the module alone

# The board card is not displayed while the positions are checked: offered() reads the module's
# model and the clicks are dispatched events, so nothing needs a layout, and laying out and
# painting the ~150 boards made was half of the test's CPU. It is shown for the screenshot.
HARNESS = """<!doctype html><html><head><meta charset="utf-8">
<link rel="stylesheet" href="/static/app.css"></head>
<body><main class="table-page"><section class="card" id="board-card" style="display: none">
<div class="board" id="board"></div></section>
<aside class="side"><section class="card" id="game-panel"></section></aside></main></body></html>"""

SETUP = """async () => {
  const i18n = await import("/static/js/i18n.js");
  window.c5i18n = i18n;
  await i18n.loadNamespaces("common", "connect5");
  const module = await import("/static/games/connect5.js");
  const root = document.getElementById("board");
  window.c5make = async (data) => {
    const sent = [];
    const board = module.default(root, {
      options: { board: data.observation.board }, geometry: data.geometry, seatNames: [],
      interactive: true,
      panel: document.getElementById("game-panel"), onAction: (action) => sent.push(action),
    });
    board.update(data);
    await new Promise((resolve) => setTimeout(resolve, 0));
    return { board, sent };
  };
  window.c5check = async (data) => {
    const { board } = await c5make(data);
    const buttons = [...root.querySelectorAll('[role="button"]')];
    const unlabelled = buttons.filter(
      (b) => !b.getAttribute("aria-label") || b.getAttribute("tabindex") !== "0");
    const seatName = (seat) => ["Red", "Blue", "Purple", "Yellow", "Green"][seat];
    const described = data.events.map((e) => c5i18n.eventText(e, seatName));
    return { offered: board.offered(), unlabelled: unlabelled.length, described,
      hint: board.turnHint(data.observation, data.legal, data.actions),
      detail: board.seatDetail(data.seat) };
  };
  // A round ends in a full game: the bar says so (the board is already cleared).
  window.c5notice = async (data) => {
    const { board } = await c5make(data);
    const next = structuredClone(data);
    const run = ["a", "b", "c", "d", "e"];
    next.observation.results = [{ starter: 0, points: [5], connect5: 0, run, reason: "connect5" }];
    next.observation.round = 1;
    next.observation.turns_taken = next.observation.turns_taken.map(() => 0);
    board.update(next);
    return root.querySelector(".c5-bar").textContent;
  };
  window.c5drive = async (data, action) => {
    const { sent } = await c5make(data);
    const click = (selector) => {
      const element = root.querySelector(selector);
      if (!element) throw new Error(`${action}: nothing to click at ${selector}`);
      element.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    };
    const dot = (id) => click(`[data-dot="${id}"][role="button"]`);
    const pick = (text) => root.querySelector(`[data-c5-choice="${text}"]`)?.click();
    const words = action.split(" ");
    if (words[0] === "place") dot(words[1]);
    else if (words[0] === "stack") { dot(words[1]); click('[data-c5="stack"]'); }
    else if (words[0] === "jump") {
      dot(words[1]);
      let prefix = `jump ${words[1]}`;
      for (let i = 2; i < words.length; i += 4) {
        prefix += ` over ${words[i + 1]} to ${words[i + 3]}`;
        dot(words[i + 3]);
        pick(prefix);
      }
      if (!sent.length) click('[data-c5="confirm"]');
    } else {
      dot(words[1]);
      dot(words[words.length - 1]);
      pick(action);
    }
    return sent;
  };
}"""

VARIANTS: list[tuple[str, int, dict[str, Any]]] = [
    ("basic", 2, {}),
    ("basic", 5, {"stack_by_step": True}),
    ("advanced", 3, {"sandwich_in_chain": True, "retrace_rule": "no_revisit"}),
    ("advanced", 2, {"jump_turn_at_T_dot": True, "double_capture_removes": "top"}),
    ("t1", 2, {}),
    ("t1", 4, {"sandwich_mode": "strict_only_double_start"}),
]


def sample_positions(per_variant: int, seed: int) -> list[dict[str, Any]]:
    """Positions of random games, mostly ones with captures, splits or stacks to choose."""
    rng = random.Random(seed)
    found: list[dict[str, Any]] = []
    for board, players, options in VARIANTS:
        game = connect_arena.games.load(
            "connect5", players, board=board, first_player="0", **options
        )
        kept = 0
        while kept < per_variant:
            state = game.new_initial_state()
            for _ in range(rng.randrange(8, 160)):
                if state.is_terminal():
                    break
                state.apply_action(rng.choice(state.legal_actions()))
            if state.is_terminal():
                continue
            seat = state.current_player
            legal = [str(a) for a in state.legal_actions(seat)]
            rich = any(a.split()[0] in ("jump", "sandwich", "split", "stack") for a in legal)
            if not rich and rng.random() < 0.6:
                continue
            found.append(
                {
                    "geometry": game.geometry(),
                    "events": [
                        state.describe_action(a, seat).to_json() for a in state.legal_actions(seat)
                    ],
                    "observation": state.observation(seat),
                    "legal": legal,
                    "actions": [a.legal_json() for a in state.legal_actions(seat)],
                    "seat": seat,
                    "you": [seat],
                    "toMove": [seat],
                    "terminal": False,
                    "returns": [0] * players,
                    "last": None,
                }
            )
            kept += 1
    return found


def serve_static(page: Page) -> str:
    """Serve ``static/`` from the disk (and the harness page) under a made-up origin."""
    origin = "http://connect5.test"
    types = {".js": "text/javascript", ".css": "text/css", ".json": "application/json"}

    def answer(route: Any) -> None:
        path = route.request.url.removeprefix(origin).split("?")[0]
        if path == "/harness":
            route.fulfill(body=HARNESS, content_type="text/html")
            return
        file = STATIC / path.removeprefix("/static/")
        if path.startswith("/static/") and file.is_file():
            route.fulfill(
                body=file.read_bytes(), content_type=types.get(file.suffix, "image/svg+xml")
            )
        else:
            route.fulfill(status=404, body="")

    page.route(f"{origin}/**", answer)
    return origin


@pytest.mark.slow
@needs_chromium
def test_every_legal_action_is_offered_and_clickable(chromium: Browser) -> None:
    page = new_page(chromium, "http://connect5.test")
    page.goto(serve_static(page) + "/harness")
    page.evaluate(SETUP)
    rng = random.Random(8)
    positions = sample_positions(per_variant=5, seed=8)
    driven = 0
    for data in positions:
        legal = data["legal"]
        checked = evaluate_json(page, "d => c5check(d)", data)
        assert sorted(checked["offered"]) == sorted(legal), data["observation"]["stacks"]
        assert checked["unlabelled"] == 0
        assert checked["hint"] and "connect5." not in checked["hint"]
        described = checked["described"]
        assert all(d and "connect5." not in d and "{" not in d for d in described), described
        special = [a for a in legal if not a.startswith(("place", "step", "pass"))]
        ordinary = [a for a in legal if a.startswith(("place", "step"))]
        for action in special + rng.sample(ordinary, min(3, len(ordinary))):
            assert evaluate_json(page, "([d, a]) => c5drive(d, a)", [data, action]) == [action]
            driven += 1
    assert driven > 100 and any(" over " in a for d in positions for a in d["legal"])
    notice = evaluate_json(page, "d => c5notice(d)", positions[0])
    assert notice.startswith("Round 1 is over: Connect 5 by Red (a → b → c → d → e)."), notice
    page.evaluate("document.getElementById('board-card').style.display = ''")
    page.screenshot(path=ARTIFACTS / "connect5-harness.png", full_page=True)
    assert page.errors == []  # type: ignore[attr-defined]


# ------------------------------------------------------------------ whole games on the server


@pytest.mark.slow
@needs_chromium
def test_play_against_the_computer(chromium: Browser, tmp_path: Path) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    port = free_port()
    with server(tmp_path, port):
        page = new_page(chromium, f"http://127.0.0.1:{port}")
        sign_up_by_api(page, "carla", lobby=True)
        table_id = create_table(
            page,
            {"seat-1": "computer:random"},
            {"first_player": "0", "tokens": "10", "idle_limit": "16"},
        )
        agent = GreedyAgent(seed=11)  # chooses for carla among the highlighted options
        shots: set[str] = set()

        def selected(page: Page) -> None:
            expect(page.locator(".c5-board .target")).not_to_have_count(0)
            if "selected" not in shots:
                shots.add("selected")
                page.screenshot(path=ARTIFACTS / "connect5-2-token-selected.png")

        turns = 0
        played: list[str] = []
        while True:
            page.wait_for_selector("#status.yours, #status.over")
            if page.locator("#status.over").count():
                break
            record = page.request.get(f"/api/tables/{table_id}/record").json()
            state = replay(record)
            assert state.current_player == 0
            action = str(agent.act(state, 0))
            if turns == 0:
                expect(page.locator(".c5-board .placeable")).not_to_have_count(0)
                page.screenshot(path=ARTIFACTS / "connect5-1-first-turn.png")
            before = moves_shown(page)
            click_action(page, action, selected)
            wait_for_more_moves(page, before)
            played.append(action)
            turns += 1
            assert turns < 200, "the game does not end"
        record = page.request.get(f"/api/tables/{table_id}/record").json()
        final = replay(record)
        assert final.is_terminal()
        scores = final.scores()
        expect(page.locator("#c5-scores [data-score='1']")).to_have_text(str(scores[1]))
        assert scores_shown(page, 2) == scores
        status = page.text_content("#status") or ""
        assert f"Red {scores[0]}, Blue {scores[1]}" in status, status
        result = final.observation(0)["results"][-1]
        if result["connect5"] is not None:
            expect(page.locator(".c5-board .run-line")).to_have_count(1)
            assert " → ".join(result["run"]) in status
        page.screenshot(path=ARTIFACTS / "connect5-5-game-over.png")
        page.click("#replay-link")
        expect(page.locator("#c5-scores [data-score='0']")).to_have_text(str(scores[0]))
        assert scores_shown(page, 2) == scores
        expect(page.locator(".c5-board [role='button']")).to_have_count(0)  # nothing to click
        page.click("#previous")
        expect(page.locator(".c5-board .last-path, .c5-board .last-ring")).not_to_have_count(0)
        page.click("#last")
        page.screenshot(path=ARTIFACTS / "connect5-6-replay.png")
        assert page.errors == []  # type: ignore[attr-defined]
        kinds = ", ".join(sorted({action.split()[0] for action in played}))
        print(f"carla: {turns} turns ({kinds}); {len(record['actions'])} actions; {scores}")


# Both seats belong to one person (Italian UI): a double capture chosen hop by hop (cancelled
# with Esc once), a stack chosen with the keyboard, a double asked to step or split, a sandwich.
HOT_SEAT = [
    "place g2",
    "place g3",
    "place e4",
    "place g6",
    "jump g2 over g3 to g5 over g6 to g7",
    "place a12",
    "stack e4",
    "place h1",
    "split e4 d5",
    "place m2",
    "place i1",
    "place m4",
    "place g1",
    "place m6",
    "sandwich g1 over h1 to i1",
]


@pytest.mark.slow
@needs_chromium
def test_hot_seat_interactions(chromium: Browser, tmp_path: Path) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    port = free_port()
    with server(tmp_path, port):
        page = new_page(chromium, f"http://127.0.0.1:{port}", lang="it")
        sign_up_by_api(page, "dario", lobby=True)
        table_id = create_table(page, {"seat-1": "me"}, {"first_player": "0"})
        for step, action in enumerate(HOT_SEAT, start=1):
            page.wait_for_selector("#status.yours")
            if action.startswith("jump"):
                click_dot(page, "g2")
                expect(page.locator(".c5-board .target")).to_have_count(2)  # g1, g5
                click_dot(page, "g5")
                expect(page.locator('[data-c5="confirm"]')).to_have_text("Termina qui la presa")
                expect(page.locator(".c5-board .target")).to_have_count(1)  # g7
                expect(page.locator(".c5-board .victim")).to_have_count(1)
                page.screenshot(path=ARTIFACTS / "connect5-3-capture-hop-by-hop.png")
                page.keyboard.press("Escape")  # back to the selected token
                expect(page.locator('[data-c5="confirm"]')).to_have_count(0)
                expect(page.locator(".c5-board .selected")).to_have_count(1)
                page.keyboard.press("Escape")  # nothing selected
                expect(page.locator(".c5-board .selected")).to_have_count(0)
                click_action(page, action)
            elif action == "stack e4":
                page.focus('[data-dot="e4"]')
                page.keyboard.press("Enter")
                expect(page.locator('[data-dot="e4"]')).to_have_attribute("aria-pressed", "true")
                page.focus('[data-c5="stack"]')
                page.keyboard.press("Space")
            elif action.startswith("split"):
                click_dot(page, "e4")
                click_dot(page, "d5")
                expect(page.locator("[data-c5-choice]")).to_have_count(2)
                page.screenshot(path=ARTIFACTS / "connect5-4-step-or-split.png")
                pick(page, action)
            else:
                click_action(page, action)
            expect(page.locator("#moves li")).to_have_count(step)
        record = page.request.get(f"/api/tables/{table_id}/record").json()
        assert record["actions"] == HOT_SEAT
        state = replay(record)
        assert scores_shown(page, 2) == state.scores() == [3, 0]
        assert page.text_content('[data-dot="i1"]') is not None
        label = page.get_attribute('[data-dot="i1"]', "aria-label") or ""
        assert label.startswith("pallino i1, cerchiato, pedina doppia di Rosso"), label
        expect(page.locator("#moves li").last).to_contain_text(
            "fa sandwich con h1: una pedina salta da g1 sulla sua singola su i1"
        )
        assert page.errors == []  # type: ignore[attr-defined]


TINY_MOVES = ["place p0", "place p1", "jump p0 over p1 to p2", "place q1", "step p2 p3"]


@pytest.mark.slow
@needs_chromium
def test_a_board_file_of_ones_own_is_drawn_and_played(
    chromium: Browser, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    folder = tmp_path / "boards"
    folder.mkdir()
    (folder / "tiny.toml").write_text(TINY, "utf-8")
    monkeypatch.setenv(BOARDS_ENV, str(folder))  # the server process inherits it
    port = free_port()
    with server(tmp_path / "data", port):
        page = new_page(chromium, f"http://127.0.0.1:{port}")
        sign_up_by_api(page, "emma", lobby=True)
        table_id = create_table(page, {"seat-1": "me"}, {"board": "tiny", "first_player": "0"})
        page.wait_for_selector("#status.yours")
        board = page.locator(".c5-board")
        dots = board.locator("[data-dot]")
        expect(dots).to_have_count(11)
        drawn = sorted(dots.evaluate_all("els => els.map((e) => e.dataset.dot)"))
        assert drawn == sorted(["p0", "p1", "p2", "p3", "p4", "p5", "p6", "q1", "q2", "r0", "r1"])
        circled = board.locator("[data-dot]:has(circle.ring)")
        assert sorted(circled.evaluate_all("els => els.map((e) => e.dataset.dot)")) == [
            "p1",
            "p3",
            "p5",
        ]
        expect(board.locator(".circuit rect.junction")).to_have_count(1)
        expect(board.locator(".circuit .traces polyline")).to_have_count(6 + 5 + 1 + 1)  # stretches
        expect(board.locator(".circuit .names text")).to_have_count(11)  # not lattice ids
        expect(board.locator(".circuit .coords")).to_have_count(0)
        label = board.get_attribute("aria-label") or ""
        assert label.endswith("Tiny"), label
        # Where the page puts the dots follows the file: p0..p6 west to east on one row.
        where = dots.evaluate_all(
            "els => Object.fromEntries(els.map((e) => "
            "[e.dataset.dot, [e.getBoundingClientRect().x, e.getBoundingClientRect().y]]))"
        )
        xs = [where[f"p{i}"][0] for i in range(7)]
        assert len({where[f"p{i}"][1] for i in range(7)}) == 1  # one row
        assert where["q2"][1] < where["q1"][1] < where["p3"][1]  # north is up
        assert xs == sorted(xs) and len(set(xs)) == 7
        for step, action in enumerate(TINY_MOVES, start=1):
            page.wait_for_selector("#status.yours")
            click_action(page, action)
            expect(page.locator("#moves li")).to_have_count(step)
        record = page.request.get(f"/api/tables/{table_id}/record").json()
        assert record["options"]["board"] == "tiny"
        assert record["actions"] == TINY_MOVES
        expect(page.locator("#c5-scores [data-score='0']")).to_have_text("1")
        moves = page.locator("#moves li")
        expect(moves.nth(2)).to_contain_text("Red captures p1, jumping from p0 to p2")
        expect(moves.nth(4)).to_contain_text("Red moves a token from p2 to p3")
        expect(board.locator(".last .last-path")).to_have_count(1)
        info = page.request.get(f"/api/tables/{table_id}/game").json()
        assert [d["id"] for d in info["geometry"]["dots"]][:3] == ["p0", "p1", "p2"]
        page.screenshot(path=ARTIFACTS / "connect5-7-own-board.png", full_page=True)
        assert page.errors == []  # type: ignore[attr-defined]
