"""Reports and moderation in a real browser: a player reports another from the profile, a
moderator (made by ``connect-arena admin``) decides on the moderation page in Italian, and the
reporter closes their own account from the account dialog. Screenshots at 1280 and 390 px."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import Account, LiveServer, artifacts, needs_chromium, new_page
from tests.server.live import free_port, server

pytestmark = [pytest.mark.slow, needs_chromium]
PASSWORD = "correct horse battery"


def shoot(page: Page, name: str) -> None:
    """A screenshot at 1280 px, then at a 390 px phone, then back."""
    page.screenshot(path=artifacts() / f"{name}-1280.png", full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(200)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"{name}: {width} px wide on a phone"
    page.screenshot(path=artifacts() / f"{name}-390.png", full_page=True)
    page.set_viewport_size({"width": 1280, "height": 860})


def sign_in(page: Page, name: str) -> None:
    page.goto("/")
    page.click("#sign-in")
    page.fill("#account-name", name)
    page.fill("#account-password", PASSWORD)
    page.click("dialog button[type=submit]")
    expect(page.locator("#user-name")).to_have_text(name)


@pytest.fixture
def arena(tmp_path: Path) -> tuple[LiveServer, Path]:
    port = free_port()
    with server(tmp_path, port):
        yield LiveServer(f"http://127.0.0.1:{port}"), tmp_path  # type: ignore[misc]


def test_report_decide_and_close(browser: Browser, arena: tuple[LiveServer, Path]) -> None:
    live, data = arena
    for name in ("alice", "bob", "mod"):
        Account(live.base, name, PASSWORD)
    env = {k: v for k, v in os.environ.items() if k != "CONNECT_ARENA_DATABASE_URL"}
    granted = subprocess.run(
        [sys.executable, "-m", "connect_arena.cli.app", "admin", "moderator", "mod",
         "--data-dir", str(data)],
        capture_output=True, text=True, env=env,
    )  # fmt: skip
    assert granted.returncode == 0, granted.stderr

    alice = new_page(browser, live.base)
    sign_in(alice, "alice")
    alice.goto("/users/bob")
    alice.click("#follow-user")
    expect(alice.locator("#follow-user")).to_have_attribute("aria-pressed", "true")
    alice.click("#account")
    expect(alice.locator("#following-list")).to_contain_text("bob")
    alice.keyboard.press("Escape")
    alice.click("#report-user")
    expect(alice.locator("#report-title")).to_have_text("Report bob")
    alice.check("input[name=report-reason][value=cheating]")
    alice.fill("#report-text", "played at engine speed all game")
    shoot(alice, "report-dialog")
    alice.click("#report-send")
    expect(alice.locator(".toast")).to_contain_text("received your report")

    mod = new_page(browser, live.base, locale="it-IT")
    sign_in(mod, "mod")
    expect(mod.locator("#moderation-link")).to_have_text("Moderazione")
    mod.click("#moderation-link")
    report = mod.locator("article.report")
    expect(report).to_have_count(1)
    expect(report).to_contain_text("bob")
    expect(report).to_contain_text("played at engine speed all game")
    shoot(mod, "moderation-open")
    report.locator("select").select_option("mute")
    report.locator("input[type=number]").fill("30")
    report.locator("input[id$=-reason]").fill("flood in chat")
    report.locator("button[type=submit]").click()
    expect(mod.locator("#no-reports")).to_have_text("Nessuna segnalazione aperta.")
    expect(mod.locator("#log-list li")).to_have_count(1)
    expect(mod.locator("#log-list")).to_contain_text("flood in chat")
    shoot(mod, "moderation-done")

    alice.click("#account")
    expect(alice.locator("#download-data")).to_have_attribute("href", "/api/account/data")
    alice.fill("#close-password", PASSWORD)
    alice.check("#close-sure")
    alice.click("#close-account")
    expect(alice.locator("#sign-in")).to_be_visible()
    assert alice.errors == [] and mod.errors == []  # type: ignore[attr-defined]
