"""E-mail in a real browser, against a local SMTP server: a player (in German) gives and
verifies an address from the account dialog, forgets the password, follows the mailed link and
chooses a new one; without an SMTP server the dialog says e-mail is not available (English).
Screenshots at 1280 and 390 px."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from aiosmtpd.controller import Controller
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import LiveServer, needs_chromium, new_page, shoot_both, sign_up_by_api
from tests.server import mailhelpers
from tests.server.live import free_port, server

pytestmark = [pytest.mark.slow, needs_chromium]


class Inbox(mailhelpers.Inbox):
    """The SMTP inbox of the server tests, read as a page's mailed links."""

    def link(self, page: Page, path: str) -> str:
        """The newest mailed link to ``path`` (waiting for it)."""
        for _ in range(100):
            for message in reversed(self.messages):
                body = message.get_payload(decode=True)
                assert isinstance(body, bytes)
                found = re.search(rf"https?://\S+({path}\?token=\S+)", body.decode())
                if found:
                    return found.group(1)
            page.wait_for_timeout(100)
        raise AssertionError(f"no mail with a {path} link")


@pytest.fixture
def mail_server(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[LiveServer, Inbox]]:
    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=free_port())
    controller.start()
    port = free_port()
    monkeypatch.setenv("CONNECT_ARENA_SMTP_URL", f"smtp://127.0.0.1:{controller.port}")
    monkeypatch.setenv("CONNECT_ARENA_PUBLIC_URL", f"http://127.0.0.1:{port}")
    try:
        with server(tmp_path, port):
            yield LiveServer(f"http://127.0.0.1:{port}"), inbox
    finally:
        controller.stop()


def test_verify_an_address_then_reset_a_forgotten_password(
    browser: Browser, mail_server: tuple[LiveServer, Inbox]
) -> None:
    live, inbox = mail_server
    page = new_page(browser, live.base, locale="de-DE")
    sign_up_by_api(page, "dora", "correct horse battery", lobby=True)
    page.click("#account")
    page.fill("#email-address", "dora@example.org")
    page.click("#email-save")
    expect(page.locator("#email-state")).to_have_text(
        "Noch nicht bestätigt: öffne den Link, den wir geschickt haben."
    )
    shoot_both(page, "email-account-dialog")
    page.goto(inbox.link(page, "/verify-email"))
    expect(page.locator(".toast")).to_contain_text("bestätigt")
    assert "email=" not in page.url
    page.click("#account")
    expect(page.locator("#email-state")).to_contain_text("Bestätigt")
    page.check("#turn-emails")
    page.keyboard.press("Escape")

    page.click("#account")
    page.click("#sign-out-everywhere")
    expect(page.locator("#sign-in")).to_be_visible()
    page.click("#sign-in")
    page.click("#forgot-password")
    page.fill("#forgot-name", "dora")
    page.click("#forgot-send")
    expect(page.locator("#forgot-done")).to_contain_text("Link")
    shoot_both(page, "email-forgot")
    page.goto(inbox.link(page, "/reset-password"))
    page.fill("#reset-password", "a brand new passphrase")
    page.click("#reset-submit")
    expect(page.locator("#reset-done")).to_be_visible()
    shoot_both(page, "email-reset-done")
    page.goto("/")
    page.click("#sign-in")
    page.fill("#account-name", "dora")
    page.fill("#account-password", "a brand new passphrase")
    page.click("dialog button[type=submit]")
    expect(page.locator("#user-name")).to_have_text("dora")
    assert page.errors == []  # type: ignore[attr-defined]


def test_without_smtp_the_dialog_says_so(browser: Browser, live_server: LiveServer) -> None:
    page = new_page(browser, live_server.base)
    sign_up_by_api(page, "erin", "correct horse battery", lobby=True)
    page.click("#account")
    expect(page.locator("#email-unavailable")).to_contain_text("sends no e-mail")
