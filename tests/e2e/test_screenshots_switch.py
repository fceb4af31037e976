"""The browser tests' screenshots are taken only when asked (``CONNECT_ARENA_SCREENSHOTS``,
``tests/e2e/conftest.py``): a page's and an element's screenshot write their file exactly when
the switch is on, and an element's still waits for the element to be shown."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser
from playwright.sync_api import Error as PlaywrightError

from tests.e2e.conftest import SCREENSHOTS, needs_chromium

pytestmark = [needs_chromium]


def test_screenshots_are_written_only_when_asked(browser: Browser, tmp_path: Path) -> None:
    page = browser.new_page()
    page.set_content('<p id="shown">hello</p><p id="hidden" hidden>not shown</p>')
    page.screenshot(path=tmp_path / "page.png")
    page.locator("#shown").screenshot(path=tmp_path / "element.png")
    assert (tmp_path / "page.png").exists() is SCREENSHOTS
    assert (tmp_path / "element.png").exists() is SCREENSHOTS
    with pytest.raises(PlaywrightError):  # a timeout: the element never becomes visible
        page.locator("#hidden").screenshot(path=tmp_path / "hidden.png", timeout=500)
    assert not (tmp_path / "hidden.png").exists()
    page.close()
