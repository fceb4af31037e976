"""The account dialog: change the password (the other sessions end) and sign out everywhere."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.conftest import LiveServer, artifacts, needs_chromium, new_page

pytestmark = [pytest.mark.slow, needs_chromium]


def test_change_the_password_then_sign_out_everywhere(
    browser: Browser, shared_server: LiveServer
) -> None:
    page = new_page(browser, shared_server.base)
    other = new_page(browser, shared_server.base)  # the same account on a second device
    for device, sign in ((page, "#sign-up"), (other, "#sign-in")):
        device.goto("/")
        device.click(sign)
        device.fill("#account-name", "mallory")
        device.fill("#account-password", "correct horse battery")
        device.click("dialog button[type=submit]")
        expect(device.locator("#user-name")).to_have_text("mallory")
    page.click("#account")
    page.fill("#old-password", "correct horse battery")
    page.fill("#new-password", "staple battery horse")
    page.click("#change-password")
    expect(page.locator("dialog [role=status]")).to_contain_text("other devices")
    page.screenshot(path=artifacts() / "account-dialog.png")
    # The other device's session has ended: reloading shows it signed out.
    other.reload()
    expect(other.locator("#sign-in")).to_be_visible()
    # Sign out everywhere ends this session too.
    page.click("#sign-out-everywhere")
    expect(page.locator("#sign-in")).to_be_visible()
    page.reload()
    expect(page.locator("#sign-in")).to_be_visible()
    assert page.errors == []  # type: ignore[attr-defined]


def test_bot_tokens_are_made_shown_once_listed_and_revoked_in_the_account_dialog(
    browser: Browser, shared_server: LiveServer
) -> None:
    """Issue 26, item 4: no browser console needed to get a bot token."""
    page = new_page(browser, shared_server.base)
    page.goto("/")
    page.click("#sign-up")
    page.fill("#account-name", "tokenmaker")
    page.fill("#account-password", "correct horse battery")
    page.click("dialog button[type=submit]")
    expect(page.locator("#user-name")).to_have_text("tokenmaker")
    page.click("#account")
    expect(page.locator("#token-list")).to_contain_text("No token yet")
    page.fill("#token-name", "my engine")
    page.click("#token-create")
    secret = page.locator("#token-value")
    expect(secret).to_have_value(re.compile(r"^ca_"))
    expect(page.locator("#token-list .token")).to_have_count(1)
    expect(page.locator("#token-list")).to_contain_text("my engine")
    expect(page.locator("#token-list")).to_contain_text("bot:play, challenge:write")
    page.screenshot(path=artifacts() / "account-tokens.png")
    token = secret.input_value()
    answer = page.request.get(
        f"{shared_server.base}/api/account", headers={"Authorization": f"Bearer {token}"}
    )
    assert answer.status == 200  # the token works
    page.click("#token-list button")  # revoke
    expect(page.locator("#token-list")).to_contain_text("No token yet")
    answer = page.request.get(
        f"{shared_server.base}/api/account", headers={"Authorization": f"Bearer {token}"}
    )
    assert answer.status == 401  # and no longer
    assert page.errors == []  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("locale", "words"), [("en-US", "too easy to guess"), ("de-DE", "zu leicht zu erraten")]
)
def test_sign_up_says_why_a_password_is_refused(
    browser: Browser, shared_server: LiveServer, locale: str, words: str
) -> None:
    """Issue 30, item 5: a common password is refused, and the page says why in its language."""
    page = new_page(browser, shared_server.base, locale)
    page.goto("/")
    page.click("#sign-up")
    page.fill("#account-name", "weakling")
    page.fill("#account-password", "password1")
    page.click("dialog button[type=submit]")
    expect(page.locator("dialog .form-error")).to_contain_text(words)
    page.screenshot(path=artifacts() / f"password-refused-{locale}-1280.png")
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=artifacts() / f"password-refused-{locale}-390.png")
    assert page.errors == []  # type: ignore[attr-defined]
