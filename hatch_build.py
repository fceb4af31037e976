"""Hatchling build hook: the wheel carries the mypyc-compiled engines when they can be built.

``pip install .`` builds a wheel with the compiled modules of ``connect_arena._build.COMPILED``
in ``connect_arena/_native/<digest>/``; ``pip install -e .`` compiles them into the source
tree's ``src/connect_arena/_native/<digest>/`` instead. Without a C compiler (or if mypyc
fails) the hook prints one line and the package stays pure Python; it never fails the build.
"""

from __future__ import annotations

import importlib.util
import sys
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface  # type: ignore[import-not-found, unused-ignore]


def _build_module(root: Path) -> Any:
    """``connect_arena/_build.py`` loaded on its own (the package is not importable here)."""
    path = root / "src" / "connect_arena" / "_build.py"
    spec = importlib.util.spec_from_file_location("_connect_arena_build", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


class NativeBuildHook(BuildHookInterface):  # type: ignore[misc, type-arg, unused-ignore]
    """Compile the engines with mypyc for wheels (standard and editable)."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel":
            return
        build = _build_module(Path(self.root))
        package = Path(self.root) / "src" / "connect_arena"
        if version == "editable":
            build.compile_native(package)  # into the source tree, keyed by the sources' digest
            return
        scratch = Path(tempfile.mkdtemp(prefix="connect-arena-native-"))
        final = build.compile_native(package, target=scratch)
        if final is None:
            return
        build_data["force_include"][str(final)] = f"connect_arena/_native/{final.name}"
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
