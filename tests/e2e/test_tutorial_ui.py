"""The guided first games in the browser (/tutorial/<game>): each of the four tutorials is
played through by clicking the real board, two of them in another language than English; a
wrong action is explained by the coach and changes nothing; the lobby and the table page link
to the tutorials. Screenshots of a step: build/e2e/tutorial-*.png."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from connect_arena.service.tutorials import load_script, run
from tests.e2e import test_browser, test_connect5_ui
from tests.e2e.conftest import LiveServer, artifacts, needs_chromium, new_page, sign_up_by_api
from tests.server.test_tutorials import expected_path

pytestmark = [pytest.mark.slow, needs_chromium]


def click_connnect(page: Page, action: str) -> None:
    """Choose a CO'NNN'ECT action on the sheet, as a person does."""
    words = action.split()
    if words[0] == "zone":
        page.click(f'[data-zone="{words[1]}"]')
    elif words[0] == "write":
        if page.locator(f'[data-number="{words[1]}"]').count():
            page.click(f'[data-number="{words[1]}"]')
        page.click(f'[data-cell="{words[2]}"]')
    elif words[0] == "claim":
        if page.locator('[data-mode="claim"]').count():
            page.click('[data-mode="claim"]')
        for cell in words[2:]:
            page.click(f'[data-cell="{cell}"]')
        page.click(f'[data-claim="{action}"]')
    elif words[0] == "take":
        page.click(f'[data-take="{words[1]}"]')
    elif words[0] == "done":
        page.click("#cn-done")
    elif words[0] == "change":
        page.click(f'[data-number="{words[1]}"]')
        page.click(f'[data-change="{words[1]} {words[2]}"]')
    else:  # pragma: no cover - the scripts ask nothing else
        raise AssertionError(f"cannot click {action}")


def click_pairs(page: Page, action: str) -> None:
    """Choose a Connect Pairs action on the boards, as a person does."""
    if action.startswith("key "):
        page.click("#pairs-key-confirm")  # the editor starts in order, A to F
    else:
        page.click(f'.pairs [data-action="{action}"]')


CLICKS = {
    "quinque": test_browser.click_action,
    "connect5": test_connect5_ui.click_action,
    "connnect": click_connnect,
    "pairs": click_pairs,
}


def open_tutorial(browser: Browser, base: str, game: str, locale: str) -> Page:
    page = new_page(browser, base, locale=locale)
    page.goto(f"/tutorial/{game}")
    expect(page.locator("#coach")).to_have_attribute("data-step", "0")
    return page


def play_through(page: Page, game: str, shot: str | None = None) -> None:
    """Click every expected action; after each the coach shows the next step."""
    played: list[str] = []
    for action in expected_path(load_script(game)):
        step = run(game, played).step
        if shot and step == 3:
            page.screenshot(path=artifacts() / f"{shot}.png", full_page=True)
        CLICKS[game](page, action)
        played.append(action)
        expect(page.locator("#coach")).to_have_attribute("data-step", str(run(game, played).step))
        expect(page.locator("#coach-why")).to_be_hidden()
    expect(page.locator("#coach")).to_have_class("coach finished")
    expect(page.locator("#tutorial-play")).to_be_visible()
    expect(page.locator("#status")).to_be_hidden()  # no empty status bar under the coach
    # The board says nothing more either: no "Waiting for the dice…" frozen under the coach,
    # no toast over the board's heading, no "X2 is about to roll" in the turn card.
    prompts = page.locator(
        "#board .cn-instruction:visible, #board .decision-lead:visible,"
        " #board .pairs-announce:visible, #board .to-roll:visible"
    )
    expect(prompts).to_have_count(0)
    if shot:
        page.screenshot(path=artifacts() / f"{shot}-finished.png", full_page=True)
    assert not page.errors  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("game", "locale", "done"),
    [
        ("quinque", "en-US", "Well done!"),
        ("connect5", "de-DE", "Gut gemacht!"),
        ("connnect", "en-US", "Well done!"),
        ("pairs", "it-IT", "Ben fatto!"),
    ],
)
def test_each_tutorial_is_played_through_in_the_browser(
    browser: Browser, shared_server: LiveServer, game: str, locale: str, done: str
) -> None:
    page = open_tutorial(browser, shared_server.base, game, locale)
    play_through(page, game, shot=f"tutorial-{game}-{locale[:2]}")
    expect(page.locator("#coach-step")).to_have_text(done)


def test_a_wrong_action_is_explained_and_changes_nothing(
    browser: Browser, shared_server: LiveServer
) -> None:
    page = open_tutorial(browser, shared_server.base, "quinque", "fr-FR")
    marked = test_browser.position(page)
    # Step 1 asks to add a tile; marking a skydiver is legal, but not the lesson.
    page.click('[data-skydiver="0,1"]')
    why = page.locator("#coach-why")
    expect(why).to_be_visible()
    expect(why).to_contain_text("Pas celle-ci.")
    expect(why).to_contain_text("ajout d'une tuile")
    expect(page.locator("#coach")).to_have_attribute("data-step", "0")
    assert test_browser.position(page) == marked
    page.screenshot(path=artifacts() / "tutorial-quinque-wrong-fr.png", full_page=True)
    # The expected action is shown on the board (the suggestion ring of the Quinque board).
    expect(page.locator('[data-hint="add T2,0 4,0"]')).to_have_count(1)
    test_browser.click_action(page, "add T2,0 4,0")
    expect(page.locator("#coach")).to_have_attribute("data-step", "1")
    expect(why).to_be_hidden()


def test_a_reload_or_another_language_goes_on_at_the_same_step(
    browser: Browser, shared_server: LiveServer
) -> None:
    page = open_tutorial(browser, shared_server.base, "connect5", "en-US")
    for action in expected_path(load_script("connect5"))[:2]:
        test_connect5_ui.click_action(page, action)
    expect(page.locator("#coach")).to_have_attribute("data-step", "2")
    page.select_option("#language", "es")  # the picker reloads the page
    expect(page.locator("#coach-step")).to_have_text("Paso 3 de 4")
    expect(page.locator("#coach")).to_have_attribute("data-step", "2")
    # An address whose actions are not the tutorial's starts afresh.
    page.goto("/tutorial/connect5#" + "%5B%22place%20a3%22%5D")
    page.reload()  # the same document with another hash is not loaded again by goto
    expect(page.locator("#coach")).to_have_attribute("data-step", "0")
    page.goto("/tutorial/chess")
    expect(page.locator("#coach-text")).to_have_text("Este juego no tiene partida guiada.")
    assert not page.errors  # type: ignore[attr-defined]


def test_the_lobby_and_the_table_page_link_to_the_tutorials(
    browser: Browser, shared_server: LiveServer
) -> None:
    page = new_page(browser, shared_server.base)
    sign_up_by_api(page, "learner", lobby=True)
    link = page.locator("#lobby-tutorial-link")
    expect(link).to_have_attribute("href", "/tutorial/quinque")
    page.screenshot(path=artifacts() / "tutorial-lobby-link.png")
    link.click()
    expect(page.locator("#coach")).to_have_attribute("data-step", "0")
    expect(page.locator("#tutorial-title")).to_have_text("Learn Quinque")
    page.goto("/")
    test_browser.create_table_plain(page)
    expect(page.locator("#tutorial-link")).to_have_attribute("href", "/tutorial/quinque")


def test_a_tutorial_step_on_a_phone(browser: Browser, shared_server: LiveServer) -> None:
    context = browser.new_context(
        base_url=shared_server.base, viewport={"width": 390, "height": 844}, locale="es-ES"
    )
    page = context.new_page()
    page.goto("/tutorial/pairs")
    expect(page.locator("#coach")).to_have_attribute("data-step", "0")
    expect(page.locator("#coach-intro")).to_contain_text("Connect Pairs")
    expect(page.locator("#coach-text")).to_contain_text("dado 1 → A")
    width = page.evaluate("document.documentElement.scrollWidth")
    page.screenshot(path=artifacts() / "tutorial-pairs-phone-es.png", full_page=True)
    assert width <= 390
    context.close()


def test_the_connect5_stack_button_is_highlighted(
    browser: Browser, shared_server: LiveServer
) -> None:
    """Issue 27 polish: the "Stack…" step marks the button the bar shows once the token is
    chosen, not only the dot."""
    page = open_tutorial(browser, shared_server.base, "connect5", "en-US")
    first, second = expected_path(load_script("connect5"))[:2]
    assert second.startswith("stack ")
    CLICKS["connect5"](page, first)
    expect(page.locator("#coach")).to_have_attribute("data-step", "1")
    test_connect5_ui.click_dot(page, second.split()[1])
    expect(page.locator('[data-c5="stack"]')).to_have_class(re.compile("tutorial-expected"))
    page.screenshot(path=artifacts() / "tutorial-connect5-stack.png")
    assert not page.errors  # type: ignore[attr-defined]
