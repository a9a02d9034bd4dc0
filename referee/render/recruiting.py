"""Recruiting and building for people."""

from __future__ import annotations

from referee.changing import Territory, words
from referee.names import some_units
from referee.recruiting import Built, Recruit
from referee.render.text import explanation, styled, units
from referee.ruleset.model import Ruleset


def recruit_report(rules: Ruleset, result: Recruit) -> str:
    lines = [styled(f"{rules.title}: {some_units(rules, result.units)} to recruit", bold=True), "Ways to take them:"]
    lines += [f"  {units(rules, way) if way else 'nothing'}" for way in result.ways] or ["  none"]
    return "\n".join([*lines, "", explanation(result.steps)])


def territory_report(rules: Ruleset, settled: Territory) -> str:
    head = styled(f"{rules.title}: the territory holds {words(rules, settled.after)}", bold=True)
    return "\n".join([head, "", explanation(settled.steps)])


def build_report(rules: Ruleset, built: Built) -> str:
    what = " and ".join(w.label for w in built.works)
    verb = "are" if len(built.works) > 1 else "is"
    return "\n".join(
        [
            styled(f"{rules.title}: {what} {verb} paid for ({built.have - built.cost} left)", bold=True),
            "",
            explanation(built.steps),
        ]
    )
