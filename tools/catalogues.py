"""Message catalogues: put each message in its catalogue and compile every
.po into the .mo the stdlib's gettext reads, or check that they are in step.

    python tools/catalogues.py           # place every message, compile every .po into its .mo
    python tools/catalogues.py --check   # exit 1 and say why when out of step
    python tools/catalogues.py --compile DIR   # compile a package kept outside the referee (DIR/locale/*.po)

A language's messages are in the shared catalogue
(referee/locale/<lang>/LC_MESSAGES/referee.po) and in the catalogues of the
procedures and stages: a package under referee/procedures or
referee/stages keeps the messages only it asks for in its own
`locale/<lang>.po`, and its `__init__` says `own_catalogue(__file__)` so the
language layer reads them. A message asked by several stays shared.
Compiling first moves each entry to the catalogue it belongs in (a new
package's messages may be written in either), creating a package's .po
when it has none.

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
no longer asks for; every message is in the catalogue it belongs in (a
stage's own messages in its package's, never the shared one, and a stage
that is a single module with messages of its own is refused: make it a
package); every .mo is the compiled form of its .po.
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
PARTS = ("procedures", "stages")  # the rooms whose packages keep their own messages
MODULE_PARTS = ("stages",)  # the rooms whose single modules are parts too (to become packages)
OWN = "own_catalogue"  # what a package's __init__ calls to say it keeps them (referee.words.language)

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
    return _parsed(path.read_text(encoding="utf-8"), path)


def _parsed(text: str, path: Path) -> Entries:
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

    for number, raw in enumerate(text.splitlines(), 1):
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
    """A message the code asks for: the first place it is asked, the
    values every call gives it to fill in (None: a call the check cannot read,
    such as `**values` or a `_()` formatted later), and the procedures and
    stages that ask it (None for code outside them)."""

    place: str
    names: set[str] | None
    parts: set[Path | None]

    @property
    def owner(self) -> Path | None:
        """The one procedure or stage that asks it, whose own message it is; None when shared."""
        return next(iter(self.parts)) if len(self.parts) == 1 else None


def part_of(path: Path, package: Path, keeping: set[Path]) -> Path | None:
    """The procedure or stage a module is part of: its package's folder (a
    stage that is still a single module: the module), or None for the code
    they share. A package elsewhere that keeps its own catalogue (`keeping`) is a part too."""
    parts = path.relative_to(package).parts
    if len(parts) > 2 and parts[0] in PARTS:
        return package / parts[0] / parts[1]
    if len(parts) == 2 and parts[0] in MODULE_PARTS and parts[1] != "__init__.py":
        return path
    return next((folder for folder in keeping if path.is_relative_to(folder)), None)


def keeping(package: Path = PACKAGE) -> set[Path]:
    """The packages whose `__init__` says they keep their own catalogue (`own_catalogue(__file__)`)."""
    return {
        init.parent
        for init in package.rglob("__init__.py")
        for node in ast.walk(ast.parse(init.read_text(encoding="utf-8")))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == OWN
    }


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
    kept = keeping(package)
    for path in sorted(package.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        constants = _constants(tree)
        formatted = _formatted(tree)
        part = part_of(path, package, kept)
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and (described := _described(node)):
                found.setdefault(described, Asked(f"{_shown(path)}:{node.lineno}", None, set())).parts.add(part)
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
                found[key] = Asked(f"{_shown(path)}:{node.lineno}", names, {part})
            else:
                seen = found[key].names
                found[key].names = None if seen is None or names is None else seen | names
                found[key].parts.add(part)
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
    """The shared catalogues, one a language."""
    return sorted(locale.glob("*/LC_MESSAGES/referee.po"))


def language_of(shared: Path) -> str:
    """A shared catalogue's language as its folder names it ('nl', 'zh_Hant')."""
    return shared.parent.parent.name


def own_po(folder: Path, language: str) -> Path:
    """A package's own catalogue in a language: locale/<lang>.po beside its __init__."""
    return folder / "locale" / f"{language}.po"


def every_catalogue(language: str, package: Path = PACKAGE, locale: Path = LOCALE) -> list[Path]:
    """A language's catalogues: the shared one, then every package's own."""
    return [locale / language / "LC_MESSAGES" / "referee.po", *sorted(package.rglob(f"locale/{language}.po"))]


def _home(owner: Path | None) -> Path | None:
    """The folder whose catalogue a message belongs in: its package's; None (the shared catalogue) for
    a message several ask, or one asked by a stage still a single module."""
    return None if owner is None or owner.suffix == ".py" else owner


def _homes(wanted: dict[str, Asked], package: Path) -> set[Path]:
    """Every package that keeps a catalogue or should: those that declare one, and those with messages of their own."""
    return keeping(package) | {home for asking in wanted.values() if (home := _home(asking.owner))}


def problems(package: Path = PACKAGE, locale: Path = LOCALE) -> list[str]:
    """What is out of step, one line each; none when all is well."""
    wanted = asked(package)
    declared = keeping(package)
    homes = _homes(wanted, package)
    out = []
    for owner in sorted({a.owner for a in wanted.values() if a.owner}):
        own = sum(a.owner == owner for a in wanted.values())
        if owner.suffix == ".py":
            out.append(
                f"{_shown(owner)} is a stage with messages of its own ({own}): make it a package that keeps them"
            )
        elif owner not in declared:
            out.append(
                f"{_shown(owner / '__init__.py')} has messages of its own ({own}) but does not say {OWN}(__file__)"
            )
    out += [
        f"{_shown(f / '__init__.py')} says {OWN}(__file__) but asks no message of its own"
        for f in declared - {_home(a.owner) for a in wanted.values()}
    ]
    for shared in catalogues(locale):
        language = language_of(shared)
        books = {None: shared} | {home: own_po(home, language) for home in sorted(homes)}
        strays = set(package.rglob(f"locale/{language}.po")) - set(books.values())
        out += [f"{_shown(po)}: no package keeps it (its __init__ does not say {OWN}(__file__))" for po in strays]
        for home, po in books.items():
            if not po.is_file():
                out.append(f"{_shown(po)} is missing: run python tools/catalogues.py")
                continue
            here = {k: a for k, a in wanted.items() if _home(a.owner) == home}
            out += _out_of_step(po, here, wanted, books[None], language)
    return out


def _out_of_step(po: Path, here: dict[str, Asked], wanted: dict[str, Asked], shared: Path, language: str) -> list[str]:
    """What one catalogue lacks, fills in wrongly, keeps that is not its, or has not compiled."""
    entries = read_po(po)
    where = _shown(po)
    out = []
    for msgid, asking in here.items():
        if not all(entries.get(msgid, [""])):
            out.append(f"{where}: no translation of {_named(msgid)} (asked at {asking.place})")
        elif unknown := _unknown(msgid, entries[msgid], asking.names):
            names = ", ".join(sorted(unknown))
            out.append(f"{where}: {_named(msgid)} fills in {names}, which the code does not give")
    for key in entries:
        if key and key not in wanted:
            out.append(f"{where}: {_named(key)} is no longer asked for")
        elif key and key not in here:
            home = _home(wanted[key].owner)
            belongs = own_po(home, language) if home else shared
            out.append(f"{where}: {_named(key)} belongs in {_shown(belongs)}: run python tools/catalogues.py")
    mo = po.with_suffix(".mo")
    if not mo.is_file() or mo.read_bytes() != mo_bytes(entries):
        out.append(f"{_shown(mo)} is not compiled from its .po: run python tools/catalogues.py")
    return out


def _blocks(text: str) -> list[str]:
    """A .po file's paragraphs: each entry with its comments, or a comment alone."""
    return [block.strip("\n") for block in text.split("\n\n") if block.strip()]


def _key(block: str, path: Path) -> str | None:
    """The one entry a paragraph holds, as the .mo keys it; None for a comment alone or the header."""
    keys = [key for key in _parsed(block, path) if key]
    return keys[0] if len(keys) == 1 else None


def _written(blocks: list[str]) -> str:
    return "\n\n".join(blocks) + "\n"


def _new_po(shared: Path, folder: Path) -> list[str]:
    """A package's first catalogue in a language: the shared one's header, saying whose messages follow."""
    header = next(b for b in _blocks(shared.read_text(encoding="utf-8")) if _parsed(b, shared).keys() == {""})
    said = [line for line in header.splitlines() if not line.startswith("#")]
    name = _shown(folder).as_posix()
    return [f"# {name}: its own messages. Compile with: python tools/catalogues.py\n" + "\n".join(said)]


def place(package: Path = PACKAGE, locale: Path = LOCALE) -> list[str]:
    """Move each entry to the catalogue it belongs in (see `problems`),
    appended at its end, creating a package's catalogue it needs; an entry
    of the same message already there gives way to it (after a merge, the one
    out of place is the translation edited meanwhile). What moved, one line each."""
    wanted = asked(package)
    moved = []
    for shared in catalogues(locale):
        language = language_of(shared)
        books = {None: shared} | {home: own_po(home, language) for home in sorted(_homes(wanted, package))}
        books |= {p.parent.parent: p for p in package.rglob(f"locale/{language}.po") if p not in books.values()}
        texts = {home: _blocks(po.read_text(encoding="utf-8")) if po.is_file() else [] for home, po in books.items()}
        changed = set()
        for home, blocks in texts.items():
            for block in list(blocks):
                key = _key(block, books[home])
                if key is None or key not in wanted or (goes := _home(wanted[key].owner)) == home:
                    continue
                if goes is not None and not texts[goes]:
                    texts[goes] = _new_po(shared, goes)
                blocks.remove(block)
                there = [i for i, b in enumerate(texts[goes]) if _key(b, books[goes]) == key]
                if there:  # the one out of place is the newer: a translation edited where it used to be
                    texts[goes][there[0]] = block
                else:
                    texts[goes].append(block)
                changed |= {home, goes}
                moved.append(f"{_named(key)}: {_shown(books[home])} -> {_shown(books[goes])}")
        for home in changed:
            books[home].parent.mkdir(parents=True, exist_ok=True)
            books[home].write_text(_written(texts[home]), encoding="utf-8")
    return moved


def compiled(package: Path = PACKAGE, locale: Path = LOCALE) -> list[Path]:
    """Compile every catalogue, shared and each package's, into its .mo; the .po files compiled."""
    done = []
    for shared in catalogues(locale):
        for po in every_catalogue(language_of(shared), package, locale):
            po.with_suffix(".mo").write_bytes(mo_bytes(read_po(po)))
            done.append(po)
    return done


def main(argv: list[str]) -> int:
    if argv == ["--check"]:
        found = problems()
        shown = f"{sum(len(every_catalogue(language_of(s))) for s in catalogues())} catalogues"
        print("\n".join(found) or f"{shown} of {len(catalogues())} languages in step with the code")
        return 1 if found else 0
    if len(argv) == 2 and argv[0] == "--compile":
        own = sorted((Path(argv[1]) / "locale").glob("*.po"))
        for po in own:
            po.with_suffix(".mo").write_bytes(mo_bytes(read_po(po)))
            print(f"compiled {po}")
        return 0 if own else 1
    if argv:
        print(__doc__)
        return 2
    print("\n".join(f"moved {line}" for line in place()) or "every message in its catalogue")
    print("\n".join(f"compiled {_shown(po)}" for po in compiled()))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
