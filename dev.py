#!/usr/bin/env python3
"""Bootstrap for Connect Arena: each command installs what it needs into ``.venv`` and runs.

Usage (standard library only, Python >= 3.11):

    python3 dev.py start [ARGS...]   # the main job: the web server (prints the URL to open)
    python3 dev.py test  [ARGS...]   # ruff, mypy --strict and the whole pytest suite

``start`` runs ``connect-arena serve`` (ARGS replace the default command line, e.g.
``python3 dev.py start serve --port 8080`` or ``python3 dev.py start play quinque``).
``test`` also installs Debian's Chromium (browser tests), PostgreSQL and Redis (scale-out tests)
when they are missing; the tests start and stop their own throwaway PostgreSQL and Redis.

The virtual environment is reinstalled only when ``pyproject.toml`` changes.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")


def _ensure_env(extra: str) -> None:
    """Create ``.venv`` and install the package (with ``extra``) if anything changed."""
    if sys.version_info < (3, 11):  # noqa: UP036 - dev.py may be run by an older python3
        sys.exit("Connect Arena needs Python 3.11 or newer.")
    if not PYTHON.exists():
        print(f"creating virtual environment in {VENV}", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()[:16]
    stamp = VENV / f".install-stamp-{extra or 'base'}"
    if stamp.exists() and stamp.read_text() == digest:
        return
    target = f".[{extra}]" if extra else "."
    print(f"installing connect-arena{f'[{extra}]' if extra else ''} into .venv", flush=True)
    pip = [str(PYTHON), "-m", "pip", "install", "--disable-pip-version-check", "-q"]
    subprocess.run([*pip, "-e", target], cwd=ROOT, check=True)
    stamp.write_text(digest)


def _run(argv: list[str]) -> int:
    return subprocess.run(argv, cwd=ROOT).returncode


def start(args: list[str]) -> int:
    """Install the package and start the main job: the web server (it prints the URL)."""
    _ensure_env("")
    command = args or ["serve"]
    try:
        return _run([str(BIN / "connect-arena"), *command])
    except KeyboardInterrupt:
        return 0


CHROMIUM = Path("/usr/bin/chromium")


def _ensure_chromium() -> None:
    """Install Debian's Chromium for the browser tests (Playwright drives it) when missing.

    Without root or apt-get, the browser tests skip themselves and say why.
    """
    if CHROMIUM.exists() or os.name == "nt" or not Path("/usr/bin/apt-get").exists():
        return
    if hasattr(os, "geteuid") and os.geteuid() != 0:
        print("note: /usr/bin/chromium is missing; the browser tests will be skipped", flush=True)
        return
    print("installing Debian's chromium for the browser tests", flush=True)
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for command in (["update", "-qq"], ["install", "-y", "-qq", "chromium"]):
        subprocess.run(["apt-get", *command], check=False, stdout=subprocess.DEVNULL, env=env)


def _have_postgres() -> bool:
    """Whether PostgreSQL's server programs are installed (Debian keeps them off the PATH)."""
    if shutil.which("initdb") and shutil.which("pg_ctl"):
        return True
    return any(Path("/usr/lib/postgresql").glob("*/bin/initdb"))


def _ensure_services() -> None:
    """Install Debian's PostgreSQL and Redis for the scale-out tests when missing.

    The tests start throwaway servers of their own (``tests/scale/services.py``) on loopback
    ports and stop them after; without root or apt-get they skip themselves and say why.
    """
    missing = [
        package
        for package, present in (
            ("postgresql", _have_postgres()),
            ("redis-server", shutil.which("redis-server") is not None),
        )
        if not present
    ]
    if not missing or os.name == "nt" or not Path("/usr/bin/apt-get").exists():
        return
    if hasattr(os, "geteuid") and os.geteuid() != 0:
        print(f"note: {' and '.join(missing)} missing; the scale-out tests will be skipped")
        return
    print(f"installing Debian's {' and '.join(missing)} for the scale-out tests", flush=True)
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for command in (["update", "-qq"], ["install", "-y", "-qq", *missing]):
        subprocess.run(["apt-get", *command], check=False, stdout=subprocess.DEVNULL, env=env)


def test(args: list[str]) -> int:
    """Install the development tools and run ruff, mypy --strict and pytest."""
    _ensure_env("dev")
    _ensure_chromium()
    _ensure_services()
    steps = [
        [str(PYTHON), "-m", "ruff", "check", "src", "tests", "benchmarks", "dev.py"],
        [str(PYTHON), "-m", "ruff", "format", "--check", "src", "tests", "benchmarks", "dev.py"],
        [str(PYTHON), "-m", "mypy"],
        [str(PYTHON), "-m", "pytest", *args],
    ]
    for step in steps:
        print("$ " + " ".join(Path(step[0]).name if i == 0 else a for i, a in enumerate(step)))
        code = _run(step)
        if code != 0:
            return code
    return 0


def main() -> int:
    commands = {"start": start, "test": test}
    if len(sys.argv) < 2 or sys.argv[1] not in commands:
        print(__doc__)
        return 2
    return commands[sys.argv[1]](sys.argv[2:])


if __name__ == "__main__":
    sys.exit(main())
