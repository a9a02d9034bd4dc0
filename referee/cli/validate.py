"""`referee validate`: check a ruleset file, as the referee would load it."""

from __future__ import annotations

from pathlib import Path

import click

from referee.cli.helptext import described
from referee.cli.options import emit, json_option
from referee.render.text import paragraph
from referee.ruleset.load import load_file
from referee.rulings.ruling import say
from referee.words.names import plural


@click.command()
@click.argument("file", type=click.Path(path_type=Path))
@json_option
@described("help.validate")
def validate(file: Path, as_json: bool) -> None:
    """Check a ruleset file; a mistake is reported with file:line, the key
    path, what was expected, and a suggestion for a misspelled key.

    \b
    Example:
      referee validate rulesets/groundforce.yaml
    """
    rules = load_file(file)
    document: dict[str, object] = {"valid": True, "name": rules.name, "path": str(file), "digest": rules.digest}
    warnings = [w for attack in rules.attacks.values() for w in getattr(attack, "warnings", list)()]
    if rules.name != file.stem:
        warning = say(
            "validate.two_names",
            "the file is named '{stem}' but its name: is '{name}'; commands find it by either, "
            "and by the file name first when another ruleset's name: is '{stem}'",
            stem=file.stem,
            name=rules.name,
        )
        warnings.insert(0, warning)
    if warnings:
        document["warnings"] = warnings
    for warning in warnings:
        click.echo(say("validate.warning", "warning: {warning}", warning=warning), err=True)

    emit(
        as_json,
        document,
        lambda: paragraph(
            f"ok: {file} is a valid ruleset ({rules.spoken_title}: {plural(len(rules.units), 'unit')}, "
            f"{plural(len(rules.attacks), 'attack')}, {plural(len(rules.rules), 'rule')})"
        ),
    )
