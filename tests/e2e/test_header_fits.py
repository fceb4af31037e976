"""The page header holds one row at 1280 px in every language (a guest's full header: sign in,
sign up, play as guest, sound, language), and on a phone it wraps inside the screen."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from tests.e2e.conftest import LiveServer, needs_chromium, new_page

pytestmark = [pytest.mark.slow, needs_chromium]

LANGUAGES = ["en", "it", "de", "fr", "es"]


def test_the_header_is_one_row_at_1280_and_fits_a_phone(
    browser: Browser, shared_server: LiveServer
) -> None:
    for language in LANGUAGES:
        page = new_page(browser, shared_server.base, locale=language)
        page.goto("/")
        page.locator("#language").wait_for()
        assert page.evaluate("document.documentElement.lang") == language
        tops = page.evaluate(
            """() => [...document.querySelector('#top').children]
                .filter((part) => getComputedStyle(part).position !== 'absolute')
                .map((part) => Math.round(part.getBoundingClientRect().top))"""
        )
        assert max(tops) - min(tops) < 20, (language, tops)  # one row: no part below the others
        page.set_viewport_size({"width": 390, "height": 844})
        widths = page.evaluate(
            "[document.querySelector('#top').scrollWidth, document.documentElement.clientWidth]"
        )
        assert widths[0] <= widths[1], (language, widths)  # wraps, never overflows
        page.context.close()
