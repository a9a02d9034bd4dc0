"""The `referee` command: a click group whose subcommands load on demand,
and the one place a user's mistake becomes a line on stderr and exit code 2."""

from __future__ import annotations

import importlib
import sys
from typing import Any

import click

from referee import __version__
from referee.errors import RefereeError

COMMANDS = {
    "battle": "referee.cli.battle:battle",
    "game": "referee.cli.game:game",
    "log": "referee.cli.log:log",
    "odds": "referee.cli.odds:odds",
    "reinforce": "referee.cli.reinforce:reinforce",
    "replay": "referee.cli.replay:replay",
    "rulesets": "referee.cli.rulesets:rulesets",
    "show": "referee.cli.rulesets:show",
    "validate": "referee.cli.rulesets:validate",
}

EXIT_HELP = """
Exit codes: 0 success; 2 bad input (the message names what is wrong and the
rule or file:line); anything else is a bug worth reporting."""


def fail(message: str) -> None:
    click.echo(f"error: {message}", err=True)
    sys.exit(2)


class RefereeGroup(click.Group):
    """Imports a subcommand only when it runs, so start-up stays cheap."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in COMMANDS:
            return None
        module, attr = COMMANDS[name].split(":")
        return getattr(importlib.import_module(module), attr)

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        """Keeps the command line as given: the journal stores it to replay."""
        from referee.cli.journaling import ARGV

        ctx.meta[ARGV] = list(args)
        return super().parse_args(ctx, args)

    def resolve_command(self, ctx: click.Context, args: list[str]) -> Any:
        name = args[0] if args else ""
        if name and not name.startswith("-") and name not in COMMANDS:
            from referee.errors import did_you_mean

            raise RefereeError(did_you_mean("command", name, list(COMMANDS)).message)
        return super().resolve_command(ctx, args)

    def main(self, args: Any = None, prog_name: str | None = None, complete_var: str | None = None,
             standalone_mode: bool = True, **extra: Any) -> Any:
        try:
            code = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except RefereeError as exc:
            fail(str(exc))
        except click.UsageError as exc:
            where = exc.ctx.command_path if exc.ctx else "referee"
            fail(f"{exc.format_message()} (see '{where} --help')")
        except click.ClickException as exc:
            fail(exc.format_message())
        except click.Abort:
            click.echo("aborted", err=True)
            sys.exit(1)
        sys.exit(code if isinstance(code, int) else 0)


@click.group(cls=RefereeGroup, context_settings={"help_option_names": ["-h", "--help"]},
             epilog=EXIT_HELP)
@click.version_option(__version__, "--version", prog_name="referee")
def cli() -> None:
    """Settle tabletop battles: rulings with the rule that decides each step,
    exact odds, legal purchases, and reproducible rolls.

    \b
    Example:
      referee battle groundforce --attacker "2 trooper" --defender "trooper, heavy" \\
          --attacker-roll sword,explosion --defender-roll shield,sword
    """


def main() -> None:
    cli.main(prog_name="referee")
