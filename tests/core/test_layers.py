"""The layers import only leftwards: core ← games ← agents ← service ← server, cli, rl (the
interfaces: web, terminal, research adapters)."""

from __future__ import annotations

import ast
from pathlib import Path

import connect_arena

PACKAGE = Path(connect_arena.__file__).parent
ORDER = ["core", "games", "agents", "service", "server", "cli", "rl"]
# What each layer may import from the project (besides itself).
ALLOWED = {
    "core": set(),
    "games": {"core"},
    "agents": {"core", "games"},
    "service": {"core", "games", "agents"},
    "server": {"core", "games", "agents", "service"},
    "cli": {"core", "games", "agents", "service", "server"},
    "rl": {"core", "games", "agents", "service"},
}
FORBIDDEN_IN_ENGINES = {"fastapi", "sqlalchemy", "starlette", "uvicorn", "rich", "typer"}


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def test_layers_only_import_leftwards() -> None:
    problems = []
    for layer in ORDER:
        for path in (PACKAGE / layer).rglob("*.py") if (PACKAGE / layer).exists() else []:
            for name in _imports(path):
                parts = name.split(".")
                project = parts[0] == "connect_arena" and len(parts) > 1 and parts[1] in ORDER
                if project and parts[1] != layer and parts[1] not in ALLOWED[layer]:
                    problems.append(f"{path.relative_to(PACKAGE)} imports {name}")
                engine = layer in ("core", "games", "agents")
                if engine and parts[0] in FORBIDDEN_IN_ENGINES:
                    problems.append(f"{path.relative_to(PACKAGE)} imports {name}")
    assert problems == []


def test_the_check_sees_imports() -> None:
    assert "connect_arena.core.game" in _imports(PACKAGE / "games" / "quinque" / "rules.py")
