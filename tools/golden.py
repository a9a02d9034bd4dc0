"""What a player sees, recorded at one commit and compared at another: a
refactor that says "nothing changes" is held to it, byte for byte.

    python tools/golden.py harvest COMMANDS        # every command line the test suite types, once each
    python tools/golden.py record COMMANDS OUT     # run them here, keep what each printed
    python tools/golden.py compare OUT [WORD ...]  # run them again here, list what differs
                                                   # (only the lines holding a WORD, when given)

The commands are the suite's own: `harvest` runs the tests with the CLI
runner watched, and keeps each command line that reads no journal or user
folder, with its language, its input and any file it names (an edited copy
of a ruleset is kept by its text). `record` at the starting commit and
`compare` at the end run each in a fresh journal and home, from the root of
the checkout they run in, so the two answers differ only where the code does.
Journal checkpoints (a hash of the time) and the checkout's path are
written as placeholders.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shlex
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path.cwd()
FILES = Path(tempfile.gettempdir()) / "referee-golden-files"
STATEFUL = {"log", "game", "replay", "new", "rulesets", "play", "table", "setup"}
SETTINGS = ("REFEREE_LANG", "LANG", "LC_ALL", "LANGUAGE", "COLUMNS", "NO_COLOR")
CHECKPOINT = re.compile(r"\b\d+:[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}(?:-[g-z])?\b")


def _command_word(args: list[str]) -> str | None:
    words = iter(args)
    for arg in words:
        if arg in ("--lang", "--journal", "--rules-dir"):
            next(words, None)
        elif not arg.startswith("-"):
            return arg
    return None


def _kept(args: list[str], files: dict[str, str]) -> list[str] | None:
    """The command line with each file outside the checkout written as
    {file:HASH}, its text kept in `files`; None when it reads a folder."""
    out = []
    for arg in args:
        path = Path(arg)
        if path.is_absolute() and path.is_relative_to(ROOT):
            arg = str(path.relative_to(ROOT))  # run from whichever checkout compares
        outside = path.is_absolute() and not path.is_relative_to(ROOT)
        if outside and path.is_file() and path.suffix in (".yaml", ".yml", ".json", ".txt", ".py"):
            text = path.read_text(encoding="utf-8", errors="replace")
            key = hashlib.sha256(text.encode()).hexdigest()[:16] + path.suffix
            files[key] = text
            out.append(f"{{file:{key}}}")
        elif outside and (path.is_dir() or str(path).startswith(tempfile.gettempdir())):
            return None
        else:
            out.append(arg)
    return out


def harvest(target: Path) -> int:
    import pytest
    from click.testing import CliRunner

    seen: dict[str, dict[str, Any]] = {}
    files: dict[str, str] = {}
    invoke = CliRunner.invoke

    def watched(self: CliRunner, cli: Any, args: Any = None, input: Any = None, env: Any = None, **kw: Any) -> Any:
        if isinstance(args, str):
            args = shlex.split(args)
        if (
            isinstance(args, (list, tuple))
            and all(isinstance(a, str) for a in args)
            and isinstance(input, (str, type(None)))
        ):
            word = _command_word(list(args))
            kept = _kept(list(args), files) if word and word not in STATEFUL else None
            if kept is not None and "--journal" not in kept and "--rules-dir" not in kept:
                given = {**{k: os.environ[k] for k in SETTINGS if k in os.environ}, **(env or {})}
                entry = {
                    "args": kept,
                    "env": {k: v for k, v in given.items() if k in SETTINGS and v is not None},
                    "input": input,
                    "width": kw.get("terminal_width"),
                }
                seen.setdefault(json.dumps(entry, sort_keys=True, ensure_ascii=False), entry)
        return invoke(self, cli, args, input=input, env=env, **kw)

    CliRunner.invoke = watched  # type: ignore[method-assign]
    code = pytest.main(["-q", "-p", "no:cacheprovider", "tests"])
    target.write_text(json.dumps({"commands": list(seen.values()), "files": files}), encoding="utf-8")
    print(f"{len(seen)} command lines, {len(files)} files", file=sys.stderr)
    return int(code)


def _answers(commands: Path, only: tuple[str, ...] = ()) -> Iterator[tuple[str, str]]:
    """Each command line, and what it printed here: stdout, stderr and exit code."""
    import secrets

    from click.testing import CliRunner

    from referee.cli import cli
    from referee.words import language

    secrets.randbelow = lambda n: 12345 % n  # a seed drawn for a roll not asked for reads the same at both ends

    held = json.loads(commands.read_text(encoding="utf-8"))
    FILES.mkdir(exist_ok=True)
    for key, text in held["files"].items():
        (FILES / key).write_text(text, encoding="utf-8")
    with tempfile.TemporaryDirectory() as home:
        for n, entry in enumerate(held["commands"]):
            if only and not any(word in " ".join(entry["args"]) for word in only):
                continue
            args = [re.sub(r"\{file:([^}]+)\}", lambda m: str(FILES / m[1]), a) for a in entry["args"]]
            env = {
                "REFEREE_LANG": None, "LC_ALL": None, "LANGUAGE": None, "COLUMNS": None, "LANG": "C.UTF-8",
                **entry["env"],
                "REFEREE_JOURNAL": f"{home}/journal-{n}.sqlite3",
                "XDG_DATA_HOME": f"{home}/data", "HOME": home, "REFEREE_RULES_DIR": None,
            }  # fmt: skip
            width = entry.get("width")
            result = CliRunner().invoke(cli, args, input=entry["input"], env=env, terminal_width=width)
            language.use(language.ENGLISH)
            said = f"{result.stdout}\n--- stderr\n{result.stderr}\n--- exit {result.exit_code}"
            if result.exception and not isinstance(result.exception, SystemExit):
                said += f"\n--- raised {type(result.exception).__name__}: {result.exception}"
            said = CHECKPOINT.sub("<checkpoint>", said.replace(str(ROOT), "<checkout>").replace(home, "<home>"))
            given = {
                **entry["env"],
                **({"width": width} if width else {}),
                **({"input": entry["input"]} if entry["input"] else {}),
            }
            yield shlex.join(entry["args"]) + (f"  {given}" if given else ""), said


def record(commands: Path, out: Path) -> int:
    answers = dict(_answers(commands))
    out.write_text(json.dumps({"commands": str(commands), "answers": answers}), encoding="utf-8")
    print(f"{len(answers)} answers recorded", file=sys.stderr)
    return 0


def compare(out: Path, only: tuple[str, ...]) -> int:
    held = json.loads(out.read_text(encoding="utf-8"))
    before: dict[str, str] = held["answers"]
    differ = ran = 0
    for line, said in _answers(Path(held["commands"]), only):
        ran += 1
        if before.get(line) != said:
            differ += 1
            print(f"=== {line}\n--- before\n{before.get(line)}\n--- now\n{said}\n")
    print(f"{differ} of {ran} differ", file=sys.stderr)
    return 1 if differ else 0


def main(argv: list[str]) -> int:
    match argv:
        case ["harvest", target]:
            return harvest(Path(target))
        case ["record", commands, out]:
            return record(Path(commands), Path(out))
        case ["compare", out, *only]:
            return compare(Path(out), tuple(only))
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
