"""Ranked pairs with a die per side (docs/examples/stronghold.yaml: the defender
rolls up to 3 eight-sided dice): rulings, one-round odds and whole fights
against a brute-force enumeration and a recursion written here, never the resolver."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from functools import cache
from pathlib import Path

import pytest
import yaml

from tests.conftest import fails, run, run_json

STRONGHOLD = Path(__file__).resolve().parent.parent / "docs" / "examples" / "stronghold.yaml"
D6, D8 = range(1, 7), range(1, 9)


def one_round(a_faces: range, a_dice: int, d_faces: range, d_dice: int) -> dict[tuple[int, int], Fraction]:
    """(attacker's losses, defender's losses) over every ordered throw; ties to the defender."""
    counts: Counter[tuple[int, int]] = Counter()
    for a in itertools.product(a_faces, repeat=a_dice):
        for d in itertools.product(d_faces, repeat=d_dice):
            pairs = list(zip(sorted(a, reverse=True), sorted(d, reverse=True)))
            lost = sum(x <= y for x, y in pairs)
            counts[lost, len(pairs) - lost] += 1
    total = len(a_faces) ** a_dice * len(d_faces) ** d_dice
    return {k: Fraction(v, total) for k, v in counts.items()}


def odds_of(command: str) -> dict[tuple[int, int], Fraction]:
    outcomes = run_json(f"odds {command}")["outcomes"]
    return {(o["attacker_loses"], o["defender_loses"]): Fraction(o["probability"]) for o in outcomes}


def with_defender_die(tmp_path: Path, die: str | None) -> Path:
    """A copy of the example whose defender rolls `die`, or the attack's die when None."""
    data = yaml.safe_load(STRONGHOLD.read_text())
    defender = data["attacks"]["attack"]["defender"]
    if die is None:
        defender.pop("die")
    else:
        defender["die"] = die
    path = tmp_path / "stronghold.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return path


@pytest.mark.parametrize(("a", "d"), [(1, 1), (3, 3), (2, 3), (3, 1)])
def test_d6_against_d8_one_round(a: int, d: int) -> None:
    assert odds_of(f"{STRONGHOLD} --attacker {a} --defender {d}") == one_round(D6, a, D8, d)


def test_three_defence_dice_of_the_attacks_die(tmp_path: Path) -> None:
    """Risk with 3 defence dice: the defender rolls the attack's d6."""
    path = with_defender_die(tmp_path, None)
    assert odds_of(f"{path} --attacker 3 --defender 3") == one_round(D6, 3, D6, 3)


def test_the_attacker_may_roll_the_bigger_die(tmp_path: Path) -> None:
    data = yaml.safe_load(STRONGHOLD.read_text())
    sides = data["attacks"]["attack"]
    sides["attacker"]["die"], sides["defender"]["die"] = "d8", "d6"
    path = tmp_path / "swapped.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    assert odds_of(f"{path} --attacker 2 --defender 3") == one_round(D8, 2, D6, 3)


def test_a_typed_round_on_the_d8() -> None:
    ruling = run_json(f"battle {STRONGHOLD} --attacker 3 --defender 3 --attacker-roll 6,5,2 --defender-roll 8,5,1")
    assert [p["winner"] for p in ruling["pairs"]] == ["defender", "defender", "attacker"]
    assert (ruling["attacker_loses"], ruling["defender_loses"]) == (2, 1)
    assert ruling["defender"]["sorted"] == [8, 5, 1]


def test_a_face_off_the_sides_die_is_refused() -> None:
    assert fails(f"battle {STRONGHOLD} --attacker 1 --defender 1 --attacker-roll 7 --defender-roll 7") == (
        "error: an attacker roll of 7 is impossible: the d6 shows 1 to 6 (SH-1)"
    )
    run(f"battle {STRONGHOLD} --attacker 1 --defender 1 --attacker-roll 6 --defender-roll 8")


def test_a_sides_die_must_exist_and_be_numbered(tmp_path: Path) -> None:
    assert "defender.die: unknown die 'd9'; known: d6, d8" in fails(f"validate {with_defender_die(tmp_path, 'd9')}")
    data = yaml.safe_load(STRONGHOLD.read_text())
    data["dice"]["coin"] = {"rule": "SH-2", "faces": ["heads", "tails"]}
    data["attacks"]["attack"]["defender"]["die"] = "coin"
    path = tmp_path / "coin.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    assert "attacks.attack.defender.die" in fails(f"validate {path}")


@cache
def conquest(attackers: int, defenders: int) -> Fraction:
    """The chance the attacker takes the territory: it keeps one army home and
    rolls min(3, the rest) d6, the defender min(3, its armies) d8."""
    if defenders == 0:
        return Fraction(1)
    if attackers <= 1:
        return Fraction(0)
    rolled = one_round(D6, min(3, attackers - 1), D8, min(3, defenders))
    return sum((p * conquest(attackers - al, defenders - dl) for (al, dl), p in rolled.items()), Fraction(0))


@pytest.mark.parametrize(("a", "d"), [(4, 3), (6, 4), (3, 2)])
def test_whole_fight_with_a_d8_defender_agrees_with_a_recursion(a: int, d: int) -> None:
    result = run_json(f"odds {STRONGHOLD} --attacker {a} --defender {d} --until conquest")
    on_territory = a + 1  # --attacker counts the attacking armies; one more stays home
    assert Fraction(result["p_attacker_wins"]) == conquest(on_territory, d)
    assert Fraction(result["p_defender_holds"]) == 1 - conquest(on_territory, d)
