"""Commands for ruleset authors: `new`, `validate` and `schema`."""

from __future__ import annotations

import re
from pathlib import Path

import click

from referee.cli.options import emit, json_option, load_rules, user_dirs
from referee.errors import RefereeError
from referee.names import plural
from referee.ruleset.load import catalogue, load_file

SCHEMA_LINE = "# yaml-language-server: $schema="


@click.command()
@click.argument("file", type=click.Path(path_type=Path))
@json_option
def validate(file: Path, as_json: bool) -> None:
    """Check a ruleset file; a mistake is reported with file:line, the key
    path, what was expected, and a suggestion for a misspelled key.

    \b
    Example:
      referee validate rulesets/groundforce.yaml
    """
    rules = load_file(file)
    document: dict[str, object] = {"valid": True, "name": rules.name, "path": str(file), "digest": rules.digest}
    if rules.name != file.stem:
        warning = (
            f"the file is named '{file.stem}' but its name: is '{rules.name}'; commands find it by either, "
            f"and by the file name first when another ruleset's name: is '{file.stem}'"
        )
        document["warnings"] = [warning]
        click.echo(f"warning: {warning}", err=True)
    emit(
        as_json,
        document,
        lambda: (
            f"ok: {file} is a valid ruleset ({rules.title}: {plural(len(rules.units), 'unit')}, "
            f"{plural(len(rules.attacks), 'attack')}, {plural(len(rules.rules), 'rule')})"
        ),
    )


@click.command()
@click.option("--json", "as_json", is_flag=True, help="Accepted for uniformity: the schema is JSON.")
@click.option("--markdown", is_flag=True, help="Print the key reference of the ruleset guide instead.")
def schema(as_json: bool, markdown: bool) -> None:
    """Print the JSON Schema of ruleset files (the same grammar the loader
    reads with). Editors with a YAML language server use it to complete and
    check keys.

    \b
    Example:
      referee schema > ruleset.schema.json
    """
    if markdown:
        from referee.ruleset.reference import markdown as reference

        guide = reference()
        emit(as_json, {"markdown": guide}, lambda: guide.rstrip("\n"))
    else:
        from referee.ruleset.schema import text

        click.echo(text(), nl=False)


def _starter(source: str, name: str, schema_path: Path) -> str:
    """The source ruleset's text under a new name, pointing editors at the schema."""
    lines = [line for line in source.splitlines() if not line.startswith(SCHEMA_LINE)]
    text = "\n".join([f"{SCHEMA_LINE}{schema_path.as_uri()}", *lines]) + "\n"
    text = re.sub(r"^name: .*$", f"name: {name}", text, count=1, flags=re.MULTILINE)
    text = re.sub(r"^aliases: .*\n", "", text, count=1, flags=re.MULTILINE)  # the names belong to the original
    return re.sub(r"^title: (.*)$", rf"title: \1 ({name})", text, count=1, flags=re.MULTILINE)


@click.command()
@click.argument("name")
@click.option(
    "--from", "origin", default="groundforce", show_default=True, help="The ruleset to start from (a name or a file)."
)
@click.option(
    "--out",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Where to write it (default: the first --rules-dir, else your rulesets folder, so it is found by name).",
)
@json_option
def new(name: str, origin: str, out: Path | None, as_json: bool) -> None:
    """Write a starting ruleset for a new game, copied from an existing one,
    ready to edit and check with `referee validate`.

    \b
    Example:
      referee new friday-night --from groundforce
    """
    from referee.ruleset.schema import SCHEMA_FILE

    if not re.fullmatch(r"[a-z0-9][a-z0-9-]{0,63}", name):
        raise RefereeError(f"'{name}': a ruleset name is up to 64 lower-case letters, digits and dashes")
    if any(entry.name == name for entry in catalogue(user_dirs())):
        raise RefereeError(f"a ruleset named '{name}' exists already; choose another name")
    source = load_rules(origin)
    target = out or user_dirs()[0] / f"{name}.yaml"
    try:
        if target.exists():
            raise RefereeError(f"{target} exists already; choose another --out")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(
            _starter(Path(source.path).read_text(encoding="utf-8"), name, SCHEMA_FILE.resolve()), encoding="utf-8"
        )
    except OSError as exc:
        raise RefereeError(f"cannot write {target}: {exc.strerror}") from None
    rules = load_file(target)
    emit(
        as_json,
        {"name": rules.name, "path": str(target), "from": source.name},
        lambda: f"wrote {target} (from {source.name}); edit it, then run: referee validate {target}",
    )
