"""`referee schema`: the JSON schema of ruleset files, or its key reference in Markdown."""

from __future__ import annotations

import click

from referee.cli.helptext import described, helped
from referee.cli.options import emit


@click.command()
@click.option(
    "--json", "as_json", is_flag=True, help=helped("help.schema.json", "Accepted for uniformity: the schema is JSON.")
)
@click.option(
    "--markdown",
    is_flag=True,
    help=helped("help.schema.markdown", "Print the key reference of the ruleset guide instead."),
)
@described("help.schema")
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
