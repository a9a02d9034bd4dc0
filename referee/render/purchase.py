"""Reinforcement purchases for people."""

from __future__ import annotations

from referee.economy.purchase import Offer
from referee.render.text import explanation, styled, units
from referee.ruleset.model import Ruleset
from referee.rulings.ruling import say, say_n
from referee.words.language import pgettext


def report(rules: Ruleset, offered: Offer, bought: dict[str, int] | None) -> str:
    points = say_n("count.points", "{n} point", "{n} points", offered.points)
    if offered.free_places is None:
        head = pgettext("reinforce.title", "{title}: {points}").format(title=rules.spoken_title, points=points)
    else:
        places = say_n("count.free_places", "{n} free place", "{n} free places", offered.free_places)
        head = pgettext("reinforce.title_places", "{title}: {points}, {places}").format(
            title=rules.spoken_title, points=points, places=places
        )
    lines = [styled(head, bold=True)]
    if bought is not None:
        lines.append(pgettext("reinforce.accepted", "Purchase accepted: {units}.").format(units=units(rules, bought)))
    else:
        nothing = say("units.nothing", "nothing")
        lines.append(pgettext("reinforce.legal", "Legal purchases:"))
        lines += [f"  {units(rules, p) if p else nothing}" for p in offered.purchases]
    if offered.purchased:
        lines.append(say_n("reinforce.spent", "{n} point spent.", "{n} points spent.", offered.spend))
    if offered.lost:
        lines.append(say_n("reinforce.lost", "{n} point lost.", "{n} points lost.", offered.lost))
    if offered.kept:
        lines.append(say_n("reinforce.kept", "{n} point kept.", "{n} points kept.", offered.kept))
    return "\n".join([*lines, "", explanation(offered.steps)])
