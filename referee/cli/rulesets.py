"""`referee rulesets` and `show`: what games there are and what they say."""

from __future__ import annotations

from pathlib import Path

import click

from referee.cli.options import emit, json_option, load_rules, ruleset_argument, user_dirs
from referee.errors import RefereeError
from referee.names import plural
from referee.render import ruleset as render
from referee.render.text import table
from referee.ruleset.load import catalogue, load_file
from referee.ruleset.model import Ruleset

LISTING_BUDGET = 1_000_000  # bytes of rulesets one listing reads through (under a second): the rest is named unchecked


def _checked(path: Path, budget: int) -> tuple[str, str, str, int]:
    """(title, status, problem, bytes read) of one file in a listing; a file
    larger than what is left of the budget is listed unchecked, so a folder of
    large files lists in about a second instead of tens."""
    from referee.inputs import kind_of

    try:
        size = path.stat().st_size if kind_of(path) == "file" else 0
    except (OSError, RefereeError):
        size = 0  # loading it says what is wrong
    if size > budget:
        return "", "unchecked", f"too large to check in a listing; 'referee validate {path}' checks it", 0
    try:
        return load_file(path).title, "ok", "", size
    except RefereeError as exc:
        return "", "invalid", str(exc), size


@click.command()
@json_option
def rulesets(as_json: bool) -> None:
    """List the rulesets: shipped ones, then your own (from --rules-dir and
    your rulesets folder). A file whose name is taken is listed as unused;
    once 1 MB of rulesets was read, larger files are listed unchecked.

    \b
    Example:
      referee rulesets
    """
    rows = []
    budget = LISTING_BUDGET
    for entry in catalogue(user_dirs()):
        title, checked, problem, read = _checked(entry.path, budget)
        budget -= read
        status = "unused: name taken" if entry.hidden else checked
        rows.append(
            {
                "name": entry.name,
                "title": title,
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
            [(r["name"], r["title"], r["origin"], r["status"], r["path"]) for r in rows],
            ["name", "title", "from", "status", "file"],
        ),
    )


@click.command()
@ruleset_argument
@json_option
def show(ruleset: str, as_json: bool) -> None:
    """Show a ruleset: units, costs, dice faces, what counts as a hit, situations, rules.

    \b
    Example:
      referee show groundforce
    """
    rules = load_rules(ruleset)
    options = named_options(rules)
    emit(
        as_json,
        {
            **render.document(rules),
            "options": [dict(zip(("command", "option", "meaning"), o, strict=True)) for o in options],
        },
        lambda: render.report(rules, options),
    )


def named_options(rules: Ruleset) -> list[tuple[str, str, str]]:
    """The options this ruleset's sections name (`reinforce --mines N`): --help
    cannot list them, since each file names its own."""
    from referee.cli.setup import SUFFIX

    out = []
    if rules.reinforcements:
        out += [
            ("reinforce", f"--{name} N", f"{plural(points, 'point')} each")
            for name, points in rules.reinforcements.income.per.items()
        ]
    if rules.recruiting:
        recruiting = rules.recruiting
        out += [("recruit", f"--{name} N", f"{plural(n, 'unit')} each") for name, n in recruiting.per.items()]
        for placed in recruiting.placed:
            title = rules.units[placed.unit].title
            out += [
                ("recruit", f"--{placed.box} N", f"{title} pieces left in the box"),
                ("recruit", f"--{placed.sites} N", f"places that can take {title}"),
            ]
        for kind, bonuses in (("continent", recruiting.continents), ("reward", recruiting.rewards)):
            out += [
                ("recruit", f"--{kind} {name}", f"+{plural(bonus.units, 'unit')}") for name, bonus in bonuses.items()
            ]
    if rules.building:
        works = ", ".join(rules.building.works)
        out.append(("build", f"--{rules.building.pays_with} N WORK", f"{rules.building.text}; WORK: {works}"))
    if rules.deployment:
        for player in rules.deployment.players:
            out += [
                ("setup", f"--{player}{SUFFIX} DICE", f"the dice {player} has left after placing"),
                ("score", f"--{player} DICE", f"{player}'s dice on the map"),
            ]
    return out
