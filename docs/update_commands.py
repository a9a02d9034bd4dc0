"""Write docs/command-reference.md from the commands' own help, so the
reference cannot drift from what `--help` says (run after changing a
command's options or help; docs/refresh_examples.py runs it too):
python docs/update_commands.py"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import click
from click.testing import CliRunner

from referee.cli import cli

PAGE = Path(__file__).with_name("command-reference.md")
WIDTH = 80  # click's own cap on help lines, so the page reads the same whatever terminal wrote it
HEAD = """# Command reference

Every command and subcommand, as its `--help` says it (written by
`docs/update_commands.py`; [Commands, by example](commands.md) shows them at
work).
"""


def _paths(group: click.Group, prefix: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    context = click.Context(group)
    for name in group.list_commands(context):
        command = group.get_command(context, name)
        if command is None or command.hidden:
            continue
        yield (*prefix, name)
        if isinstance(command, click.Group):
            yield from _paths(command, (*prefix, name))


def page() -> str:
    """The reference as the commands' help says it today, in English, 80 columns wide."""
    parts = [HEAD]
    for path in [(), *_paths(cli)]:  # the group's own help first: its options, commands and exit codes
        said = CliRunner().invoke(cli, ["--lang", "en", *path, "--help"], terminal_width=WIDTH, prog_name="referee")
        parts.append(f"## {' '.join(('referee', *path))}\n\n```\n{said.stdout.rstrip()}\n```\n")
    return "\n".join(parts)


def main() -> None:
    PAGE.write_text(page(), encoding="utf-8")


if __name__ == "__main__":
    main()
