"""The `referee` command: a click group whose subcommands load on demand,
and the one place a user's mistake becomes a line on stderr and exit code 2."""

from __future__ import annotations

import contextlib
import gc
import importlib
import sys
from collections.abc import Iterator, Mapping
from typing import Any

import click

from referee import __version__
from referee.cli.given import refuse_empty
from referee.cli.helptext import SpokenContext, described, examples_last, helped, language_typed, options_part
from referee.cli.rulesdirs import folders_after, folders_given
from referee.core.errors import RefereeError, spell_inputs

OWN = {  # each command of the referee's own: the module and name it is imported from when it runs
    "battle": "referee.cli.battle:battle",
    "build": "referee.cli.build:build",
    "game": "referee.cli.game:game",
    "group": "referee.cli.group:group",
    "log": "referee.cli.log:log",
    "map": "referee.cli.map:landmap",
    "new": "referee.cli.new:new",
    "odds": "referee.cli.odds:odds",
    "play": "referee.cli.play:play",
    "recruit": "referee.cli.recruit:recruit",
    "reinforce": "referee.cli.reinforce:reinforce",
    "replay": "referee.cli.replay:replay",
    "roll": "referee.cli.roll:roll",
    "rulesets": "referee.cli.rulesets:rulesets",
    "schema": "referee.cli.schema:schema",
    "score": "referee.cli.score:score",
    "setup": "referee.cli.setup:setup",
    "show": "referee.cli.show:show",
    "table": "referee.cli.table:table",
    "validate": "referee.cli.validate:validate",
}


ALIAS = "referee.cli.alias"  # makes a command a procedure declares, when it runs
OPTIONS = "referee.cli.options"  # puts the options the procedures declare into the commands that take them


class Commands(Mapping[str, str]):
    """Every command: the referee's own, then those the procedures declare
    (`battle` by other names, such as `hit`), asked of the registry only when
    a name is not one of the referee's own, or when all are listed."""

    def _declared(self) -> dict[str, str]:
        from referee.ruleset import registry

        return {name: f"{ALIAS}:{name}" for name in registry.commands() if name not in OWN}

    def __getitem__(self, name: str) -> str:
        return OWN[name] if name in OWN else self._declared()[name]

    def __contains__(self, name: object) -> bool:
        return name in OWN or name in self._declared()

    def __iter__(self) -> Iterator[str]:
        return iter([*OWN, *self._declared()])

    def __len__(self) -> int:
        return len(OWN) + len(self._declared())


COMMANDS = Commands()

EXIT_HELP = helped(
    "help.exits",
    """
\b
Shell completion of commands, rulesets, units, faces and
situations, one line in ~/.bashrc, ~/.zshrc or fish:
  eval "$(_REFEREE_COMPLETE=bash_source referee)"
  eval "$(_REFEREE_COMPLETE=zsh_source referee)"
  _REFEREE_COMPLETE=fish_source referee | source

Exit codes: 0 success; 1 when `log verify` finds the chain broken,
`replay` finds a ruling changed, or a reading command met a damaged journal
entry; 2 bad input (the message names what is wrong
and the rule or file:line; with --json, one JSON object on stderr:
{"error": ..., "rule": ...}); 130 interrupted. Anything else is a bug worth
reporting.""",
)


VERSION_HELP = helped("help.version", "Show the version and exit (with --json, as one JSON document).")
RULES_DIR_HELP = helped(
    "help.rules-dir",
    "A folder of your own rulesets, searched after the shipped ones (repeatable; also REFEREE_RULES_DIR).",
)
LANG_HELP = helped(
    "help.lang",
    "The language of rule texts and a ruleset's words: en, nl, de or zh-Hant "
    "(also REFEREE_LANG, else the locale's; English when the terminal cannot show it).",
)


def _version(ctx: click.Context) -> None:
    """-V prints the version; -V --json prints it as JSON, wherever --json stands."""
    from referee.cli.journaling import ARGV

    if _asks_json(ctx.meta.get(ARGV, [])):
        import json

        click.echo(json.dumps({"program": "referee", "version": __version__}))
    else:
        click.echo(f"referee, version {__version__}")
    ctx.exit()


def _flag(word: str) -> str:
    """The option that sets an input a message names (`referee.core.errors.setting`)."""
    return f"--{word}"


spell_inputs(_flag)


class ReaderGone(SystemExit):
    """The reader of the output stopped early: exit 0, as any SystemExit(0)
    does; `referee table` stops reading commands, since none would be seen."""


@contextlib.contextmanager
def _reader_may_go() -> Iterator[None]:
    """Output piped into a reader that stopped early (`referee battle … |
    head -1`) is no failure: what is left to print goes to devnull, so exiting
    flushes nowhere rather than raising again (the recipe of Python's signal
    documentation), and the exit code is 0. Click would say 1, so this wraps
    the two places inside its main where anything is printed: the group's
    own options (--help, -V) and every command."""
    try:
        yield
    except BrokenPipeError:
        import os

        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        raise ReaderGone(0) from None


def fail(message: str, as_json: bool = False, error: RefereeError | None = None) -> None:
    """One line, whatever the user typed into the names it quotes (on a
    terminal, wrapped to its width); with
    --json, one JSON object: the message, the rule and the file:line apart."""
    if as_json:
        import json

        fields = {"error": error.message if error else message, "rule": error.rule if error else None}
        if error is not None and error.where:
            fields["where"] = error.where
        click.echo(json.dumps(fields, ensure_ascii=False).encode("utf-8", "backslashreplace").decode("utf-8"), err=True)
        sys.exit(2)
    from referee.render.text import at_a_terminal, path_lines
    from referee.render.widths import closed_up
    from referee.rulings.ruling import say

    if error is not None and error.rule:  # the rule in the brackets the language writes
        said = f"{error.where}: {error.message}" if error.where else error.message
        message = say("error.rule", "{message} ({rule})", message=said, rule=error.rule)
    line = message.replace("\r", "\\r").replace("\n", "\\n").encode("utf-8", "backslashreplace").decode("utf-8")
    line = closed_up(line)

    said = say("error.line", "error: {message}", message=line)
    # whole words, as an option's name must not break at its hyphens; a path too long for a line breaks after a '/'
    click.echo("\n".join(path_lines(said)) if at_a_terminal() else said, err=True)

    sys.exit(2)


def speak(value: str | None) -> None:
    """Chooses the language once, before any command runs; one the terminal
    cannot show (Chinese on an ASCII terminal) falls back to English."""
    import os

    from referee.words import language

    language.choose(value, os.environ, sys.stdout.encoding)


def _asks_json(given: list[str]) -> bool:
    """--json among the options (not after `--`, where words are arguments)."""
    return "--json" in options_part(given)


def _version_shown(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    if value:
        _version(ctx)


def _after_the_command() -> list[click.Parameter]:
    """The group's options as each command takes them, with the same meaning
    (`referee battle … --lang nl`, `referee odds --rules-dir DIR …`): the
    language is chosen from the whole line before any command runs, the
    folders join those given before the command."""
    return [
        click.Option(
            ["-V", "--version"],
            is_flag=True,
            is_eager=True,
            expose_value=False,
            callback=_version_shown,
            help=VERSION_HELP,
        ),
        click.Option(
            ["--rules-dir"],
            multiple=True,
            type=click.Path(file_okay=False),
            metavar="DIR",
            expose_value=False,
            callback=folders_after,
            help=RULES_DIR_HELP,
        ),
        click.Option(["--lang"], metavar="LANG", expose_value=False, help=LANG_HELP),
    ]


def anywhere(command: click.Command) -> click.Command:
    """Gives a command, and each of its subcommands, the group's options (once),
    and refuses an empty value for any of its options."""
    if not any(param.name == "lang" for param in command.params):
        command.params.extend(_after_the_command())
    refuse_empty(command)
    for sub in getattr(command, "commands", {}).values():
        anywhere(sub)
    return command


class RefereeGroup(click.Group):
    """Imports a subcommand only when it runs, so start-up stays cheap."""

    context_class = SpokenContext

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in COMMANDS:  # the referee's own, or made from what a procedure declares
            return None
        module, attr = COMMANDS[name].split(":")
        command = getattr(importlib.import_module(module), attr)
        options = sys.modules.get(OPTIONS)  # a command that marks declared options has imported them
        return anywhere(examples_last(options.declare(command) if options else command))

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        """Keeps the command line as given: the journal stores it to replay."""
        from referee.cli.journaling import ARGV

        ctx.meta[ARGV] = list(args)
        if not ctx.resilient_parsing:  # the language first, so that even `--help --lang nl` speaks it
            speak(language_typed(list(args)))
        return super().parse_args(ctx, args)

    def resolve_command(self, ctx: click.Context, args: list[str]) -> Any:
        name = args[0] if args else ""
        if name and not name.startswith("-") and name not in COMMANDS:
            from referee.core.errors import did_you_mean
            from referee.words.language import pgettext

            raise RefereeError(did_you_mean(pgettext("kind", "command"), name, list(COMMANDS)).message)
        return super().resolve_command(ctx, args)

    def invoke(self, ctx: click.Context) -> Any:
        """Gives a usage error click's parser raised without a context (an
        option missing its value) the command it was typed for, so the error
        names that command's --help, not the group's."""
        try:
            with _reader_may_go():
                return super().invoke(ctx)
        except click.UsageError as exc:
            if exc.ctx is None:
                from referee.cli.usage import command_asked

                exc.ctx = command_asked(self, ctx)
            raise

    def make_context(
        self, info_name: str | None, args: list[str], parent: click.Context | None = None, **extra: Any
    ) -> click.Context:
        """The group's context; --help and -V print while it is made."""
        with _reader_may_go():
            return super().make_context(info_name, args, parent, **extra)

    def main(
        self,
        args: Any = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        given = sys.argv[1:] if args is None else list(args)
        as_json = _asks_json(given)
        try:
            from referee.words.inputs import argument

            for position, word in enumerate(given, 1):
                argument(word, position)
            code = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except RefereeError as exc:
            fail(str(exc), as_json, exc)
        except click.exceptions.NoArgsIsHelpError as exc:
            click.echo(exc.ctx.get_help())  # `referee` alone: the help, and no error
            sys.exit(0)
        except click.NoSuchOption as exc:
            from referee.cli.unknown import message
            from referee.cli.usage import language_asked

            language_asked(given)
            fail(message(exc), as_json)
        except click.UsageError as exc:
            from referee.cli.usage import language_asked, usage_line

            language_asked(given)
            fail(usage_line(exc), as_json)
        except click.ClickException as exc:
            fail(exc.format_message(), as_json)
        except click.Abort:
            from referee.rulings.ruling import say

            click.echo(say("error.interrupted", "interrupted"), err=True)

            sys.exit(130)  # the shell's code for Ctrl-C
        sys.exit(code if isinstance(code, int) else 0)


@click.group(cls=RefereeGroup, context_settings={"help_option_names": ["-h", "--help"]}, epilog=EXIT_HELP)
@click.option(
    "-V",
    "--version",
    is_flag=True,
    is_eager=True,
    expose_value=False,
    callback=_version_shown,
    help=VERSION_HELP,
)
@click.option(
    "--json", "as_json", is_flag=True, help=helped("help.referee.json", "With -V: the version as one JSON document.")
)
@click.option(
    "--rules-dir",
    multiple=True,
    type=click.Path(file_okay=False),
    metavar="DIR",
    envvar="REFEREE_RULES_DIR",
    callback=folders_given,
    help=RULES_DIR_HELP,
)
@click.option(
    "--lang",
    metavar="LANG",
    expose_value=False,
    help=LANG_HELP,
)
@described("help.referee")
def cli(rules_dir: tuple[str, ...], as_json: bool) -> None:
    """Settle tabletop battles: rulings with the rule that decides each step,
    exact odds, legal purchases, and reproducible rolls.

    \b
    Example:
      referee battle groundforce --attacker "2 trooper" \\
          --defender "trooper, heavy" \\
          --attacker-roll sword,explosion \\
          --defender-roll shield,sword
    """
    if as_json:
        import shlex

        from referee.cli.journaling import ARGV

        moved = shlex.join(["referee", *(w for w in click.get_current_context().meta[ARGV] if w != "--json"), "--json"])
        from referee.rulings.ruling import say

        raise RefereeError(say("error.json.after", "--json goes after the command: {moved}", moved=moved))


examples_last(cli)
refuse_empty(cli)


def main() -> None:
    # What is imported by now lives as long as the process: the collector
    # need not walk it again (tests run the group in-process instead).
    gc.freeze()
    cli.main(prog_name="referee")
