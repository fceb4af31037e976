"""The CO'NNN'ECT table UI (``static/games/connnect.js``) in a real browser.

* ``test_a_variant_sheet_is_drawn_from_the_geometry``: the module holds no sheet data; fed the
  geometry of a variant data file (``ConnnectGame.geometry()``), it draws that sheet: its zones,
  arrow lines, Free Action track, Connect-4 shapes and Connect-5 boxes.
* ``test_translations``: the five ``connnect.<lang>.json`` files have the same keys and
  placeholders, and every ``t("connnect.…")`` of the module exists.
* ``test_every_legal_action_is_offered_and_clickable``: on positions of random games (one to
  four players) the module alone, fed a seat's observation and legal actions, offers exactly
  them (``offered()``), and actions of every kind are sent by clicking the page's controls
  (number chips, spaces, dice, bonus buttons, a claim's spaces and its confirm button).
* ``test_play_against_the_computer``: a person signs up, opens a CO'NNN'ECT table against the
  random computer and plays the whole game (12 rounds) by clicking: setup numbers (one with the
  keyboard), Zone Dice, Number Dice, a Free Action when the zone is full, claims built space by
  space (an incomplete selection is explained first), bonuses circled, "Done". The final score
  table equals the engine's scores, replayed from the table's record; the replay viewer shows
  the game without controls.

Screenshots go to ``build/e2e/connnect-*.png``. Needs ``/usr/bin/chromium`` (skipped without).
"""

from __future__ import annotations

import json
import random
import re
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from connect_arena.core import load, replay
from connect_arena.games.connnect.events import ENGLISH
from tests.e2e.conftest import (
    LiveServer,
    artifacts,
    evaluate_json,
    needs_chromium,
    new_page,
    sign_up_by_api,
)

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "src" / "connect_arena" / "server" / "static"
MODULE = STATIC / "games" / "connnect.js"
PARTS = STATIC / "games" / "connnect"
I18N = STATIC / "i18n"
LANGUAGES = ("en", "it", "de", "fr", "es")

# ------------------------------------------------------------------------------- translations


def test_translations() -> None:
    files = {
        lang: json.loads((I18N / f"connnect.{lang}.json").read_text("utf-8")) for lang in LANGUAGES
    }
    keys = set(files["en"])
    # The module and its parts (static/games/connnect/*.js); the pure state.js names the keys it
    # returns (with their parameters) as strings.
    text = "".join(path.read_text("utf-8") for path in [MODULE, *sorted(PARTS.glob("*.js"))])
    used = set(re.findall(r"""\bt\("connnect\.(\w+)\"""", text))
    used |= set(re.findall(r""""connnect\.(\w+)\"""", (PARTS / "state.js").read_text("utf-8")))
    for key in re.findall(r"""\btn\("connnect\.(\w+)\"""", text):
        used |= {f"{key}_one", f"{key}_other"}
    # The shell reads seat<N>, title, summary, option_* and event.* keys of a game's namespace;
    # the event keys are exactly the engine's (events.ENGLISH).
    shell = {key for key in keys if re.fullmatch(r"seat\d+|title|summary|option_\w+", key)}
    events = {key for key in keys if key.startswith("event.")}
    assert events == {"event." + key.split(".", 1)[1] for key in ENGLISH}
    shell |= events
    assert not used - keys and not keys - used - shell, (
        f"missing: {sorted(used - keys)}, unused: {sorted(keys - used - shell)}"
    )
    for lang, strings in files.items():
        assert set(strings) == keys, (lang, sorted(set(strings) ^ keys))
        for key, text in strings.items():
            assert text.strip() or key in ("and", "or"), (lang, key)
            params = set(re.findall(r"\{(\w+)\}", text))
            assert params == set(re.findall(r"\{(\w+)\}", files["en"][key])), (lang, key)


# ------------------------------------------------------------------------- offered == legal

# Clicks the page's controls the way a person does to send `action`; returns what was sent.
PERFORM = """async ([position, action]) => {
  const { default: create } = await import("/static/games/connnect.js");
  const i18n = await import("/static/js/i18n.js");
  await i18n.loadNamespaces("connnect");
  const root = document.createElement("div");
  // Not displayed: offered() reads the module's model and the clicks are dispatched events, so
  // nothing needs a layout (laying out and painting each sheet was most of the test's CPU).
  root.style.display = "none";
  document.body.replaceChildren(root);
  const sent = [];
  const board = create(root, {
    geometry: position.geometry, options: {}, seatNames: ["Blue", "Red", "Green", "Yellow"],
    interactive: true, panel: null,
    onAction: (text) => sent.push(text),
  });
  board.update({
    observation: position.observation, legal: position.legal, actions: position.actions,
    seat: position.seat,
    you: [position.seat], toMove: position.to_move, terminal: false, returns: null, last: null,
  });
  const offered = board.offered();
  if (!action) return { offered, sent };
  const find = (selector) => {
    const element = root.querySelector(selector);
    if (!element) throw new Error(`no ${selector} for ${action}`);
    return element;
  };
  const click = (selector) =>
    find(selector).dispatchEvent(new MouseEvent("click", { bubbles: true }));
  const optional = (selector) => { if (root.querySelector(selector)) click(selector); };
  const mode = (name) => optional(`[data-mode="${name}"]`);
  const number = (value) => optional(`[data-number="${value}"]`);
  const [verb, a, b] = action.split(" ");
  if (verb === "zone") click(`[data-zone="${a}"]`);
  else if (verb === "write") { mode("write"); number(a); click(`[data-cell="${b}"]`); }
  else if (verb === "change") { mode("write"); number(a); click(`[data-change="${a} ${b}"]`); }
  else if (verb === "skip") { mode("write"); number(a); click(`[data-skip="${a}"]`); }
  else if (verb === "switch") click(`[data-switch="${a}"]`);
  else if (verb === "adjust" && /^[a-f]/.test(a)) {
    mode("adjust"); click(`[data-cell="${a}"]`); click(`[data-adjust-cell="${a} ${b}"]`);
  } else if (verb === "adjust") {
    mode("write"); number(a); click(`[data-adjust-die="${a} ${b}"]`);
  } else if (verb === "move") { mode("move"); click(`[data-cell="${a}"]`); }
  else if (verb === "claim") {
    mode("claim");
    const cells = action.split(" ").slice(2).filter((c) => c !== "reuse");
    for (const cell of cells) click(`[data-cell="${cell}"]`);
    click(`[data-claim="${action}"]`);
  } else if (verb === "take") click(`[data-take="${a}"]`);
  else if (verb === "done") click("#cn-done");
  return { offered, sent };
}"""


def random_positions(seed: int, count: int) -> list[dict[str, Any]]:
    """Positions of random games where a seat acts, spread over the kinds of actions."""
    rng = random.Random(seed)
    found: list[dict[str, Any]] = []
    kinds: Counter[str] = Counter()
    game_index = 0
    while len(found) < count and game_index < 40:
        game_index += 1
        state = load("connnect", 1 + game_index % 4).new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                weights = [p for _, p in outcomes]
                state.apply_action(rng.choices([a for a, _ in outcomes], weights)[0])
                continue
            seat = rng.choice(sorted(state.active_players()))
            legal = [str(a) for a in state.legal_actions(seat)]
            signature = " ".join(sorted({a.split()[0] for a in legal}))
            if kinds[signature] < 3 and rng.random() < 0.3:
                kinds[signature] += 1
                found.append(
                    {
                        "observation": state.observation(seat),
                        "legal": legal,
                        "actions": [a.legal_json() for a in state.legal_actions(seat)],
                        "seat": seat,
                        "to_move": sorted(state.active_players()),
                        "geometry": state.game.geometry(),
                    }
                )
            claims = [a for a in legal if a.startswith(("claim", "take"))]
            state.apply_action(rng.choice(claims or legal), seat)
    return found


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.slow
@needs_chromium
def test_every_legal_action_is_offered_and_clickable(
    browser: Browser, shared_server: LiveServer, seed: int
) -> None:
    page = new_page(browser, shared_server.base)
    # The development harness: a page of the server with no live lists behind it (the landing
    # page's lobby refreshes its elements, which the test replaces, and threw in CI).
    page.goto("/static/dev/harness.html")
    page.wait_for_function("() => window.__harness !== undefined")
    rng = random.Random(seed)
    kinds: Counter[str] = Counter()
    for position in random_positions(seed, 45):
        result = evaluate_json(page, PERFORM, [position, None])
        assert sorted(result["offered"]) == sorted(position["legal"]), position["legal"]
        by_kind: dict[str, list[str]] = {}
        for action in position["legal"]:
            by_kind.setdefault(action.split()[0], []).append(action)
        for kind, actions in by_kind.items():
            for action in rng.sample(actions, min(2, len(actions))):
                result = evaluate_json(page, PERFORM, [position, action])
                assert result["sent"] == [action]
                kinds[kind] += 1
    expected = {"zone", "write", "change", "skip", "switch", "adjust", "move", "claim", "take"}
    expected.add("done")
    assert expected <= set(kinds), f"kinds not met: {sorted(expected - set(kinds))}"
    assert page.errors == []  # type: ignore[attr-defined]


VARIANT = """
[zones]
list = [
    { die = 1, rows = [1, 2] }, { die = 2, rows = [3, 4] }, { die = 3, rows = [5, 6] },
    { die = 4, columns = [1, 2] }, { die = 5, columns = [3, 4] }, { die = 6, columns = [5, 6] },
]
[arrow_lines]
list = [{ row = 1 }, { column = 1 }, { column = 3 }]
[free_action_track]
penalties = [0, 2, 4, 6, 8]
[connect4]
first_points = 5
later_points = 2
shapes = [{ id = "I4", rows = ["XXXX"] }, { id = "L4", rows = ["X.", "X.", "XX"] }]
[connect5_boxes]
count = 2
"""

DRAW = """async ([observation, geometry]) => {
  const { default: create } = await import("/static/games/connnect.js");
  const i18n = await import("/static/js/i18n.js");
  await i18n.loadNamespaces("connnect");
  // Beside the page's own content (which its scripts may still be filling in).
  const root = document.createElement("div");
  const panel = document.createElement("div");
  document.body.append(root, panel);
  const board = create(root, {
    geometry, options: {}, seatNames: ["Blue", "Red"], interactive: false, panel,
    onAction: () => {},
  });
  board.update({ observation, legal: [], seat: null, you: [], last: null });
  const titles = (selector) => [...root.querySelectorAll(selector)].map((e) => e.textContent);
  return {
    arrows: root.querySelectorAll(".cn-arrow").length,
    freeActions: titles(".cn-fas li"),
    markers: titles(".cn-marker .cn-shape-id"),
    boxes: root.querySelectorAll(".cn-c5box").length,
    zones: titles(".cn-zone-label title"),
    cells: root.querySelectorAll(".cn-cell").length,
    shapes: [...panel.querySelectorAll(".cn-shapes li")].map((e) => e.textContent),
  };
}"""


@needs_chromium
def test_a_variant_sheet_is_drawn_from_the_geometry(
    browser: Browser, shared_server: LiveServer, tmp_path: Path
) -> None:
    variant = tmp_path / "variant.toml"
    variant.write_text(VARIANT, encoding="utf-8")
    game = load("connnect", 2, data=str(variant))
    state = game.new_initial_state()
    page = new_page(browser, shared_server.base)
    page.goto("/")
    drawn = evaluate_json(page, DRAW, [state.public_observation(), game.geometry()])
    assert drawn["arrows"] == 3
    assert drawn["freeActions"] == ["0", "−2", "−4", "−6", "−8"]
    assert drawn["markers"] == ["I4", "L4"]
    assert drawn["boxes"] == 2
    assert drawn["cells"] == 36
    assert drawn["zones"][0] == "Zone 1: rows 1–2" and drawn["zones"][3] == "Zone 4: columns a–b"
    assert drawn["shapes"] == ["I3", "L3", "I4", "L4"]
    builtin = evaluate_json(
        page, DRAW, [state.public_observation(), load("connnect", 2).geometry()]
    )
    assert builtin["arrows"] == 2 and builtin["boxes"] == 4 and len(builtin["freeActions"]) == 8
    assert page.errors == []  # type: ignore[attr-defined]


# ------------------------------------------------------------------------ a whole game, by clicks


def board_call(page: Page, method: str) -> Any:
    return page.evaluate(f"document.querySelector('.cn').connnectBoard.{method}()")


def wait_for_turn(page: Page) -> list[str]:
    """Wait until the page offers actions (or the game is over); the offered actions."""
    page.wait_for_function(
        """() => {
          const cn = document.querySelector('.cn');
          if (!cn || !cn.connnectBoard) return false;
          if (cn.dataset.phase === 'over') return true;
          return !cn.classList.contains('cn-busy') && cn.connnectBoard.offered().length > 0;
        }""",
        timeout=20_000,
    )
    offered: list[str] = board_call(page, "offered")
    return offered


def choose(offered: list[str]) -> str:
    """A simple player: claim whenever possible, write, drop a number when the zone is full."""
    for prefix in ("take", "claim", "zone", "write", "skip", "switch", "done"):
        chosen = [a for a in offered if a.startswith(prefix + " ") or a == prefix]
        if chosen:
            # The biggest claim; the first bonus that is not a ⚡ write; else the first.
            if prefix == "claim":
                return max(chosen, key=lambda a: len(a.split()))
            return chosen[0]
    return offered[0]


def click(page: Page, action: str, shots: dict[str, bool]) -> None:
    """Choose ``action`` by clicking, as a person does."""
    w = action.split()
    if w[0] == "zone":
        page.click(f'[data-zone="{w[1]}"]')
    elif w[0] == "write":
        if page.locator(f'[data-number="{w[1]}"]').count():
            page.click(f'[data-number="{w[1]}"]')
        if not shots.get("keyboard"):
            shots["keyboard"] = True
            cell = page.locator(f'[data-cell="{w[2]}"]')
            cell.focus()
            cell.press("Enter")
            expect(page.locator(f'[data-cell="{w[2]}"] .cn-digit')).to_have_text(w[1])
        else:
            page.click(f'[data-cell="{w[2]}"]')
    elif w[0] == "skip":
        page.click(f'[data-number="{w[1]}"]')
        page.click(f'[data-skip="{w[1]}"]')
    elif w[0] == "switch":
        page.click(f'[data-switch="{w[1]}"]')
    elif w[0] == "claim":
        if page.locator('[data-mode="claim"]').count():
            page.click('[data-mode="claim"]')
        cells = [c for c in w[2:] if c != "reuse"]
        page.click(f'[data-cell="{cells[0]}"]')
        page.click(f'[data-cell="{cells[1]}"]')
        # Two spaces: the page says why this is not a claim yet, and that it can become one.
        expect(page.locator("[data-why]")).to_contain_text("at least 3")
        if not shots.get("why"):
            shots["why"] = True
            page.screenshot(path=artifacts() / "connnect-3-claim-why.png", full_page=True)
        for cell in cells[2:]:
            page.click(f'[data-cell="{cell}"]')
        expect(page.locator(f'[data-claim="{action}"]')).to_be_visible()
        if not shots.get("claim"):
            shots["claim"] = True
            page.screenshot(path=artifacts() / "connnect-3-claim.png", full_page=True)
        page.click(f'[data-claim="{action}"]')
    elif w[0] == "take":
        if not shots.get("take"):
            shots["take"] = True
            page.screenshot(path=artifacts() / "connnect-4-bonus.png", full_page=True)
        page.click(f'[data-take="{w[1]}"]')
    elif w[0] == "done":
        page.click("#cn-done")
    else:  # pragma: no cover - the simple player chooses nothing else
        raise AssertionError(f"the simple player cannot click {action}")


@pytest.mark.slow
@needs_chromium
def test_play_against_the_computer(browser: Browser, shared_server: LiveServer) -> None:
    started = time.monotonic()
    page = new_page(browser, shared_server.base)
    page.set_viewport_size({"width": 1280, "height": 1000})
    refused: list[str] = []  # actions refused by the server (a stale seq: the computer was first)
    page.on(
        "websocket",
        lambda socket: socket.on(
            "framereceived",
            lambda frame: refused.append(str(frame)) if '"type": "error"' in str(frame) else None,
        ),
    )
    sign_up_by_api(page, "carla", lobby=True)
    page.select_option("#game", "connnect")
    page.select_option("#seat-1", "computer:random")
    page.click("#create-table")
    page.wait_for_url(re.compile(r"/tables/\d+$"))
    table_id = int(page.url.rsplit("/", 1)[1])
    expect(page.locator(".cn")).to_be_visible()
    shots: dict[str, bool] = {}
    played: Counter[str] = Counter()
    for _ in range(400):
        offered = wait_for_turn(page)
        if page.locator(".cn[data-phase=over]").count():
            break
        action = choose(offered)
        phase = page.get_attribute(".cn", "data-phase")
        if phase == "setup_write" and not shots.get("setup"):
            shots["setup"] = True
            page.screenshot(path=artifacts() / "connnect-1-setup.png", full_page=True)
        if phase == "fill" and not shots.get("fill"):
            shots["fill"] = True
            page.screenshot(path=artifacts() / "connnect-2-fill.png", full_page=True)
        click(page, action, shots)
        played[action.split()[0]] += 1
    else:
        raise AssertionError("the game did not end")
    elapsed = time.monotonic() - started
    expect(page.locator(".cn-final")).to_be_visible()
    page.screenshot(path=artifacts() / "connnect-5-final.png", full_page=True)
    page.click('[data-sheet="1"]')
    expect(page.locator('.cn-sheet[data-viewed="1"]')).to_be_visible()
    page.screenshot(path=artifacts() / "connnect-6-computer-sheet.png", full_page=True)

    record = page.request.get(f"/api/tables/{table_id}/record").json()
    final = replay(record)
    assert final.is_terminal()
    for seat, score in enumerate(final.scores()):
        shown = page.locator(f'[data-final-total="{seat}"]').inner_text()
        assert int(shown) == score.total, (seat, shown, score)
        for key, value in (("connect3", score.connect3), ("connect4", score.connect4)):
            assert page.locator(f'[data-final="{seat}:{key}"]').inner_text() == str(value)
    assert played["write"] >= 6 and played["zone"] >= 1, played

    # The replay viewer draws the same sheets, without controls.
    page.goto(f"/tables/{table_id}/replay")
    expect(page.locator(".cn-final")).to_be_visible()
    page.click("#first")
    page.click("#next")
    expect(page.locator("#position")).to_contain_text(re.compile(r"^1 / "))
    # Then 69 more steps by the keyboard: one 70-click gesture lost clicks on a loaded machine
    # (59 of 70 counted in CI), and a round trip a click costs seconds.
    for _ in range(69):
        page.keyboard.press("ArrowRight")
    expect(page.locator("#position")).to_contain_text(re.compile(r"^70 / "))
    expect(page.locator(".cn-final")).to_have_count(0)
    expect(page.locator(".cn-actions")).to_have_count(0)
    page.screenshot(path=artifacts() / "connnect-7-replay.png", full_page=True)
    assert page.errors == []  # type: ignore[attr-defined]
    summary = f"{elapsed:.1f} s, actions {dict(played)}, refused by the server {len(refused)}"
    print(f"\nCO'NNN'ECT game through the UI: {summary}")
