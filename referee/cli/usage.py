"""Click's own usage errors (a missing option, an extra argument) said in the
table's language. Click's messages go through its own gettext domain, which
ships no catalogues, so the one place the CLI prints an error reads what
click knows (the option, the kind of parameter, the words left over) and
says it with the referee's catalogue; a shape it does not know stays as
click wrote it. Imported on the error path only."""

from __future__ import annotations

import os
import re
import sys

import click

from referee.rulings.ruling import say

_EXTRA = re.compile(r"Got unexpected extra argument(s?) \((.*)\)")  # click's English, the only one it writes
_INTEGER = re.compile(r"'(.*)' is not a valid integer\.")


def language_asked(given: list[str]) -> None:
    """Speak the language the command line or the environment asks for, when
    click refused the words before the --lang option was read."""
    from referee.cli.helptext import language_typed
    from referee.core.errors import RefereeError
    from referee.words import language

    try:
        language.choose(language_typed(given), os.environ, sys.stdout.encoding)
    except RefereeError:
        return  # an unknown language: the error at hand is said in English


def usage_line(exc: click.UsageError) -> str:
    """The line for a usage error click raised, ending with where to read the command's help."""
    where = exc.ctx.command_path if exc.ctx else "referee"
    return say("error.usage.see_help", "{message} (see '{where} --help')", message=_said(exc), where=where)


def _said(exc: click.UsageError) -> str:
    if isinstance(exc, click.MissingParameter):
        return _missing(exc)
    if isinstance(exc, click.BadOptionUsage) and exc.message.endswith("does not take a value."):
        return say("error.usage.no_value", "Option '{name}' does not take a value.", name=exc.option_name)
    if isinstance(exc, click.BadOptionUsage) and exc.message.endswith("requires an argument."):
        return say("error.usage.needs_value", "Option '{name}' requires an argument.", name=exc.option_name)
    if isinstance(exc, click.BadParameter) and (exc.param_hint or exc.param):
        why = _INTEGER.fullmatch(exc.message)
        said = (
            say("error.usage.integer", "'{value}' is not a valid integer.", value=why.group(1)) if why else exc.message
        )
        name = _hint(exc)
        return say("error.usage.invalid", "Invalid value for {name}: {why}", name=name, bare=_bare(name), why=said)
    extra = _EXTRA.fullmatch(exc.message)
    if extra:
        several, words = extra.groups()
        if several:
            return say("error.usage.extras", "Got unexpected extra arguments ({words})", words=words)
        return say("error.usage.extra", "Got unexpected extra argument ({words})", words=words)
    if exc.message == "Missing command.":
        return say("error.usage.no_command", "Missing command.")
    return exc.format_message()


def _hint(exc: click.BadParameter) -> str:
    """'--seed' or 'RULESET', quoted as click quotes it."""
    if isinstance(exc.param_hint, str):
        return exc.param_hint
    if exc.param_hint is not None:
        return " / ".join(f"'{hint}'" for hint in exc.param_hint)
    assert exc.param is not None  # _said asked for a hint or a parameter
    return exc.param.get_error_hint(exc.ctx)


def _bare(hint: str) -> str:
    """'--seed' without click's quotes, for a language that quotes it its own way (「--seed」)."""
    return hint.replace("'", "")


def _missing(exc: click.MissingParameter) -> str:
    if exc.message or exc.param is None or exc.param.type.get_missing_message(param=exc.param, ctx=exc.ctx):
        return exc.format_message()  # a message of its own: click's words, unchanged
    name = _hint(exc)
    if exc.param.param_type_name == "argument":
        return say("error.usage.missing_argument", "Missing argument {name}.", name=name, bare=_bare(name))
    if exc.param.param_type_name == "option":
        return say("error.usage.missing_option", "Missing option {name}.", name=name, bare=_bare(name))
    return exc.format_message()


def command_asked(group: click.Group, ctx: click.Context) -> click.Context:
    """The context of the command the command line names under the group
    ('referee odds', 'referee log show'): the group's own when it names none."""
    from referee.cli.journaling import ARGV

    words = group.make_parser(ctx).parse_args(list(ctx.meta.get(ARGV, [])))[1]
    here: click.Context = ctx
    command: click.Command = group
    while words and isinstance(command, click.Group):
        found = command.get_command(here, words[0])
        if found is None:
            break
        here = click.Context(found, info_name=words[0], parent=here)
        command, words = found, words[1:]
    return here
