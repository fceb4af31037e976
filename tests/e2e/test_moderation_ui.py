"""Reports and moderation in a real browser: a player reports another from the profile, a
moderator (made by ``connect-arena admin``) decides on the moderation page in Italian, and the
reporter closes their own account from the account dialog. Screenshots at 1280 and 390 px."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.conftest import (
    PASSWORD,
    Account,
    LiveServer,
    needs_chromium,
    new_page,
    shoot_both,
    sign_in_by_api,
)
from tests.e2e.test_axe import SESSION_CSRF, WIDTHS, axe, open_page, settled
from tests.server.live import free_port, run_cli, server

pytestmark = [pytest.mark.slow, needs_chromium]


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
    granted = run_cli(["admin", "moderator", "mod", "--data-dir", str(data)], env, timeout=60)
    assert granted.returncode == 0, granted.stderr

    alice = new_page(browser, live.base)
    sign_in_by_api(alice, "alice")
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
    shoot_both(alice, "report-dialog")
    alice.click("#report-send")
    expect(alice.locator(".toast")).to_contain_text("received your report")

    mod = new_page(browser, live.base, locale="it-IT")
    sign_in_by_api(mod, "mod", lobby=True)
    expect(mod.locator("#moderation-link")).to_have_text("Moderazione")
    mod.click("#moderation-link")
    report = mod.locator("article.report")
    expect(report).to_have_count(1)
    expect(report).to_contain_text("bob")
    expect(report).to_contain_text("played at engine speed all game")
    shoot_both(mod, "moderation-open")
    report.locator("select").select_option("mute")
    report.locator("input[type=number]").fill("30")
    report.locator("input[id$=-reason]").fill("flood in chat")
    report.locator("button[type=submit]").click()
    expect(mod.locator("#no-reports")).to_have_text("Nessuna segnalazione aperta.")
    expect(mod.locator("#log-list li")).to_have_count(1)
    expect(mod.locator("#log-list")).to_contain_text("flood in chat")
    shoot_both(mod, "moderation-done")

    alice.click("#account")
    expect(alice.locator("#download-data")).to_have_attribute("href", "/api/account/data")
    alice.fill("#close-password", PASSWORD)
    alice.check("#close-sure")
    alice.click("#close-account")
    expect(alice.locator("#sign-in")).to_be_visible()
    assert alice.errors == [] and mod.errors == []  # type: ignore[attr-defined]


def test_report_a_chat_line(browser: Browser, arena: tuple[LiveServer, Path]) -> None:
    live, _data = arena
    bob = Account(live.base, "bob", PASSWORD)
    carol = Account(live.base, "carol", PASSWORD)
    Account(live.base, "alice", PASSWORD)
    body = {"game": "quinque", "seats": [{"kind": "me"}, {"kind": "open"}]}
    table = bob.post("/api/tables", body).json()["table"]["id"]
    said = carol.post(f"/api/tables/{table}/chat", {"text": "you all play badly"})
    assert said.status_code == 201  # a spectator's line: alice, a spectator too, reads it
    alice = new_page(browser, live.base)
    sign_in_by_api(alice, "alice")
    alice.goto(f"/tables/{table}")
    line = alice.locator("#chat-messages .chat-line", has_text="you all play badly")
    expect(line).to_have_count(1)
    line.locator(".chat-report").click()
    expect(alice.locator("#report-title")).to_have_text("Report carol")
    expect(alice.locator("#report-form")).to_contain_text("The chat message and the table go with")
    alice.click("#report-send")
    expect(alice.locator(".toast")).to_contain_text("received your report")
    assert alice.errors == []  # type: ignore[attr-defined]


def test_report_a_player_from_their_seat(browser: Browser, arena: tuple[LiveServer, Path]) -> None:
    live, _data = arena
    bob = Account(live.base, "bob", PASSWORD)
    mallory = Account(live.base, "mallory", PASSWORD)
    Account(live.base, "alice", PASSWORD)
    body = {"game": "quinque", "seats": [{"kind": "me"}, {"kind": "open"}]}
    table = bob.post("/api/tables", body).json()["table"]["id"]
    assert mallory.post(f"/api/tables/{table}/join", {"seat": 1}).status_code == 200

    seated = new_page(browser, live.base)
    sign_in_by_api(seated, "bob")
    seated.goto(f"/tables/{table}")
    expect(seated.locator("#report-seat-1")).to_have_text("Report")
    expect(seated.locator("#report-seat-1")).to_have_attribute("aria-label", "Report mallory")
    expect(seated.locator("#report-seat-0")).to_have_count(0)  # not oneself
    shoot_both(seated, "report-seat")
    seated.click("#report-seat-1")
    expect(seated.locator("#report-title")).to_have_text("Report mallory")
    expect(seated.locator("#report-form")).to_contain_text("The table goes with")
    seated.check("input[name=report-reason][value=cheating]")
    seated.fill("#report-text", "moves at engine speed")
    shoot_both(seated, "report-seat-dialog")
    with seated.expect_request("**/api/reports") as sent:
        seated.click("#report-send")
    assert sent.value.post_data_json == {
        "user_id": mallory.http.get("/api/session").json()["user"]["id"],
        "reason": "cheating", "text": "moves at engine speed", "table_id": table,
    }  # fmt: skip
    expect(seated.locator(".toast")).to_contain_text("received your report")

    spectator = new_page(browser, live.base, locale="fr-FR")
    sign_in_by_api(spectator, "alice")
    spectator.goto(f"/tables/{table}")
    for seat, name in ((0, "bob"), (1, "mallory")):
        button = spectator.locator(f"#report-seat-{seat}")
        expect(button).to_have_text("Signaler")
        expect(button).to_have_attribute("aria-label", f"Signaler {name}")
    shoot_both(spectator, "report-seat-fr")
    anonymous = new_page(browser, live.base)
    anonymous.goto(f"/tables/{table}")
    expect(anonymous.locator("#seats li")).to_have_count(2)
    expect(anonymous.locator(".seat-report")).to_have_count(0)  # signed-in people only
    assert seated.errors == [] and spectator.errors == []  # type: ignore[attr-defined]
    checked = open_page(browser, live.base, WIDTHS[0])  # axe-core, both widths
    checked.goto("/api/session")
    signed = checked.request.post(
        "/api/login",
        data={"name": "alice", "password": PASSWORD},
        headers={"x-csrf-token": checked.evaluate(SESSION_CSRF)},
    )
    assert signed.ok, signed.text()
    checked.goto(f"/tables/{table}")
    found = axe(checked, settled("#report-seat-1"))
    assert found == [], "\n".join(found)
