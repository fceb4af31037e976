"""``connect-arena backup`` during play and ``restore``: every table comes back and replays."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from typer.testing import CliRunner, Result

from connect_arena.cli.app import app
from connect_arena.core.records import replay
from connect_arena.server.db.backup import BackupError, backup, check_arena_file, restore
from tests.server.live import free_port, server

QUICK = {"parachutes": 2, "tiles": 1, "first_player": "0"}


def cli(*args: str) -> Result:
    """``connect-arena ARGS`` in this process (a fresh interpreter imports the server's modules
    again: ~2.5 s of CPU a command; the console script's own start is tested in
    ``tests/cli/test_cli_app.py``)."""
    return CliRunner().invoke(app, list(args), env={"CONNECT_ARENA_DATABASE_URL": None})


def signed_up(base: str, name: str) -> httpx.Client:
    browser = httpx.Client(base_url=base)
    csrf = browser.get("/api/session").json()["csrf"]
    answer = browser.post(
        "/api/signup", json={"name": name, "password": "a long password"},
        headers={"x-csrf-token": csrf},
    )  # fmt: skip
    assert answer.status_code == 200, answer.text
    browser.headers["x-csrf-token"] = answer.json()["csrf"]
    return browser


def computer_table(browser: httpx.Client, game: str, options: dict[str, Any]) -> int:
    body = {"game": game, "options": options, "seats": [{"kind": "computer"}] * 2}
    answer = browser.post("/api/tables", json=body)
    assert answer.status_code == 201, answer.text
    table_id: int = answer.json()["table"]["id"]
    return table_id


def records(base: str, ids: list[int]) -> dict[int, dict[str, Any]]:
    return {i: httpx.get(f"{base}/api/tables/{i}/record").json() for i in ids}


def test_a_backup_taken_during_play_restores_and_every_table_replays(tmp_path: Path) -> None:
    data, restored = tmp_path / "data", tmp_path / "restored"
    target = tmp_path / "arena-backup.sqlite3"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with server(data, port):
        alice = signed_up(base, "alice")
        ids = [computer_table(alice, "quinque", QUICK) for _ in range(3)]
        ids.append(computer_table(alice, "connect5", {}))  # a longer game: still running
        time.sleep(0.5)
        done = cli("backup", str(target), "--data-dir", str(data))
        assert done.exit_code == 0, done.stderr
        assert "backed up to" in done.stdout
        again = cli("backup", str(target), "--data-dir", str(data))
        assert again.exit_code == 1 and "exists" in again.stderr
    with sqlite3.connect(target) as copy:
        stored = {row[0] for row in copy.execute("SELECT id FROM tables")}
        counts = dict(copy.execute("SELECT table_id, count(*) FROM actions GROUP BY table_id"))
    copy.close()
    assert set(ids) <= stored
    assert sum(counts.values()) > 0
    done = cli("restore", str(target), "--data-dir", str(restored))
    assert done.exit_code == 0, done.stderr
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with server(restored, port):
        for table_id, record in records(base, sorted(stored)).items():
            replay(record)  # raises unless every recorded action is legal, in order
            # nothing acknowledged before the backup is missing (running tables play on)
            assert len(record["actions"]) >= counts.get(table_id, 0), table_id
        assert httpx.get(f"{base}/readyz").json() == {"status": "ready"}


def test_restore_refuses_what_is_not_an_intact_arena_and_changes_nothing(tmp_path: Path) -> None:
    database = tmp_path / "arena.sqlite3"
    url = f"sqlite:///{database}"
    garbage = tmp_path / "garbage.sqlite3"
    garbage.write_bytes(b"not a database at all" * 100)
    with pytest.raises(BackupError, match="not a SQLite database"):
        restore(url, garbage)
    other = tmp_path / "other.sqlite3"
    with sqlite3.connect(other) as connection:
        connection.execute("CREATE TABLE t (x)")
    connection.close()
    with pytest.raises(BackupError, match="not a Connect Arena database"):
        check_arena_file(other)
    with pytest.raises(BackupError, match="no such file"):
        restore(url, tmp_path / "missing.sqlite3")
    assert not database.exists()
    with pytest.raises(BackupError, match="pg_dump"):
        backup("postgresql://arena@localhost/arena", tmp_path / "x")
    refused = cli("restore", str(garbage), "--data-dir", str(tmp_path / "d"))
    assert refused.exit_code == 1
    assert "not a SQLite database" in refused.stderr
    assert not (tmp_path / "d" / "arena.sqlite3").exists()
