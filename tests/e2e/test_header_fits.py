"""The page header holds one row at 1280 px in every language (a visitor's full header: the four
links — lobby, replay, tournaments, puzzles — sign in, sign up, play as guest, sound, language;
a guest's: name, keep your games, sign out, sound, language), and on a phone it wraps inside the
screen; a guest's phone header is one row with a menu (issue 27, item 18). The Puzzles link is
in the header of every page (issue 29)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import LiveServer, artifacts, needs_chromium, new_page

pytestmark = [pytest.mark.slow, needs_chromium]

LANGUAGES = ["en", "it", "de", "fr", "es"]
NAV = ["/", "/replay", "/tournaments", "/puzzles"]  # the header's links, in order


def test_the_header_is_one_row_at_1280_and_fits_a_phone(
    browser: Browser, shared_server: LiveServer
) -> None:
    for language in LANGUAGES:
        page = new_page(browser, shared_server.base, locale=language)
        page.goto("/")
        page.locator("#language").wait_for()
        assert page.evaluate("document.documentElement.lang") == language
        assert nav_links(page) == NAV, language
        tops = header_tops(page)
        assert max(tops) - min(tops) < 20, (language, tops)  # one row: no part below the others
        page.set_viewport_size({"width": 390, "height": 844})
        widths = page.evaluate(
            "[document.querySelector('#top').scrollWidth, document.documentElement.clientWidth]"
        )
        assert widths[0] <= widths[1], (language, widths)  # wraps, never overflows
        # Issue 27, item 18: one row (the brand and the menu), the tutorials' boards in view.
        height = page.evaluate("document.querySelector('#top').getBoundingClientRect().height")
        assert height <= 64, (language, height)
        page.click("#menu-toggle")
        expect(page.locator("#sign-up")).to_be_visible()
        page.context.close()


def header_tops(page: Page) -> list[int]:
    """The top of each visible part of the header (the menu's parts on a wide screen)."""
    tops: list[int] = page.evaluate(
        """() => [...document.querySelectorAll('#top > *, #top .header-menu > *')]
            .filter((part) => getComputedStyle(part).position !== 'absolute'
              && getComputedStyle(part).display !== 'contents' && part.checkVisibility())
            .map((part) => Math.round(part.getBoundingClientRect().top))"""
    )
    return tops


def nav_links(page: Page) -> list[str]:
    """The header's links (their ``href``), in order, once they are shown."""
    page.locator("#top nav a").first.wait_for(state="attached")
    links: list[str] = page.eval_on_selector_all(
        "#top nav a", "(links) => links.map((link) => link.getAttribute('href'))"
    )
    return links


def test_every_page_has_the_puzzles_link_in_its_header(
    browser: Browser, shared_server: LiveServer
) -> None:
    page = new_page(browser, shared_server.base)
    for path in ["/", "/replay", "/tournaments", "/puzzles", "/leaderboard", "/tutorial/quinque"]:
        page.goto(path)
        assert nav_links(page) == NAV, path
        page.click("#top nav a[href='/puzzles']")
        page.wait_for_url("**/puzzles")
    page.context.close()


def test_a_guests_header_is_one_row_at_1280_and_a_menu_on_a_phone(
    browser: Browser, shared_server: LiveServer
) -> None:
    for language in LANGUAGES:
        page = new_page(browser, shared_server.base, locale=language)
        page.goto("/")
        page.click("#guest")
        expect(page.locator("#upgrade")).to_be_visible()
        tops = header_tops(page)
        assert max(tops) - min(tops) < 20, (language, tops)  # the language picker too
        expect(page.locator("#menu-toggle")).to_be_hidden()
        page.set_viewport_size({"width": 390, "height": 844})
        height = page.evaluate("document.querySelector('#top').getBoundingClientRect().height")
        assert height <= 64, (language, height)  # one row: the brand, the name, the menu
        expect(page.locator("#top nav")).to_be_hidden()
        page.click("#menu-toggle")
        expect(page.locator("#menu-toggle")).to_have_attribute("aria-expanded", "true")
        expect(page.locator("#top nav a").first).to_be_visible()
        expect(page.locator("#top nav a[href='/puzzles']")).to_be_visible()
        expect(page.locator("#upgrade")).to_be_visible()
        expect(page.locator("#language")).to_be_visible()
        assert "null" not in page.inner_text("#header-menu")
        widths = page.evaluate(
            "[document.querySelector('#top').scrollWidth, document.documentElement.clientWidth]"
        )
        assert widths[0] <= widths[1], (language, widths)
        page.screenshot(path=artifacts() / f"header-guest-390-menu-{language}.png")
        page.locator("#top nav a").first.focus()
        page.keyboard.press("Escape")  # closes the menu, back on its button
        expect(page.locator("#top nav")).to_be_hidden()
        expect(page.locator("#menu-toggle")).to_be_focused()
        page.screenshot(path=artifacts() / f"header-guest-390-{language}.png")
        page.context.close()
