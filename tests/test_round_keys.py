"""A whole fight of an attack written as stages rules a round once for every
battle that decides it alike (`resolver.decides`, what each stage reads), and
counts a round of ranked pairs alone from the highest dice (`pairs.chances`).
Both are held here to the round the resolver rules throw by throw, and
classic Risk written as stages to the preset's whole fight and chart."""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Hashable
from fractions import Fraction
from pathlib import Path

import pytest
from conftest import fails, run, run_json
from hypothesis import given
from hypothesis import strategies as st
from test_stage_pairs import pair_losses

from referee.procedures.door import dice_needed
from referee.procedures.staged.fight import StagedFight, fight_rules
from referee.ruleset.load import load_file
from referee.ruleset.model import Ruleset
from referee.rulings.battle import Battle
from referee.stages import pairs

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"
RISK = (Path(__file__).resolve().parent.parent / "benchmarks" / "risk_staged.yaml").read_text(encoding="utf-8")


def staged_risk(tmp_path: Path, *edits: tuple[str, str]) -> Path:
    text = RISK
    for old, new in edits:
        assert old in text
        text = text.replace(old, new)
    path = tmp_path / "riskstaged.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def fight_of(rules: Ruleset, attack: str = "") -> StagedFight:
    params = rules.attacks[attack or next(iter(rules.attacks))]
    return fight_rules(rules, params, (), None)


def summed(fight: StagedFight, battle: Battle) -> dict[tuple[int, ...], Fraction]:
    results, total = fight.summed(battle, dice_needed(fight.rules, battle))
    return {result: Fraction(n, total) for result, n in results}


def by_key(fight: StagedFight, battle: Battle) -> dict[tuple[int, ...], Fraction]:
    state = fight.start(battle)
    results, total = fight.round(fight.key(state))
    return {result: Fraction(n, total) for result, n in results}


def brute_pairs(a: tuple[int, int], d: tuple[int, int], tie: str) -> Counter[tuple[int, int]]:
    """Every ordered throw of a dice of `a[0]` faces against `d[1]`…: who loses how many pairs."""
    lost: Counter[tuple[int, int]] = Counter()
    for attacker in itertools.product(range(1, a[0] + 1), repeat=a[1]):
        for defender in itertools.product(range(1, d[0] + 1), repeat=d[1]):
            lost[pair_losses(attacker, defender, tie)] += 1
    return lost


@given(
    st.sampled_from([4, 6, 8]),
    st.integers(1, 3),
    st.sampled_from([4, 6, 8]),
    st.integers(1, 3),
    st.sampled_from(["attacker", "defender", "nothing"]),
)
def test_pair_chances_are_the_brute_force(a_faces: int, a_dice: int, d_faces: int, d_dice: int, tie: str) -> None:
    counted, total = pairs.chances((tuple(range(1, a_faces + 1)), a_dice), (tuple(range(1, d_faces + 1)), d_dice), tie)
    assert total == a_faces**a_dice * d_faces**d_dice
    assert counted == {k: n for k, n in brute_pairs((a_faces, a_dice), (d_faces, d_dice), tie).items() if n}


@pytest.mark.parametrize(
    "edits",
    [
        (),
        (("tie: defender", "tie: attacker"),),
        (("tie: defender", "tie: nothing"),),
        (("tie: defender", "tie: defender, attacker_wins: wounds"),),
        (("tie: defender", "tie: defender, defender_wins: nothing"),),
        (("tie: defender", "tie: defender, attacker_wins: remove-all"),),
        (("attacker: {die: d6", "attacker: {die: d8"),),
        (("max_units: 3}", "max_units: 4}"),),
    ],
)
def test_a_round_of_pairs_counted_alone_is_the_resolver_summed(tmp_path: Path, edits: tuple[tuple[str, str]]) -> None:
    fight = fight_of(load_file(staged_risk(tmp_path, *edits)))
    assert fight.alone
    for armies, against in itertools.product(range(1, 5), range(1, 4)):
        battle = Battle(attacker=(("army", armies),), defender=(("army", against),))
        front = fight.round_battle(fight.start(battle))  # the armies that fight the round
        assert by_key(fight, battle) == summed(fight, front), (armies, against)


def test_rounds_of_risk_as_stages_are_keyed_by_the_dice_each_side_rolls(tmp_path: Path) -> None:
    """Thirty armies roll as three: 900 battles of one kind of unit decide 6 rounds (3 × 2 dice counts)."""
    fight = fight_of(load_file(staged_risk(tmp_path)))
    keys = {
        fight.key(fight.start(Battle(attacker=(("army", a),), defender=(("army", d),))))
        for a in range(1, 31)
        for d in range(1, 31)
    }
    assert len(keys) == 6


def test_units_with_dice_of_their_own_round_throw_by_throw(tmp_path: Path) -> None:
    """Where the pairs stage is not all the attack reads (here a unit rolls a
    die of its own), the round is the resolver summed, and keyed alike."""
    path = staged_risk(
        tmp_path,
        ("  army: {plural", "  elite: {plural: elites, cost: 2}\n  army: {plural"),
        ("max_units: 3}}", "max_units: 3}, units: {elite: {die: d8}}}"),
    )
    fight = fight_of(load_file(path))
    assert not fight.alone
    for elites, armies, against in itertools.product(range(2), range(1, 3), range(1, 3)):
        attacker = tuple((unit, n) for unit, n in (("elite", elites), ("army", armies)) if n)
        battle = Battle(attacker=attacker, defender=(("army", against),))
        assert by_key(fight, battle) == summed(fight, battle), (attacker, against)


EXAMPLE_FIGHTS = [
    ("memoir44.yaml", "battle", 2),
    ("ti4.yaml", "space-combat", None),
]


@pytest.mark.parametrize(("example", "attack", "distance"), EXAMPLE_FIGHTS)
def test_battles_that_decide_alike_have_one_round(example: str, attack: str, distance: int | None) -> None:
    """The key is sound: battles of one or two units of a kind a side that
    share a key roll one distribution of results, and some do share one."""
    rules = load_file(EXAMPLES / example)
    fight = fight_of(rules, attack)
    units = [u for u in rules.units if attack in rules.attacks_of(u)][:3]
    sides = [((unit, n),) for unit in units for n in range(1, 3)]
    rounds: dict[Hashable, dict[tuple[int, ...], Fraction]] = {}
    shared = 0
    for attacker, defender in itertools.product(sides, sides):
        battle = Battle(attacker=attacker, defender=defender, attack=attack, range=distance)
        key = fight.key(fight.start(battle))
        round_ = summed(fight, battle)
        shared += key in rounds
        assert rounds.setdefault(key, round_) == round_, (attacker, defender)
    assert shared > len(rounds)


TOLD_APART = ("ruleset", "policy")  # the file's name and its rules' words; every other key is the same answer


@pytest.mark.parametrize(
    "told",
    [
        "--attacker 30 --defender 30",
        "--attacker 12 --defender 7",
        "--attacker 12 --defender 7 --stop-at 4",
        "--attacker 12 --defender 3,4,2",  # territories in turn: one army stays behind on each taken
        "--attacker 1 --defender 5",
    ],
)
def test_risk_as_stages_fights_as_the_preset(tmp_path: Path, told: str) -> None:
    """Fronts of 3 and 2 filled from the armies told, one army kept behind:
    the whole answer is the preset's, survivors and kept-behind included."""
    staged = run_json(f"odds {staged_risk(tmp_path)} {told} --until conquest")
    preset = run_json(f"odds risk {told} --until conquest")
    assert {k: v for k, v in staged.items() if k not in TOLD_APART} == {
        k: v for k, v in preset.items() if k not in TOLD_APART
    }


def test_risk_as_stages_charts_as_the_preset(tmp_path: Path) -> None:
    staged = run_json(f"odds {staged_risk(tmp_path)} --table 12")
    preset = run_json("odds risk --table 12")
    assert {k: v for k, v in staged.items() if k not in TOLD_APART} == {
        k: v for k, v in preset.items() if k not in TOLD_APART
    }


def whole_fight(attackers: int, defenders: int) -> Fraction:
    """P(the attacker conquers) with fronts of 3 and 2, every round's throws
    enumerated and the fight recursed, as a table would work it by hand."""

    @functools.cache
    def conquers(a: int, d: int) -> Fraction:
        if d == 0:
            return Fraction(1)
        if a == 0:
            return Fraction(0)
        a_dice, d_dice = min(a, 3), min(d, 2)
        throws = list(itertools.product(range(1, 7), repeat=a_dice + d_dice))
        won = Fraction(0)
        for throw in throws:
            ours, theirs = sorted(throw[:a_dice], reverse=True), sorted(throw[a_dice:], reverse=True)
            pairs_won = sum(x > y for x, y in zip(ours, theirs))
            pairs_lost = min(a_dice, d_dice) - pairs_won
            won += conquers(a - pairs_lost, d - pairs_won)
        return won / len(throws)

    return conquers(attackers, defenders)


@pytest.mark.parametrize(("armies", "against"), [(1, 1), (4, 2), (5, 3), (6, 6)])
def test_a_front_fight_is_the_brute_force(tmp_path: Path, armies: int, against: int) -> None:
    answer = run_json(f"odds {staged_risk(tmp_path)} --attacker {armies} --defender {against} --until conquest")
    assert Fraction(answer["p_attacker_wins"]) == whole_fight(armies, against)


def test_a_front_refuses_more_units_in_one_battle_and_says_itself_in_a_whole_fight(tmp_path: Path) -> None:
    path = staged_risk(tmp_path)
    assert "at most 3 can take part (RS-1)" in fails(f"battle {path} --attacker 4 --defender 2 -A 1,2,3 -D 4,5")
    said = run(f"odds {path} --attacker 5 --defender 3 --until conquest").stdout
    assert "5 armies attacking 3 armies; 1 more stays behind (RS-1)" in said
    assert "the attacker fights each round with at most 3 units" in " ".join(said.split())
    assert "1 unit stays behind on the attacker's territory, besides those told" in " ".join(said.split())
