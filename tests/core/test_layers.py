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


# ----- the service's middle floor (docs/architecture.md) -------------------------------------

COLLABORATORS = {
    "analysis",
    "challenges",
    "chat",
    "cluster",
    "computer",
    "computer_seats",
    "finisher",
    "flags",
    "hints",
    "hub",
    "lifecycle",
    "lobby",
    "pipeline",
    "ratings",
    "registry",
    "seating",
    "seeks",
    "service",
    "tournaments",
    "user_events",
    "viewing",
}
"""The names the services, and the server's objects, give their collaborators."""


def _module_of(name: str, package: str = "connect_arena.service") -> str | None:
    """``connect_arena.service.pipeline.X`` → ``pipeline``; the package itself → ``__init__``."""
    if name == package:
        return "__init__"
    if name.startswith(package + "."):
        return name[len(package) + 1 :].split(".")[0]
    return None


def service_import_graph() -> dict[str, set[str]]:
    """Module → the service modules it imports (any import, ``TYPE_CHECKING`` ones too)."""
    graph: dict[str, set[str]] = {}
    folder = PACKAGE / "service"
    for path in folder.glob("*.py"):
        edges = graph.setdefault(path.stem, set())
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                target = _module_of(node.module)
                if target == "__init__":  # from connect_arena.service import pipeline, X
                    for alias in node.names:
                        stem = alias.name if (folder / f"{alias.name}.py").exists() else None
                        edges.add(stem or "__init__")
                elif target is not None:
                    edges.add(target)
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    target = _module_of(alias.name)
                    if target is not None:
                        edges.add(target)
        edges.discard(path.stem)
    return graph


def test_the_service_import_graph_has_no_circle() -> None:
    import networkx as nx

    graph = nx.DiGraph()
    for module, targets in service_import_graph().items():
        if module == "__init__":  # the package re-exports its modules: an entry, not a layer
            continue
        graph.add_edges_from((module, target) for target in targets if target != "__init__")
    assert list(nx.simple_cycles(graph)) == []


def reassigned_collaborators(source: str) -> list[str]:
    """Assignments that change another object's collaborator or hook after construction:
    ``x.pipeline.changed = f``, ``self.lobby.seeks = g``, ``obj.hook = lambda ...``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        targets: list[ast.expr] = []
        value: ast.expr | None = None
        if isinstance(node, ast.Assign):
            targets, value = list(node.targets), node.value
        elif isinstance(node, ast.AnnAssign | ast.AugAssign):
            targets, value = [node.target], node.value
        for target in targets:
            if not isinstance(target, ast.Attribute):
                continue
            owner = target.value
            owner_name = (
                owner.attr
                if isinstance(owner, ast.Attribute)
                else owner.id
                if isinstance(owner, ast.Name)
                else None
            )
            is_self = isinstance(owner, ast.Name) and owner.id == "self"
            function = isinstance(value, ast.Lambda) or (
                isinstance(value, ast.Attribute)
                and isinstance(value.value, ast.Attribute | ast.Name)
                and getattr(value.value, "attr", getattr(value.value, "id", "")) in COLLABORATORS
            )
            if (owner_name in COLLABORATORS and not is_self) or (function and not is_self):
                found.append(f"line {node.lineno}: {ast.unparse(target)} = ...")
    return found


def test_no_collaborator_is_reassigned_after_construction() -> None:
    problems = []
    for layer in ("service", "server", "cli"):
        for path in (PACKAGE / layer).rglob("*.py"):
            for line in reassigned_collaborators(path.read_text()):
                problems.append(f"{path.relative_to(PACKAGE)} {line}")
    assert problems == []


def test_the_checks_see_circles_and_reassignments() -> None:
    assert reassigned_collaborators("self.pipeline.changed = self.changed\n")
    assert reassigned_collaborators("service.lifecycle.open_ttl = 3\n")
    assert reassigned_collaborators("pipeline.flag_fell = self.flag_fell\n")
    assert reassigned_collaborators("table.hook = lambda t: None\n")
    assert not reassigned_collaborators("self.pipeline = pipeline\ntable.state = after\n")
    assert "table_events" in service_import_graph()["pipeline"]
