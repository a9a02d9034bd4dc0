"""A d20 attack with the table's numbers stated (docs/examples/d20.yaml):
the attack bonus and the armour class typed as values, two weapons as two
attacks of one file, advantage and disadvantage keeping the higher or the
lower of two d20s, a target that only defends. Exact odds against a brute
force written here (itertools and Fraction, never the resolver), rulings
typed through the command line, and the refusals."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
from conftest import fails, run, run_json

D20 = Path(__file__).resolve().parent.parent / "docs" / "examples" / "d20.yaml"
PLUS = {"longsword": 3, "longbow": 2}


def brute(
    bonus: int, armour: int, weapon: str, when: frozenset[str], plus: int | None = None
) -> dict[tuple[int, int], Fraction]:
    """(criticals, damage): every d20 rolled (two with advantage or disadvantage, one with both)
    and every d8 of damage (two on a critical)."""
    both = {"advantage", "disadvantage"} <= when
    dice = 1 if both or not when else 2
    keep = min if "disadvantage" in when and not both else max
    found: Counter[tuple[int, int]] = Counter()
    for d20s in itertools.product(range(1, 21), repeat=dice):
        kept, p = keep(d20s), Fraction(1, 20**dice)
        if kept == 1 or (kept != 20 and kept + bonus < armour):
            found[0, 0] += p
            continue
        critical = kept == 20
        for d8s in itertools.product(range(1, 9), repeat=2 if critical else 1):
            found[int(critical), max(0, sum(d8s) + (PLUS[weapon] if plus is None else plus))] += p / 8 ** len(d8s)
    return dict(found)


def odds(told: str, path: Path = D20) -> dict[tuple[int, int], Fraction]:
    found: Counter[tuple[int, int]] = Counter()
    for o in run_json(f"odds {path} --attacker fighter --defender target {told}")["outcomes"]:
        found[o["attacker_criticals"], o["defender_loses"]] += Fraction(o["probability"])
    return dict(found)


@pytest.mark.parametrize(
    ("bonus", "armour", "weapon", "when"),
    [
        (5, 15, "longsword", frozenset()),
        (5, 15, "longsword", frozenset({"advantage"})),
        (5, 15, "longsword", frozenset({"disadvantage"})),
        (5, 15, "longsword", frozenset({"advantage", "disadvantage"})),  # they cancel: one d20
        (-2, 25, "longbow", frozenset({"advantage"})),  # only a natural 20 hits
        (12, 3, "longbow", frozenset({"disadvantage"})),  # only a natural 1 misses
    ],
)
def test_a_d20_attack_on_stated_numbers_is_the_brute_force(
    bonus: int, armour: int, weapon: str, when: frozenset[str]
) -> None:
    situations = "".join(f" --when attacker:{name}" for name in sorted(when))
    told = f"--attack {weapon} --attacker-value bonus={bonus} --defender-value ac={armour}{situations}"
    assert odds(told) == brute(bonus, armour, weapon, when)


def test_disadvantage_keeps_the_lower_die_and_says_so() -> None:
    told = "--attacker-value bonus=5 --defender-value ac=15 --when attacker:disadvantage --attacker-roll 18,12"
    ruling = run_json(f"battle {D20} --attacker fighter --defender target {told} --damage-roll 6 --no-journal")
    assert ruling["attacker"]["rolled"] == [12] and ruling["defender_loses"] == 9
    texts = [s["text"] for s in ruling["explanation"]]
    assert "disadvantage: the attacker keeps the lowest, 12 of 18, 12" in texts
    missed = f"battle {D20} --attacker fighter --defender target {told.replace('18,12', '18,9')} --no-journal"
    assert run_json(missed)["defender_loses"] == 0  # 9 + 5 does not reach 15: no damage to roll


def test_odds_give_the_chance_to_hit_and_the_expected_damage_in_one_answer() -> None:
    answer = run_json(
        f"odds {D20} --attacker fighter --defender target --attacker-value bonus=5 --defender-value ac=15"
    )
    damage = answer["columns"]["defender_loses"]
    assert damage["expected"] == "87/20"  # 10/20 of 7.5 and 1/20 of 12
    assert next(v["at_least"] for v in damage["values"] if v["value"] == 4) == "11/20"  # P(hit): 10 or more
    assert answer["columns"]["attacker_criticals"]["expected"] == "1/20"


def test_a_unit_that_only_defends_makes_no_attack() -> None:
    said = fails(f"battle {D20} --attacker target --defender fighter --attacker-value bonus=1 --defender-value ac=9")
    assert said == "error: the target only defends: it makes no attack"


def test_only_defending_is_written_without_an_attack(tmp_path: Path) -> None:
    path = tmp_path / "d20.yaml"
    text = D20.read_text(encoding="utf-8")
    path.write_text(text.replace("defends_only: true}", "defends_only: true, attack: longbow}"), encoding="utf-8")
    said = " ".join(fails(f"validate {path}").split())
    assert "units.target.defends_only: a unit that only defends names no attack: leave out 'attack' and 'also'" in said
    path.write_text(text.replace(", defends_only: true}", "}"), encoding="utf-8")
    said = " ".join(fails(f"validate {path}").split())
    assert "'defends_only: true' for a unit that makes none" in said


def test_the_numbers_stated_are_said_first_in_every_language() -> None:
    told = "--attacker-value bonus=5 --defender-value ac=15 --attacker-roll 20 --damage-roll 3 --critical-roll 4"
    told += " --no-journal"
    out = run(f"--lang de battle {D20} --attacker fighter --defender target {told}").stdout
    assert "bonus des Angreifers: 5" in out


@pytest.mark.parametrize("might", [-2, 0, 4])
def test_a_damage_roll_adds_a_number_the_table_states(tmp_path: Path, might: int) -> None:
    path = tmp_path / "d20.yaml"
    text = D20.read_text(encoding="utf-8").replace("plus: 3, critical: 2", "plus: might, critical: 2")
    stated = '  might: {rule: D20-4, text: "the damage bonus", side: attacker, at_least: -5, at_most: 10}\n'
    path.write_text(text.replace("  armour: {rule: D20-1", stated + "  armour: {rule: D20-1"), encoding="utf-8")
    told = f"--attacker-value bonus=5 --defender-value ac=15 --attacker-value might={might}"
    assert odds(told, path) == brute(5, 15, "longsword", frozenset(), plus=might)


def test_a_natural_that_decides_against_the_number_is_said() -> None:
    """Every face would reach 12 with +18, and none 25 with -2: the natural 1 and 20 are what decide."""
    missed = run_json(
        f"battle {D20} --attacker fighter --defender target --attacker-value bonus=18 --defender-value ac=12 "
        "--attacker-roll 1 --no-journal"
    )
    texts = [s["text"] for s in missed["explanation"]]
    assert "but a natural 1 misses whatever the number" in texts and missed["defender_loses"] == 0
    hit = run(
        f"battle {D20} --attacker fighter --defender target --attacker-value bonus=-2 --defender-value ac=25 "
        "--attacker-roll 20 --damage-roll 3 --critical-roll 4 --no-journal"
    ).stdout
    assert "but a natural 20 hits whatever the number" in hit
    plain = run_json(
        f"battle {D20} --attacker fighter --defender target --attacker-value bonus=5 --defender-value ac=15 "
        "--attacker-roll 12 --damage-roll 3 --no-journal"
    )
    assert not any("natural" in s["text"] for s in plain["explanation"])  # the number decides: nothing more said
