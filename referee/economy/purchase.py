"""Buying new units: income from what a player holds, and every purchase the
rules allow: it fits the free places (when the game counts them), keeps each
unit within its limits, and either spends the most that fits or, for an army
list, at most the points."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import replace
from itertools import islice

from referee.core.errors import RefereeError, did_you_mean
from referee.core.records import record
from referee.ruleset.economy import Limit, Reinforcements
from referee.ruleset.model import Ruleset
from referee.rulings.ruling import Step, costs, listed, say, say_n, spaced, step, step_n, summed
from referee.words.language import Grouped, pgettext

Purchase = dict[str, int]
MAX_PURCHASES = 200_000


@record
class Offer:
    points: int
    free_places: int | None
    spend: int
    lost: int
    purchases: list[Purchase]
    steps: tuple[Step, ...]
    kept: int = 0
    purchased: bool = False  # spend, lost and kept are one purchase's, not the most that fits


def _terms(rules: Ruleset) -> Reinforcements:
    if rules.reinforcements is None:
        raise RefereeError(say("error.buy.none", "{game} has no reinforcements to buy", game=rules.spoken_title))
    return rules.reinforcements


def income_sources(rules: Ruleset) -> list[str]:
    """What a player counts for points (`--mines`)."""
    return list(_terms(rules).income.per)


def cost(rules: Ruleset, purchase: Purchase) -> int:
    return sum(rules.units[unit].cost * n for unit, n in purchase.items())


def _fitting(rules: Ruleset, points: int, places: int | None) -> Iterator[Purchase]:
    units = [name for name, unit in rules.units.items() if unit.cost > 0]
    limits = _terms(rules).limits

    def build(index: int, points_left: int, places_left: int | None) -> Iterator[Purchase]:
        if index == len(units):
            yield {}
            return
        unit = units[index]
        price = rules.units[unit].cost
        limit = limits.get(unit, Limit(max=points_left // price, rule=""))
        most = min(points_left // price, limit.max, points_left if places_left is None else places_left)
        for n in range(most, limit.min - 1, -1):
            left = None if places_left is None else places_left - n
            for rest in build(index + 1, points_left - n * price, left):
                yield {unit: n, **rest} if n else rest

    return build(0, points, places)


def _bounds(rules: Ruleset, unit: str, limit: Limit) -> str:
    """'leader at most 1', 'ogre 1 to 2', 'leader exactly 1'."""
    title = rules.units[unit].title
    if limit.min == limit.max:
        return say("limit.exactly", "{unit} exactly {n}", unit=title, n=limit.max)
    if limit.min:
        return say("limit.between", "{unit} {low} to {high}", unit=title, low=limit.min, high=limit.max)
    return say("limit.at_most", "{unit} at most {n}", unit=title, n=limit.max)


def _limit_steps(rules: Ruleset, terms: Reinforcements) -> list[Step]:
    by_rule: dict[str, list[str]] = {}
    for unit, limit in terms.limits.items():
        by_rule.setdefault(limit.rule, []).append(_bounds(rules, unit, limit))
    return [step(rule, "limits", "limits: {limits}", limits=listed(said)) for rule, said in by_rule.items()]


def _points(n: int) -> str:
    return say_n("count.points", "{n} point", "{n} points", n)


def _none_fits(rules: Ruleset, terms: Reinforcements, points: int, places: int | None) -> RefereeError:
    needed = {unit: limit for unit, limit in terms.limits.items() if limit.min}
    said = listed(rules.units[u].counted(limit.min) for u, limit in needed.items())
    fits = (
        say("error.buy.no_list", "no list fits {points}: it needs {needs}", points=_points(points), needs=said)
        if places is None
        else say(
            "error.buy.no_list_placed",
            "no list fits {points} and {places}: it needs {needs}",
            points=_points(points),
            places=say_n("count.free_places", "{n} free place", "{n} free places", places),
            needs=said,
        )
    )
    return RefereeError(fits, rule=next(iter(needed.values())).rule)


def offer(rules: Ruleset, held: Mapping[str, int], free_places: int | None) -> Offer:
    terms = _terms(rules)
    per = terms.income.per
    for source, count in held.items():
        if source not in per:
            raise did_you_mean(pgettext("kind", "income source"), source, list(per))
        if count < 0:
            raise RefereeError(
                say("error.count.negative", "a count of {name} cannot be negative", name=rules.said(source)),
                rule=terms.income.rule,
            )
    if terms.places is None and free_places is not None:
        raise RefereeError(
            say("error.buy.no_places", "{game} counts no places for new units", game=rules.spoken_title),
            rule=terms.rule,
        )
    places = terms.places if free_places is None else free_places
    if places is not None and terms.places is not None and not 0 <= places <= terms.places:
        raise RefereeError(
            say("error.buy.places_range", "free places must be 0 to {most}", most=terms.places), rule=terms.places_rule
        )
    points = terms.income.base + sum(per[s] * n for s, n in held.items())
    fitting = list(islice(_fitting(rules, points, places), MAX_PURCHASES + 1))
    if len(fitting) > MAX_PURCHASES:
        raise RefereeError(
            say(
                "error.buy.too_many", "more than {most:,} purchases fit; too many to list", most=Grouped(MAX_PURCHASES)
            ),
            rule=terms.rule,
        )
    if not fitting:
        raise _none_fits(rules, terms, points, places)
    spend = max(cost(rules, p) for p in fitting)
    spend_all = terms.spend == "all-possible"
    legal = [p for p in fitting if cost(rules, p) == spend or not spend_all]
    income_text = summed(
        [say("income.base", "{n} base", n=terms.income.base)]
        + [spaced(rules.said(s), n, *(("×", per[s]) if per[s] != 1 else ())) for s, n in held.items() if n]
    )
    steps = [step(terms.income.rule, "income", "{income} = {points} points", income=income_text, points=points)]
    if places is not None:
        free = say_n("count.free_places", "{n} free place", "{n} free places", places)
        steps.append(step(terms.places_rule, "places", "{places} for new units", places=free))
    steps.append(costs(terms.cost_rule, ((u.title, u.cost) for u in rules.units.values() if u.cost > 0)))
    steps += _limit_steps(rules, terms)
    listed = say_n("count.legal_purchases", "{n} legal purchase", "{n} legal purchases", len(legal))
    if spend_all:
        steps.append(
            step(
                terms.rule,
                "spend.most",
                "the most that fits spends {points}: {listed}",
                points=_points(spend),
                listed=listed,
            )
        )
        if points > spend:
            steps.append(
                step_n(
                    terms.rule,
                    "spend.lost",
                    "{points} cannot be spent and is lost",
                    "{points} cannot be spent and are lost",
                    points - spend,
                    points=_points(points - spend),
                )
            )
    else:
        steps.append(
            step(
                terms.rule,
                "spend.any",
                "any list that costs at most {points} is legal: {listed}",
                points=_points(points),
                listed=listed,
            )
        )
    return Offer(points, places, spend, points - spend if spend_all else 0, legal, tuple(steps))


def bought(rules: Ruleset, offered: Offer, wanted: Purchase) -> Offer:
    """The offer once a purchase is made: what it spends, and what it leaves
    unspent, lost or kept as the file says (an 8-point list under 12 spends
    8, not the most that fits). Where a purchase must spend the most that
    fits, the offer already says both."""
    check(rules, offered, wanted)
    terms = _terms(rules)
    if terms.spend == "all-possible":  # the offer already spends the most that fits and loses the rest
        return offered
    price = cost(rules, wanted)
    left = offered.points - price
    lost = left if terms.unspent == "lost" else 0
    said = {"price": _points(price), "left": _points(left)}
    spent = (
        step(terms.rule, "spend.bought", "the purchase spends {price}", **said)
        if not left
        else step_n(
            terms.rule,
            "spend.bought_lost",
            "the purchase spends {price}; {left} is not spent and is lost",
            "the purchase spends {price}; {left} are not spent and are lost",
            left,
            **said,
        )
        if lost
        else step_n(
            terms.rule,
            "spend.bought_kept",
            "the purchase spends {price}; {left} is not spent and is kept",
            "the purchase spends {price}; {left} are not spent and are kept",
            left,
            **said,
        )
    )
    return replace(offered, spend=price, lost=lost, kept=left - lost, steps=(*offered.steps, spent), purchased=True)


def check(rules: Ruleset, offered: Offer, wanted: Purchase) -> None:
    """Refuse a purchase the rules do not allow, saying why."""
    terms = _terms(rules)
    units = sum(wanted.values())
    price = cost(rules, wanted)
    if offered.free_places is not None and units > offered.free_places:
        raise RefereeError(
            say_n(
                "error.buy.no_room",
                "that is {units} units, but only {n} place is free",
                "that is {units} units, but only {n} places are free",
                offered.free_places,
                units=units,
            ),
            rule=terms.places_rule,
        )
    for unit, limit in terms.limits.items():
        n = wanted.get(unit, 0)
        if not limit.min <= n <= limit.max:
            raise RefereeError(_out_of_bounds(rules, unit, n, limit), rule=limit.rule)
    if price > offered.points:
        raise RefereeError(
            say(
                "error.buy.over_budget",
                "that costs {price}, but there are only {points}",
                price=_points(price),
                points=offered.points,
            ),
            rule=terms.rule,
        )
    if terms.spend == "all-possible" and price < offered.spend:
        raise RefereeError(
            say(
                "error.buy.under_spent",
                "that spends {price}, but {spend} can be spent",
                price=_points(price),
                spend=_points(offered.spend),
            ),
            rule=terms.rule,
        )


def _out_of_bounds(rules: Ruleset, unit: str, n: int, limit: Limit) -> str:
    """'that is 2 leaders, but a list may have at most 1': a unit's count outside its limits."""
    if n > limit.max:
        said = rules.units[unit].counted(n)
        return say("error.buy.above", "that is {said}, but a list may have at most {n}", said=said, n=limit.max)
    if n:
        said = rules.units[unit].counted(n)
        return say("error.buy.below", "that is {said}, but a list may have at least {n}", said=said, n=limit.min)
    title = rules.units[unit].title
    return say("error.buy.missing", "that is no {unit}, but a list may have at least {n}", unit=title, n=limit.min)
