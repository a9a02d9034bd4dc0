"""The bonus stage: what a side adds to its paired dice by rank, by the
units it fights with (bombarding armour, the first to the highest die) and
by situation (air support on the highest die), stopped by the other side's
named situations (a rear assault). Written into a staged attack compared
by pairs: typed rulings, exact odds and whole fights against a brute force
written here with itertools and Fraction, the file checked, and the
function the ranked-pairs preset shares at unit level."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from functools import cache
from pathlib import Path

import pytest
from conftest import fails, run, run_json
from test_stage_pairs import losses

from referee.rulings.ruling import Side
from referee.stages.bonus import by_rank

GUNS = """\
format: 1
name: guns
title: Guns and pairs
source: written for the referee's tests
rules:
  GP-1: "The attacker rolls one die per unit, at most 3; the defender one per unit, at most 2."
  GP-2: "Sort each side's dice high to low, highest against highest; ties to the defender; a lost pair costs a unit."
  GP-3: "Each armour adds 1 to its side's next paired die, the first to the highest."
  GP-4: "Air support adds 1 to the side's highest die."
  GP-5: "A rear assault stops the defender's armour adding."
dice:
  d6: {rule: GP-1, faces: [1, 2, 3, 4, 5, 6]}
units:
  infantry: {plural: infantry, cost: 1}
  armour: {plural: armour, cost: 3}
situations:
  airfield: {side: either, rule: GP-4, text: air support, aliases: [air support]}
  rear-assault: {side: attacker, rule: GP-5, text: a rear assault, aliases: [rear assault]}
attacks:
  round:
    procedure: staged
    rule: GP-1
    label: round
    attacker: {die: d6, roll: {by: units, max: 3}}
    defender: {die: d6, roll: {by: units, max: 2}}
    compare: {by: pairs, tie: defender}
    bonus: {units: {armour: 1}, highest: {airfield: 1}, stopped_by: [rear-assault]}
    cite: {roll: GP-1, compare: GP-2, costs: GP-2, bonus: GP-3}
"""


@pytest.fixture
def guns(tmp_path: Path) -> Path:
    path = tmp_path / "guns.yaml"
    path.write_text(GUNS, encoding="utf-8")
    return path


def bonuses(armour: int, pairs: int, air: bool, stopped: bool) -> list[int]:
    """GP-3 to GP-5 on one side: +1 for each armour from the highest die down, +1 on the highest for air."""
    bonus = [0] * pairs
    for rank in range(min(0 if stopped else armour, pairs)):
        bonus[rank] += 1
    if air and pairs:
        bonus[0] += 1
    return bonus


def round_losses(
    attacker: tuple[int, int], defender: tuple[int, int], when: frozenset[str]
) -> dict[tuple[int, int], Fraction]:
    """One round by GP-1 to GP-5 over every ordered throw: (infantry, armour) each side."""
    dice = (min(sum(attacker), 3), min(sum(defender), 2))
    pairs = min(dice)
    bonus = (
        bonuses(attacker[1], pairs, "attacker:airfield" in when, False),
        bonuses(defender[1], pairs, "defender:airfield" in when, "attacker:rear-assault" in when),
    )
    out: Counter[tuple[int, int]] = Counter()
    for a in itertools.product(range(1, 7), repeat=dice[0]):
        for d in itertools.product(range(1, 7), repeat=dice[1]):
            lost = [0, 0]
            for rank, (x, y) in enumerate(zip(sorted(a, reverse=True), sorted(d, reverse=True))):
                lost[0 if x + bonus[0][rank] <= y + bonus[1][rank] else 1] += 1
            out[(lost[0], lost[1])] += 1
    total = 6 ** sum(dice)
    return {lost: Fraction(n, total) for lost, n in out.items()}


def test_a_typed_throw_says_each_bonus(guns: Path) -> None:
    command = (
        f"battle {guns} --attacker 'infantry, armour' --defender 2 --attacker-roll 5,3 --defender-roll 6,3 "
        "--when attacker:airfield --no-journal"
    )
    ruling = run_json(command)
    said = {s["text"]: s["rule"] for s in ruling["explanation"]}
    assert said["the attacker's armour on the front: +1 to its highest die"] == "GP-3"
    assert said["air support: +1 to the attacker's highest die"] == "GP-4"
    assert said["pair 1: 5+2=7 against 6: the attacker wins"] == "GP-2"
    assert said["pair 2: 3 against 3: the defender wins the tie"] == "GP-2"
    assert (ruling["attacker_loses"], ruling["defender_loses"]) == (1, 1)
    assert "+1 op zijn hoogste dobbelsteen" in run(f"--lang nl {command}").stdout
    assert "最大的骰 +1" in run(f"--lang zh-Hant {command}").stdout


def test_a_situation_of_the_other_side_stops_the_units_bonus(guns: Path) -> None:
    command = (
        f"battle {guns} --attacker 2 --defender '2 armour' --attacker-roll 5,4 --defender-roll 5,3 "
        "--when attacker:rear-assault --no-journal"
    )
    ruling = run_json(command)
    said = {s["text"]: s["rule"] for s in ruling["explanation"]}
    assert said["a rear assault: the defender's 2 armour give no bonus"] == "GP-5"
    assert "pair 2: 4 against 3: the attacker wins" in said
    assert (ruling["attacker_loses"], ruling["defender_loses"]) == (1, 1)


@pytest.mark.parametrize(
    ("attacker", "defender", "when"),
    [
        ((1, 2), (2, 0), ()),
        ((3, 0), (0, 2), ()),
        ((0, 3), (1, 1), ("defender:airfield",)),
        ((2, 1), (0, 2), ("attacker:rear-assault", "attacker:airfield")),
        ((0, 1), (0, 1), ("attacker:airfield", "defender:airfield")),
    ],
)
def test_odds_are_the_brute_force(
    guns: Path, attacker: tuple[int, int], defender: tuple[int, int], when: tuple[str, ...]
) -> None:
    def told(side: tuple[int, int]) -> str:
        return ", ".join(f"{n} {unit}" for unit, n in zip(("infantry", "armour"), side) if n)

    flags = "".join(f" --when {w}" for w in when)
    odds = run_json(f"odds {guns} --attacker '{told(attacker)}' --defender '{told(defender)}'{flags}")
    assert losses(odds["outcomes"]) == round_losses(attacker, defender, frozenset(when))


def test_a_whole_fight_with_bonuses_is_the_brute_force(guns: Path) -> None:
    """Fought until conquest, losses taken cheapest first (infantry before
    armour), every round with the bonus of the armour left: the chance the
    attacker conquers, by a Markov chain over both sides' units written here."""
    guns.write_text(GUNS.replace("    cite: {roll:", "    fight: {rule: GP-2}\n    cite: {roll:"), encoding="utf-8")
    when = frozenset({"defender:airfield"})

    def lose(side: tuple[int, int], n: int) -> tuple[int, int]:
        infantry, armour = side
        taken = min(infantry, n)
        return (infantry - taken, max(armour - (n - taken), 0))

    @cache
    def conquers(attacker: tuple[int, int], defender: tuple[int, int]) -> Fraction:
        if not sum(attacker):
            return Fraction(0)
        if not sum(defender):
            return Fraction(1)
        return sum(
            (
                p * conquers(lose(attacker, a), lose(defender, d))
                for (a, d), p in round_losses(attacker, defender, when).items()
            ),
            Fraction(0),
        )

    odds = run_json(f"odds {guns} --attacker '2 infantry, 1 armour' --defender '1 infantry, 1 armour' "
                    "--when defender:airfield --until conquest")  # fmt: skip
    assert Fraction(odds["p_attacker_wins"]) == conquers((2, 1), (1, 1))


@pytest.mark.parametrize(
    ("old", "new", "error"),
    [
        ("units: {armour: 1}", "units: {tank: 1}", "attacks.round.bonus.units: unknown unit 'tank'"),
        ("highest: {airfield: 1}", "highest: {airbase: 1}", "unknown situation 'airbase'"),
        ("stopped_by: [rear-assault]", "stopped_by: [rear]", "attacks.round.bonus.stopped_by[0]: unknown situation"),
        ("units: {armour: 1}", "units: {armour: 0}", "attacks.round.bonus.units.armour"),
    ],
)
def test_the_section_is_checked(guns: Path, old: str, new: str, error: str) -> None:
    guns.write_text(GUNS.replace(old, new), encoding="utf-8")
    assert error in fails(f"validate {guns}")


def test_frontline_risk_bombards_through_the_same_stage() -> None:
    """The preset asks the stage's `by_rank`: its armour and air support say the stage's words."""
    command = (
        "battle frontline-risk --attacker '1 infantry, 1 armour' --defender '2 infantry' --attacker-roll 5,3 "
        "--defender-roll 6,3 --when attacker:airfield --no-journal"
    )
    texts = [s["text"] for s in run_json(command)["explanation"]]
    assert "the attacker's armour on the front: +1 to its highest die" in texts
    assert "air support (an airfield on or next to the territory): +1 to the attacker's highest die" in texts


def test_by_rank_adds_from_the_highest_die_and_stops_at_the_pairs() -> None:
    bonus, steps = by_rank(
        ["a", "b", "c"], 2, {"a": 2, "b": 1, "c": 1}.__getitem__, ", ".join, Side.ATTACKER, (), (), "X-1"
    )
    assert bonus == [2, 1]
    assert [s.rule for s in steps] == ["X-1"]
    assert by_rank(["a"], 0, lambda _: 1, ", ".join, Side.DEFENDER, (), (), "X-1")[0] == []
