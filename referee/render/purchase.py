"""Reinforcement purchases for people."""

from __future__ import annotations

from referee.names import plural
from referee.purchase import Offer
from referee.render.text import explanation, styled, units
from referee.ruleset.model import Ruleset


def report(rules: Ruleset, offered: Offer, bought: dict[str, int] | None) -> str:
    places = "" if offered.free_places is None else ", " + plural(offered.free_places, "free place")
    lines = [styled(f"{rules.title}: {offered.points} points{places}", bold=True)]
    if bought is not None:
        lines.append(f"Purchase accepted: {units(rules, bought)}.")
    else:
        lines.append("Legal purchases:")
        lines += [f"  {units(rules, p) if p else 'nothing'}" for p in offered.purchases]
    if offered.lost:
        lines.append(f"{plural(offered.lost, 'point')} lost.")
    return "\n".join([*lines, "", explanation(offered.steps)])
