"""`referee replay`: rule on a journal entry again and say whether the
ruling still stands: with the ruleset as it was (content stored in the
journal by its hash), and with today's file. A ruling made through the door
is ruled on again from its stored situation and throw
(`referee.journal.rerule`); any other entry by running its stored command
line again, printing, journaling and writing nothing."""

from __future__ import annotations

import contextlib
import io
import shlex
import sys
import tempfile
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from referee.board import COMMAND as BOARD_ACTION
from referee.cli.helptext import described
from referee.cli.journaling import chosen, entry_argument, journal_option, opened, report_damage, rerunning
from referee.cli.options import emit, json_option
from referee.core.errors import RefereeError
from referee.journal.compare import Run
from referee.journal.export import command_line
from referee.render import journal as render
from referee.rulings.ruling import say
from referee.words.language import pgettext

if TYPE_CHECKING:
    from referee.journal.rows import Entry


def _today_file(entry: Entry) -> Path | None:
    """The ruleset file today: the file it was read from; if that moved and the
    player named a shipped ruleset (not a file), the shipped one of that name."""
    from referee.ruleset.load import shipped

    recorded = Path(entry.ruleset_path or "")
    if recorded.is_file():
        return recorded
    return shipped().get(entry.inputs.get("ruleset", ""))


def _named(path: Path) -> str:
    """A ruleset file as the table knows it: a shipped one by its file name
    (where the referee was installed says nothing at the table), another by
    its path, the home directory written '~'."""
    from referee.ruleset.load import shipped_dir

    where = path.resolve()
    if where.parent == shipped_dir().resolve():
        return path.name
    home = Path.home().resolve()
    return f"~/{where.relative_to(home)}" if where.is_relative_to(home) else str(path)


def rerun(args: list[str], ruleset_file: Path | None, *, as_json: bool = True) -> tuple[Any, str | None, str]:
    """What `referee ARGS` would record, run in this process with
    `ruleset_file` for the ruleset: (its document, or why it was refused, and
    what it printed), journaling and writing nothing. A refusal that would
    be journaled gives its document as well as why."""
    from referee.cli import cli
    from referee.cli.journaling import Rerun, without_language

    if without_language(args) == args:  # ruled in English: the line names every other language it was ruled in
        args = ["--lang", "en", *args]
    printed = io.StringIO()
    attempt: Rerun | None = None
    try:
        with rerunning(ruleset_file) as attempt, contextlib.redirect_stdout(printed):
            ctx = cli.make_context("referee", [*args, "--no-journal", *(["--json"] if as_json else [])])
            with ctx:
                cli.invoke(ctx)
    except RefereeError as exc:
        return attempt.document if attempt else None, str(exc), ""
    except click.ClickException as exc:
        return None, exc.format_message(), ""
    return attempt.document, None, printed.getvalue()


def _rule_again(entry: Entry, ruleset_file: Path | None) -> tuple[Any, Any, str | None]:
    """(the ruling then, the ruling now or None, why not): through the door
    on the stored situation where the entry holds one, else by its command line."""
    if not entry.situation:
        now, error, _ = rerun(entry.replay, ruleset_file)
        if entry.kind == "refused" and now is not None:  # refused again: what it says is compared
            return entry.ruling, now, None
        return entry.ruling, None if error else now, error
    from referee.journal.rerule import rule_again

    then = entry.situation.ruling
    if ruleset_file is None:
        return then, None, say("replay.no_file", "the entry names no ruleset file to rule with")
    try:
        return then, rule_again(entry, ruleset_file), None
    except RefereeError as exc:
        return then, None, str(exc)


def _run(entry: Entry, label: str, ruleset_file: Path | None) -> Run:
    from referee.journal.compare import differences

    then, now, error = _rule_again(entry, ruleset_file)
    return Run(label, error, () if error else tuple(differences(then, now)), now)


def _digest(path: Path) -> str:
    from referee.core.digests import sha256_hex

    return sha256_hex(path.read_bytes())


def replay_entry(entry: Entry, stored: bytes | None) -> list[Run]:
    if entry.ruleset is None:
        return [_run(entry, pgettext("replay.today", "Today"), None)]
    runs = []
    with tempfile.TemporaryDirectory(prefix="referee-replay-") as tmp:
        if stored is not None:
            kept = Path(tmp) / Path(entry.ruleset_path or "").name
            kept.write_bytes(stored)
            digest = (entry.ruleset_digest or "")[:16]
            if _digest(kept) == entry.ruleset_digest:
                label = pgettext("replay.kept", "With {file} as it was (sha256 {digest}, kept in the journal)")
            else:
                label = pgettext(
                    "replay.kept.altered",
                    "With {file} as it was (sha256 {digest}, kept in the journal), but altered by hand since: "
                    "its hash no longer matches (see 'referee log verify')",
                )
            runs.append(_run(entry, label.format(file=kept.name, digest=digest), kept))
    today = _today_file(entry)
    if today is None:
        gone = pgettext("replay.gone", "the ruleset file {file} is gone").format(file=entry.ruleset_path)
        runs.append(Run(pgettext("replay.today.file", "With today's file"), gone, (), None))
    else:
        digest = _digest(today)
        if digest == entry.ruleset_digest:
            label = pgettext("replay.today.same", "With today's {file} (unchanged)")
        else:
            label = pgettext("replay.today.changed", "With today's {file} (changed since: sha256 {digest})")
        runs.append(replace(_run(entry, label.format(file=_named(today), digest=digest[:16]), today), digest=digest))
    return runs


def _summary(entry: Entry, runs: list[Run]) -> str:
    """The replay's verdict: the ruling stands, or differs, and why as far as is known."""
    today = runs[-1]
    if today.same and entry.kind == "refused":
        return pgettext("replay.refusal_stands", "The refusal stands: today the referee refuses it the same way.")
    if today.same:
        return pgettext("replay.stands", "The ruling stands: today the referee rules the same.")
    why = []
    if today.digest and today.digest != entry.ruleset_digest:
        why.append(pgettext("replay.why.file", "the ruleset file has changed since"))
    if len(runs) > 1 and not runs[0].same:
        from referee import __version__

        why.append(
            pgettext(
                "replay.why.referee",
                "the referee rules differently with the same file (version {then} then, {now} now)",
            ).format(then=entry.version, now=__version__)
        )
    if not why:
        return pgettext("replay.differs", "Today's ruling differs.")
    return pgettext("replay.differs.why", "Today's ruling differs: {why}.").format(why=pgettext("list", "; ").join(why))


@click.command()
@entry_argument
@journal_option
@json_option
@described("help.replay")
def replay(entry: int | None, as_json: bool) -> None:
    """Rule on a journal entry again, with the same seed and typed dice: once
    with the ruleset content stored in the journal, once with today's file,
    and say whether the ruling is the same and, if not, what differs (exit
    code 1, as `log verify` when the chain is broken). ENTRY is its
    number, or 'last' for the newest ruling.

    \b
    Example:
      referee replay 12
      referee replay last
    """
    with opened(reading=True) as journal:
        found = chosen(journal, entry)
        entry = found.id
        stored = journal.ruleset_content(found.ruleset_digest) if found.ruleset_digest else None
        report_damage(journal, [found])
    if found.command.startswith("game"):
        raise RefereeError(
            say(
                "error.replay.not_ruling",
                "entry {n} records a '{command}', not a ruling: there is nothing to rule again",
                n=entry,
                command=found.command,
            )
        )
    if found.command.startswith(BOARD_ACTION):
        raise RefereeError(
            say(
                "error.replay.board",
                "entry {n} is an action of a game held on the board, ruled on the board the entries before it "
                "built: 'referee play replay --game {game}' replays the whole game",
                n=entry,
                game=found.game,
            )
        )

    runs = replay_entry(found, stored)
    line, summary = shlex.join(["referee", *found.replay]), _summary(found, runs)
    document = {
        "entry": entry,
        "command_line": command_line(found),
        "replay_line": line,
        "same": runs[-1].same,
        "summary": summary,
        "runs": [run.as_dict() for run in runs],
    }
    emit(as_json, document, lambda: render.replay(entry, line, runs, summary))
    if not runs[-1].same:
        sys.exit(1)
