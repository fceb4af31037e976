"""No secret in the log: a real server (``--log-format json``, level ``info``: the access log
too) goes through every flow that handles a secret, then its whole log is searched for each
secret value used (``docs/operations.md``, "Logs")."""

from __future__ import annotations

import json
import logging
import os
import time
from email.message import Message
from pathlib import Path

import httpx

from connect_arena.server.operations import RedactQuery, redact_query, text_log_config
from tests.server.live import free_port, launch
from tests.server.mailhelpers import Inbox, link


class Browser:
    """A browser on the live server that remembers every secret it was given or sent."""

    def __init__(self, base: str, secrets: set[str]) -> None:
        self.http = httpx.Client(base_url=base)
        self.secrets = secrets
        self.csrf = ""
        self.refresh()

    def refresh(self) -> None:
        self.csrf = self.http.get("/api/session").json()["csrf"]
        self.remember()

    def remember(self) -> None:
        self.secrets.add(self.csrf)
        self.secrets.update(value for value in self.http.cookies.values() if len(value) >= 8)

    def post(self, path: str, body: object) -> httpx.Response:
        answer = self.http.post(path, json=body, headers={"x-csrf-token": self.csrf})
        self.remember()
        return answer


def test_a_full_run_logs_no_secret(tmp_path: Path, inbox: tuple[Inbox, int]) -> None:
    mails, smtp_port = inbox
    port = free_port()
    env = {
        **os.environ,
        "CONNECT_ARENA_COMPUTER_WORKERS": "0",
        "CONNECT_ARENA_SMTP_URL": f"smtp://127.0.0.1:{smtp_port}?from=arena@example.org",
    }
    command = ["serve", "--port", str(port), "--data-dir", str(tmp_path)]
    command += ["--log-format", "json", "--log-level", "info"]
    log = tmp_path / "server.log"
    secrets: set[str] = set()
    base = f"http://127.0.0.1:{port}"
    process = launch(command, env, stderr=log)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                httpx.get(f"{base}/healthz", timeout=1)
                break
            except httpx.TransportError:
                assert process.poll() is None and time.monotonic() < deadline
                time.sleep(0.1)
        _run(base, secrets, mails)
    finally:
        process.terminate()
        process.wait(10)
    text = log.read_text()
    for line in text.splitlines():
        json.loads(line)  # one JSON object a line
    assert '"GET /verify-email' in text  # the access log was written (the search means something)
    leaked = sorted(secret for secret in secrets if secret in text)
    assert leaked == [], f"secrets in the log: {leaked}"


def _run(base: str, secrets: set[str], mails: Inbox) -> None:
    """Sign up, fail and succeed to sign in, change the password, make and use a bot token,
    verify an e-mail address, reset the password by its link."""
    first, second, third = "first secret phrase 1", "second secret phrase 2", "third phrase 3"
    wrong = "not my password at all"
    secrets.update((first, second, third, wrong))
    alice = Browser(base, secrets)
    assert alice.post("/api/signup", {"name": "logalice", "password": first}).status_code == 200
    alice.refresh()
    friend = Browser(base, secrets)
    assert friend.post("/api/signup", {"name": "logbob", "password": first}).status_code == 200
    changed = alice.post("/api/password", {"old_password": first, "new_password": second})
    assert changed.status_code == 200, changed.text
    alice.refresh()
    assert alice.post("/api/logout", {}).status_code == 200
    alice.refresh()
    refused = alice.post("/api/login", {"name": "logalice", "password": wrong})
    assert refused.status_code == 401, refused.text
    assert alice.post("/api/login", {"name": "logalice", "password": second}).status_code == 200
    alice.refresh()
    made = alice.post("/api/tokens", {"name": "my bot", "scopes": ["bot:play", "challenge:write"]})
    assert made.status_code == 201, made.text
    token = made.json()["token"]
    secrets.add(token)
    bearer = {"authorization": f"Bearer {token}"}
    with httpx.Client(base_url=base, headers=bearer) as bot:
        assert bot.get("/api/account").status_code == 200
        challenge = {"game": "quinque", "seats": [{"kind": "me"}, {"kind": "open"}]}
        assert bot.post("/api/challenge/logbob", json=challenge).status_code == 201
        assert bot.get("/api/challenges").status_code == 200
    address = "alice@example.org"
    assert alice.post("/api/account/email", {"email": address}).status_code == 200
    verify = link(_wait_for(mails, address, 1)[-1], "/verify-email")
    secrets.add(verify)
    opened = alice.http.get(f"/verify-email?token={verify}", follow_redirects=False)
    assert opened.headers["location"] == "/?email=verified"
    stranger = Browser(base, secrets)
    assert stranger.post("/api/password/forgot", {"name": "logalice"}).status_code == 200
    reset = link(_wait_for(mails, address, 2)[-1], "/reset-password")
    secrets.add(reset)
    assert stranger.http.get(f"/reset-password?token={reset}").status_code == 200
    done = stranger.post("/api/password/reset", {"token": reset, "password": third})
    assert done.status_code == 200, done.text
    assert stranger.post("/api/login", {"name": "logalice", "password": third}).status_code == 200
    secrets.discard("")


def _wait_for(mails: Inbox, address: str, count: int) -> list[Message]:
    deadline = time.monotonic() + 10
    while len(mails.to(address)) < count:
        assert time.monotonic() < deadline, "the mail did not come"
        time.sleep(0.05)
    return list(mails.to(address))


def test_the_text_log_redacts_secret_query_parameters_too() -> None:
    config = text_log_config()
    assert all("redact" in handler["filters"] for handler in config["handlers"].values())
    path = "/reset-password?lang=de&token=s3cr3t-value&next=/"
    record = logging.LogRecord(
        "uvicorn.access", logging.INFO, __file__, 1, '%s - "%s %s HTTP/%s" %d',
        ("127.0.0.1:5000", "GET", path, "1.1", 200), None,
    )  # fmt: skip
    assert RedactQuery().filter(record)
    assert record.getMessage() == (
        '127.0.0.1:5000 - "GET /reset-password?lang=de&token=[redacted]&next=/ HTTP/1.1" 200'
    )
    assert redact_query("/verify-email?Token=abc") == "/verify-email?Token=[redacted]"
    assert redact_query("/api/lobby?game=quinque") == "/api/lobby?game=quinque"
