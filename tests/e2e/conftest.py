"""Shared fixtures of the browser tests: Debian's Chromium (its headless shell when installed)
driven by Playwright, and the real server in a child process. Without ``/usr/bin/chromium``
the tests are skipped (``python3 dev.py test`` installs it and the headless shell)."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Locator, Page, expect, sync_playwright

from tests.server.live import free_port, server

CHROMIUM = Path("/usr/bin/chromium")
HEADLESS_SHELL = Path("/usr/bin/chromium-headless-shell")
"""Debian's ``chromium-headless-shell``: Chromium's headless-only build (Playwright's own
default for headless runs). The same tests took ~30% less CPU than with the full browser's
headless mode (``benchmarks/results/testtime/s43``); the full browser is used without it."""
BROWSER = HEADLESS_SHELL if HEADLESS_SHELL.exists() else CHROMIUM
STATIC = Path(__file__).resolve().parents[2] / "src" / "connect_arena" / "server" / "static"
ARTIFACTS = Path(__file__).resolve().parents[2] / "build" / "e2e"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
needs_chromium = pytest.mark.skipif(
    not BROWSER.exists(), reason="needs Debian's /usr/bin/chromium (or chromium-headless-shell)"
)


@dataclass(frozen=True)
class LiveServer:
    """A running ``connect-arena serve``: its base URL."""

    base: str


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Headless Chromium, shared by a module's tests (each page gets its own context).

    Module scope, not session: Playwright's sync API allows one running instance at a time,
    and a test module may start its own."""
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=str(BROWSER), args=CHROMIUM_ARGS, headless=True
        )
        yield launched
        launched.close()


SCREENSHOTS = os.environ.get("CONNECT_ARENA_SCREENSHOTS", "") not in ("", "0")
"""Whether the tests' screenshots are taken (``build/e2e/``): they are for people to look at
(``CONNECT_ARENA_SCREENSHOTS=1 python3 dev.py test tests/e2e/test_phone.py``), and no test
reads them. Off by default: the browser tests take about 230, which cost 55-68 of their
~350 CPU s (Chromium's and Playwright's; ``benchmarks/results/testtime/s48/``)."""


def _no_screenshot(self: Page | Locator, *args: Any, **kwargs: Any) -> bytes:
    """Stands in for ``screenshot`` when :data:`SCREENSHOTS` is off: nothing is captured or
    written; a locator still waits for its element to be visible, as its screenshot did."""
    if isinstance(self, Locator):
        self.wait_for(state="visible", timeout=kwargs.get("timeout"))
    return b""


@pytest.fixture(autouse=True, scope="session")
def _screenshots() -> Iterator[None]:
    """Without :data:`SCREENSHOTS`, ``Page.screenshot`` and ``Locator.screenshot`` capture
    nothing."""
    if SCREENSHOTS:
        yield
        return
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Page, "screenshot", _no_screenshot)
        patch.setattr(Locator, "screenshot", _no_screenshot)
        yield


@pytest.fixture(autouse=True)
def _close_pages(request: pytest.FixtureRequest) -> Iterator[None]:
    """Close the browser contexts (pages) a test opened once it ends.

    The browser lives as long as the module; pages left open would go on running their
    timers and reconnecting to servers already stopped, taking the CPU from later tests.
    """
    if "browser" not in request.fixturenames:
        yield
        return
    browser: Browser = request.getfixturevalue("browser")
    before = set(browser.contexts)
    yield
    for context in browser.contexts:
        if context not in before:
            context.close()


@pytest.fixture
def live_server(tmp_path: Path) -> Iterator[LiveServer]:
    """The real server on a free port, with a fresh data directory."""
    port = free_port()
    with server(tmp_path, port):
        yield LiveServer(f"http://127.0.0.1:{port}")


@pytest.fixture(scope="module")
def shared_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """The real server, shared by a module's tests (for tests that need no fresh database)."""
    port = free_port()
    with server(tmp_path_factory.mktemp("server"), port):
        yield LiveServer(f"http://127.0.0.1:{port}")


def new_page(browser: Browser, base: str, locale: str = "en-US") -> Page:
    """A page in a fresh context (its own cookies) that records uncaught page errors in
    ``page.errors``; the browser's language is ``locale``."""
    context = browser.new_context(
        base_url=base, viewport={"width": 1280, "height": 860}, locale=locale
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors  # type: ignore[attr-defined]
    return page


def artifacts() -> Path:
    """``build/e2e/``, created."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


PASSWORD = "correct horse battery"
"""The password of the accounts the browser tests sign up."""


def _account_dialog(page: Page, opener: str, name: str, password: str) -> None:
    """Open the account dialog by ``opener`` (on a phone the header's ways in sit in its
    menu), fill it and submit; wait until the header shows ``name``."""
    page.goto("/")
    # The page's script draws the header: wait for the way in (a phone's: the menu's button)
    # before asking whether the menu is there.
    page.locator(f"{opener}:visible, #menu-toggle:visible").first.wait_for()
    toggle = page.locator("#menu-toggle")
    if toggle.is_visible() and toggle.get_attribute("aria-expanded") != "true":
        toggle.click()
    page.click(opener)
    page.fill("#account-name", name)
    page.fill("#account-password", password)
    page.click("dialog button[type=submit]")
    expect(page.locator("#user-name")).to_have_text(name)


def sign_up(page: Page, name: str, password: str = PASSWORD) -> None:
    """Sign up ``name`` from the landing page's header (at any width)."""
    _account_dialog(page, "#sign-up", name, password)


def sign_in(page: Page, name: str, password: str = PASSWORD) -> None:
    """Sign in ``name`` from the landing page's header (at any width)."""
    _account_dialog(page, "#sign-in", name, password)


def _account_request(page: Page, path: str, name: str, password: str, lobby: bool) -> None:
    """POST the credentials to ``path`` from the page's context (its cookie jar, so the
    session cookie lands in the context); the answer must be 200. With ``lobby``, then open
    the landing page (the lobby) and wait for the header to show ``name``."""
    request = page.context.request
    csrf = request.get("/api/session").json()["csrf"]
    answer = request.post(
        path, data={"name": name, "password": password}, headers={"x-csrf-token": csrf}
    )
    assert answer.status == 200, f"{path} {name}: {answer.status} {answer.text()}"
    if lobby:
        page.goto("/")
        expect(page.locator("#user-name")).to_have_text(name)


def sign_up_by_api(page: Page, name: str, password: str = PASSWORD, lobby: bool = False) -> None:
    """Sign ``name`` up through ``POST /api/signup`` in the page's context, without the dialog:
    for a test that needs an account, not the dialog (``test_account_ui``, ``test_landing_ui``
    and ``sign_up``'s callers cover it; a dialog sign-up cost ~1.3 s of CPU, most of it the
    landing page it needs). Without ``lobby`` no page is loaded: the page stays where it is."""
    _account_request(page, "/api/signup", name, password, lobby)


def sign_in_by_api(page: Page, name: str, password: str = PASSWORD, lobby: bool = False) -> None:
    """Sign ``name`` in through ``POST /api/login`` in the page's context (as
    ``sign_up_by_api``)."""
    _account_request(page, "/api/login", name, password, lobby)


def shoot_both(page: Page, name: str, check_width: bool = True) -> None:
    """Full-page screenshots ``build/e2e/<name>-1280.png`` and ``<name>-390.png`` (a phone),
    then back to 1280 px; with ``check_width``, the phone view must not scroll sideways."""
    page.screenshot(path=artifacts() / f"{name}-1280.png", full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(200)
    if check_width:
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"{name}: {width} px wide on a phone"
    page.screenshot(path=artifacts() / f"{name}-390.png", full_page=True)
    page.set_viewport_size({"width": 1280, "height": 860})


def evaluate_json(page: Page, script: str, arg: Any) -> Any:
    """``page.evaluate(script, arg)`` with ``arg`` sent as one JSON string.

    The page receives the same value (JSON's types are the ones Playwright sends), but
    Playwright's own serialisation of a large nested argument (a game's geometry and
    observation) costs tens of milliseconds of Python per call, a string almost nothing.
    """
    return page.evaluate(f"(text) => ({script})(JSON.parse(text))", json.dumps(arg))


class Account:
    """An account signed up over HTTP, for a test's set-up (its cookies and CSRF token kept).

    Args:
        base: the server's address.
        name: the account's name.
        password: its password.
    """

    def __init__(self, base: str, name: str, password: str = "correct horse battery") -> None:
        self.http = httpx.Client(base_url=base)
        csrf = self.http.get("/api/session").json()["csrf"]
        answer = self.http.post(
            "/api/signup",
            json={"name": name, "password": password},
            headers={"x-csrf-token": csrf},
        )
        assert answer.status_code == 200, answer.text
        self.csrf: str = answer.json()["csrf"]

    def post(self, path: str, body: Any = None) -> httpx.Response:
        """POST ``body`` (JSON) as this account."""
        return self.http.post(path, json=body, headers={"x-csrf-token": self.csrf})
