"""`referee rulesets`: what games there are."""

from __future__ import annotations

import click

from referee.cli.options import emit, json_option, user_dirs
from referee.errors import RefereeError
from referee.render.text import table
from referee.ruleset.load import catalogue, load_file


@click.command()
@json_option
def rulesets(as_json: bool) -> None:
    """List the rulesets: shipped ones, then your own (from --rules-dir and
    your rulesets folder). A file whose name is taken is listed as unused.

    \b
    Example:
      referee rulesets
    """
    rows = []
    for entry in catalogue(user_dirs()):
        try:
            title, problem = load_file(entry.path).title, ""
        except RefereeError as exc:
            title, problem = "", str(exc)
        status = "unused: name taken" if entry.hidden else ("invalid" if problem else "ok")
        rows.append(
            {
                "name": entry.name,
                "title": title,
                "origin": entry.origin,
                "path": str(entry.path),
                "status": status,
                "problem": problem,
            }
        )
    emit(
        as_json,
        {"rulesets": rows},
        lambda: table(
            [(r["name"], r["title"], r["origin"], r["status"], r["path"]) for r in rows],
            ["name", "title", "from", "status", "file"],
        ),
    )
