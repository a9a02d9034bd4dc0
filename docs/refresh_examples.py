"""Re-run the `$ referee ...` examples in the docs' ```text blocks and put
their real output back, so the docs show what the referee prints today:

    .venv/bin/python docs/refresh_examples.py            # README.md and every page under docs/
    .venv/bin/python docs/refresh_examples.py PAGE ...   # only these

It first writes the two generated pages, the command reference from every
command's `--help` (docs/update_commands.py) and the key reference from the
grammar (docs/update_reference.py), so refreshing the docs cannot leave them
behind.

An example is left as it is when it or its output is shortened by hand ("..."),
when it reads or writes the journal or the user's folders (log, game,
replay, new, rulesets, a path under ~: those still run, so the journal
follows the story the page tells), or when its fresh output would show a
path outside the repository. Review the diff before committing.
"""

from __future__ import annotations

import os
import re
import shlex
import sys
import tempfile
from pathlib import Path

import update_commands
import update_reference
from click.testing import CliRunner

from referee.cli import cli

STATEFUL = ("log", "game", "replay", "new", "rulesets")
ELIDED = ("...", "…")


def fresh_output(command: str, env: dict[str, str]) -> str | None:
    args = shlex.split(command)[1:]
    by_hand = any(mark in command for mark in ("~", "#", "|", *ELIDED))
    if not args or by_hand or "--svg" in args:
        return None
    result = CliRunner().invoke(cli, args, env=env, prog_name="referee", terminal_width=update_commands.WIDTH)
    if args[0] in STATEFUL:  # run for what it does to the journal, its output (times, paths) kept as written
        return None
    out = (result.stdout + result.stderr).rstrip("\n")
    local = (str(Path(__file__).resolve().parent.parent), tempfile.gettempdir())  # paths of this machine
    return None if any(path in out for path in local) or "Traceback" in out else out


CHECKPOINT = re.compile(r"\b(\d+):[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}(?:-[g-z])?\b")


def _keep_checkpoints(fresh: str, old: list[str]) -> str:
    """A checkpoint hashes the entry's time, so it differs on every run: the
    page keeps the one it shows for the same entry, and the diff stays quiet."""
    shown = {m[1]: m[0] for m in CHECKPOINT.finditer("\n".join(old))}
    return CHECKPOINT.sub(lambda m: shown.get(m[1], m[0]), fresh)


def refresh(text: str, env: dict[str, str]) -> str:
    """Each `$ referee` line in a ```text block, with the lines up to the next one as its output."""
    out: list[str] = []
    lines = iter(text.split("\n"))
    for line in lines:
        out.append(line)
        if line.strip() != "```text":
            continue
        block: list[str] = []
        for inner in lines:
            if inner.strip() == "```":
                break
            block.append(inner)
        segments: list[tuple[str, list[str]]] = []
        for inner in block:
            if inner.startswith("$ referee "):
                segments.append((inner, []))
            elif segments:
                segments[-1][1].append(inner)
            else:
                out.append(inner)
        for command, old in segments:
            out.append(command)
            elided = any(x.strip().startswith(ELIDED) or x.rstrip().endswith(ELIDED) for x in old)
            fresh = None if elided else fresh_output(command[2:], env)
            if fresh is None:
                out += old
                continue
            if not any("Journal entry" in x for x in old):
                fresh = re.sub(r"\nJournal entry \d+, checkpoint [^\n]*", "", fresh)
            fresh = _keep_checkpoints(fresh, old)
            out += fresh.split("\n") + ([""] if old and old[-1] == "" else [])
        out.append("```")
    return "\n".join(out)


def story(home: str) -> dict[str, str]:
    """Where a page tells its story: in English, uncoloured, from an empty journal and folders of its own."""
    return {
        "NO_COLOR": "1",
        "REFEREE_LANG": "en",
        "XDG_DATA_HOME": home,
        "REFEREE_JOURNAL": os.path.join(home, "journal.sqlite3"),
    }


def main(paths: list[str]) -> None:
    update_commands.main()
    update_reference.main()
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(refresh(text, story(tempfile.mkdtemp(prefix="referee-docs-"))))


def pages() -> list[str]:
    """README.md and every page of docs/, as the refresh and the tests read them."""
    root = Path(__file__).resolve().parent.parent
    return [str(p.relative_to(root)) for p in [root / "README.md", *sorted((root / "docs").rglob("*.md"))]]


if __name__ == "__main__":
    main(sys.argv[1:] or pages())
