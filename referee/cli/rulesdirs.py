"""Where a command looks for rulesets: the folders named on the command line
(--rules-dir, or REFEREE_RULES_DIR), then the user's own rulesets folder. Kept
apart so completion and the options can both ask without importing each other."""

from __future__ import annotations

from pathlib import Path

import click
from click.core import ParameterSource

AFTER = "referee.rules_dir.after"  # --rules-dir folders typed after the command


def user_dirs() -> list[Path]:
    """--rules-dir (or REFEREE_RULES_DIR) folders, then the user's own rulesets
    folder. Folders typed after the command join those typed before it, and
    stand where REFEREE_RULES_DIR would, as those typed before it do."""
    from referee.core.userdirs import rulesets_dir

    ctx = click.get_current_context(silent=True)
    if ctx is None:
        return [rulesets_dir()]
    root = ctx.find_root()
    before, after = root.params.get("rules_dir") or (), ctx.meta.get(AFTER, ())
    if after and root.get_parameter_source("rules_dir") != ParameterSource.COMMANDLINE:
        before = ()
    return [*map(Path, (*before, *after)), rulesets_dir()]


def folders_after(ctx: click.Context, param: click.Parameter, value: tuple[str, ...]) -> tuple[str, ...]:
    """--rules-dir typed after the command: checked as before it, kept for `user_dirs`."""
    ctx.meta[AFTER] = (*ctx.meta.get(AFTER, ()), *folders_given(ctx, param, value))
    return value


def folders_given(ctx: click.Context, param: click.Parameter, value: tuple[str, ...]) -> tuple[str, ...]:
    """Each --rules-dir folder must be one: a typo or a FIFO there would
    otherwise leave the user's rulesets out without a word."""
    from referee.core.errors import RefereeError
    from referee.rulings.ruling import say
    from referee.words.inputs import kind_of, path_text, shown

    given = (
        "REFEREE_RULES_DIR" if ctx.get_parameter_source("rules_dir") == ParameterSource.ENVIRONMENT else "--rules-dir"
    )
    for folder in value:
        kind = kind_of(path_text(folder, given))
        if kind != "directory":
            from referee.journal.recognise import kind_said  # only on the error path: it imports sqlite3

            raise RefereeError(
                say("error.folder.none", "{given} '{folder}': no such folder", given=given, folder=shown(folder))
                if kind is None
                else say(
                    "error.folder.kind",
                    "{given} '{folder}': a {kind}, not a folder",
                    given=given,
                    folder=shown(folder),
                    kind=kind_said(kind),
                )
            )
    return value
