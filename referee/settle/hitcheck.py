"""Hit checks: the exact chances of one strike and the chart of every pair of
values, both the odds door summed over the throws, so they cannot disagree
with the ruling. What the chances read of a strike's odds is the strike's
(`referee.outcomes.strike.Chances`)."""

from __future__ import annotations

from referee.chance.dice import MAX_THROWS
from referee.outcomes.strike import Chances, Strike, StrikeChart
from referee.ruleset.model import Ruleset
from referee.settle.odds import battle_odds


def chances(rules: Ruleset, strike: Strike, limit: int = MAX_THROWS) -> Chances:
    """One strike's chances, read from the odds door's results."""
    return Chances.of((o.key, o.probability) for o in battle_odds(rules, strike, limit))


def chart(rules: Ruleset, sheet: StrikeChart) -> list[tuple[int, int, Chances]]:
    """Each cell's attacker and target values with its chances; the throws of
    all the cells together are bounded as one sum's are."""
    limit = MAX_THROWS // len(sheet.cells)
    return [(s.attacker, s.target, chances(rules, s, limit)) for s in sheet.cells]
