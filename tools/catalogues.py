"""Message catalogues: compile each referee/locale/*/LC_MESSAGES/referee.po
into the .mo the stdlib's gettext reads, or check that they are in step.

    python tools/catalogues.py           # compile every .po into its .mo
    python tools/catalogues.py --check   # exit 1 and say why when out of step

The check: every message the code asks for is translated in every
catalogue: `_("...")` and `ngettext("...", "...", n)`, and the explanation
steps' messages, each known by a stable id that is its context:
`step(rule, "id", "...")`, `step_n(rule, "id", "...", "...", n)`,
`say("id", "...")`, `say_n("id", "...", "...", n)`, `pgettext("id", "...")`,
`npgettext("id", "...", "...", n)` (a module constant may stand for a quoted
text), and the help of the commands: `helped("id", "...")` and the docstring,
up to its example, of a function marked `@described("id")`. A translation
fills in only values the code gives (any other name would fail when the
message is said); no catalogue keeps a message the code
no longer asks for; every .mo is the compiled form of its .po.
Standard library only: Babel would extract and compile the same, but a
catalogue of this size does not earn a development dependency.
"""

from __future__ import annotations

import ast
import inspect
import string
import struct
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "referee"
LOCALE = PACKAGE / "locale"
MAGIC = 0x950412DE

Entries = dict[str, list[str]]  # [msgctxt EOT] msgid [NUL plural] -> its forms, as the .mo keys them
CONTEXT = "\x04"  # what joins a message's context to its msgid in a .mo
# a call asking for a message: (where its context is, or None; how many strings from there on)
ASKING = {
    "_": (None, 1),
    "ngettext": (None, 2),
    "pgettext": (0, 2),
    "npgettext": (0, 3),
    "say": (0, 2),
    "say_n": (0, 3),
    "step": (1, 2),
    "step_n": (1, 3),
    "helped": (0, 2),
}
HELP = "described"  # the decorator whose id names a command's docstring
EXAMPLE = "\b\nExample:"  # where a command's docstring stops being its help (referee.cli.helptext)


def _literal(line: str, path: Path, number: int) -> str:
    try:
        value = ast.literal_eval(line)
    except (ValueError, SyntaxError):
        raise SystemExit(f"{path}:{number}: expected a quoted string, got {line!r}") from None
    if not isinstance(value, str):
        raise SystemExit(f"{path}:{number}: expected a quoted string, got {line!r}")
    return value


def read_po(path: Path) -> Entries:
    """A .po file's entries (the header under msgid ''); a fuzzy entry is left out, as msgfmt does."""
    entries: Entries = {}
    current: dict[str, str] = {}
    key = ""
    fuzzy = False

    def finish() -> None:
        nonlocal current, fuzzy
        if "msgid" in current and not fuzzy:
            msgid = current["msgid"]
            if "msgctxt" in current:
                msgid = current["msgctxt"] + CONTEXT + msgid
            if "msgid_plural" in current:
                msgid += "\0" + current["msgid_plural"]
                forms = [current[k] for k in sorted(k for k in current if k.startswith("msgstr["))]
            else:
                forms = [current.get("msgstr", "")]
            entries[msgid] = forms
        current, fuzzy = {}, False

    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        if not line:
            finish()
        elif line.startswith("#"):
            fuzzy = fuzzy or (line.startswith("#,") and "fuzzy" in line)
        elif line.startswith('"'):
            current[key] += _literal(line, path, number)
        else:
            key, _, rest = line.partition(" ")
            if key in ("msgctxt", "msgid") and "msgid" in current:
                finish()
            current[key] = _literal(rest, path, number)
    finish()
    return entries


def mo_bytes(entries: Entries) -> bytes:
    """The GNU .mo form of a catalogue (no hash table: gettext does not need one)."""
    translated = sorted(
        (k.encode("utf-8"), "\0".join(v).encode("utf-8")) for k, v in entries.items() if all(v) or not k
    )
    count = len(translated)
    start = 7 * 4
    originals_at, translations_at = start, start + count * 8
    data_at = translations_at + count * 8
    tables: list[int] = []
    blob = b""
    for strings in ([k for k, _ in translated], [v for _, v in translated]):
        for text in strings:
            tables += [len(text), data_at + len(blob)]
            blob += text + b"\0"
    head = struct.pack("<7I", MAGIC, 0, count, originals_at, translations_at, 0, data_at)
    return head + struct.pack(f"<{len(tables)}I", *tables) + blob


def _constants(tree: ast.Module) -> dict[str, str]:
    """A module's string constants (`POLICY = "..."`), which a call may pass by name."""
    return {
        node.targets[0].id: node.value.value
        for node in tree.body
        if isinstance(node, ast.Assign)
        and len(node.targets) == 1
        and isinstance(node.targets[0], ast.Name)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
    }


def _strings(node: ast.Call, start: int, count: int, constants: dict[str, str]) -> list[str] | None:
    """The `count` strings a call passes from argument `start` on, quoted or
    named by a module constant; None when one is neither."""
    texts = []
    for arg in node.args[start : start + count]:
        if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
            texts.append(arg.value)
        elif isinstance(arg, ast.Name) and arg.id in constants:
            texts.append(constants[arg.id])
    return texts if len(texts) == count else None


@dataclass
class Asked:
    """A message the code asks for: the first place it is asked, and the
    values every call gives it to fill in (None: a call the check cannot read,
    such as `**values` or a `_()` formatted later)."""

    place: str
    names: set[str] | None


def _given(keywords: list[ast.keyword]) -> set[str] | None:
    """The values keyword arguments give; None when `**values` hides them."""
    return None if any(k.arg is None for k in keywords) else {k.arg for k in keywords if k.arg}


def _formatted(tree: ast.Module) -> dict[int, set[str] | None]:
    """The values given to each `_()` or `ngettext()` formatted where it is
    asked (`_("...").format(x=...)`), by the asking call's id."""
    return {
        id(node.func.value): _given(node.keywords)
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "format"
        and isinstance(node.func.value, ast.Call)
        and isinstance(node.func.value.func, ast.Name)
        and node.func.value.func.id in ("_", "ngettext")
    }


def _names(node: ast.Call, function: str, formatted: dict[int, set[str] | None]) -> set[str] | None:
    if function == "helped":  # a help text is shown as it is, never formatted
        return None
    if function in ("_", "ngettext"):
        return formatted.get(id(node))  # None: formatted later, where the check cannot follow
    given = _given(node.keywords)
    return None if given is None else given | ({"n"} if function in ("step_n", "say_n") else set())


def asked(package: Path = PACKAGE) -> dict[str, Asked]:
    """Every message the code asks for, keyed as the .mo keys it."""
    found: dict[str, Asked] = {}
    for path in sorted(package.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        constants = _constants(tree)
        formatted = _formatted(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and (described := _described(node)):
                found.setdefault(described, Asked(f"{_shown(path)}:{node.lineno}", None))
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ASKING):
                continue
            context_at, count = ASKING[node.func.id]
            start = 0 if context_at is None else context_at
            texts = _strings(node, start, count, constants)
            if texts is None:
                continue
            if node.func.id == "helped":  # a help text is known as click keeps it
                texts[1] = inspect.cleandoc(texts[1])
            key = "\0".join(texts if context_at is None else texts[1:])
            key = key if context_at is None else texts[0] + CONTEXT + key
            names = _names(node, node.func.id, formatted)
            if key not in found:
                found[key] = Asked(f"{_shown(path)}:{node.lineno}", names)
            else:
                seen = found[key].names
                found[key].names = None if seen is None or names is None else seen | names
    return found


def _described(node: ast.FunctionDef) -> str | None:
    """The message a command's docstring is, keyed by its `@described("id")`; None for any other function."""
    for decorator in node.decorator_list:
        if isinstance(decorator, ast.Call) and isinstance(decorator.func, ast.Name) and decorator.func.id == HELP:
            context = decorator.args[0]
            if isinstance(context, ast.Constant) and isinstance(context.value, str):
                body = inspect.cleandoc(ast.get_docstring(node, clean=False) or "").partition(EXAMPLE)[0]
                return context.value + CONTEXT + body.rstrip()
    return None


def _shown(path: Path) -> Path:
    return path.relative_to(ROOT) if path.is_relative_to(ROOT) else path


def _named(key: str) -> str:
    """A message as a person reads it: its context and its (singular) English text."""
    context, _, text = key.rpartition(CONTEXT)
    return f"{context}: {text.split(chr(0))[0]!r}" if context else repr(text.split(chr(0))[0])


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def _unknown(key: str, forms: list[str], names: set[str] | None) -> set[str]:
    """The values a translation fills in that neither its English text nor any
    call gives: each would fail when the message is said."""
    if names is None or not key:
        return set()
    english = key.rpartition(CONTEXT)[2].split("\0")
    known = names.union(*(_fields(text) for text in english))
    return set().union(*(_fields(form) for form in forms)) - known


def catalogues(locale: Path = LOCALE) -> list[Path]:
    return sorted(locale.glob("*/LC_MESSAGES/referee.po"))


def problems(package: Path = PACKAGE, locale: Path = LOCALE) -> list[str]:
    """What is out of step, one line each; none when all is well."""
    wanted = asked(package)
    out = []
    for po in catalogues(locale):
        entries = read_po(po)
        where = _shown(po)
        for msgid, asking in wanted.items():
            if not all(entries.get(msgid, [""])):
                out.append(f"{where}: no translation of {_named(msgid)} (asked at {asking.place})")
            elif unknown := _unknown(msgid, entries[msgid], asking.names):
                names = ", ".join(sorted(unknown))
                out.append(f"{where}: {_named(msgid)} fills in {names}, which the code does not give")
        out += [f"{where}: {_named(k)} is no longer asked for" for k in entries if k and k not in wanted]
        mo = po.with_suffix(".mo")
        if not mo.is_file() or mo.read_bytes() != mo_bytes(entries):
            out.append(f"{_shown(mo)} is not compiled from its .po: run python tools/catalogues.py")
    return out


def main(argv: list[str]) -> int:
    if argv == ["--check"]:
        found = problems()
        print("\n".join(found) or f"{len(catalogues())} catalogues in step with the code")
        return 1 if found else 0
    if argv:
        print(__doc__)
        return 2
    for po in catalogues():
        po.with_suffix(".mo").write_bytes(mo_bytes(read_po(po)))
        print(f"compiled {po.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
