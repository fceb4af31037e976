"""Issue 27 polish: a CO'NNN'ECT replay shows every choice (the revealed observation), so the
"shown as at the start of this phase" note of a live table is not shown there. Screenshot
``build/e2e/connnect-replay-phase-1280.png``."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from connect_arena.core import State, load, record_of
from tests.e2e.conftest import LiveServer, artifacts, needs_chromium, new_page

pytestmark = [pytest.mark.slow, needs_chromium]


def _upload(page: Page, state: State[Any], tmp_path: Path) -> None:
    """Open the replay page and upload the record of ``state`` (players ann and bo)."""
    record = record_of(state, ["ann", "bo"]).model_dump()
    record["options"].pop("data", None)
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    page.goto("/replay")
    expect(page.locator("#status")).not_to_be_empty()
    page.set_input_files("#record-file", str(path))
    expect(page.locator("#controls")).to_be_visible()


def test_a_replay_in_a_fill_phase_has_no_snapshot_note(
    browser: Browser, shared_server: LiveServer, tmp_path: Path
) -> None:
    state = load("connnect", 2).new_initial_state()
    chance = random.Random(1)
    # Play on until the Fill Phase, then let seat 0 write (seat 1 has not chosen yet).
    while state.phase != "fill" or not state.active_players():  # type: ignore[attr-defined]
        if state.is_chance_node():
            state.apply_action(chance.choice([a for a, _ in state.chance_outcomes()]))
        else:
            seat = min(state.active_players())
            state.apply_action(state.legal_actions(seat)[0], seat)
    state.apply_action(state.legal_actions(0)[0], 0)
    page = new_page(browser, shared_server.base)
    _upload(page, state, tmp_path)
    page.click("#last")
    page.locator(".cn-tab[data-sheet='1']").click()
    expect(page.locator(".cn-tab[data-sheet='1']")).to_have_attribute("aria-selected", "true")
    expect(page.locator(".cn-snapshot")).to_have_count(0)
    page.screenshot(path=str(artifacts() / "connnect-replay-phase-1280.png"))
    assert page.errors == []  # type: ignore[attr-defined]


def test_pressing_next_again_and_again_keeps_the_page_still(
    browser: Browser, shared_server: LiveServer, tmp_path: Path
) -> None:
    """The move list scrolls to the shown move, the page does not: seventy quick presses of
    "next" all land on the button (the page once jumped to the list under the pointer)."""
    state = load("connnect", 2).new_initial_state()
    chance = random.Random(2)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(chance.choice([a for a, _ in state.chance_outcomes()]))
        else:
            seat = min(state.active_players())
            state.apply_action(chance.choice(state.legal_actions(seat)), seat)
    page = new_page(browser, shared_server.base)
    page.set_viewport_size({"width": 1280, "height": 1000})
    _upload(page, state, tmp_path)
    page.click("#first")
    expect(page.locator("#position")).to_contain_text("0 / ")
    still = page.evaluate("scrollY")
    page.click("#next", click_count=70)
    expect(page.locator("#position")).to_contain_text("70 / ")
    assert page.evaluate("scrollY") == still
    current = page.locator("#moves li.current")
    expect(current).to_have_attribute("value", "70")
    assert page.evaluate(
        """() => {
            const list = document.getElementById("moves").getBoundingClientRect();
            const line = document.querySelector("#moves li.current").getBoundingClientRect();
            return line.top >= list.top - 1 && line.bottom <= list.bottom + 1;
        }"""
    ), "the shown move is scrolled into the list"
    assert page.errors == []  # type: ignore[attr-defined]
