"""The compiled build of the engines: what is compiled, where it lives, and when it is used.

The hot engine modules (:data:`COMPILED`) are compiled ahead of time by mypyc from the same
typed source; nothing else differs. The extensions live in ``connect_arena/_native/<digest>/``,
where ``<digest>`` is :func:`source_digest`: a hash of every ``.py`` file of ``agents/``,
``core/``, ``games/`` and ``rl/`` and of the interpreter's tag. :func:`activate` (run when
``connect_arena`` is imported) loads them only from the directory of the current sources'
digest, so an editable install whose sources changed after the last compilation runs the
pure-Python modules (with a one-line notice on stderr) and never stale compiled code.
``CONNECT_ARENA_PURE=1`` forces the pure-Python modules (the tests run a subset both ways).

Building: :func:`main` compiles for the current sources when needed (it needs mypy,
setuptools and a C compiler; ``python3 dev.py start/test`` run it), and the wheel's build hook
(``hatch_build.py``) does the same for ``pip install .``. A failed compilation prints
one line and leaves the pure-Python package in use; it is never an error.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import shutil
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

PACKAGE = Path(__file__).resolve().parent
NATIVE = PACKAGE / "_native"
"""Where compiled builds live, one directory per source digest."""
ENV_PURE = "CONNECT_ARENA_PURE"
"""Set to a non-empty value other than ``0``: use the pure-Python modules."""
GROUP = "connect_arena_native"
"""mypyc's name for the shared library of the compiled modules (``GROUP__mypyc``)."""

COMPILED: tuple[str, ...] = (
    "agents.draws",
    "agents.knowledge.connect5",
    "agents.knowledge.connnect",
    "agents.knowledge.pairs",
    "agents.knowledge.quinque",
    "core.chance",
    "core.events",
    "core.state",
    "games.connect5.events",
    "games.connect5.legal",
    "games.connect5.options",
    "games.connect5.rules",
    "games.connect5.tables",
    "games.connect5.topology",
    "games.connect5.view",
    "games.connnect.bonuses",
    "games.connnect.claims",
    "games.connnect.components",
    "games.connnect.events",
    "games.connnect.flow",
    "games.connnect.legal",
    "games.connnect.player",
    "games.connnect.rules",
    "games.connnect.scoring",
    "games.connnect.sheet",
    "games.connnect.view",
    "games.pairs.components",
    "games.pairs.events",
    "games.pairs.legal",
    "games.pairs.rules",
    "games.pairs.turn",
    "games.pairs.view",
    "games.quinque.events",
    "games.quinque.geometry",
    "games.quinque.legal",
    "games.quinque.rules",
    "games.quinque.shapes",
    "games.quinque.tables",
    "games.quinque.view",
    "rl.encoding.base",
    "rl.encoding.connect5",
    "rl.encoding.connnect",
    "rl.encoding.pairs",
    "rl.encoding.quinque",
    "rl.stepper",
)
"""The compiled modules, relative to ``connect_arena`` (the profiles' hot spots): ``core.state``
(the engine protocol's ``State``, subclassed by compiled and interpreted states), the rules
of the four games (their ``State`` classes native; ``Game`` and ``Action`` stay interpreted
in ``core.game``, and so do the games' ``notation`` modules: compiled, Quinque's failed at
import, its action dataclasses deriving from the interpreted ``Action``), their views and
events (an observation and an action's description at every move of a live table), the
games' helper modules and their MCTS knowledge (rollout policies and
evaluations, most of a simulation's time), and the research adapters' stepping layer with the
games' action encodings (the hot path between ``env.step`` or OpenSpiel's ``apply_action`` and
the engine)."""
HASHED = ("agents", "core", "games", "rl")
"""Packages whose sources make up the digest: the compiled modules and everything they use."""

_status = "pure (not activated)"


def pure_forced() -> bool:
    """Whether ``CONNECT_ARENA_PURE`` asks for the pure-Python modules."""
    return os.environ.get(ENV_PURE, "") not in ("", "0")


def source_digest(package: Path = PACKAGE) -> str:
    """A hash (24 hex digits) of the interpreter's tag, the :data:`COMPILED` module list and
    every ``.py`` file under the :data:`HASHED` packages of ``package`` (paths and bytes)."""
    digest = hashlib.sha256(sys.implementation.cache_tag.encode())
    # the module list too: a module added to it with no source changed needs a new build
    digest.update(" ".join(COMPILED).encode() + b"\0")
    for sub in HASHED:
        for path in sorted((package / sub).rglob("*.py")):
            digest.update(path.relative_to(package).as_posix().encode() + b"\0")
            digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()[:24]


def _extension(directory: Path, dotted: str) -> Path | None:
    """The extension file of module ``dotted`` (full name) in ``directory``, if any."""
    stem = directory.joinpath(*dotted.split("."))
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        candidate = stem.with_name(stem.name + suffix)
        if candidate.is_file():
            return candidate
    return None


class _NativeFinder(importlib.abc.MetaPathFinder):
    """Finds the compiled modules (and mypyc's shared library) in one build directory."""

    def __init__(self, files: dict[str, Path]) -> None:
        self.files = files

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        file = self.files.get(fullname)
        if file is None:
            return None
        loader = importlib.machinery.ExtensionFileLoader(fullname, str(file))
        return importlib.util.spec_from_file_location(fullname, file, loader=loader)


def _notice(text: str) -> None:
    print(f"connect-arena: {text}", file=sys.stderr)


def activate() -> str:
    """Use the compiled modules if a build for the current sources exists (see the module
    docstring); returns and remembers :func:`describe`'s line. Never raises."""
    global _status
    if pure_forced():
        _status = f"pure ({ENV_PURE} set)"
        return _status
    if not NATIVE.is_dir():
        _status = "pure (no compiled build installed)"
        return _status
    digest = source_digest()
    directory = NATIVE / digest
    names = [GROUP + "__mypyc", *(f"connect_arena.{name}" for name in COMPILED)]
    files = {name: _extension(directory, name) for name in names}
    found = {name: file for name, file in files.items() if file is not None}
    if len(found) != len(names):
        _status = "pure (the compiled build does not match the sources)"
        _notice(
            "the compiled engines are out of date or incomplete; using the pure-Python "
            "engines (`python3 dev.py test` rebuilds them)"
        )
        return _status
    finder = _NativeFinder(found)
    sys.meta_path.insert(0, finder)
    try:
        importlib.import_module(GROUP + "__mypyc")
    except ImportError as error:
        sys.meta_path.remove(finder)
        _status = "pure (the compiled build failed to load)"
        _notice(f"the compiled engines failed to load ({error}); using the pure-Python engines")
        return _status
    _status = f"compiled (mypyc, {len(COMPILED)} modules, {digest})"
    return _status


def describe() -> str:
    """One line naming the build in use: ``compiled (...)`` or ``pure (why)``."""
    return _status


def is_compiled() -> bool:
    """Whether the compiled modules are in use."""
    return _status.startswith("compiled")


def current_build(package: Path = PACKAGE, target: Path | None = None) -> Path | None:
    """The complete build for the current sources in ``target`` (default
    ``package/_native``), or ``None``."""
    directory = (target or package / "_native") / source_digest(package)
    names = [GROUP + "__mypyc", *(f"connect_arena.{name}" for name in COMPILED)]
    return directory if all(_extension(directory, n) is not None for n in names) else None


def compile_native(package: Path = PACKAGE, target: Path | None = None) -> Path | None:
    """Compile :data:`COMPILED` of the sources in ``package`` with mypyc into
    ``target/<digest>`` (``target`` defaults to ``package/_native``, whose other builds are
    removed), unless that build exists. Returns the build directory, or ``None`` (after a
    one-line notice) when compilation is impossible here.
    """
    target = target or package / "_native"
    final = current_build(package, target)
    if final is not None:
        return final
    digest = source_digest(package)
    final = target / digest
    try:
        from mypyc.build import mypycify  # only when compiling
        from setuptools import Distribution  # type: ignore[import-untyped]
    except ImportError as error:
        _notice(f"cannot compile the engines ({error}); the pure-Python engines are used")
        return None
    target.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="build-", dir=target))
    paths = [str(package.joinpath(*name.split(".")).with_suffix(".py")) for name in COMPILED]
    cwd = Path.cwd()
    try:
        os.chdir(work)  # mypy's cache and the C sources go to the scratch directory
        extensions = mypycify(
            ["--ignore-missing-imports", "--follow-imports=silent", *paths],
            opt_level="2",
            group_name=GROUP,
            multi_file=True,  # a C file a module, so the compiler runs on every core
        )
        dist = Distribution({"name": "connect-arena-native", "ext_modules": extensions})
        command = dist.get_command_obj("build_ext")
        command.build_lib = str(work / "lib")
        command.build_temp = str(work / "tmp")
        command.parallel = os.cpu_count() or 1  # the small per-module extensions
        with _parallel_compile():
            dist.run_command("build_ext")
    except (Exception, SystemExit) as error:  # a compiler error must never break an install
        _notice(f"compiling the engines failed ({error!r}); the pure-Python engines are used")
        shutil.rmtree(work, ignore_errors=True)
        return None
    finally:
        os.chdir(cwd)
    with contextlib.suppress(OSError):  # another process finished the same build first
        os.replace(work / "lib", final)
    shutil.rmtree(work, ignore_errors=True)
    for other in target.iterdir():
        if other.is_dir() and other.name != digest and not other.name.startswith("build-"):
            shutil.rmtree(other, ignore_errors=True)
    return final


def _parallel_compile() -> contextlib.AbstractContextManager[object]:
    """The C files of one extension compiled at once, one compiler process a core
    (pybind11's ``ParallelCompile``; setuptools compiles an extension's files one by one), or
    nothing when pybind11 is missing: then the build is serial, as before.

    The group's shared library holds every compiled module: one C file for all of them kept
    one core busy for ~2.5 minutes (session 41); with ``multi_file`` and this, the modules'
    files share the cores."""
    try:
        from pybind11.setup_helpers import ParallelCompile
    except ImportError:
        return contextlib.nullcontext()
    return ParallelCompile(default=os.cpu_count() or 1)


def main() -> None:
    """Compile the engines for the current sources (``python3 dev.py start/test`` call it)."""
    final = compile_native()
    if final is not None:
        print(f"connect-arena: compiled engines in {final}")
