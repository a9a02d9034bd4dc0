"""`referee new`: a ruleset of your own, started from a shipped one."""

from __future__ import annotations

import re
from pathlib import Path

import click

from referee.cli.helptext import described, helped
from referee.cli.journaling import journal_option, ruleset_in_play
from referee.cli.options import emit, json_option, load_rules
from referee.cli.rulesdirs import user_dirs
from referee.core.errors import RefereeError
from referee.render.text import path_lines
from referee.ruleset.load import catalogue, load_file
from referee.rulings.ruling import say
from referee.words.inputs import create_text

SCHEMA_LINE = "# yaml-language-server: $schema="
STARTER = "groundforce"  # copied with neither --from nor a game in play


def _starter(source: str, name: str, schema_path: Path) -> str:
    """The source ruleset's text under a new name, pointing editors at the schema."""
    lines = [line for line in source.splitlines() if not line.startswith(SCHEMA_LINE)]
    text = "\n".join([f"{SCHEMA_LINE}{schema_path.as_uri()}", *lines]) + "\n"
    text = re.sub(r"^name: .*$", f"name: {name}", text, count=1, flags=re.MULTILINE)
    text = re.sub(r"^aliases: .*\n", "", text, count=1, flags=re.MULTILINE)  # the names belong to the original
    found = re.search(r"^title: (.*)$", text, flags=re.MULTILINE)
    if found is None:
        return text
    title = found[1]  # and where a translation names the game, that name under the new one too
    text = re.sub(rf"^( +){re.escape(title)}: (.*)$", rf"\1{title} ({name}): \2 ({name})", text, flags=re.MULTILINE)
    return re.sub(r"^title: (.*)$", rf"title: \1 ({name})", text, count=1, flags=re.MULTILINE)


@click.command()
@click.argument("name")
@click.option(
    "--from",
    "origin",
    help=helped(
        "help.new.from", "The ruleset to start from (a name or a file; default: the game in play's, else groundforce)."
    ),
)
@click.option(
    "--out",
    type=click.Path(dir_okay=False, path_type=Path),
    help=helped(
        "help.new.out",
        "Where to write it (default: the first --rules-dir, else your rulesets folder, so it is found by name).",
    ),
)
@journal_option
@json_option
@described("help.new")
def new(name: str, origin: str, out: Path | None, as_json: bool) -> None:
    """Write a starting ruleset for a new game, copied from an existing one
    (with a game in play, by default its ruleset: a house rule starts from
    the game at the table), ready to edit and check with `referee validate`.

    \b
    Example:
      referee new friday-night --from groundforce
    """
    from referee.ruleset.schema import SCHEMA_FILE

    if not re.fullmatch(r"[a-z0-9][a-z0-9-]{0,63}", name):
        raise RefereeError(
            say(
                "error.new.name",
                "'{name}': a ruleset name is up to 64 lower-case letters, digits and dashes",
                name=name,
            )
        )
    if any(entry.name == name for entry in catalogue(user_dirs())):
        raise RefereeError(
            say("error.new.taken", "a ruleset named '{name}' exists already; choose another name", name=name)
        )
    source = load_rules(origin or ruleset_in_play() or STARTER)
    target = out or user_dirs()[0] / f"{name}.yaml"
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        create_text(target, _starter(Path(source.path).read_text(encoding="utf-8"), name, SCHEMA_FILE.resolve()))
    except FileExistsError:
        raise RefereeError(
            say("error.new.exists", "{path} exists already; choose another --out", path=str(target))
        ) from None
    except OSError as exc:
        raise RefereeError(
            say("error.new.write", "cannot write {path}: {why}", path=str(target), why=exc.strerror)
        ) from None

    rules = load_file(target)
    emit(
        as_json,
        {"name": rules.name, "path": str(target), "from": source.name},
        lambda: "\n".join(
            path_lines(
                say(
                    "new.wrote",
                    "wrote {path} (from {source}); edit it, then run: referee validate {path}",
                    path=str(target),
                    source=source.name,
                )
            )
        ),
    )
