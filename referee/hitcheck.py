"""Hit checks: the exact chances of one strike and the chart of every pair of
values, both the odds door summed over the throws, so they cannot disagree
with the ruling."""

from __future__ import annotations

from fractions import Fraction

from referee.dice import MAX_THROWS
from referee.odds import battle_odds
from referee.outcomes.strike import Strike, StrikeChart
from referee.records import record
from referee.ruleset.model import Ruleset


@record
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


def chart(rules: Ruleset, sheet: StrikeChart) -> list[tuple[int, int, Chances]]:
    """Each cell's attacker and target values with its chances; the throws of
    all the cells together are bounded as one sum's are."""
    limit = MAX_THROWS // len(sheet.cells)
    return [(s.attacker, s.target, chances(rules, s, limit)) for s in sheet.cells]
