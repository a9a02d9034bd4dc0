"""Recruiting and building for people."""

from __future__ import annotations

from referee.economy.changing import Territory, words
from referee.economy.recruiting import Built, Recruit, works_said
from referee.render.text import explanation, styled, units, wrapped
from referee.ruleset.model import Ruleset
from referee.rulings.ruling import say
from referee.words.language import npgettext, pgettext
from referee.words.names import some_units


def recruit_report(rules: Ruleset, result: Recruit, bought: dict[str, int] | None) -> str:
    head = pgettext("recruit.title", "{title}: {units} to recruit").format(
        title=rules.spoken_title, units=some_units(rules, result.units)
    )
    nothing = say("units.nothing", "nothing")
    lines = [styled(head, bold=True)]
    if bought is not None:
        lines.append(pgettext("recruit.accepted", "Units chosen accepted: {units}.").format(units=units(rules, bought)))
    else:
        lines.append(pgettext("recruit.ways_heading", "Ways to take them:"))
        ways = [units(rules, way) if way else nothing for way in result.ways] or [pgettext("recruit.no_ways", "none")]
        lines += [f"  {way}" for way in ways]
    return "\n".join([*lines, "", explanation(result.steps)])


def territory_report(rules: Ruleset, settled: Territory) -> str:
    head = pgettext("territory.title", "{title}: the territory holds {units}").format(
        title=rules.spoken_title, units=words(rules, settled.after)
    )
    return "\n".join([styled(head, bold=True), "", explanation(settled.steps)])


def build_report(rules: Ruleset, built: Built) -> str:
    head = npgettext(
        "build.title",
        "{title}: {works} is paid for ({left} left)",
        "{title}: {works} are paid for ({left} left)",
        len(dict.fromkeys(built.works)),  # 'a city twice is paid for': one work, however often
    ).format(
        title=rules.spoken_title,
        works=works_said(rules, built.works),
        left=built.have - built.cost,
    )
    return "\n".join([*(styled(line, bold=True) for line in wrapped(head)), "", explanation(built.steps)])
