"""Pip-compare odds against an independent brute force over ordered throws,
sums of exactly 1, and seeded rolls that agree with the exact odds."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.procedures.pip_compare.resolver import PipFight
from referee.render.pips import marginals
from referee.ruleset.load import load
from referee.settle.odds import battle_odds as odds
from referee.settle.rolling import settle

RULES = load("diceland")
pips = st.integers(min_value=1, max_value=6)


def brute(field: tuple[int, ...], defender: int) -> Counter:
    """Each ordered throw, ruled by hand: the attacker takes the legal pairing
    that removes the defender, else takes most pips, else loses the fewest
    field pips, else keeps the attacking die strongest."""
    tally: Counter = Counter()
    for throw in itertools.product(range(1, 7), repeat=len(field)):
        options = []
        for r in throw:
            for f in field:
                if r > f:
                    options.append(("failed", f - 1, defender, 1))
                else:
                    options.append(("perfect" if r == f else "valid", r, max(defender - r, 0), f - r))
        good = [o for o in options if o[0] != "failed"] or options
        kind, after, left, _ = max(good, key=lambda o: (o[2] == 0, -o[2], -o[3], o[1]))
        tally[(kind, left == 0, after == 0)] += Fraction(1, 6 ** len(field))
    return tally


@settings(max_examples=300, deadline=None)
@given(st.lists(pips, min_size=1, max_size=2).map(tuple), pips)
def test_odds_agree_with_brute_force_and_sum_to_one(field: tuple[int, ...], defender: int) -> None:
    outcomes = odds(RULES, PipFight(field, defender))
    assert sum(o.probability for o in outcomes) == 1
    exact: Counter = Counter()
    for o in outcomes:  # the odds tell pips lost apart too; the brute force counts kinds
        exact[(o.key["outcome"], o.key["defender_removed"], o.key["attacker_removed"])] += o.probability
    assert exact == {k: v for k, v in brute(field, defender).items() if v}
    totals = marginals(outcomes)
    assert totals["perfect"] + totals["valid"] + totals["failed"] == 1


def test_seeded_rolls_agree_with_exact_odds() -> None:
    fight = PipFight((4,), 3)
    exact = marginals(odds(RULES, fight))
    runs = 3000
    seen = Counter(settle(RULES, fight, {}, seed).ruling.outcome["outcome"] for seed in range(runs))
    for kind in ("perfect", "valid", "failed"):
        # four standard deviations of a binomial count: a false alarm about once in 15,000 runs
        sd = (runs * exact[kind] * (1 - exact[kind])) ** 0.5
        assert abs(seen[kind] - runs * exact[kind]) <= 4 * sd + 1, (kind, seen, exact)


def test_fill_the_void_changes_only_who_moves() -> None:
    plain = settle(RULES, PipFight((1,), 3), {"attacker": "2"}, None).ruling.as_dict()
    filled = settle(
        RULES, PipFight((1,), 3, variants=frozenset({"fill-the-void"})), {"attacker": "2"}, None
    ).ruling.as_dict()
    assert (plain["defender_moves_in"], filled["defender_moves_in"]) == (False, True)
    assert {k: v for k, v in plain.items() if k not in ("defender_moves_in", "pairings", "explanation")} == {
        k: v for k, v in filled.items() if k not in ("defender_moves_in", "pairings", "explanation")
    }
