"""The UI never offers an action the engine rejects, nor hides one it allows.

For every registered game whose UI module implements ``board.offered()`` (see
``static/js/games.js``), seeded random games are played in Python; at a sample of positions,
for each seat that may act, the position is sent to ``/static/dev/harness.html`` exactly as the
table page passes it to ``board.update`` (the seat's observation and legal actions, as
notation and as ``{notation, parts}``), and the
actions the page offers must be the legal actions: ``set(offered()) == set(legal)``.

A game whose module has no ``offered()`` yet is skipped, naming it. The generic UI (the
fallback for games without a module) is tested on each game's positions too.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from connect_arena.core import Action, State, game_names, load, sample_chance_outcome
from tests.e2e.conftest import STATIC, LiveServer, evaluate_json, needs_chromium, new_page

pytestmark = [pytest.mark.slow, needs_chromium]

GAMES_UI = STATIC / "games"
POSITIONS = 15
"""Positions sampled per game and variant."""
GAMES = 4
"""Seeded random games played to collect positions from."""
MAX_STEPS = 600
"""Actions per random game at most (positions come from the first ones)."""
VARIANTS: dict[str, list[dict[str, Any]]] = {
    "quinque": [{}, {"advanced": True}, {"skydivers_per_tile": 9, "tiles": 6}],
}
"""Option sets to test beside the defaults (a game's UI may draw each differently)."""


def positions(game: str, options: dict[str, Any], seed: int) -> Iterator[tuple[State[Action], int]]:
    """``(state, seat)`` pairs at ``POSITIONS`` sampled decision points of random games."""
    rng = random.Random(seed)
    pool: list[State[Action]] = []
    for _ in range(GAMES):
        state = load(game, **options).new_initial_state()
        for _step in range(MAX_STEPS):
            if state.is_terminal():
                break
            if state.is_chance_node():
                state.apply_action(sample_chance_outcome(state, rng))
                continue
            pool.append(state.clone())
            seat = rng.choice(sorted(state.active_players()))
            state.apply_action(rng.choice(state.legal_actions(seat)), seat)
    for state in sorted(rng.sample(pool, min(POSITIONS, len(pool))), key=lambda s: len(s.history)):
        for seat in sorted(state.active_players()):
            yield state, seat


def update_data(state: State[Action], seat: int) -> dict[str, Any]:
    """What table.js passes to ``board.update`` for a player holding ``seat``."""
    last = None
    if state.history:
        entry = state.history[-1]
        last = {"seq": len(state.history), "seat": entry.player, "action": str(entry.action)}
    data = {
        "observation": state.observation(seat),
        "legal": [str(action) for action in state.legal_actions(seat)],
        "actions": [action.legal_json() for action in state.legal_actions(seat)],
        "seat": seat,
        "you": [seat],
        "toMove": sorted(state.active_players()),
        "terminal": False,
        "returns": None,
        "last": last,
    }
    result: dict[str, Any] = json.loads(json.dumps(data))  # what the WebSocket carries
    return result


def cases() -> list[Any]:
    """Each game with its own UI module (and its variants); games without one, and Quinque,
    in the generic UI."""
    found = []
    for game in game_names():
        if not (GAMES_UI / f"{game}.js").exists():
            found.append(pytest.param(game, {}, "generic", id=f"generic-ui-{game}"))
            continue
        for options in VARIANTS.get(game, [{}]):
            label = game + "".join(f"-{name}={value}" for name, value in options.items())
            found.append(pytest.param(game, options, game, id=label))
    if "quinque" in game_names():  # the generic UI on a real game, whatever has a module
        found.append(pytest.param("quinque", {}, "generic", id="generic-ui-quinque"))
    return found


@pytest.fixture
def harness(browser: Browser, shared_server: LiveServer) -> Iterator[Page]:
    """A fresh harness page."""
    page = new_page(browser, shared_server.base)
    page.goto("/static/dev/harness.html")
    page.wait_for_function("() => window.__harness !== undefined")
    yield page
    page.context.close()


@pytest.mark.parametrize(("game", "options", "module"), cases())
def test_the_board_offers_exactly_the_legal_actions(
    harness: Page, game: str, options: dict[str, Any], module: str
) -> None:
    descriptor = load(game, **options)
    context = {
        "options": json.loads(json.dumps(dict(descriptor.options))),
        "geometry": descriptor.geometry(),
        "seatNames": [descriptor.seat_name(seat) for seat in range(descriptor.num_players)],
    }
    script = "([g, c, m]) => window.__harness.load(g, c, m)"
    loaded = evaluate_json(harness, script, [game, context, module])
    if not loaded["offers"]:
        pytest.skip(f"the {module} UI module does not implement board.offered() yet")
    # The harness is not displayed: offered() reads the module's model, not a layout, and laying
    # out and painting the board at every position was most of the renderer's work here.
    harness.evaluate("document.getElementById('main').style.display = 'none'")
    checked = 0
    seed = sum(map(ord, game)) * 1000 + len(options)
    for state, seat in positions(game, options, seed):
        data = update_data(state, seat)
        evaluate_json(harness, "data => window.__harness.update(data)", data)
        offered: list[str] = harness.evaluate("() => window.__harness.offered()")
        legal = data["legal"]
        where = (
            f"{module} UI, {game} {options} seed {seed}, {len(state.history)} actions, seat {seat}"
        )
        assert not set(offered) - set(legal), (
            f"{where}: offered but illegal {sorted(set(offered) - set(legal))[:10]}"
        )
        assert not set(legal) - set(offered), (
            f"{where}: legal but not offered {sorted(set(legal) - set(offered))[:10]}"
        )
        checked += 1
    assert checked >= POSITIONS, f"{game}: only {checked} positions were checked"
    assert harness.errors == [], harness.errors  # type: ignore[attr-defined]


def tab_to(page: Page, selector: str, presses: int = 80) -> None:
    """Press Tab until the focused element matches ``selector``."""
    for _ in range(presses):
        page.keyboard.press("Tab")
        if page.evaluate("s => document.activeElement?.matches(s) ?? false", selector):
            return
    raise AssertionError(f"Tab never reached {selector}")


def test_the_quinque_board_works_with_the_keyboard(harness: Page) -> None:
    state = load("quinque", first_player="0").new_initial_state()
    descriptor = load("quinque", first_player="0")
    context = {
        "options": dict(descriptor.options),
        "geometry": descriptor.geometry(),
        "seatNames": ["Red", "Blue"],
    }
    harness.evaluate("([g, c]) => window.__harness.load(g, c)", ["quinque", context])
    state.apply_action("add T0,0 0,0", 0)
    harness.evaluate("data => window.__harness.update(data)", update_data(state, 1))
    # A free skydiver: reached with Tab, labelled, marked with Enter.
    tab_to(harness, '[data-skydiver="1,0"]')
    label = harness.evaluate("document.activeElement.getAttribute('aria-label')")
    assert label == "skydiver 1,0, free"
    harness.keyboard.press("Enter")
    # A skydiver of a new tile: Space adds the tile there.
    tab_to(harness, '[data-add="T1,0 2,1"]')
    harness.keyboard.press(" ")
    assert harness.evaluate("window.__harness.sent") == ["mark 1,0", "add T1,0 2,1"]
    marked = harness.get_attribute('[data-skydiver="0,0"]', "aria-label")
    assert marked == "skydiver 0,0, red parachute"
    # A tile move: Enter selects the tile and focuses a destination; Enter there moves it.
    for seat, action in [(1, "add T0,1 0,2"), (1, "pass"), (0, "add T1,0 2,0")]:
        state.apply_action(action, seat)
    harness.evaluate("data => window.__harness.update(data)", update_data(state, 0))
    harness.evaluate("window.__harness.sent = []")
    tab_to(harness, '[data-tile="T0,1"] .tile-face')
    harness.keyboard.press("Enter")
    assert harness.evaluate("document.activeElement.classList.contains('destination')")
    target = harness.evaluate("document.activeElement.dataset.dest")
    harness.keyboard.press("Escape")  # cancels: back on the tile
    focused = "document.activeElement.closest('[data-tile]').dataset.tile"
    assert harness.evaluate(focused) == "T0,1"
    harness.keyboard.press("Enter")
    harness.keyboard.press("Enter")
    assert harness.evaluate("window.__harness.sent") == [f"move T0,1 {target}"]
    assert f"move T0,1 {target}" in [str(a) for a in state.legal_actions(0)]
    assert harness.errors == []  # type: ignore[attr-defined]
