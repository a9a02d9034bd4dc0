"""Imports point one way, down the layers of the design: the CLI, reports,
services built on the door, the procedures behind it, then dice, rulesets and
the ruling records, then errors. A module may import its own layer and the
layers below, never one above; tabulate is imported only by reports."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "referee"
CLI, RENDER, SERVICES, PROCEDURES, BOTTOM, ERRORS = range(6)
BY_PREFIX = (  # the first prefix a module's dotted name starts with decides its layer
    ("referee.cli", CLI),
    ("referee.__main__", CLI),
    ("referee.render", RENDER),
    ("referee.procedures", PROCEDURES),
    ("referee.dice", BOTTOM),
    ("referee.notation", BOTTOM),
    ("referee.ruleset", BOTTOM),
    ("referee.ruling", BOTTOM),
    ("referee.outcomes", BOTTOM),
    ("referee.names", BOTTOM),
    ("referee.digests", BOTTOM),
    ("referee.inputs", BOTTOM),
    ("referee.language", BOTTOM),
    ("referee.errors", ERRORS),
    ("referee", SERVICES),
)


def layer(module: str) -> int:
    return next(level for prefix, level in BY_PREFIX if module == prefix or module.startswith(prefix + "."))


def modules() -> dict[str, Path]:
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def imports(path: Path) -> set[str]:
    """Every module a file imports, at its top or inside a function."""
    named: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            named |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            named.add(node.module)
            named |= {f"{node.module}.{alias.name}" for alias in node.names}
    return named


MODULES = modules()


@pytest.mark.parametrize("module", sorted(MODULES))
def test_imports_point_down(module: str) -> None:
    own = layer(module)
    upward = sorted(name for name in imports(MODULES[module]) if name in MODULES and layer(name) < own)
    assert not upward, f"{module} (layer {own}) imports from a layer above: {upward}"


def test_only_reports_import_tabulate() -> None:
    users = sorted(m for m, path in MODULES.items() if any(n.split(".")[0] == "tabulate" for n in imports(path)))
    assert users and all(layer(m) == RENDER for m in users), users


def test_every_layer_is_used() -> None:
    """A prefix no module falls under would be a layer rule that checks nothing."""
    assert {layer(m) for m in MODULES} == set(range(6))


KNOWN_CYCLES: list[list[str]] = []


def _cycles() -> list[list[str]]:
    """Groups of modules that import each other, directly or round about (Tarjan)."""
    graph = {m: {n for n in imports(p) if n in MODULES and n != m} for m, p in MODULES.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for other in graph[module]:
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            group = stack[stack.index(module) :]
            del stack[stack.index(module) :]
            if len(group) > 1:
                found.append(sorted(group))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return found


def test_no_module_imports_itself_round_about() -> None:
    assert _cycles() == KNOWN_CYCLES


PROCEDURES_DIR = PACKAGE / "procedures"
# the chart of hit checks (every attacker value against every target value) is
# still worked out by a service and a report that read the target-number
# procedure's reader and resolver; they go when the chart is a procedure hook
KNOWN_NAMERS = {"referee/hitcheck.py", "referee/render/hit.py"}


def _names(package: str) -> tuple[str, ...]:
    key = package.replace("_", "-")
    return (f"procedures.{package}", f"procedures/{package}", f'"{key}"', f"'{key}'", f"procedure: {key}", key)


def test_nothing_outside_a_procedure_names_it() -> None:
    """A procedure is found by the registry from its `procedure:` key: no
    module outside its package names its package or its key, so adding or
    removing one touches its own folder (docs/rulesets.md, "Adding a procedure")."""
    packages = sorted(p.name for p in PROCEDURES_DIR.iterdir() if (p / "__init__.py").is_file())
    assert packages, "no procedure package found"
    namers: dict[str, list[str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        for package in packages:
            if PROCEDURES_DIR / package in path.parents:
                continue
            if any(name in text for name in _names(package)):
                namers.setdefault(str(path.relative_to(PACKAGE.parent)), []).append(package)
    assert set(namers) == KNOWN_NAMERS, namers
