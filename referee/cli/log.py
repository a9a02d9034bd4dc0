"""`referee log`: read the journal back, show one entry, verify the chain, export a game."""

from __future__ import annotations

import shlex
import tempfile
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from referee.cli.helptext import described, helped
from referee.cli.journaling import chosen, entry_argument, journal_option, opened, report_damage
from referee.cli.options import Named, emit, json_option, whole
from referee.core.errors import RefereeError
from referee.render import journal as render
from referee.render.outcome import names_words, outcome, stored
from referee.rulings.ruling import say

if TYPE_CHECKING:
    from referee.journal.checkpoint import Noted
    from referee.journal.rows import Entry
    from referee.journal.store import Journal
    from referee.ruleset.model import Ruleset


@click.group(invoke_without_command=True)
@click.option("--game", help=helped("help.log.game", "Only this game's entries (see 'referee game')."))
@click.option("--ruleset", help=helped("help.log.ruleset", "Only entries ruled with this ruleset."))
@click.option(
    "--limit",
    type=whole(1),
    default=20,
    show_default=True,
    help=helped("help.log.limit", "How many of the latest entries."),
)
@journal_option
@json_option
@click.pass_context
@described("help.log")
def log(ctx: click.Context, game: str | None, ruleset: str | None, limit: int, as_json: bool) -> None:
    """The journal: every ruling the referee gave, latest last. Subcommands
    show one entry, verify the hash chain and export a game.

    Each ruling ends with its entry and checkpoint ('Journal entry 12,
    checkpoint 12:3f9a-c2d1-07be-z'; --quiet leaves the line out). Note the
    checkpoint: to prove it later, 'referee log verify --checkpoint
    12:3f9a-c2d1-07be-z' checks that the journal still holds exactly the
    history up to that entry.

    \b
    Example:
      referee log --game friday --limit 50
      referee log show 12
    """
    if ctx.invoked_subcommand:
        return
    with opened(reading=True) as journal:
        if ruleset is not None:
            ruleset = _ruleset_named(journal, ruleset)
        found = journal.entries(game=game, ruleset=ruleset, limit=limit + 1)
        if ruleset is not None and not found:
            _ruleset_known(journal, ruleset)
        more = len(found) > limit
        entries = found[1:] if more else found
        where = str(journal.path)
        said = _outcomes(journal)
        outcomes = [said(entry) for entry in entries]
        listed = [{**entry.as_dict(), "outcome": told} for entry, told in zip(entries, outcomes, strict=True)]
        document = {"journal": where, "entries": listed, "more": more}
        filters = [*(["--game", game] if game else []), *(["--ruleset", ruleset] if ruleset else [])]
        emit(as_json, document, lambda: render.listing(entries, outcomes, where, limit if more else None, filters))
        report_damage(journal, entries)


def _ruleset_named(journal: Journal, ruleset: str) -> str:
    """The name the journal keeps for the ruleset the player named, in any of
    the ways a command finds it (its title, an alias, any case: 'Ground Force',
    前線風雲); a name the referee no longer knows as the journal wrote it."""
    from referee.cli.rulesdirs import user_dirs
    from referee.core.errors import RefereeError
    from referee.ruleset.load import find, load_file
    from referee.words.inputs import compared

    ruled = journal.rulesets()
    same = [name for name in ruled if compared(name) == compared(ruleset)]
    if ruleset in ruled or same:
        return ruleset if ruleset in ruled else same[0]
    try:
        return load_file(find(ruleset, user_dirs())[0]).name
    except RefereeError:
        return ruleset


def _ruleset_known(journal: Journal, ruleset: str) -> None:
    """A ruleset no entry was ruled with and the referee does not know is a
    typo, not an evening without entries: the closest name is suggested."""
    from referee.cli.rulesdirs import user_dirs
    from referee.core.errors import did_you_mean
    from referee.ruleset.load import catalogue
    from referee.ruleset.lookup import every_name
    from referee.words.language import pgettext

    found, ruled = catalogue(user_dirs()), journal.rulesets()
    known = sorted({*ruled, *every_name(found)})
    if ruleset not in known:
        files = sorted({*ruled, *(entry.name for entry in found)})
        raise did_you_mean(pgettext("kind", "ruleset"), ruleset, known, files)


def _outcomes(journal: Journal) -> Callable[[Entry], str]:
    """Each entry's outcome, its units and players named as the ruleset the
    journal kept for it names them in the language spoken ('3 soldaten
    gekocht', 'Rot: eine 6 auf B1'): that ruleset is loaded once, and only for
    an entry whose outcome names such words, so a list of battles loads none; a
    ruleset that no longer loads leaves the stored words."""
    kept: dict[str, Ruleset | None] = {}

    def said(entry: Entry) -> str:
        digest = entry.ruleset_digest
        if not digest or not names_words(entry):
            return outcome(entry)
        if digest not in kept:
            content = journal.ruleset_content(digest)
            try:
                kept[digest] = _kept_rules(entry, content) if content else None
            except RefereeError:
                kept[digest] = None
        rules = kept[digest]
        if rules is None:
            return outcome(entry)
        units = rules.units

        def counted(unit: str, count: int, state: str) -> str:
            return units[unit].counted(count, state, numbered=True) if unit in units else stored(unit, count, state)

        return outcome(entry, lambda word: rules.said(word).spoken, counted)

    return said


@log.command()
@entry_argument
@journal_option
@json_option
@described("help.log.show")
def show(entry: int | None, as_json: bool) -> None:
    """One journal entry as its command printed it: rebuilt from the ruleset
    content, situation and dice the journal keeps, or its command line run
    again with that content; a board action by its outcome, why and the board
    it left; else its card (command line, ruleset and its hash, dice, outcome,
    explanation, its place in the hash chain). --json gives every field.
    ENTRY is its number, or 'last' for the newest ruling.

    \b
    Example:
      referee log show 12
      referee log show last
    """
    with opened(reading=True) as journal:
        found = chosen(journal, entry)
        if as_json or not found.unreadable:  # an entry that cannot be read is only its damage line
            emit(as_json, found.as_dict(), lambda: _shown(journal, found))
        report_damage(journal, [found])


def _shown(journal: Journal, entry: Entry) -> str:
    """The entry as its command printed it: a battle or hit check rebuilt from
    the ruleset content, situation and dice the journal keeps; a board action
    by its ruling and the board it left; any other ruling by running its
    command line again with the ruleset content kept, where that rules the
    same; else its card (the outcome in a few words, dice, hashes, why)."""
    content = journal.ruleset_content(entry.ruleset_digest) if entry.ruleset_digest else None
    if entry.move is not None and content is not None:
        rules = _kept_rules(entry, content)
        return render.board_action(rules, replace(entry, explanation=_said_again(journal, rules, entry)))
    if entry.command.startswith("game") or (content is None and entry.ruleset is not None):
        return render.detail(entry)
    try:
        report = _reported(entry, content) if content and entry.situation else _printed_again(entry, content)
    except RefereeError:
        return render.detail(entry)
    return render.as_printed(entry, report) if report else render.detail(entry)


def _said_again(journal: Journal, rules: Ruleset, entry: Entry) -> list[dict[str, Any]]:
    """A board action's steps in the language asked now: the action applied
    again to the board the journal holds before it. Where that no longer
    leaves the board stored (or the action is an undo, which applies
    nothing), the steps as they were said."""
    from referee.board.history import apply
    from referee.board.state import Board

    move = entry.move
    if move is None or move.act.kind == "undo":
        return list(entry.explanation)
    before = journal.entry(move.previous).move if move.previous is not None else None
    if move.previous is not None and before is None:  # the board it was applied to cannot be read
        return list(entry.explanation)
    try:
        board, steps, _, _ = apply(
            rules, Board.from_dict(before.board.stored) if before else None, dict(move.act.stored)
        )
    except (RefereeError, KeyError, TypeError):
        return list(entry.explanation)
    return [step.as_dict() for step in steps] if board.as_dict() == move.board.stored else list(entry.explanation)


def _printed_again(entry: Entry, content: bytes | None) -> str | None:
    """What the entry's command printed, run again with the ruleset content kept
    in the journal, in the language asked now: None when that no longer rules
    the same (which is checked in the language it was ruled in)."""
    from referee.cli.journaling import ruled_in, without_language
    from referee.cli.replay import rerun
    from referee.journal.compare import differences
    from referee.words import language

    args, asked = entry.replay, language.current()
    with _kept(entry, content) as kept:
        now, error, printed = rerun(args, kept, as_json=False)
        if error or differences(entry.ruling, now):
            return None
        if asked != ruled_in(args):
            _, _, printed = rerun(["--lang", asked, *without_language(args)], kept, as_json=False)
    return printed.rstrip("\n")


@contextmanager
def _kept(entry: Entry, content: bytes | None) -> Iterator[Path | None]:
    """The ruleset content the journal kept for the entry, as a file named like
    the one it was read from (None when none was kept)."""
    with tempfile.TemporaryDirectory(prefix="referee-show-") as tmp:
        kept = None
        if content is not None:
            kept = Path(tmp) / Path(entry.ruleset_path or "").name
            kept.write_bytes(content)
        yield kept


def _kept_rules(entry: Entry, content: bytes) -> Ruleset:
    """The ruleset as the journal kept it for this entry, not today's file."""
    from referee.ruleset.load import load_file

    with _kept(entry, content) as kept:
        assert kept is not None
        return load_file(kept)


def _reported(entry: Entry, content: bytes) -> str:
    """The report of the entry's kind, ruled again on its stored situation and
    dice with the ruleset content kept in the journal, not today's file."""
    from referee.journal.rerule import reread
    from referee.procedures.door import report_of, resolve
    from referee.render import kinds
    from referee.settle.rolling import Settled

    dice = entry.dice
    with _kept(entry, content) as kept:
        assert kept is not None
        rules, procedure, situation, throw = reread(entry, kept)
        again = _typed_again(entry.replay, procedure.typed) if dice.typed else ()
        settled = Settled(resolve(rules, situation, throw), throw, dice.typed, dice.seed, again)
        report: str = kinds.report(report_of(rules, situation)).ruled(rules, situation, settled)[1]()
    return report


def _typed_again(argv: list[str], typed: Mapping[str, str]) -> tuple[str, ...]:
    """The options that typed dice on the entry's command line, as the repeat
    hint names them beside the seed (the seed alone would draw other dice)."""

    from referee.cli.told import BattleTold

    flags = {flag for word, flag in BattleTold().flags().items() if word in typed}
    again: list[str] = []
    for at, word in enumerate(argv):
        name, equals, value = word.partition("=")
        if name in flags and (equals or at + 1 < len(argv)):
            again += [name, shlex.quote(value if equals else argv[at + 1])]
    return tuple(again)


def _checkpoint(ctx: click.Context, param: click.Parameter, value: tuple[str, ...]) -> list[Noted]:
    from referee.journal.checkpoint import parse

    return [parse(text) for text in value]


@log.command()
@click.option(
    "--checkpoint",
    "checkpoints",
    multiple=True,
    metavar="ENTRY:CODE",
    callback=_checkpoint,
    help=helped(
        "help.log.verify.checkpoint",
        "A checkpoint a ruling printed and a player noted (repeatable): the journal must still hold "
        "exactly that history up to that entry.",
    ),
)
@journal_option
@json_option
@described("help.log.verify")
def verify(checkpoints: list[Noted], as_json: bool) -> None:
    """Walk the hash chain and name the first entry that was altered,
    deleted or inserted by hand, or that SQLite cannot read. With a noted
    checkpoint, also a journal cut short or rewritten and re-hashed up to it.
    Names any two actions on a game's board built on the same board (a
    history that forks). Exit code 1 when the chain is broken or forks.

    \b
    Example:
      referee log verify
      referee log verify --checkpoint 12:3f9a-c2d1-07be-z
    """
    from referee.board import COMMAND
    from referee.board.history import forks

    with opened(reading=True) as journal:
        if not journal.found:
            raise RefereeError(
                say(
                    "error.journal.nothing_to_verify",
                    "there is no journal {path} to verify: name the file with --journal PATH or REFEREE_JOURNAL",
                    path=str(journal.path),
                )
            )
        verdict = journal.verify(checkpoints)
        broken = verdict.broken
        forked = forks(journal.acted(COMMAND)) if broken is None else []
        document = {
            "journal": str(journal.path),
            "intact": broken is None and not forked,
            "entries": verdict.entries,
            "last": verdict.last,
            "checkpoints": [c.shown() for c in checkpoints],
            "broken": {"entry": broken.entry, "reason": broken.reason} if broken else None,
            "forks": forked,
            "unknown_columns": journal.unknown,
        }
        emit(as_json, document, lambda: render.verdict(document))
        report_damage(journal, [])
    if broken or forked:
        click.get_current_context().exit(1)


@log.command()
@click.option("--game", help=helped("help.log.export.game", "The game to export (default: every entry)."))
@click.option("--format", "form", type=Named(["json", "csv"]), default="json", show_default=True)
@journal_option
@json_option
@described("help.log.export")
def export(game: str | None, form: str, as_json: bool) -> None:
    """Write a game's entries to stdout as JSON (every field) or CSV (one row
    an entry). --json is the same as --format json.

    \b
    Example:
      referee log export --game friday --format csv \\
          > friday.csv
    """
    from referee.journal.export import to_csv

    with opened(reading=True) as journal:
        entries = journal.entries(game=game)
        if form == "csv" and not as_json:
            click.echo(to_csv(entries), nl=False)
        else:
            emit(True, {"game": game, "entries": [entry.as_dict() for entry in entries]}, str)
        report_damage(journal, entries)
