"""The tests' server helper (``tests/server/live.py``): a server forked by the fork server is
``connect-arena serve`` with the caller's environment, arguments and working directory, and
its exit (a ``kill -9``, a failed start) is reported as ``subprocess.Popen`` reports it."""

from __future__ import annotations

import os
import signal
import subprocess
from pathlib import Path

import httpx
import pytest

from tests.server import live
from tests.server.live import free_port, server

pytestmark = pytest.mark.skipif(not live.FORKING, reason="servers are not forked here (no pidfd)")


def test_a_forked_server_has_the_callers_environment_and_arguments(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CONNECT_ARENA_ALLOWED_HOSTS", "arena.test")
    port = free_port()
    with server(tmp_path / "data", port) as process:
        assert not isinstance(process, subprocess.Popen)  # forked, not a fresh interpreter
        assert process.poll() is None
        base = f"http://127.0.0.1:{port}/api/session"
        assert httpx.get(base, headers={"host": "arena.test"}).status_code == 200
        assert httpx.get(base).status_code == 400  # 127.0.0.1 is not among the hosts now
        assert (tmp_path / "data" / "arena.sqlite3").exists()  # --data-dir
        os.kill(process.pid, signal.SIGKILL)
        assert process.wait(10) == -signal.SIGKILL
        assert process.poll() == -signal.SIGKILL


def test_servers_are_still_forked_after_pettingzoo_is_imported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """PettingZoo's import sets two variables of pygame's; the suite's collection imports it
    (``tests/rl``), and counting them made every later server a fresh interpreter."""
    pytest.importorskip("pettingzoo")
    import connect_arena.rl.pettingzoo  # noqa: F401 - for the variables its import sets

    monkeypatch.setenv("SDL_AUDIODRIVER", "dsp")  # as PettingZoo sets them, should it not have
    monkeypatch.setenv("PYGAME_HIDE_SUPPORT_PROMPT", "hide")
    process = live.spawn(["--port", "not-a-port"], dict(os.environ))
    assert not isinstance(process, subprocess.Popen)
    assert process.wait(60) == 2


def test_exits_and_output_are_reported_and_other_imports_get_a_fresh_interpreter(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    live.stop_forker()
    monkeypatch.setenv("PYTHONPATH", str(tmp_path))  # e.g. a plug-in, before the first server
    fresh = live.spawn(["--port", "not-a-port"], dict(os.environ))
    assert isinstance(fresh, subprocess.Popen)
    assert fresh.wait(60) == 2  # typer's usage error
    monkeypatch.undo()  # later servers are forked again
    forked = live.spawn(["--port", "not-a-port"], dict(os.environ))
    assert not isinstance(forked, subprocess.Popen)
    assert forked.wait(60) == 2
    done = live.run_cli(["serve", "--port", "not-a-port"], dict(os.environ), timeout=60)
    assert done.returncode == 2
    assert "Invalid value for '--port'" in done.stderr and done.stdout == ""
    done = live.run_cli(["--version"], dict(os.environ), timeout=60)
    assert done.returncode == 0 and done.stdout.startswith("connect-arena")


def test_a_forked_servers_stderr_is_the_running_tests(capfd: pytest.CaptureFixture[str]) -> None:
    """Not the stderr of the test that started the fork server (pytest captures each test's)."""
    with capfd.disabled():
        live.stop_forker()
        assert live.launch(["--version"], dict(os.environ)).wait(60) == 0
    assert live.spawn(["--port", "not-a-port"], dict(os.environ)).wait(60) == 2
    assert "Invalid value for '--port'" in capfd.readouterr().err
