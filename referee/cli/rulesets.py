"""`referee rulesets`, `show` and `validate`: what games there are and what they say."""

from __future__ import annotations

from pathlib import Path

import click

from referee.cli.options import emit, json_option, load_rules, ruleset_argument
from referee.render import ruleset as render
from referee.render.text import table
from referee.ruleset.load import load_file, shipped


@click.command()
@json_option
def rulesets(as_json: bool) -> None:
    """List the shipped rulesets.

    \b
    Example:
      referee rulesets
    """
    found = [load_file(path) for path in shipped().values()]
    emit(as_json,
         {"rulesets": [{"name": r.name, "title": r.title, "path": r.path} for r in found]},
         lambda: table([(r.name, r.title, r.path) for r in found], ["name", "title", "file"]))


@click.command()
@ruleset_argument
@json_option
def show(ruleset: str, as_json: bool) -> None:
    """Show a ruleset: units, costs, dice faces, what counts as a hit, situations, rules.

    \b
    Example:
      referee show groundforce
    """
    rules = load_rules(ruleset)
    emit(as_json, render.document(rules), lambda: render.report(rules))


@click.command()
@click.argument("file", type=click.Path(path_type=Path))
@json_option
def validate(file: Path, as_json: bool) -> None:
    """Check a ruleset file; a mistake is reported with file:line and key path.

    \b
    Example:
      referee validate rulesets/groundforce.yaml
    """
    rules = load_file(file)
    emit(as_json,
         {"valid": True, "name": rules.name, "path": str(file), "digest": rules.digest},
         lambda: f"ok: {file} is a valid ruleset ({rules.title}: {len(rules.units)} units, "
                 f"{len(rules.attacks)} attacks, {len(rules.rules)} rules)")
