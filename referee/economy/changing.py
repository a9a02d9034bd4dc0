"""What one territory holds after the recruit phase's changes: worn units
repaired, units merged or disbanded into others. Each change is legal or
refused with its rule; the ruleset names the changes and what they take."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from referee.core.errors import RefereeError, setting
from referee.core.records import record
from referee.economy.recruiting import recruiting_of
from referee.ruleset.model import Ruleset
from referee.ruleset.recruits import Change, Recruiting
from referee.rulings.ruling import Step, listed, say, step, step_n
from referee.words.language import pgettext
from referee.words.names import lexicon, states_of, units_of

Holding = dict[tuple[str, str], int]  # (unit, state) → count; state '' is fresh


@record
class Territory:
    before: Holding
    after: Holding
    steps: tuple[Step, ...]


def words(rules: Ruleset, holding: Mapping[tuple[str, str], int]) -> str:
    """'2 armour, damaged armour', or 'nothing'."""
    said = [rules.units[unit].counted(n, state) for (unit, state), n in holding.items() if n]
    return listed(said) or say("units.nothing", "nothing")


def _read(rules: Ruleset, text: str) -> Holding:
    holding: Holding = {}
    for unit, state, count in units_of(rules).counted_in_states(text, states_of(rules)):
        fresh = rules.units[unit].states[:1]
        key = (unit, "" if (state,) == fresh else state)
        holding[key] = holding.get(key, 0) + count
    return holding


def _repair(rules: Ruleset, rule: str, holding: Holding) -> list[Step]:
    steps = []
    for (unit, state), n in list(holding.items()):
        if state and n:
            del holding[(unit, state)]
            holding[(unit, "")] = holding.get((unit, ""), 0) + n
            steps.append(
                step_n(
                    rule,
                    "repair",
                    "{worn} is repaired: {fresh}",
                    "{worn} are repaired: {fresh}",
                    n,
                    worn=rules.units[unit].counted(n, state),
                    fresh=rules.units[unit].counted(n),
                )
            )
    return steps


def _change(rules: Ruleset, terms: Recruiting, change: Change, holding: Holding, site: bool) -> Step:
    if change.on_site and not site:
        needs = say(
            "change.needs_site",
            "{change} needs {site} in the territory; say {flag} if it has one",
            change=rules.said(change.name),
            site=rules.said(terms.site),
            flag=setting("site"),
        )
        raise RefereeError(needs, rule=change.rule)
    for unit, n in change.takes.items():
        have = sum(count for (u, _), count in holding.items() if u == unit)
        if have < n:
            kind = rules.units[unit]
            if have:
                short = say(
                    "change.short",
                    "{change} takes {takes}, but the territory holds {held}",
                    change=rules.said(change.name),
                    takes=kind.counted(n),
                    held=kind.counted(have, numbered=True),
                )
            else:
                short = say(
                    "change.none_held",
                    "{change} takes {takes}, but the territory holds no {unit}",
                    change=rules.said(change.name),
                    takes=kind.counted(n),
                    unit=kind.title,
                )
            raise RefereeError(short, rule=change.rule)
        for key in sorted((k for k in holding if k[0] == unit), key=lambda k: k[1] != ""):  # fresh ones first
            taken = min(n, holding[key])
            holding[key] -= taken
            n -= taken
    for unit, n in change.gives.items():
        holding[(unit, "")] = holding.get((unit, ""), 0) + n
    takes = {(u, ""): n for u, n in change.takes.items()}
    return step_n(
        change.rule,
        "change",
        "{change}: {takes} becomes {gives}",
        "{change}: {takes} become {gives}",
        sum(change.takes.values()),
        change=rules.said(change.name),
        takes=words(rules, takes),
        gives=words(rules, {(u, ""): n for u, n in change.gives.items()}),
    )


def settle(rules: Ruleset, holds: str, changes: Sequence[str], site: bool) -> Territory:
    """The territory after repair (when the file repairs) and each change in turn."""
    terms = recruiting_of(rules)
    before = _read(rules, holds)
    holding = dict(before)
    steps = _repair(rules, terms.repair_rule, holding) if terms.repair_rule else []
    named = lexicon(rules, pgettext("kind", "change"), {name: change.aliases for name, change in terms.changes.items()})
    for word in changes:
        steps.append(_change(rules, terms, terms.changes[named(word)], holding, site))
    after = {key: n for key, n in holding.items() if n}
    last = steps[-1].rule if steps else terms.rule
    steps.append(step(last, "territory.holds", "the territory holds {units}", units=words(rules, after)))
    return Territory(before, after, tuple(steps))
