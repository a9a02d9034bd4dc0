"""The line for an option a command does not have: its close match only when
it is close, and a clear word for journal options on a command that writes
no journal (click's own guess may be far off: --no-journal → --to-wound)."""

from __future__ import annotations

import click

from referee.rulings.ruling import say

JOURNAL_OPTIONS = ("--journal", "--no-journal")
CLOSE = 0.75  # the share of letters two option names keep in order, dashes left out


def message(exc: click.NoSuchOption) -> str:
    """One line naming the unknown option, and what to type instead."""
    where = " ".join(["referee", *(exc.ctx.command_path.split()[1:] if exc.ctx else [])])
    given = exc.option_name
    if given in JOURNAL_OPTIONS:
        return say(
            "error.option.no_journal",
            "{option}: '{where}' writes nothing to the journal; leave it out",
            option=given,
            where=where,
        )
    match = closest(given, exc.ctx.command if exc.ctx else None)
    if match:
        return say(
            "error.option.close",
            "no such option {option}; did you mean {match}? (see '{where} --help')",
            option=given,
            match=match,
            where=where,
        )
    return say("error.option.unknown", "no such option {option} (see '{where} --help')", option=given, where=where)


def closest(given: str, command: click.Command | None) -> str | None:
    import difflib

    if command is None:
        return None
    names = {name.lstrip("-"): name for param in command.params for name in param.opts if name.startswith("--")}
    found = difflib.get_close_matches(given.lstrip("-"), list(names), n=1, cutoff=CLOSE)
    return names[found[0]] if found else None
