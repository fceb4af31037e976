"""``dev.py test``: each step's wall time in the log (a slow CI run shows where its minutes
went), and the checks run while the engines compile (the compiler keeps one core busy)."""

from __future__ import annotations

import importlib.util
import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from types import ModuleType

import pytest

DEV = Path(__file__).resolve().parents[1] / "dev.py"


@pytest.fixture
def dev(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """``dev.py`` with the installs replaced: nothing is installed or compiled."""
    spec = importlib.util.spec_from_file_location("dev_under_test", DEV)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "dev_under_test", module)
    spec.loader.exec_module(module)
    monkeypatch.setattr(module, "_ensure_env", lambda extra: None)
    monkeypatch.setattr(module, "_compile_engines", lambda: None)
    monkeypatch.setattr(module, "_system_and_node", lambda: [["/usr/bin/node", "--test", "x"]])
    return module


def _rows(out: str) -> list[str]:
    """The names in the summary's rows (``<seconds> s  <step>``), in order."""
    return re.findall(r"^ *\d+\.\d s {2}(.+)$", out, re.MULTILINE)


def test_each_step_s_wall_time_is_logged(
    dev: ModuleType, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    ran: list[list[str]] = []
    monkeypatch.setattr(dev, "_run", lambda argv: ran.append(argv) or 0)
    assert dev.test(["-q"]) == 0
    out = capsys.readouterr().out
    assert "wall time of each step" in out
    assert [step[1:3] for step in ran] == [
        ["-m", "ruff"],
        ["-m", "ruff"],
        ["-m", "mypy"],
        ["--test", "x"],
        ["-m", "compileall"],
        ["-m", "pytest"],
    ]
    assert _rows(out) == [
        dev.INSTALL,
        dev.COMPILE,
        dev.SYSTEM,
        "python -m ruff check",
        "python -m ruff format",
        "python -m mypy",
        "node --test",
        "python -m compileall",
        "python -m pytest",
        "total",
    ]


def test_a_failed_step_still_logs_the_times_so_far(
    dev: ModuleType, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    ran: list[list[str]] = []

    def run(argv: list[str]) -> int:
        ran.append(argv)
        return 3 if "mypy" in argv else 0

    monkeypatch.setattr(dev, "_run", run)
    assert dev.test([]) == 3
    rows = _rows(capsys.readouterr().out)
    assert [step[2] for step in ran] == ["ruff", "ruff", "mypy"]  # nothing after the failure
    assert rows[3:] == ["python -m ruff check", "python -m ruff format", "python -m mypy", "total"]


def test_the_checks_run_while_the_engines_compile(
    dev: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The compilation (here: waiting) ends only once mypy has run, and pytest starts only
    after the compilation (the suite runs on the compiled build)."""
    mypy_ran, compiled = threading.Event(), threading.Event()
    order: list[str] = []

    def compile_engines() -> None:
        order.append("compile: mypy ran" if mypy_ran.wait(20) else "compile: alone")
        compiled.set()

    def run(argv: list[str]) -> int:
        if "mypy" in argv:
            mypy_ran.set()
        if "pytest" in argv:
            order.append(f"pytest: compiled {compiled.is_set()}")
        return 0

    monkeypatch.setattr(dev, "_compile_engines", compile_engines)
    monkeypatch.setattr(dev, "_run", run)
    assert dev.test([]) == 0
    assert order == ["compile: mypy ran", "pytest: compiled True"]


def test_the_browser_tests_get_chromium_and_its_headless_shell(
    dev: ModuleType, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Debian's ``chromium`` and ``chromium-headless-shell`` (the lighter browser the tests
    drive): each installed when its program is missing, nothing when both are there."""
    installed: list[tuple[str, ...]] = []
    monkeypatch.setattr(dev, "_apt_install", lambda *packages: installed.append(packages))
    monkeypatch.setattr(dev, "CHROMIUM", tmp_path / "chromium")
    monkeypatch.setattr(dev, "HEADLESS_SHELL", tmp_path / "chromium-headless-shell")
    monkeypatch.setattr(dev.os, "geteuid", lambda: 0)
    dev._ensure_chromium()
    (tmp_path / "chromium").touch()
    dev._ensure_chromium()
    (tmp_path / "chromium-headless-shell").touch()
    dev._ensure_chromium()
    assert installed == [("chromium", "chromium-headless-shell"), ("chromium-headless-shell",)]


def test_a_sigterm_to_start_stops_the_server_it_started(tmp_path: Path) -> None:
    """``dev.py start`` becomes the server: a supervisor's SIGTERM to the process it started
    reaches the server, and nothing is left running (a launcher that waited for its server
    child ended alone and left the server holding the port)."""
    stopped = tmp_path / "stopped"
    ready = tmp_path / "ready"
    server = tmp_path / "bin" / "connect-arena"
    server.parent.mkdir()
    server.write_text(
        f"#!{sys.executable}\n"
        "import os, pathlib, signal, sys, time\n"
        f"def stop(*_):\n    pathlib.Path({str(stopped)!r}).write_text(' '.join(sys.argv[1:]))\n"
        "    sys.exit(0)\n"
        "signal.signal(signal.SIGTERM, stop)\n"
        f"pathlib.Path({str(ready)!r}).write_text(str(os.getpid()))\n"
        "time.sleep(60)\n"
    )
    server.chmod(0o755)
    launcher = (
        "import importlib.util, pathlib, sys\n"
        f"spec = importlib.util.spec_from_file_location('dev', {str(DEV)!r})\n"
        "dev = importlib.util.module_from_spec(spec); spec.loader.exec_module(dev)\n"
        "dev._ensure_env = lambda extra: None\n"
        "dev._compile_engines = lambda: None\n"
        f"dev.BIN = pathlib.Path({str(server.parent)!r})\n"
        "sys.exit(dev.start(['serve', '--port', '8765']))\n"
    )
    started = subprocess.Popen([sys.executable, "-c", launcher])
    try:
        for _ in range(200):
            if ready.exists() and ready.read_text():
                break
            time.sleep(0.05)
        assert int(ready.read_text()) == started.pid  # the server is the process started
        started.send_signal(signal.SIGTERM)
        assert started.wait(timeout=10) == 0
        assert stopped.read_text() == "serve --port 8765"
    finally:
        if started.poll() is None:
            started.kill()
        if ready.exists() and ready.read_text() and int(ready.read_text()) != started.pid:
            os.kill(int(ready.read_text()), signal.SIGKILL)  # the server a launcher left
