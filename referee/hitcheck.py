"""Hit checks: the exact chances of one strike and the chart of every pair of
values, both the odds door summed over the throws, so they cannot disagree
with the ruling."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction

from referee.dice import MAX_THROWS
from referee.odds import battle_odds
from referee.procedures.target_number.reader import attack
from referee.procedures.target_number.resolver import Strike
from referee.ruleset.model import Ruleset


@dataclass(frozen=True)
class Chances:
    """The number needed and the exact chance of each result of one attack."""

    needed: int
    hit: Fraction
    out_of_action: Fraction
    wound: Fraction


def chances(rules: Ruleset, strike: Strike, limit: int = MAX_THROWS) -> Chances:
    outcomes = battle_odds(rules, strike, limit)
    hit = sum((o.probability for o in outcomes if o.key["hit"]), Fraction(0))
    out = sum((o.probability for o in outcomes if o.key["out_of_action"]), Fraction(0))
    return Chances(outcomes[0].key["needed"], hit, out, hit - out)


def chart(
    rules: Ruleset, kind: str, wounds: int = 0, modifiers: tuple[str, ...] = (), agreed: Mapping[str, int] | None = None
) -> list[tuple[int, int, Chances]]:
    """Every attacker value against every target value, with the changes the
    table agreed (Strike's fields by name); the throws of all the cells
    together are bounded as one sum's are."""
    value = attack(rules).value
    values = range(value.min, value.max + 1)
    limit = MAX_THROWS // len(values) ** 2
    template = Strike.from_dict({**Strike(kind, 0, 0, wounds=wounds, modifiers=modifiers).as_dict(), **(agreed or {})})
    return [(a, t, chances(rules, replace(template, attacker=a, target=t), limit)) for a in values for t in values]
