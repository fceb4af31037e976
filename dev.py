#!/usr/bin/env python3
"""Bootstrap for Connect Arena: each command installs what it needs into ``.venv`` and runs.

Usage (standard library only, Python >= 3.11):

    python3 dev.py start [ARGS...]   # the main job: the web server (prints the URL to open)
    python3 dev.py test  [ARGS...]   # ruff, mypy --strict, the JS checks, the pytest suite

``start`` runs ``connect-arena serve`` (ARGS replace the default command line, e.g.
``python3 dev.py start serve --port 8080`` or ``python3 dev.py start play quinque``).
``test`` also installs Debian's Chromium for the browser tests when it is missing, and checks
the browser code (ESLint, TypeScript's checker on the JSDoc types, ``node --test tests/js``)
with the npm packages of ``package-lock.json`` (``npm ci`` into ``node_modules``; Debian's
nodejs and npm when ``node`` is missing). It installs PostgreSQL and Redis (scale-out tests)
when they are missing; the tests start and stop their own throwaway PostgreSQL and Redis.
ARGS go to pytest.

The virtual environment is reinstalled only when ``pyproject.toml`` changes, ``node_modules``
only when ``package-lock.json`` does.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import time
import venv
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TypeVar

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
    # uv installs the same requirements with parallel downloads, at about a third of pip's
    # CPU (session 42: 30 s against 93 s for a fresh .venv); pip is the fallback.
    uv = [str(PYTHON), "-m", "uv", "pip", "install", "-q", "--python", str(PYTHON)]
    if (
        subprocess.run([*pip, "uv>=0.4,<1"], cwd=ROOT).returncode != 0
        or subprocess.run([*uv, "-e", target], cwd=ROOT).returncode != 0
    ):
        print("note: installing with uv failed; installing with pip instead", flush=True)
        subprocess.run([*pip, "-e", target], cwd=ROOT, check=True)
    stamp.write_text(digest)


def _compile_engines() -> None:
    """Compile the engines with mypyc for the current sources when they changed
    (``connect_arena._build``: a build per source digest, so an editable install never runs
    stale compiled code). Installs mypy, setuptools and pybind11 (the compiler's Python side)
    when missing; a failed compilation leaves the pure-Python engines in use, with a notice."""
    env = {**os.environ, "CONNECT_ARENA_PURE": "1"}  # no stale-build notice while rebuilding
    current = "import sys, connect_arena._build as b; sys.exit(b.current_build() is None)"
    if subprocess.run([str(PYTHON), "-c", current], cwd=ROOT, env=env).returncode == 0:
        return  # built for these sources (by the install's build hook or an earlier run)
    probe = [str(PYTHON), "-c", "import mypyc.build, setuptools, pybind11"]
    if subprocess.run(probe, cwd=ROOT, capture_output=True).returncode != 0:
        pip = [str(PYTHON), "-m", "pip", "install", "--disable-pip-version-check", "-q"]
        tools = ["mypy>=1.10,<3", "setuptools>=61", "pybind11>=2.10,<4"]
        subprocess.run([*pip, *tools], cwd=ROOT, check=False)
    code = "from connect_arena._build import main; main()"
    done = subprocess.run(
        [str(PYTHON), "-c", code], cwd=ROOT, env=env, capture_output=True, text=True
    )
    # the compiler's command lines are noise: show the outcome (or everything if it crashed)
    lines = (done.stdout + done.stderr).splitlines()
    shown = [line for line in lines if line.startswith("connect-arena:")] or lines[-20:]
    print("\n".join(shown), flush=True)


def _run(argv: list[str]) -> int:
    return subprocess.run(argv, cwd=ROOT).returncode


def start(args: list[str]) -> int:
    """Install the package and start the main job: the web server (it prints the URL).

    The server takes this process's place (``exec``): a signal sent to it (Ctrl+C, or a
    supervisor's SIGTERM to the process it started) reaches the server itself, which shuts
    down cleanly, instead of ending this launcher and leaving the server running."""
    _ensure_env("")
    _compile_engines()
    server = str(BIN / "connect-arena")
    sys.stdout.flush()
    os.execv(server, [server, *(args or ["serve"])])


CHROMIUM = Path("/usr/bin/chromium")
HEADLESS_SHELL = Path("/usr/bin/chromium-headless-shell")
"""Chromium's headless-only build, which the browser tests drive when it is there: the same
tests take ~30% less CPU than with the full browser (``tests/e2e/conftest.py``)."""


def _ensure_chromium() -> None:
    """Install Debian's Chromium and its headless shell for the browser tests (Playwright
    drives them) when missing.

    Without root or apt-get, the browser tests skip themselves and say why.
    """
    packages = [
        package
        for package, program in (
            ("chromium", CHROMIUM),
            ("chromium-headless-shell", HEADLESS_SHELL),
        )
        if not program.exists()
    ]
    if not packages or os.name == "nt" or not Path("/usr/bin/apt-get").exists():
        return
    if hasattr(os, "geteuid") and os.geteuid() != 0:
        if not CHROMIUM.exists():
            print(
                "note: /usr/bin/chromium is missing; the browser tests will be skipped", flush=True
            )
        return
    print(f"installing Debian's {' and '.join(packages)} for the browser tests", flush=True)
    _apt_install(*packages)


def _apt_install(*packages: str) -> None:
    """``apt-get install`` Debian packages (root only); a failure shows in the next check."""
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for command in (["update", "-qq"], ["install", "-y", "-qq", *packages]):
        subprocess.run(["apt-get", *command], check=False, stdout=subprocess.DEVNULL, env=env)


NODE_MODULES = ROOT / "node_modules"
NODE_STAMP = NODE_MODULES / ".install-stamp"


def _ensure_node() -> list[list[str]]:
    """Install the JS checkers of ``package-lock.json`` (``npm ci``) when the lock changed.

    Installs Debian's nodejs and npm first when ``node`` is missing (root and apt-get).

    Returns:
        The JS check steps: the generated protocol types are current, ESLint, TypeScript's
        checker, ``node --test`` on ``tests/js``.

    Raises:
        SystemExit: node or npm is missing and cannot be installed, or ``npm ci`` failed.
    """
    if shutil.which("node") is None or shutil.which("npm") is None:
        if Path("/usr/bin/apt-get").exists() and (not hasattr(os, "geteuid") or os.geteuid() == 0):
            print("installing Debian's nodejs and npm for the JS checks", flush=True)
            _apt_install("nodejs", "npm")
        if shutil.which("node") is None or shutil.which("npm") is None:
            sys.exit("The JS checks need node and npm (Debian: apt-get install nodejs npm).")
    digest = hashlib.sha256((ROOT / "package-lock.json").read_bytes()).hexdigest()[:16]
    if not (NODE_STAMP.exists() and NODE_STAMP.read_text() == digest):
        print("installing the JS checkers into node_modules (npm ci)", flush=True)
        npm = [str(shutil.which("npm")), "ci", "--no-audit", "--no-fund", "--loglevel=error"]
        if subprocess.run(npm, cwd=ROOT).returncode != 0:
            sys.exit("npm ci failed")
        NODE_STAMP.write_text(digest)
    node = str(shutil.which("node"))
    bin_dir = NODE_MODULES / ".bin"
    tests = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "tests" / "js").glob("*.test.mjs"))
    return [
        # The pages' protocol types are generated from the checked-in schema: still current?
        [node, str(ROOT / "tools" / "protocol" / "gen-types.mjs"), "--check"],
        [node, str(bin_dir / "eslint"), "--max-warnings=0"],
        [node, str(bin_dir / "tsc"), "-p", "tsconfig.json"],
        [node, "--test", "--test-reporter=spec", *tests],
    ]


LINTED = ["src", "tests", "benchmarks", "tools", "dev.py", "hatch_build.py"]
"""What ruff checks and formats."""


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
            ("curl", shutil.which("curl") is not None),  # the bot API's documented recipe
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


WORKERS = 4
"""pytest-xdist workers: two per core, as many tests wait on a browser, a server process or a
game clock rather than on the CPU. Session 42: with servers forked from a pre-imported process
the suite used 1.3 of the 2 cores with three workers (pytest 792 s of a 908 s command); four
were no faster in session 41, when the server starts kept the cores busy."""


def _parallel(args: list[str]) -> list[str]:
    """``-n 4 --dist worksteal`` unless the arguments choose (``-n``, ``-p no:xdist``), and
    ``--durations=25`` (the log names the slowest tests) unless they set ``--durations``.

    ``tests/conftest.py`` hands the longest tests out first, and an idle worker takes tests
    queued for a busy one (``worksteal``): with ``load`` the last worker was left for minutes
    with its queue of browser tests while the others were done.
    """
    durations = [] if any(a.startswith("--durations") for a in args) else ["--durations=25"]
    if any(a == "-n" or a.startswith(("-n", "--numprocesses", "--dist")) for a in args):
        return durations
    if "no:xdist" in args:
        return durations
    return ["-n", str(WORKERS), "--dist", "worksteal", *durations]


def _system_and_node() -> list[list[str]]:
    """Chromium, PostgreSQL and Redis, then the JS tools, one after the other (apt-get takes
    one dpkg lock); the JS check steps."""
    _ensure_chromium()
    _ensure_services()
    return _ensure_node()


def test(args: list[str]) -> int:
    """Install the development tools; run ruff, mypy --strict, the JS checks, then pytest.

    Prints each step's wall time at the end (also after a failed step)."""
    started = time.monotonic()
    times: list[tuple[str, float]] = []
    # The system packages (Debian's chromium, PostgreSQL, Redis, node: network and dpkg) and
    # the JS tools install in the background from the start. The engines' compilation (mypyc
    # then one C compiler process: one busy core for minutes) runs beside the linters, mypy and
    # the JS checks, which need the installed tools but not the compiled engines.
    with ThreadPoolExecutor(max_workers=2) as background:
        node_steps = background.submit(_timed, _system_and_node)
        times.append((INSTALL, _timed(lambda: _ensure_env("dev,rl"))[1]))  # rl: OpenSpiel's
        compiled = background.submit(_timed, _compile_engines)
        python_checks = [
            [str(PYTHON), "-m", "ruff", "check", *LINTED],
            [str(PYTHON), "-m", "ruff", "format", "--check", *LINTED],
            [str(PYTHON), "-m", "mypy"],
        ]
        code = _steps(python_checks, times)
        js_checks, node_time = node_steps.result()
        if code == 0:
            code = _steps(js_checks, times)
        times[1:1] = [(COMPILE, compiled.result()[1]), (SYSTEM, node_time)]
    if code == 0:
        code = _steps(
            [
                # Bytecode written once (compileall writes it even under
                # PYTHONDONTWRITEBYTECODE): the suite starts ~150 servers and commands, each
                # compiling what it imports otherwise.
                [str(PYTHON), "-m", "compileall", "-q", "-j", "0", "src", "tests"],
                # the suite runs on the compiled build (a subset also on pure Python)
                [str(PYTHON), "-m", "pytest", *_parallel(args), *args],  # last: the longest
            ],
            times,
        )
    times.append(("total", time.monotonic() - started))
    _print_times(times)
    return code


INSTALL = "install .venv"
COMPILE = "compile the engines (beside the checks)"
SYSTEM = "system packages, node_modules (beside the above)"
"""The summary's first rows: what runs before and beside the checks."""

_T = TypeVar("_T")


def _timed(job: Callable[[], _T]) -> tuple[_T, float]:
    """``job()`` and its wall time in seconds."""
    begun = time.monotonic()
    return job(), time.monotonic() - begun


def _steps(steps: list[list[str]], times: list[tuple[str, float]]) -> int:
    """Run ``steps`` in order, each one's wall time appended to ``times``, up to the first
    that fails; its exit code (0 if none failed)."""
    for step in steps:
        print("$ " + " ".join(_shown(a) if i < 2 else a for i, a in enumerate(step)), flush=True)
        begun = time.monotonic()
        code = _run(step)
        times.append((_label(step), time.monotonic() - begun))
        if code != 0:
            return code
    return 0


def _label(step: list[str]) -> str:
    """A step's short name in the summary: ``python -m ruff check``, ``node eslint``,
    ``node --test``, ``python -m pytest``."""
    words, rest = [_shown(step[0])], step[1:]
    if rest[:1] == ["-m"] and len(rest) > 1:
        words += rest[:2]
        rest = rest[2:]
    if rest and (not rest[0].startswith("-") or (rest[0].startswith("--") and "=" not in rest[0])):
        words.append(_shown(rest[0]))
    return " ".join(words)


def _print_times(times: list[tuple[str, float]]) -> None:
    """The wall time of each step, one row each (seconds, then the step), and the total."""
    print("wall time of each step:", flush=True)
    for name, seconds in times:
        print(f"{seconds:8.1f} s  {name}", flush=True)


def _shown(argument: str) -> str:
    """A step's program for the log: its name, not its path (``python``, ``node``, ``tsc``)."""
    return Path(argument).name if os.sep in argument else argument


def main() -> int:
    commands = {"start": start, "test": test}
    if len(sys.argv) < 2 or sys.argv[1] not in commands:
        print(__doc__)
        return 2
    return commands[sys.argv[1]](sys.argv[2:])


if __name__ == "__main__":
    sys.exit(main())
