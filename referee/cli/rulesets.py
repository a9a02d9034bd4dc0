"""`referee rulesets`: what games there are."""

from __future__ import annotations

from pathlib import Path

import click

from referee.cli.helptext import described
from referee.cli.options import emit, json_option
from referee.cli.rulesdirs import user_dirs
from referee.core.errors import RefereeError
from referee.render.text import table
from referee.ruleset.load import catalogue, load_file
from referee.ruleset.translated import languages
from referee.ruleset.yamlnodes import MAX_BYTES
from referee.words.language import pgettext

LISTING_BUDGET = (
    2 * MAX_BYTES
)  # bytes of rulesets one listing reads through (under a second): the rest is named unchecked


def _checked(path: Path, budget: int) -> tuple[str, tuple[str, ...], tuple[str, ...], str, str, int]:
    """(title, its rulebook's languages, every language it has, status, problem,
    bytes read) of one file in a listing; a file
    larger than what is left of the budget is listed unchecked, so a folder of
    large files lists in about a second instead of tens."""
    from referee.words.inputs import kind_of

    try:
        size = path.stat().st_size if kind_of(path) == "file" else 0
    except (OSError, RefereeError):
        size = 0  # loading it says what is wrong
    if size > budget:
        return "", (), (), "unchecked", f"too large to check in a listing; 'referee validate {path}' checks it", 0
    try:
        rules = load_file(path)
    except RefereeError as exc:
        return "", (), (), "invalid", str(exc), size
    return rules.spoken_title, rules.language, languages(rules), "ok", "", size


def _said(word: str) -> str:
    """Where a ruleset comes from and its status as the listing's table says them, in the language spoken
    (a folder and a problem found are printed as they are); --json keeps the words."""
    said = {
        "shipped": pgettext("rulesets.origin", "shipped"),
        "ok": pgettext("rulesets.status", "ok"),
        "unchecked": pgettext("rulesets.status", "unchecked"),
        "unused: name taken": pgettext("rulesets.status", "unused: name taken"),
    }
    return said.get(word, word)


@click.command()
@json_option
@described("help.rulesets")
def rulesets(as_json: bool) -> None:
    """List the rulesets: shipped ones, then your own (from --rules-dir and
    your rulesets folder). A file whose name is taken is listed as unused;
    once 500 kB of rulesets was read, larger files are listed unchecked.
    With --json, each ruleset also says its rulebook's language and every
    language its words can be read in (`referee show NAME` says so too).

    \b
    Example:
      referee rulesets
    """
    rows = []
    budget = LISTING_BUDGET
    for entry in catalogue(user_dirs()):
        title, rulebook, spoken, checked, problem, read = _checked(entry.path, budget)
        budget -= read
        status = "unused: name taken" if entry.hidden else checked
        rows.append(
            {
                "name": entry.name,
                "title": title,
                "language": list(rulebook),
                "languages": list(spoken),
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
            [
                (
                    r["name"],
                    r["title"],
                    ",".join(r["languages"]),  # one word, which a narrow terminal never breaks
                    _said(str(r["origin"])),
                    _said(str(r["status"])),
                    r["path"],
                )
                for r in rows
            ],
            [
                pgettext("rulesets.header", "name"),
                pgettext("rulesets.header", "title"),
                pgettext("rulesets.header", "languages"),
                pgettext("rulesets.header", "from"),
                pgettext("rulesets.header", "status"),
                pgettext("rulesets.header", "file"),
            ],
        ),
    )
