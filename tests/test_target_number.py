"""The target-number odds are the resolver summed over both dice: they agree
with an independent brute force over the 36 ordered throws, a better attacker
never hits less often, and a seeded sampling of the ruling agrees."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.chance.dice import Rng
from referee.outcomes.strike import Chances, Strike
from referee.ruleset.load import load
from referee.settle.hitcheck import chances, chart
from referee.settle.rolling import settle
from referee.stages.strike.chart import cells

TF = load("trueforces")
PARAMS = TF.attacks["combat"].added["strike"]  # the hit check: its value and attack types
QUALITY = st.integers(min_value=PARAMS.value.min, max_value=PARAMS.value.max)
KIND = st.sampled_from(sorted(PARAMS.types))
WOUNDS = st.integers(min_value=0, max_value=6)


def brute(attacker: int, target: int, wounds: int) -> tuple[int, Fraction, Fraction]:
    """RULES §4 written out again by hand: the number needed, P(hit), P(out of action)."""
    table = {2: 6, 1: 5, 0: 4, -1: 3, -2: 2}
    number = min(max(table[max(-2, min(2, target - attacker))], 2), 6)
    hits = outs = 0
    for hit_die, wound_die in product(range(1, 7), repeat=2):
        if hit_die >= number:
            hits += 1
            outs += wound_die + wounds >= target
    return number, Fraction(hits, 36), Fraction(outs, 36)


def test_a_strikes_chances_are_its_odds_added_up_by_the_strike_itself() -> None:
    """What a hit check reads of a strike's odds is the strike outcome's own
    (its keys), not the service's: the joint chances of each damage on a
    normal and on a critical hit, and the expected damage."""
    blank = {"needed": 4, "follows": "damage", "out_of_action": False}
    weighted = [
        ({**blank, "hit": True, "critical": True, "damage": 5}, Fraction(1, 6)),
        ({**blank, "hit": True, "critical": False, "damage": 2}, Fraction(1, 3)),
        ({**blank, "hit": False, "critical": False, "damage": None}, Fraction(1, 2)),
    ]
    assert Chances.of(weighted) == Chances(
        needed=4,
        hit=Fraction(1, 2),
        out_of_action=Fraction(0),
        wound=Fraction(1, 2),
        follows="damage",
        critical=Fraction(1, 6),
        damage=((False, 2, Fraction(1, 3)), (True, 5, Fraction(1, 6))),
        expected=Fraction(3, 2),
    )


@given(KIND, WOUNDS)
def test_chart_equals_brute_force_over_both_dice(kind: str, wounds: int) -> None:
    for attacker, target, odds in chart(TF, cells(TF, {"kind": kind, "wounds": wounds})):
        assert (odds.needed, odds.hit, odds.out_of_action) == brute(attacker, target, wounds)
        assert odds.hit == odds.out_of_action + odds.wound


@given(KIND, QUALITY, QUALITY, WOUNDS)
def test_a_better_attacker_never_hits_less_often(kind: str, attacker: int, target: int, wounds: int) -> None:
    weaker = chances(TF, Strike(kind, attacker, target, wounds=wounds))
    for better in range(attacker + 1, PARAMS.value.max + 1):
        stronger = chances(TF, Strike(kind, better, target, wounds=wounds))
        assert stronger.hit >= weaker.hit
        assert stronger.needed <= weaker.needed


@settings(max_examples=5, deadline=None)
@given(QUALITY, QUALITY, st.integers(min_value=0, max_value=10**6))
def test_seeded_rulings_agree_with_exact_chances(attacker: int, target: int, seed: int) -> None:
    strike = Strike("ranged", attacker, target)
    exact = chances(TF, strike)
    samples = 2000
    rng = Rng(seed, "test")
    outs = sum(settle(TF, strike, {}, rng.below(10**9)).ruling.outcome["out_of_action"] for _ in range(samples))
    p = float(exact.out_of_action)
    # five standard deviations: a false alarm is far rarer than one in a million
    assert abs(outs / samples - p) <= 5 * (p * (1 - p) / samples) ** 0.5 + 1e-9
