"""Recruiting and building: how many units a player's holdings and bonuses
give, every way to take them as the units' costs and places allow, and
whether a player's currency pays for what they build. The ruleset names
what is counted; nothing here knows stars, cities or armour."""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import replace

from referee.core.errors import RefereeError, did_you_mean
from referee.core.records import record
from referee.ruleset.model import Ruleset
from referee.ruleset.recruits import Bonus, Building, Recruiting, Work
from referee.rulings.ruling import Spoken, Step, both, costs, listed, say, say_n, spaced, step, summed, worded
from referee.words.language import LANGUAGES, pgettext
from referee.words.names import Lexicon, lexicon, said_in, some_units, without_article


@record
class Recruit:
    units: int
    ways: list[dict[str, int]]
    steps: tuple[Step, ...]
    caps: Mapping[str, int]  # the most of a unit that can be placed this turn, where places limit it


@record
class Built:
    have: int
    cost: int
    works: list[Work]
    steps: tuple[Step, ...]


def recruiting_of(rules: Ruleset) -> Recruiting:
    if rules.recruiting is None:
        raise RefereeError(say("error.recruit.none", "{game} has no recruiting rules", game=rules.spoken_title))
    return rules.recruiting


def _bonuses(rules: Ruleset, kind: str, table: Mapping[str, Bonus], given: Sequence[str]) -> list[Bonus]:
    """The bonuses named, each by any of its words; one given more often than a
    player can hold it is refused rather than counted again."""
    words = bonus_words(rules, kind, table)
    named = [table[words(word)] for word in given]
    for bonus in named:
        times = named.count(bonus)
        if times > bonus.most:
            raise RefereeError(
                say(
                    "error.recruit.bonus_times",
                    "{bonus} is given {given}; it counts at most {most} for a player",
                    bonus=bonus_said(rules, bonus),
                    given=_times(times),
                    most=_times(bonus.most),
                ),
                rule=bonus.rule,
            )
    return named


def bonus_words(rules: Ruleset, kind: str, table: Mapping[str, Bonus]) -> Lexicon[str]:
    """Continents or rewards by their key, label, aliases and the words printed for them in every language."""
    return lexicon(
        rules, kind, {name: [w for w in (bonus.label, *bonus.aliases) if w] for name, bonus in table.items()}
    )


def bonus_said(rules: Ruleset, bonus: Bonus) -> Spoken:
    """A continent or reward by its printed name ('South America'), in the
    language spoken where the file's translations word its key."""
    return worded(rules.said(bonus.name, bonus.label).spoken, bonus.name)


def works_said(rules: Ruleset, works: Sequence[Work]) -> Spoken:
    """'a city twice and moving the airfield': each work named once, with how often it is built."""
    return both(_work_said(rules, work, works.count(work)) for work in dict.fromkeys(works))


def works_of(rules: Ruleset, terms: Building) -> Lexicon[str]:
    """The works by their key, label, aliases and their label in every language,
    with or without its article ('een stad' or 'stad'), as `build` prints them."""
    known = {name: [work.label, *work.aliases] for name, work in terms.works.items()}
    bare = {
        lang: {name: without_article(lang, [*said_in(rules, lang, words), *words]) for name, words in known.items()}
        for lang in LANGUAGES
    }
    return lexicon(rules, pgettext("kind", "thing to build"), known, printed=bare)


def _work_said(rules: Ruleset, work: Work, n: int) -> str:
    label = rules.said(work.label)
    return label if n == 1 else say("build.times", "{work} {times}", work=label, times=_times(n))


def _times(n: int) -> str:
    """'once', 'twice', '3 times'."""
    if n == 1:
        return pgettext("times", "once")
    if n == 2:
        return pgettext("times", "twice")
    return say_n("count.times", "{n} time", "{n} times", n)


def count_names(rules: Ruleset) -> list[str]:
    """The counts a player gives for the turn's recruits."""
    return list(_options(recruiting_of(rules)))


def building_counts(rules: Ruleset) -> list[str]:
    """The count a player pays for building with."""
    return [_building(rules).pays_with]


def _building(rules: Ruleset) -> Building:
    if rules.building is None:
        raise RefereeError(say("error.build.none", "{game} has nothing to build", game=rules.spoken_title))
    return rules.building


def _options(terms: Recruiting) -> dict[str, str]:
    """Every count option the section names, with the rule it answers to."""
    options = {name: terms.rule for name in [*terms.per, *terms.every]}
    options |= {name: p.rule for p in terms.placed for name in (p.box, p.sites)}
    if terms.trades:
        options[terms.trades.option] = terms.trades.rule
    return options


def _held_count(rules: Ruleset, terms: Recruiting, held: Mapping[str, int]) -> tuple[int, list[Step]]:
    """Units from what is held: so many per thing, one per so many, and the least a player gets."""
    said = [spaced(rules.said(name), held.get(name, 0), *(("×", n) if n != 1 else ())) for name, n in terms.per.items()]
    said += [spaced(rules.said(name), held.get(name, 0), "÷", n) for name, n in terms.every.items()]
    base = sum(n * held.get(name, 0) for name, n in terms.per.items())
    base += sum(held.get(name, 0) // n for name, n in terms.every.items())
    steps = [step(terms.rule, "recruit.count", "{sum} = {base}", sum=summed(said), base=base)]
    if base < terms.at_least:
        base = terms.at_least
        steps.append(step(terms.rule, "recruit.at_least", "at least {least}: {base}", least=terms.at_least, base=base))
    return base, steps


def _traded(terms: Recruiting, held: Mapping[str, int]) -> list[tuple[int, Step]]:
    trades = terms.trades
    if trades is None or trades.option not in held:
        return []
    number = held[trades.option]
    if number < 1:
        raise RefereeError(
            say(
                "error.recruit.trades_from_one",
                "the {option}s traded in are counted from 1, not {number}",
                option=trades.option,
                number=number,
            ),
            rule=trades.rule,
        )
    units = trades.worth(number)
    said = step(
        trades.rule, "recruit.trade", "card set number {number} traded in: +{units}", number=number, units=units
    )
    return [(units, said)]


def recruit(rules: Ruleset, held: Mapping[str, int], continents: Sequence[str], rewards: Sequence[str]) -> Recruit:
    terms = recruiting_of(rules)
    options = _options(terms)
    for name, count in held.items():
        if name not in options:
            raise did_you_mean(pgettext("kind", "count"), name, list(options))
        if count < 0:
            raise RefereeError(
                say("error.count.negative", "a count of {name} cannot be negative", name=rules.said(name)),
                rule=options[name],
            )
    total, steps = _held_count(rules, terms, held)
    named = _bonuses(rules, pgettext("kind", "continent"), terms.continents, continents) + _bonuses(
        rules, pgettext("kind", "reward"), terms.rewards, rewards
    )
    bonuses = [
        (b.units, step(b.rule, "recruit.bonus", "{name}: +{units}", name=bonus_said(rules, b), units=b.units))
        for b in named
    ]
    for units, said in bonuses + _traded(terms, held):
        total += units
        steps.append(said)
    steps.append(step(terms.rule, "recruit.total", "{units} to recruit", units=some_units(rules, total)))

    caps: dict[str, int] = {}
    for placed in terms.placed:
        title = rules.units[placed.unit].title
        sites = held.get(placed.sites, sum(held.get(name, 0) for name in placed.default_sites))
        box = held.get(placed.box)
        caps[placed.unit] = total if sites else 0
        if box is not None:
            caps[placed.unit] = min(caps[placed.unit], box)
        steps.append(
            step(
                placed.rule,
                "recruit.placed",
                "{unit} needs a place that can take it ({held}){box}{unformed}",
                unit=title,
                held=say("recruit.sites_held", "{sites} held", sites=sites)
                if sites
                else say("recruit.no_sites_held", "none held"),
                box="" if box is None else say("recruit.box", " and a piece from the box ({box} left)", box=box),
                unformed="" if caps[placed.unit] else say("recruit.unformed", ": no {unit} can be formed", unit=title),
            )
        )
    costed = _costed(rules)
    steps.append(costs(terms.cost_rule, ((rules.units[u].title, c) for u, c in costed.items())))
    ways = _ways(total, costed, caps)
    steps.append(
        step(
            terms.cost_rule,
            "recruit.ways",
            "{ways} to take {total}",
            ways=say_n("count.ways", "{n} way", "{n} ways", len(ways)),
            total=total,
        )
    )
    return Recruit(total, ways, tuple(steps), caps)


def _costed(rules: Ruleset) -> dict[str, int]:
    """The units recruited, by what one costs."""
    return {name: unit.cost for name, unit in rules.units.items() if unit.cost > 0}


def chosen(rules: Ruleset, result: Recruit, wanted: Mapping[str, int]) -> Recruit:
    """The turn's recruits taken as the player chose (`recruit --buy`): a mix
    refused with the rule it breaks (a unit not recruited, more than the places
    take, not exactly the units to recruit); else the one way taken."""
    terms = recruiting_of(rules)
    costed = _costed(rules)
    for unit, n in wanted.items():
        if unit not in costed:
            raise RefereeError(
                say("error.recruit.not_recruited", "{unit} is not recruited", unit=rules.units[unit].title),
                rule=terms.cost_rule,
            )
        placed = next((p for p in terms.placed if p.unit == unit), None)
        if placed is not None and n > result.caps.get(unit, n):
            most, units = result.caps[unit], rules.units[unit].counted(n, numbered=True)
            raise RefereeError(
                say("error.recruit.no_place", "{units}: only {most} can be placed this turn", units=units, most=most)
                if most
                else say("error.recruit.nowhere", "{units}: none can be placed this turn", units=units),
                rule=placed.rule,
            )
    price = sum(costed[unit] * n for unit, n in wanted.items())
    if price != result.units:
        raise RefereeError(
            say(
                "error.recruit.mix_total",
                "that mix takes {price} of the {total} to recruit; a mix takes exactly {total}",
                price=price,
                total=result.units,
            ),
            rule=terms.cost_rule,
        )
    taken = step(
        terms.cost_rule,
        "recruit.chosen",
        "the mix chosen takes all {total}",
        total=result.units,
    )
    return replace(result, ways=[dict(wanted)], steps=(*result.steps, taken))


def _ways(total: int, costs: Mapping[str, int], caps: Mapping[str, int]) -> list[dict[str, int]]:
    """Every mix of units whose costs add up to exactly `total`, dearest units first."""
    units = sorted(costs, key=lambda u: -costs[u])
    if not units:  # nothing costs anything: only taking nothing adds up, and only to 0
        return [{}] if total == 0 else []
    *chosen, last = units
    ways = []
    for counts in itertools.product(*(range(min(caps.get(u, total), total // costs[u]) + 1) for u in chosen)):
        left = total - sum(n * costs[u] for u, n in zip(chosen, counts))
        if left < 0 or left % costs[last] or left // costs[last] > caps.get(last, total):
            continue
        mix = {u: n for u, n in zip(chosen, counts) if n}
        if left:
            mix[last] = left // costs[last]
        ways.append(mix)
    return ways


def build(rules: Ruleset, held: Mapping[str, int], wanted: Sequence[str]) -> Built:
    terms = _building(rules)
    for name in held:
        if name != terms.pays_with:
            raise did_you_mean(pgettext("kind", "count"), name, [terms.pays_with])
    if terms.pays_with not in held:
        raise RefereeError(
            say(
                "error.build.pay_with",
                "say how many {pays} you may pay with ({text})",
                pays=terms.pays_with,
                text=terms.text,
            )
        )
    have = held[terms.pays_with]
    words = works_of(rules, terms)
    works = [terms.works[words(word)] for word in wanted]
    if not works:
        raise RefereeError(say("error.build.what", "say what to build: {works}", works=listed(terms.works)))
    first = works[0].rule
    if have < 0:
        raise RefereeError(
            say("error.count.negative", "a count of {name} cannot be negative", name=rules.said(terms.text)),
            rule=first,
        )
    steps = [
        step(w.rule, "build.cost", "{work} costs {cost}", work=_work_said(rules, w, works.count(w)), cost=w.cost * n)
        for w, n in ((w, works.count(w)) for w in dict.fromkeys(works))
    ]
    cost = sum(w.cost for w in works)
    if cost > have:
        raise RefereeError(
            say_n(
                "error.build.too_dear",
                "{works} costs {cost}, more than the {text} ({have})",
                "{works} cost {cost}, more than the {text} ({have})",
                len(works),
                works=works_said(rules, works),
                cost=cost,
                text=rules.said(terms.text),
                have=have,
            ),
            rule=max(works, key=lambda w: w.cost).rule,
        )

    steps.append(
        step(
            first,
            "build.paid",
            "{have} {pays} pay for it: {left} left",
            have=have,
            pays=rules.said(terms.text),
            left=have - cost,
        )
    )
    return Built(have, cost, works, tuple(steps))
