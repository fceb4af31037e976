"""What an operator watches: /healthz, /readyz, /metrics and the JSON log."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import re
import threading
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine

from connect_arena.server import create_app, logcontext
from connect_arena.server.dependencies import Arena
from connect_arena.server.logcontext import ContextFilter, LogContext
from connect_arena.server.operations import _database_ready, log_json_line
from tests.server.live import free_port, launch, wait_until_answering
from tests.server.serverhelpers import (
    Player,
    cancel_as_its_answer_lands,
    fast_settings,
    receive_until,
)


def metric(text: str, name: str, **labels: str) -> float:
    """The value of sample ``name{labels}`` in a Prometheus text answer (0 when absent)."""
    for line in text.splitlines():
        if line.startswith("#") or not line.startswith(name):
            continue
        sample, _, value = line.rpartition(" ")
        found = dict(re.findall(r'(\w+)="([^"]*)"', sample))
        if sample.split("{")[0] == name and found == labels:
            return float(value)
    return 0.0


def test_health_and_readiness(client: TestClient) -> None:
    assert client.get("/healthz").json() == {"status": "ok"}
    ready = client.get("/readyz")
    assert ready.status_code == 200
    assert ready.json() == {"status": "ready"}


def test_not_ready_when_the_database_is_gone(client: TestClient, tmp_path: Path) -> None:
    arena = client.app.state.arena  # type: ignore[attr-defined]
    working = arena.storage.engine
    missing = tmp_path / "no-such-dir" / "db.sqlite"
    arena.storage.engine = create_engine(f"sqlite:///{missing}")
    try:
        answer = client.get("/readyz")
    finally:
        arena.storage.engine = working
    assert answer.status_code == 503
    assert answer.json()["status"] == "unavailable"
    assert answer.json()["failures"][0].startswith("database:")
    assert client.get("/readyz").status_code == 200


def test_metrics_count_moves_tables_sockets_and_errors(client: TestClient) -> None:
    alice = Player(client).signup("alice")
    bob = Player(client).signup("bob")
    table = alice.create_table(["me", "open"])
    assert bob.post(f"/api/tables/{table['id']}/join", {"seat": 1}).status_code == 200
    before = client.get("/metrics")
    assert before.status_code == 200
    assert before.headers["content-type"].startswith("text/plain")
    assert metric(before.text, "connect_arena_tables", status="running") == 1
    with alice.connect(table["id"]) as socket:
        state = receive_until(socket, "state")
        during = client.get("/metrics").text
        assert metric(during, "connect_arena_sockets", path="/ws/tables/{id}") == 1
        action = state["legal"]["0"][0]["notation"]
        socket.send_json({"type": "action", "seq": state["seq"] + 1, "action": action})
        receive_until(socket, "event", seq=state["seq"] + 1)
    assert client.get("/api/tables/999999").status_code == 404
    after = client.get("/metrics").text
    moved = metric(after, "connect_arena_actions_total", game="quinque", by="seat")
    assert (
        moved == metric(before.text, "connect_arena_actions_total", game="quinque", by="seat") + 1
    )
    assert metric(after, "connect_arena_move_seconds_count") >= 1
    for phase in ("queued", "engine", "stored"):  # the person's move, not the chance draws
        counted = metric(after, "connect_arena_move_phase_seconds_count", phase=phase)
        assert (
            counted
            == metric(before.text, "connect_arena_move_phase_seconds_count", phase=phase) + 1
        )
    assert metric(after, "connect_arena_loop_lag_seconds_count") >= 1
    assert metric(after, "connect_arena_db_batch_actions_count") >= 1
    assert metric(after, "connect_arena_http_errors_total", status="404") >= 1
    assert metric(after, "connect_arena_sockets", path="/ws/tables/{id}") == 0


def test_metrics_are_not_public(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CONNECT_ARENA_METRICS_TOKEN", "s3cret-metrics")
    app = create_app(fast_settings(tmp_path))
    with TestClient(app, client=("203.0.113.7", 40000)) as outsider:
        assert outsider.get("/metrics").status_code == 404
        wrong = outsider.get("/metrics", headers={"authorization": "Bearer nope"})
        assert wrong.status_code == 404
        allowed = outsider.get("/metrics", headers={"authorization": "Bearer s3cret-metrics"})
        assert allowed.status_code == 200
        assert "connect_arena_tables" in allowed.text
        assert outsider.get("/healthz").status_code == 200


def test_a_json_log_line_drops_secret_fields() -> None:
    record = logging.LogRecord("connect_arena", logging.INFO, __file__, 1, "signed in", (), None)
    record.user_id = 7
    record.password = "hunter2"
    record.csrf_token = "abc"
    line = json.loads(log_json_line(record))
    assert line["message"] == "signed in"
    assert line["user_id"] == 7
    assert line["level"] == "INFO"
    assert "password" not in line and "csrf_token" not in line


def test_the_json_log_of_a_real_server_has_no_secret(tmp_path: Path) -> None:
    port = free_port()
    env = {**os.environ, "CONNECT_ARENA_COMPUTER_WORKERS": "0"}
    command = ["serve", "--port", str(port), "--data-dir", str(tmp_path)]
    command += ["--log-format", "json", "--log-level", "info"]
    log = tmp_path / "server.log"
    process = launch(command, env, stderr=log)
    try:
        base = f"http://127.0.0.1:{port}"
        wait_until_answering(process, port)
        session = httpx.get(f"{base}/api/session", timeout=1)
        with httpx.Client(base_url=base) as browser:
            csrf = browser.get("/api/session").json()["csrf"]
            password = "a very secret passphrase 42"
            answer = browser.post(
                "/api/signup",
                json={"name": "logcheck", "password": password},
                headers={"x-csrf-token": csrf},
            )
            assert answer.status_code == 200, answer.text
            csrf = answer.json()["csrf"]
            refused = browser.post(
                "/api/login",
                json={"name": "logcheck", "password": "wrong one"},
                headers={"x-csrf-token": csrf},
            )
            assert refused.status_code in (401, 403), refused.text
            cookie = browser.cookies.get("arena_session") or ""
    finally:
        process.terminate()
        process.wait(10)
    lines = [line for line in log.read_text().splitlines() if line.strip()]
    assert lines, "the server logged nothing"
    for line in lines:
        entry = json.loads(line)  # every line is one JSON object
        assert {"time", "level", "logger", "message"} <= entry.keys()
    text = log.read_text()
    assert session.status_code == 200
    for secret in (password, "wrong one", csrf) + ((cookie,) if cookie else ()):
        assert secret not in text


def test_log_lines_name_the_table_of_the_request() -> None:
    records: list[logging.LogRecord] = []
    handler = logging.Handler()
    handler.emit = records.append  # type: ignore[method-assign]
    handler.addFilter(ContextFilter())
    logger = logging.getLogger("connect_arena.test_context")
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)

    async def inner(scope: Any, receive: Any, send: Any) -> None:
        logcontext.user_id.set(7)
        logger.info("inside %s", scope["path"])

    async def run() -> None:
        middleware = LogContext(inner)
        for path in ("/api/tables/42/chat", "/ws/tables/9", "/api/lobby"):
            await middleware({"type": "http", "path": path}, None, None)  # type: ignore[arg-type]

    try:
        asyncio.run(run())
    finally:
        logger.removeHandler(handler)
    assert [getattr(r, "table_id", None) for r in records] == [42, 9, None]
    assert [getattr(r, "user_id", None) for r in records] == [7, 7, 7]
    line = json.loads(log_json_line(records[0]))
    assert line["table_id"] == 42 and line["user_id"] == 7


class _HeldEngine:
    """A database engine whose ``connect`` waits until ``go`` is set (a slow readiness ping)."""

    def __init__(self, go: threading.Event) -> None:
        self.go = go

    def connect(self) -> Any:
        self.go.wait(5)
        return create_engine("sqlite://").connect()


@pytest.mark.parametrize("turns", [0, 1])
def test_a_readiness_ping_stops_when_cancelled_as_its_answer_lands(turns: int) -> None:
    """A cancel (the client went away, the server stops) that arrives while the database's
    answer comes back from its thread ends the check: Python 3.11's ``wait_for`` returned the
    answer and swallowed such a cancel (the tournament task hang of session 39)."""

    async def main() -> None:
        go = threading.Event()
        arena = cast(Arena, SimpleNamespace(storage=SimpleNamespace(engine=_HeldEngine(go))))
        task = asyncio.create_task(_database_ready(arena))
        try:
            await cancel_as_its_answer_lands(task, go, turns)
        finally:
            go.set()

    asyncio.run(main())
