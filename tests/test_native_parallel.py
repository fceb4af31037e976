"""The engines' compilation uses every core: mypyc writes a C file a module and setuptools
compiles them under pybind11's parallel compile (``connect_arena._build.compile_native``).

One C file for all 36 modules kept one core busy for ~2.5 minutes of every fresh clone's test
command; the compiler is faked here, the real build runs in ``dev.py test``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import mypyc.build
import pytest
from setuptools import Distribution  # type: ignore[import-untyped]

from connect_arena import _build


def test_the_c_files_of_the_engines_compile_on_every_core(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import distutils.ccompiler  # setuptools' copy, now that setuptools is imported

    seen: dict[str, Any] = {}
    serial = distutils.ccompiler.CCompiler.compile

    def mypycify(paths: list[str], **options: Any) -> list[Any]:
        seen["options"] = options
        return []

    def run_command(self: Any, name: str) -> None:
        seen["compile"] = distutils.ccompiler.CCompiler.compile
        seen["parallel"] = self.get_command_obj(name).parallel

    monkeypatch.setattr(mypyc.build, "mypycify", mypycify)
    monkeypatch.setattr(Distribution, "run_command", run_command)
    _build.compile_native(target=tmp_path)
    assert seen["options"]["multi_file"] is True
    assert seen["compile"] is not serial  # pybind11's, while the extensions build
    assert seen["parallel"] and seen["parallel"] >= 1
    assert distutils.ccompiler.CCompiler.compile is serial  # and put back after
