"""Hit checks: the exact chances of one strike and the chart of every pair of
values, both the odds door summed over the throws, so they cannot disagree
with the ruling."""

from __future__ import annotations

from fractions import Fraction

from referee.chance.dice import MAX_THROWS
from referee.core.records import record
from referee.outcomes.strike import Strike, StrikeChart
from referee.ruleset.model import Ruleset
from referee.settle.odds import battle_odds


@record
class Chances:
    """The number needed (None: the table says it cannot hit), what follows a
    hit ('wound', 'damage' or '': the hit is the result) and the exact chance
    of each result of one attack: with damage, the joint chances of each
    damage on a normal and on a critical hit, and the expected damage."""

    needed: int | None
    hit: Fraction
    out_of_action: Fraction
    wound: Fraction
    follows: str = "wound"
    critical: Fraction = Fraction(0)
    damage: tuple[tuple[bool, int, Fraction], ...] = ()
    expected: Fraction = Fraction(0)


def chances(rules: Ruleset, strike: Strike, limit: int = MAX_THROWS) -> Chances:
    outcomes = battle_odds(rules, strike, limit)

    def chance(*keys: str) -> Fraction:
        return sum((o.probability for o in outcomes if all(o.key[k] for k in keys)), Fraction(0))

    hit, out = chance("hit"), chance("out_of_action")
    damage: dict[tuple[bool, int], Fraction] = {}
    for o in outcomes:
        if o.key["hit"] and o.key["damage"] is not None:
            key = (bool(o.key["critical"]), o.key["damage"])
            damage[key] = damage.get(key, Fraction(0)) + o.probability
    return Chances(
        needed=outcomes[0].key["needed"],
        hit=hit,
        out_of_action=out,
        wound=hit - out,
        follows=outcomes[0].key["follows"],
        critical=chance("hit", "critical"),
        damage=tuple((critical, n, p) for (critical, n), p in sorted(damage.items())),
        expected=sum((n * p for (_critical, n), p in damage.items()), Fraction(0)),
    )


def chart(rules: Ruleset, sheet: StrikeChart) -> list[tuple[int, int, Chances]]:
    """Each cell's attacker and target values with its chances; the throws of
    all the cells together are bounded as one sum's are."""
    limit = MAX_THROWS // len(sheet.cells)
    return [(s.attacker, s.target, chances(rules, s, limit)) for s in sheet.cells]
