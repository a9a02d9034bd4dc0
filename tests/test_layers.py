"""Imports point one way, down the layers of the design: the CLI, reports,
services built on the door, the procedures behind it, then dice, words,
rulesets and the ruling records, then the core: errors, the record classes
everything declares, the catalogue reader. Each module lives in a room, a
package named for what it holds, and takes its room's layer; a module may
import its own layer and the layers below, never one above."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import click
import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "referee"
CLI, RENDER, SERVICES, PROCEDURES, BOTTOM, ERRORS = range(6)
ROOMS = (  # each room under referee/ and its layer; a module lives on its room's layer
    ("referee.cli", CLI),
    ("referee.__main__", CLI),
    ("referee.render", RENDER),
    ("referee.board", SERVICES),
    ("referee.economy", SERVICES),
    ("referee.fights", SERVICES),
    ("referee.journal", SERVICES),
    ("referee.settle", SERVICES),
    ("referee.procedures", PROCEDURES),
    ("referee.stages", PROCEDURES),
    ("referee.chance", BOTTOM),
    ("referee.outcomes", BOTTOM),
    ("referee.ruleset", BOTTOM),
    ("referee.rulings", BOTTOM),
    ("referee.words", BOTTOM),
    ("referee.core", ERRORS),
)


def layer(module: str) -> int:
    if module == "referee":
        return ERRORS  # the package itself holds only its version
    rooms = [level for prefix, level in ROOMS if module == prefix or module.startswith(prefix + ".")]
    assert rooms, f"{module} is in no room: move it into one, or list its room in ROOMS"
    return rooms[0]


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


def test_every_layer_is_used() -> None:
    """A prefix no module falls under would be a layer rule that checks nothing."""
    assert {layer(m) for m in MODULES} == set(range(6))


KNOWN_EAGER_ROOMS = ["referee/cli/__init__.py", "referee/outcomes/__init__.py"]  # rooms older than this rule


def test_the_top_level_holds_rooms_only() -> None:
    """Each module lives in a room named for what it holds; the top of the
    package keeps only its version and `python -m referee`."""
    assert sorted(p.name for p in PACKAGE.glob("*.py")) == ["__init__.py", "__main__.py"]


def test_a_room_imports_nothing_when_entered() -> None:
    """A room's `__init__` says what the room holds and imports nothing, so
    importing one module of a room never loads its neighbours."""
    eager = sorted(
        str(init.relative_to(PACKAGE.parent))
        for init in PACKAGE.glob("*/__init__.py")
        if init.parent.name in {prefix.split(".")[1] for prefix, _ in ROOMS} and imports(init)
    )
    assert eager == KNOWN_EAGER_ROOMS, eager


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


def _names(package: str) -> tuple[str, ...]:
    key = package.replace("_", "-")
    return (f"procedures.{package}", f"procedures/{package}", f'"{key}"', f"'{key}'", f"procedure: {key}", key)


def test_nothing_outside_a_procedure_names_it() -> None:
    """A procedure is found by the registry from its `procedure:` key: no
    module outside its package names its package or its key, so adding or
    removing one touches its own folder (docs/adding-a-procedure.md)."""
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
    assert not namers, namers


FLAG = re.compile(r"(?<![\w-])--[a-z]")
# explanations and file-key descriptions that still say what an option counts:
# a between-round policy step of a ruling, and the schema's description of it
KNOWN_FLAG_SPEAKERS = {"referee/procedures/ranked_pairs/fight.py", "referee/procedures/ranked_pairs/grammar.py"}


def _strings(tree: ast.AST) -> list[ast.Constant]:
    """The string literals of a tree that are not docstrings."""
    docs = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
    }
    return [n for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs]


def _flags_said(module: str) -> list[str]:
    path = MODULES[module]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    if layer(module) == RENDER:  # reports may tell people what to type; the errors they raise may not
        errors = [n for n in ast.walk(tree) if isinstance(n, ast.Raise)]
        return [s.value for raised in errors for s in _strings(raised) if FLAG.search(s.value)]
    return [s.value for s in _strings(tree) if FLAG.search(s.value)]


def test_below_the_cli_messages_name_inputs_not_flags() -> None:
    """Services and procedures speak of the game: a message that says what to
    type names the input with `referee.core.errors.setting`, and the CLI writes it
    as its option."""
    speakers = {
        str(MODULES[m].relative_to(PACKAGE.parent)): said
        for m in MODULES
        if layer(m) > CLI and (said := _flags_said(m))
    }
    assert set(speakers) == KNOWN_FLAG_SPEAKERS, speakers


def _options() -> set[str]:
    from referee.cli import cli

    found: set[str] = set()

    def visit(command: click.Command) -> None:
        found.update(o for p in command.params for o in p.opts if o.startswith("--"))
        if isinstance(command, click.Group):
            for name in command.list_commands(click.Context(command)):
                sub = command.get_command(click.Context(command), name)
                if sub is not None:
                    visit(sub)

    visit(cli)
    return found


def test_every_setting_a_message_names_is_an_option() -> None:
    """Each input a message below the CLI names is spelled as an option some
    command takes (players' own options, named by the file, aside)."""
    named = {
        node.args[0].value
        for path in MODULES.values()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Call)
        and getattr(node.func, "id", None) == "setting"
        and node.args
        and isinstance(node.args[0], ast.Constant)
    }
    assert named and {f"--{word}" for word in named} <= _options(), named


def test_the_cli_spells_a_setting_as_its_option() -> None:
    import referee.cli  # noqa: F401  (installs the spelling)
    from referee.core.errors import RefereeError, setting

    error = RefereeError(f"say which die grows: {setting('grow')} 3", rule="DL-4")
    assert str(error) == "say which die grows: --grow 3 (DL-4)"
    assert error.message == "say which die grows: --grow 3"
