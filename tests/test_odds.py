"""The odds are the resolver summed over every throw: they sum to exactly 1,
agree with brute force over ordered dice, and with a seeded sampling of the
same resolver."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.chance.dice import Rng
from referee.procedures.door import dice_needed, resolve
from referee.ruleset.load import load
from referee.rulings.battle import Battle
from referee.settle.odds import battle_odds

GF = load("groundforce")
UNITS = ["trooper", "saboteur", "heavy"]


@st.composite
def battles(draw: st.DrawFn) -> Battle:
    if draw(st.booleans()):
        attacker: tuple = (("heavy", 1),)
        reach = draw(st.integers(min_value=1, max_value=3))
    else:
        attacker = tuple(Counter(draw(st.lists(st.sampled_from(UNITS[:2]), min_size=1, max_size=2))).items())
        reach = None
    defenders = draw(st.lists(st.sampled_from(UNITS), min_size=1, max_size=2))
    return Battle(attacker=attacker, defender=tuple(Counter(defenders).items()), range=reach)


@given(battles())
def test_odds_sum_to_one(battle: Battle) -> None:
    assert sum(o.probability for o in battle_odds(GF, battle)) == 1


@given(battles())
def test_odds_equal_brute_force_over_ordered_dice(battle: Battle) -> None:
    needs = dice_needed(GF, battle)
    groups = list(needs)
    brute: Counter = Counter()
    ordered = [product(needs[g].die.faces, repeat=needs[g].count) for g in groups]
    total = 0
    for faces in product(*ordered):
        outcome = resolve(GF, battle, dict(zip(groups, faces, strict=True))).outcome
        brute[(outcome["winner"], outcome["attacker_loses"], outcome["defender_loses"])] += 1
        total += 1
    exact = {tuple(o.key.values()): o.probability for o in battle_odds(GF, battle)}
    assert exact == {k: Fraction(v, total) for k, v in brute.items()}


@settings(max_examples=10, deadline=None)
@given(battles(), st.integers(min_value=0, max_value=10**6))
def test_seeded_sampling_agrees_with_exact_odds(battle: Battle, seed: int) -> None:
    needs = dice_needed(GF, battle)
    rng = Rng(seed, "test")
    samples = 4000
    seen: Counter = Counter()
    for _ in range(samples):
        throw = {g: n.die.roll(n.count, rng) for g, n in needs.items()}
        outcome = resolve(GF, battle, throw).outcome
        seen[(outcome["winner"], outcome["attacker_loses"], outcome["defender_loses"])] += 1
    for o in battle_odds(GF, battle):
        p = float(o.probability)
        # five standard deviations: a false alarm is far rarer than one in a million
        assert abs(seen[tuple(o.key.values())] / samples - p) <= 5 * (p * (1 - p) / samples) ** 0.5 + 1e-9


def test_a_battle_rebuilt_from_its_groups_is_the_same_battle() -> None:
    battle = Battle(
        attacker=(("trooper", 2),),
        defender=(("heavy", 1),),
        range=3,
        when=(("defender", "cover"),),
        attacker_rear=(("trooper", 1),),
        states=(("attacker_rear", "trooper", "damaged", 1),),
    )
    assert Battle.of_groups(battle.groups(), when=battle.when, states=battle.states, range=3) == battle
