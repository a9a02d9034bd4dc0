"""`referee show`: what a game says, and the options its file names."""

from __future__ import annotations

import click

from referee.cli.helptext import described
from referee.cli.options import emit, json_option, load_rules, ruleset_argument
from referee.names import plural
from referee.render import ruleset as render
from referee.ruleset.model import Ruleset


@click.command()
@ruleset_argument
@json_option
@described("help.show")
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
        out += [("recruit", f"--{name} N", f"1 unit per {n}") for name, n in recruiting.every.items()]
        if recruiting.trades:
            out.append(("recruit", f"--{recruiting.trades.option} N", "the game's Nth card set, traded in now"))
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
