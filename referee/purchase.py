"""Buying new units: income from what a player holds, and every purchase the
rules allow (fits the free places, and no fitting purchase spends more)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from itertools import islice

from referee.errors import RefereeError, did_you_mean
from referee.names import plural
from referee.ruleset.economy import Reinforcements
from referee.ruleset.model import Ruleset
from referee.ruling import Step

Purchase = dict[str, int]
MAX_PURCHASES = 200_000


@dataclass(frozen=True)
class Offer:
    points: int
    free_places: int
    spend: int
    purchases: list[Purchase]
    steps: tuple[Step, ...]

    @property
    def lost(self) -> int:
        return self.points - self.spend


def _terms(rules: Ruleset) -> Reinforcements:
    if rules.reinforcements is None:
        raise RefereeError(f"{rules.title} has no reinforcements to buy")
    return rules.reinforcements


def cost(rules: Ruleset, purchase: Purchase) -> int:
    return sum(rules.units[unit].cost * n for unit, n in purchase.items())


def _fitting(rules: Ruleset, points: int, places: int) -> Iterator[Purchase]:
    units = [name for name, unit in rules.units.items() if unit.cost > 0]

    def build(index: int, points_left: int, places_left: int) -> Iterator[Purchase]:
        if index == len(units):
            yield {}
            return
        unit = units[index]
        price = rules.units[unit].cost
        for n in range(min(places_left, points_left // price), -1, -1):
            for rest in build(index + 1, points_left - n * price, places_left - n):
                yield {unit: n, **rest} if n else rest

    return build(0, points, places)


def offer(rules: Ruleset, held: Mapping[str, int], free_places: int | None) -> Offer:
    terms = _terms(rules)
    per = terms.income.per
    for source, count in held.items():
        if source not in per:
            raise did_you_mean("income source", source, list(per))
        if count < 0:
            raise RefereeError(f"--{source} cannot be negative", rule=terms.income.rule)
    places = terms.places if free_places is None else free_places
    if not 0 <= places <= terms.places:
        raise RefereeError(f"free places must be 0 to {terms.places}", rule=terms.places_rule)
    points = terms.income.base + sum(per[s] * n for s, n in held.items())
    fitting = list(islice(_fitting(rules, points, places), MAX_PURCHASES + 1))
    if len(fitting) > MAX_PURCHASES:
        raise RefereeError(f"more than {MAX_PURCHASES:,} purchases fit; too many to list", rule=terms.rule)
    spend = max(cost(rules, p) for p in fitting)
    legal = [p for p in fitting if cost(rules, p) == spend]
    income_text = " + ".join([f"{terms.income.base} base"] + [f"{per[s]} × {n} {s}" for s, n in held.items() if n])
    steps = [
        Step(terms.income.rule, f"{income_text} = {points} points"),
        Step(terms.places_rule, f"{plural(places, 'free place')} for new units"),
        Step(terms.cost_rule, "costs: " + ", ".join(f"{u.title} {u.cost}" for u in rules.units.values() if u.cost > 0)),
        Step(terms.rule, f"the most that fits spends {plural(spend, 'point')}: {plural(len(legal), 'legal purchase')}"),
    ]
    if points > spend:
        steps.append(Step(terms.rule, f"{plural(points - spend, 'point')} cannot be spent and are lost"))
    return Offer(points, places, spend, legal, tuple(steps))


def check(rules: Ruleset, offered: Offer, wanted: Purchase) -> None:
    """Refuse a purchase the rules do not allow, saying why."""
    terms = _terms(rules)
    units = sum(wanted.values())
    price = cost(rules, wanted)
    if units > offered.free_places:
        raise RefereeError(
            f"that is {units} units, but only {offered.free_places} places are free", rule=terms.places_rule
        )
    if price > offered.points:
        raise RefereeError(f"that costs {price} points, but there are only {offered.points}", rule=terms.rule)
    if price < offered.spend:
        raise RefereeError(f"that spends {price} points, but {offered.spend} points can be spent", rule=terms.rule)
