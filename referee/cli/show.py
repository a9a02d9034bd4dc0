"""`referee show`: what a game says, and the options its file names."""

from __future__ import annotations

import click

from referee.cli.helptext import described
from referee.cli.inplay import rules_in_play
from referee.cli.options import emit, json_option, ruleset_argument
from referee.render import ruleset as render
from referee.ruleset.model import Ruleset
from referee.words.language import npgettext, pgettext


@click.command()
@ruleset_argument
@json_option
@described("help.show")
def show(ruleset: str | None, as_json: bool) -> None:
    """Show a ruleset: units, costs, dice faces, what counts as a hit, situations, rules.

    \b
    Example:
      referee show groundforce
    """
    rules = rules_in_play(ruleset)
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
            (
                "reinforce",
                f"--{name} N",
                npgettext("show.option.points", "{n} point each", "{n} points each", points).format(n=points),
            )
            for name, points in rules.reinforcements.income.per.items()
        ]
    if rules.recruiting:
        recruiting = rules.recruiting
        out += [
            ("recruit", f"--{name} N", npgettext("show.option.units", "{n} unit each", "{n} units each", n).format(n=n))
            for name, n in recruiting.per.items()
        ]
        out += [
            ("recruit", f"--{name} N", pgettext("show.option.every", "1 unit per {n}").format(n=n))
            for name, n in recruiting.every.items()
        ]
        if recruiting.trades:
            out.append(
                (
                    "recruit",
                    f"--{recruiting.trades.option} N",
                    pgettext("show.option.trade", "the game's Nth card set, traded in now"),
                )
            )
        for placed in recruiting.placed:
            title = rules.units[placed.unit].title
            box = pgettext("show.option.box", "{unit} pieces left in the box").format(unit=title)
            sites = pgettext("show.option.sites", "places that can take {unit}").format(unit=title)
            out += [("recruit", f"--{placed.box} N", box), ("recruit", f"--{placed.sites} N", sites)]
        for kind, bonuses in (("continent", recruiting.continents), ("reward", recruiting.rewards)):
            out += [
                (
                    "recruit",
                    f"--{kind} {name}",
                    npgettext("show.option.bonus", "+{n} unit", "+{n} units", b.units).format(n=b.units),
                )
                for name, b in bonuses.items()
            ]
    if rules.building:
        works = ", ".join(rules.building.works)  # typed as WORK: the file's own words
        text = rules.said(rules.building.text).spoken
        out.append(
            (
                "build",
                f"--{rules.building.pays_with} N WORK",
                pgettext("show.option.build", "{text}; WORK: {works}").format(text=text, works=works),
            )
        )
    if rules.deployment:
        for player in rules.deployment.players:
            said = rules.said(player).spoken
            rolled = pgettext("show.option.rolled", "the dice {player} rolled").format(player=said)
            out += [
                ("setup", f"--{player} DICE", rolled),
                ("play start", f"--{player} DICE", rolled),
                (
                    "setup",
                    f"--{player}{SUFFIX} DICE",
                    pgettext("show.option.left", "the dice {player} has left after placing").format(player=said),
                ),
                (
                    "score",
                    f"--{player} DICE",
                    pgettext("show.option.score", "{player}'s dice on the map").format(player=said),
                ),
            ]
    return out
