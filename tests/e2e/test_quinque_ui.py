"""The Quinque board in a real browser: drawn from the engine's geometry (not from options or
copies of rule data in the page), and speaking the page's language through the engine's events.

The screenshots are ``build/e2e/quinque-geometry-9.png`` and ``build/e2e/quinque-de.png``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from connect_arena.core import load
from tests.e2e.conftest import LiveServer, artifacts, needs_chromium, new_page, sign_up_by_api
from tests.e2e.test_browser import PLAN, click_action, create_table
from tests.e2e.test_offered import update_data

pytestmark = [pytest.mark.slow, needs_chromium]


@pytest.fixture
def harness(browser: Browser, shared_server: LiveServer) -> Iterator[Page]:
    page = new_page(browser, shared_server.base)
    page.goto("/static/dev/harness.html")
    page.wait_for_function("() => window.__harness !== undefined")
    yield page
    page.context.close()


def show(harness: Page, options: dict[str, Any], geometry: dict[str, Any] | None = None) -> None:
    """Load the Quinque board with ``geometry`` (default: the engine's for ``options``) and
    show Blue's turn after Red's first tile and a second tile of Blue's."""
    game = load("quinque", first_player="0", **options)
    context = {
        "options": json.loads(json.dumps(dict(game.options))),
        "geometry": game.geometry() if geometry is None else geometry,
        "seatNames": ["Red", "Blue"],
    }
    harness.evaluate("([g, c]) => window.__harness.load(g, c)", ["quinque", context])
    state = game.new_initial_state()
    state.apply_action("add T0,0 0,0", 0)
    side = game.geometry()["tile_side"]
    state.apply_action(f"add T1,0 {side},0", 1)
    harness.evaluate("data => window.__harness.update(data)", update_data(state, 1))


@pytest.mark.parametrize("per_tile", [1, 4, 9])
def test_tiles_are_drawn_with_the_geometrys_skydivers(harness: Page, per_tile: int) -> None:
    show(harness, {"skydivers_per_tile": per_tile, "tiles": 6, "parachutes": 3})
    expect(harness.locator('[data-tile="T1,0"] .skydiver')).to_have_count(per_tile)
    side = {1: 1, 4: 2, 9: 3}[per_tile]
    corner = f"{2 * side - 1},{side - 1}"  # the last skydiver of T1,0's row 0
    expect(harness.locator(f'[data-tile="T1,0"] [data-skydiver="{corner}"]')).to_have_count(1)
    if per_tile == 9:
        harness.screenshot(path=artifacts() / "quinque-geometry-9.png")
    assert harness.errors == []  # type: ignore[attr-defined]


def test_colours_and_rules_come_from_the_geometry(harness: Page) -> None:
    geometry = load("quinque", basic_orthogonal_only=True, connectivity="corner").geometry()
    geometry["seat_colours"] = ["#00a000", "#a000a0"]  # not the engine's: the page must use these
    show(harness, {"basic_orthogonal_only": True, "connectivity": "corner"}, geometry)
    fill = harness.get_attribute('[data-skydiver="0,0"] .canopy path', "fill")
    assert fill == "#00a000"
    expect(harness.locator("#rules")).to_have_text("Basic: a tile moves along its row or column")
    expect(harness.locator("#formation")).to_have_text("tiles touch along an edge or at a corner")
    assert harness.errors == []  # type: ignore[attr-defined]


# Frieda's own hot-seat table: the module's shared server does (no fresh database needed).
def test_a_german_game_reads_the_engines_events_in_german(
    browser: Browser, shared_server: LiveServer
) -> None:
    page = new_page(browser, shared_server.base, locale="de")
    sign_up_by_api(page, "frieda", lobby=True)
    page.click("#hot-seat")
    create_table(page)
    for step, (_seat, action) in enumerate(PLAN, start=1):
        click_action(page, action)
        expect(page.locator("#moves li")).to_have_count(step)
    moves = page.locator("#moves li .move-text")
    expect(moves.nth(0)).to_have_text(
        "Rot legt Plättchen T0,0 an und markiert Fallschirmspringer 0,0"
    )
    expect(moves.nth(2)).to_have_text("Blau beendet den Zug")
    expect(moves.nth(4)).to_have_text("Rot verschiebt Plättchen T0,1 nach T1,1")
    expect(page.locator("#status")).to_contain_text("fünf in einer Reihe")
    page.screenshot(path=artifacts() / "quinque-de.png", full_page=True)
    assert page.errors == []  # type: ignore[attr-defined]
