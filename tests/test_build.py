"""The compiled build of the engines (``connect_arena._build``): used when built for these
sources, never when stale, and the pure-Python fallback passes the conformance suite and the
perft golden files too (the rest of the suite runs on whichever build is in use)."""

from __future__ import annotations

import importlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from connect_arena import _build

ROOT = Path(__file__).resolve().parents[1]
PURE_SUBSET = (
    ("tests/games/test_conformance.py", "-k", "pairs and not 4p and not 6p"),
    ("tests/games/test_conformance.py", "-k", "not pairs and not 4p"),
    ("tests/games/connect5/test_perft.py", "tests/games/quinque/test_perft.py"),
)
"""What also runs on the pure-Python modules when the suite runs on the compiled ones (pytest
arguments): the perft golden files, and the conformance suite for every game and every option
set at one to three players, the first of its seeded playouts each (``CONFORMANCE_SEEDS``:
the same code paths, a third of the time). Its four- and six-player playouts (Connect 5,
Connect Pairs) run the same code paths with more seats and took over half of the pure run
(374 s of worker time in the whole suite's log, session 41): they run on the compiled build
only."""

needs_compiled = pytest.mark.skipif(
    not _build.is_compiled(),
    reason=f"the suite runs on the pure-Python engines here ({_build.describe()})",
)


def _probe(package_parent: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """Import ``connect_arena`` from ``package_parent``; print the build line and where a
    compiled module was loaded from."""
    code = (
        "import connect_arena._build as b, connect_arena.games.connnect.claims as c;"
        "print(b.describe()); print(c.__file__)"
    )
    env = {**os.environ, "PYTHONPATH": str(package_parent), **env}
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    )


@needs_compiled
def test_the_compiled_modules_are_the_ones_imported() -> None:
    directory = _build.NATIVE / _build.source_digest()
    for name in _build.COMPILED:
        module = importlib.import_module(f"connect_arena.{name}")
        assert Path(module.__file__ or "").parent.is_relative_to(directory), name


@needs_compiled
def test_pure_is_forced_by_the_environment() -> None:
    shown = _probe(ROOT / "src", {_build.ENV_PURE: "1"}).stdout.splitlines()
    assert shown[0] == f"pure ({_build.ENV_PURE} set)"
    assert shown[1].endswith("claims.py")


@needs_compiled
def test_a_stale_build_is_never_loaded(tmp_path: Path) -> None:
    copy = tmp_path / "connect_arena"
    copy.mkdir()
    for name in ("__init__.py", "_build.py"):
        shutil.copy(_build.PACKAGE / name, copy / name)
    ignore = shutil.ignore_patterns("__pycache__")
    for name in (*_build.HASHED, "_native"):
        shutil.copytree(_build.PACKAGE / name, copy / name, ignore=ignore)
    env = {_build.ENV_PURE: ""}
    fresh = _probe(tmp_path, env)
    assert fresh.stdout.startswith("compiled"), fresh.stdout
    assert fresh.stderr == ""
    rules = copy / "games" / "pairs" / "view.py"  # not itself compiled: any source counts
    rules.write_text(rules.read_text() + "\n# edited\n")
    stale = _probe(tmp_path, env)
    lines = stale.stdout.splitlines()
    assert lines[0] == "pure (the compiled build does not match the sources)"
    assert lines[1].endswith("claims.py")
    assert stale.stderr.count("\n") == 1
    assert stale.stderr.startswith("connect-arena: the compiled engines are out of date")


@needs_compiled
@pytest.mark.parametrize("subset", PURE_SUBSET, ids=" ".join)
def test_the_pure_engines_pass_the_conformance_suite_and_perft(subset: tuple[str, ...]) -> None:
    """Each part of the subset on its own (the test runner's workers take them in parallel)."""
    env = {**os.environ, _build.ENV_PURE: "1", "PYTHONPATH": str(ROOT / "src")}
    env["CONFORMANCE_SEEDS"] = "1"  # the first seeded playout of each case: the same paths
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:xdist", "-p", "no:cacheprovider"]
    result = subprocess.run([*command, *subset], cwd=ROOT, env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert " passed" in result.stdout


def test_the_digest_follows_the_sources(tmp_path: Path) -> None:
    for name in _build.HASHED:
        (tmp_path / name).mkdir()
        (tmp_path / name / "a.py").write_text("x = 1\n")
    before = _build.source_digest(tmp_path)
    assert _build.source_digest(tmp_path) == before
    (tmp_path / "games" / "a.py").write_text("x = 2\n")
    assert _build.source_digest(tmp_path) != before


def test_the_digest_follows_the_module_list(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A module added to ``COMPILED`` with no source changed needs a build of its own (the
    old build, without that module, was kept and then refused as incomplete)."""
    for name in _build.HASHED:
        (tmp_path / name).mkdir()
        (tmp_path / name / "a.py").write_text("x = 1\n")
    before = _build.source_digest(tmp_path)
    monkeypatch.setattr(_build, "COMPILED", (*_build.COMPILED, "games.a"))
    assert _build.source_digest(tmp_path) != before
