"""Message catalogues: compile each referee/locale/*/LC_MESSAGES/referee.po
into the .mo the stdlib's gettext reads, or check that they are in step.

    python tools/catalogues.py           # compile every .po into its .mo
    python tools/catalogues.py --check   # exit 1 and say why when out of step

The check: every message the code asks for (`_("...")`, `ngettext("...",
"...", n)`) is translated in every catalogue, no catalogue keeps a message
the code no longer asks for, and every .mo is the compiled form of its .po.
Standard library only: Babel would extract and compile the same, but a
catalogue of this size does not earn a development dependency.
"""

from __future__ import annotations

import ast
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "referee"
LOCALE = PACKAGE / "locale"
MAGIC = 0x950412DE

Entries = dict[str, list[str]]  # msgid (singular NUL plural) -> its forms


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
            if key == "msgid" and "msgid" in current:
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


def asked(package: Path = PACKAGE) -> dict[str, str]:
    """Every message id the code asks for, with the first place it is asked."""
    found: dict[str, str] = {}
    for path in sorted(package.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            texts = [a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
            where = f"{path.relative_to(ROOT)}:{node.lineno}"
            if node.func.id == "_" and len(texts) == 1:
                found.setdefault(texts[0], where)
            elif node.func.id == "ngettext" and len(texts) == 2:
                found.setdefault("\0".join(texts), where)
    return found


def catalogues() -> list[Path]:
    return sorted(LOCALE.glob("*/LC_MESSAGES/referee.po"))


def problems() -> list[str]:
    """What is out of step, one line each; none when all is well."""
    wanted = asked()
    out = []
    for po in catalogues():
        entries = read_po(po)
        where = po.relative_to(ROOT)
        for msgid, place in wanted.items():
            if not all(entries.get(msgid, [""])):
                out.append(f"{where}: no translation of {msgid.split(chr(0))[0]!r} (asked at {place})")
        out += [f"{where}: {k.split(chr(0))[0]!r} is no longer asked for" for k in entries if k and k not in wanted]
        mo = po.with_suffix(".mo")
        if not mo.is_file() or mo.read_bytes() != mo_bytes(entries):
            out.append(f"{mo.relative_to(ROOT)} is not compiled from its .po: run python tools/catalogues.py")
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
