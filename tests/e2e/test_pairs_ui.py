"""End to end: the Connect Pairs table UI (``static/games/pairs.js``) in Debian's Chromium.

* A guest opens a Pairs table from the lobby (2 players: the guest and a random computer
  partner, ``max_rounds`` small so that the game ends quickly) and plays it to the end by
  clicking the board: the key editor, MOVE / TAKE / CONNECT, connection swaps, answers to the
  partner's offers, top slots. Before every decision the actions the UI offers
  (``board.offered()``) must equal the engine's legal actions, computed by replaying the
  table's record; at the end the result shown must be the engine's. The replay viewer opens.
* The module alone renders random engine positions (2, 4 and 8 players, several option sets):
  it must offer exactly the legal actions, with no fallback button, in every case.

Screenshots go to ``build/e2e/pairs-*.png``. Without ``/usr/bin/chromium`` the tests are
skipped.
"""

from __future__ import annotations

import json
import random
import re
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from connect_arena.core import replay
from connect_arena.games import load
from tests.e2e.conftest import (
    STATIC,
    LiveServer,
    artifacts,
    evaluate_json,
    needs_chromium,
    new_page,
)

STRINGS = STATIC / "i18n" / "pairs.en.json"
MAX_ROUNDS = 14
# The board is ready for a decision (or the game is over).
READY = """() => {
  const board = document.querySelector('.pairs');
  return !!board && (board.dataset.terminal === 'yes'
    || (board.dataset.acting === 'yes' && board.dataset.busy !== 'yes'));
}"""
OFFERED = "() => document.querySelector('.pairs').pairsBoard.offered()"

pytestmark = [pytest.mark.slow, needs_chromium]


def open_page(browser: Browser, base: str) -> Page:
    page = new_page(browser, base)
    page.set_default_timeout(15_000)
    return page


# The form does not offer the anti-endless option (it bounds programs' games): the table is
# opened through the page's API module, as the form would, with it.
OPEN_TABLE = """async (maxRounds) => {
  const { api } = await import("/static/js/api.js");
  const { table } = await api.post("/api/tables", {
    game: "pairs", options: { first_player: "0", max_rounds: maxRounds },
    seats: [{ kind: "me" }, { kind: "computer", agent: "random" }],
  });
  return table.id;
}"""


def create_table(page: Page) -> int:
    """As a guest, open a Pairs table with a random computer partner."""
    page.goto("/")
    page.click("#guest")
    expect(page.locator("#user-name")).to_be_visible()
    table_id = int(page.evaluate(OPEN_TABLE, MAX_ROUNDS))
    page.goto(f"/tables/{table_id}")
    return table_id


def engine_state(base: str, table_id: int) -> Any:
    record = httpx.get(f"{base}/api/tables/{table_id}/record", timeout=10).text
    return replay(record)


def can_swap(state: Any) -> bool:
    """Whether CONNECT would offer a swap now (a die value whose zones share a subject)."""
    for face in set(state.dice):
        mine, theirs = set(state.zones[0][face - 1]), set(state.zones[1][face - 1])
        if mine & theirs and any(theirs - {given} for given in mine):
            return True
    return False


def choose(page: Page, stage: str, rng: random.Random, state: Any) -> None:
    """Click one of the offered choices, the way a person does."""
    decision = page.locator(".decision")
    if stage == "key":
        cells = page.locator(".key-edit")
        first, second = rng.sample(range(6), 2)
        cells.nth(first).click()
        cells.nth(second).press("Enter")  # keyboard works too
        expect(page.locator(".key-edit.picked")).to_have_count(0)
        page.click("#pairs-key-confirm")
        return
    if stage == "choose":
        # CONNECT when it can swap, else mostly TAKE (it fills the boards: events happen).
        order = ["connect"] if can_swap(state) else ["take", "move", "connect"]
        if rng.random() < 0.15:
            order.reverse()
        for kind in order:
            buttons = decision.locator(f".option-{kind} [data-action]")
            if buttons.count():
                buttons.nth(rng.randrange(buttons.count())).click()
                return
    buttons = page.locator(".pairs [data-action]")
    count = buttons.count()
    assert count, f"no choice offered at stage {stage}"
    buttons.nth(rng.randrange(count)).click()


def english(name: str, **values: object) -> str:
    text: str = json.loads(STRINGS.read_text(encoding="utf-8"))[name]
    return re.sub(r"\{(\w+)\}", lambda m: str(values[m.group(1)]), text)


def test_a_guest_plays_a_whole_pairs_game(browser: Browser, shared_server: LiveServer) -> None:
    out = artifacts()
    base = shared_server.base
    started = time.monotonic()
    page = open_page(browser, base)
    table_id = create_table(page)
    rng = random.Random(8)
    shot: set[str] = set()
    decisions = 0
    while True:
        page.wait_for_function(READY)
        board = page.locator(".pairs")
        if board.get_attribute("data-terminal") == "yes":
            break
        stage = board.get_attribute("data-stage") or ""
        state = engine_state(base, table_id)
        assert state.current_player == 0, "the UI offers a decision the engine does not ask for"
        legal = sorted(str(action) for action in state.legal_actions(0))
        assert page.evaluate(OFFERED) == legal, f"stage {stage}"
        if stage not in shot:
            shot.add(stage)
            page.screenshot(
                path=out / f"pairs-{len(shot)}-{stage}.png", full_page=True, animations="disabled"
            )
        seq = board.get_attribute("data-last-seq")
        choose(page, stage, rng, state)
        decisions += 1
        page.wait_for_function(
            "seq => document.querySelector('.pairs').dataset.lastSeq !== seq", arg=seq
        )
        assert time.monotonic() - started < 90, "the game takes too long"
    assert decisions >= 3 and {"key", "choose"} <= shot
    final = engine_state(base, table_id)
    assert final.is_terminal()
    totals = final.totals()
    outcome = english("event.outcome_round_limit", rounds=MAX_ROUNDS)
    assert final.outcome == "round_limit"
    expect(page.locator(".decision .result")).to_have_text(english("result.over", outcome=outcome))
    points = page.locator(".result-row [data-points]").evaluate_all(
        "nodes => nodes.map(n => Number(n.dataset.points))"
    )
    assert points == totals
    status = page.locator("#status")
    expect(status).to_contain_text(outcome)
    expect(status).to_contain_text(
        english(
            f"result.pairPoints_{'one' if totals[0] == 1 else 'other'}", pair="X", points=totals[0]
        )
    )
    assert page.evaluate(OFFERED) == []
    page.screenshot(path=out / "pairs-8-game-over.png", full_page=True, animations="disabled")
    # The moves list reads in words (the server's events), and the replay viewer draws the same
    # module.
    first_move = english("event.key", pair="X", mapping="").strip()
    expect(page.locator("#moves li").first).to_contain_text(first_move)
    expect(page.locator(".pairs-log li").first).not_to_contain_text("{")
    page.click("#replay-link")
    expect(page.locator(".pairs")).to_be_visible()
    page.click("#first")
    expect(page.locator(".key-cell .tok-unset")).to_have_count(6)
    for _ in range(4):
        page.click("#next")
    expect(page.locator(".pairs[data-acting=no]")).to_be_visible()
    page.screenshot(path=out / "pairs-9-replay.png", full_page=True, animations="disabled")
    assert page.errors == []  # type: ignore[attr-defined]
    assert time.monotonic() - started < 60


# ----- the module alone, on random positions --------------------------------------------------
OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"connect_chooser": "active"},
    {
        "double_swap": "optional",
        "double_empty_zone": "optional",
        "take_short_supply": "partial",
        "tokens_per_subject": 5,
    },
    {"replacement": "optional", "partner_matching": "advice"},
    {"repeated_subject": "nothing", "event_trigger": "recheck", "manches": 2},
    {"track_start": 30, "track_step": 7, "track_floor": 2, "completion": "immediate"},
]
SEAT_NAMES = ["X1", "X2", "Y1", "Y2", "Z1", "Z2", "W1", "W2"]
RENDER = """([p, mode]) => {
  const create = window.pairsCreate;
  const root = document.getElementById('board');
  const board = create(root, {
    options: p.options, geometry: p.geometry, seatNames: p.names, interactive: true,
    panel: document.getElementById('game-panel'), onAction: () => {},
  });
  const spectator = mode === 'spectator';
  board.update({
    observation: p.observation, legal: spectator ? [] : p.legal,
    actions: spectator ? [] : p.actions, seat: spectator ? null : p.seat,
    you: spectator ? [] : [p.seat], toMove: [p.seat], terminal: false, returns: null, last: null,
  });
  const hint = spectator ? '' : board.turnHint(p.observation, p.legal, p.actions);
  document.getElementById('status').textContent = hint;
  return {
    offered: board.offered(), fallback: !!root.querySelector('[data-fallback]'),
    zones: root.querySelectorAll('.pair-boards .zone').length,
    track: [...root.querySelectorAll('.track-label')].map((n) => Number(n.textContent)),
  };
}"""


def positions(count_per_game: int) -> list[dict[str, Any]]:
    """Positions where a seat decides, from seeded random games, every kind of decision."""
    found: list[dict[str, Any]] = []
    for index, options in enumerate(OPTION_SETS):
        for players in (2, 4, 8):
            rng = random.Random(100 * index + players)
            game = load("pairs", players, **options)
            state = game.new_initial_state()
            kept = 0
            for step in range(20_000):
                if state.is_terminal() or kept >= count_per_game:
                    break
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    weights = [p for _, p in outcomes]
                    action = rng.choices([a for a, _ in outcomes], weights)[0]
                    state.apply_legal_action(action, -1)
                    continue
                seat = state.current_player
                actions = state.legal_actions(seat)
                rare = state.stage in ("key", "connect", "reply") or any(state.pending)
                if step % 11 == 0 or (rare and rng.random() < 0.25):
                    found.append(
                        {
                            "options": options,
                            "names": SEAT_NAMES[:players],
                            "geometry": game.geometry(),
                            "seat": seat,
                            "observation": state.observation(seat),
                            "legal": sorted(str(a) for a in actions),
                            "actions": [a.legal_json() for a in actions],
                            "kind": "event" if any(state.pending) else state.stage,
                        }
                    )
                    kept += 1
                state.apply_legal_action(rng.choice(actions), seat)
    return found


def hide(page: Page, hidden: bool) -> None:
    """Whether the page's board and its panel are left out of the layout."""
    page.evaluate(
        "(hidden) => { for (const id of ['board', 'game-panel'])"
        " document.getElementById(id).style.display = hidden ? 'none' : ''; }",
        hidden,
    )


def shoot(page: Page, path: Path) -> None:
    """A full-page screenshot (animations stopped) with the board shown, then hidden again."""
    hide(page, False)
    page.screenshot(path=path, full_page=True, animations="disabled")
    hide(page, True)


def test_the_module_offers_exactly_the_legal_actions(
    browser: Browser, shared_server: LiveServer
) -> None:
    out = artifacts()
    cases = positions(14)
    assert {"key", "choose", "connect", "reply", "event"} <= {case["kind"] for case in cases}
    page = open_page(browser, shared_server.base)
    page.goto("/replay")  # a page of the app with a #board and a #game-panel
    page.evaluate(
        """async () => {
          const i18n = await import('/static/js/i18n.js');
          await i18n.loadNamespaces('common', 'pairs');
          window.pairsCreate = (await import('/static/games/pairs.js')).default;
        }"""
    )
    # The board is not displayed while the cases are checked: what is asserted is read from the
    # module (offered()) and the DOM, not from a layout, and laying out and painting every
    # board was most of the test's CPU. It is shown for each screenshot.
    hide(page, True)
    shots = {"event": False, "eight": False, "reply": False}
    for case in cases:
        result = evaluate_json(page, RENDER, [case, "player"])
        assert result["offered"] == case["legal"] and not result["fallback"], case["kind"]
        # The board is drawn from the geometry: two boards of its zones, its track's ends.
        geometry = case["geometry"]
        assert result["zones"] == 2 * len(geometry["faces"])
        assert result["track"][0] == geometry["track"][0]
        assert result["track"][-1] == geometry["track"][-1]
        if case["kind"] == "event" and not shots["event"]:
            shots["event"] = True
            shoot(page, out / "pairs-module-event.png")
        if case["kind"] == "reply" and not shots["reply"]:
            shots["reply"] = True
            shoot(page, out / "pairs-module-reply.png")
        if len(case["names"]) == 8 and case["kind"] == "choose" and not shots["eight"]:
            shots["eight"] = True
            shoot(page, out / "pairs-module-8-players.png")
            spectator = evaluate_json(page, RENDER, [case, "spectator"])
            assert spectator["offered"] == [] and not spectator["fallback"]
            shoot(page, out / "pairs-module-8-spectator.png")
    assert all(shots.values())
    # Another language: the log and the reasons come from the server as events, translated.
    page.evaluate("() => localStorage.setItem('lang', 'de')")
    page.goto("/replay")
    page.evaluate(
        """async () => {
          const i18n = await import('/static/js/i18n.js');
          await i18n.loadNamespaces('common', 'pairs');
          window.pairsCreate = (await import('/static/games/pairs.js')).default;
        }"""
    )
    german = next(
        case
        for case in cases
        if case["kind"] == "choose"
        and case["observation"]["why_not"]
        and case["observation"]["why_not"]["move"]
        and any(e["key"] == "pairs.rolls" for e in case["observation"]["log"][-8:])
    )
    evaluate_json(page, RENDER, [german, "player"])
    log = page.locator(".pairs-log li").all_inner_texts()
    assert any("würfelt" in line for line in log) and not any(" rolls " in line for line in log)
    expect(page.locator(".option-move .reasons li").first).to_contain_text("Würfel")
    page.screenshot(path=out / "pairs-module-de.png", full_page=True, animations="disabled")
    # A phone (the zones' tokens are known to spill there: issue 12, not fixed here).
    page.set_viewport_size({"width": 390, "height": 844})
    evaluate_json(page, RENDER, [german, "player"])
    page.screenshot(path=out / "pairs-module-phone.png", full_page=True, animations="disabled")
    assert page.errors == []  # type: ignore[attr-defined]
