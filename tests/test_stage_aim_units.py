"""The read stage's aim by unit: each unit kind's dice hit on its own number
(at most it, or at least it), and support raises another unit's number one
for one. Through `procedure: staged` (exact odds and whole fights against a
brute force written here with itertools and Fraction, typed rulings, the
file checked) and against the simultaneous-fire template built on the same stage."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
from conftest import fails, run, run_json

SKIRMISH = """\
format: 1
name: skirmish
title: Skirmish
source: a test of the read stage's aim by unit
rules:
  SK-1: "Each unit rolls a d6: infantry hits on 1, artillery on 2, tank on 3 or less; defending, infantry on 2."
  SK-2: "Each artillery supports one infantry: that infantry hits on 2."
  SK-3: "Every hit removes one unit of the other side, both at once."
  SK-4: "Battles go on in rounds until a side has no unit left."
dice:
  d6: {faces: [1, 2, 3, 4, 5, 6]}
units:
  infantry: {cost: 3, plural: infantry}
  artillery: {cost: 4}
  tank: {cost: 6}
attacks:
  skirmish:
    procedure: staged
    rule: SK-1
    label: skirmish
    attacker:
      die: d6
      roll: {by: units}
      read:
        aim:
          number: 0
          hits_on: at-most
          units: {infantry: 1, artillery: 2, tank: 3}
          support: [{unit: artillery, raises: infantry, by: 1, rule: SK-2}]
    defender:
      die: d6
      roll: {by: units}
      read: {aim: {number: 0, hits_on: at-most, units: {infantry: 2, artillery: 2, tank: 3}}}
    costs: {losses: [hit], strength: {infantry: 1, artillery: 1, tank: 1}}
    cite: {costs: SK-3}
    fight: {rule: SK-4, casualties: cheapest}
"""

ATTACK = {"infantry": 1, "artillery": 2, "tank": 3}
DEFEND = {"infantry": 2, "artillery": 2, "tank": 3}


@pytest.fixture
def skirmish(tmp_path: Path) -> Path:
    path = tmp_path / "skirmish.yaml"
    path.write_text(SKIRMISH, encoding="utf-8")
    return path


def numbers(units: dict[str, int], table: dict[str, int], lifts: int) -> list[int]:
    """Each unit's number as SK-1 and SK-2 state it: `lifts` infantry raised by one."""
    out = []
    for unit, n in units.items():
        for i in range(n):
            out.append(table[unit] + (unit == "infantry" and i < lifts))
    return out


def hits_brute(values: list[int]) -> Counter[int]:
    """Hits by the number of throws that score them, a d6 hitting at most its value."""
    return Counter(
        sum(f <= v for f, v in zip(faces, values)) for faces in itertools.product(range(1, 7), repeat=len(values))
    )


def round_brute(attacker: dict[str, int], defender: dict[str, int]) -> dict[tuple[int, int], Fraction]:
    """(attacker loses, defender loses) by chance in one round."""
    ours = numbers(attacker, ATTACK, attacker.get("artillery", 0))
    theirs = numbers(defender, DEFEND, 0)
    a, d = hits_brute(ours), hits_brute(theirs)
    total = 6 ** (len(ours) + len(theirs))
    out: Counter[tuple[int, int]] = Counter()
    for a_hits, a_n in a.items():
        for d_hits, d_n in d.items():
            out[min(d_hits, len(ours)), min(a_hits, len(theirs))] += a_n * d_n
    return {key: Fraction(n, total) for key, n in out.items()}


SIDES = [
    ({"infantry": 2, "artillery": 1}, {"infantry": 2}),
    ({"infantry": 1, "artillery": 2}, {"tank": 1, "infantry": 1}),
    ({"infantry": 3, "artillery": 1, "tank": 1}, {"infantry": 2, "artillery": 1}),
]


def told(units: dict[str, int]) -> str:
    return ", ".join(f"{n} {unit}" for unit, n in units.items())


@pytest.mark.parametrize(("attacker", "defender"), SIDES)
def test_a_round_aimed_by_unit_with_support_is_the_brute_force(
    skirmish: Path, attacker: dict[str, int], defender: dict[str, int]
) -> None:
    outcomes = run_json(f"odds {skirmish} --attacker '{told(attacker)}' --defender '{told(defender)}'")["outcomes"]
    found = {(o["attacker_loses"], o["defender_loses"]): Fraction(o["probability"]) for o in outcomes}
    assert found == round_brute(attacker, defender)


def fight_brute(attacker: tuple[int, int], defender: int) -> Fraction:
    """The attacker's chance to conquer: (infantry, artillery) against infantry,
    each side losing its cheapest first (infantry), a round that hits nobody divided out."""
    memo: dict[tuple[int, int, int], Fraction] = {}

    def win(inf: int, art: int, foes: int) -> Fraction:
        if not inf + art:
            return Fraction(0)
        if not foes:
            return Fraction(1)
        if (inf, art, foes) not in memo:
            spread = round_brute({"infantry": inf, "artillery": art}, {"infantry": foes})
            stay = spread.get((0, 0), Fraction(0))
            total = Fraction(0)
            for (lost, dealt), p in spread.items():
                if (lost, dealt) != (0, 0):
                    taken = min(lost, inf)
                    total += p * win(inf - taken, art - (lost - taken), foes - dealt)
            memo[inf, art, foes] = total / (1 - stay)
        return memo[inf, art, foes]

    return win(*attacker, defender)


def test_a_whole_fight_aimed_by_unit_is_the_brute_force(skirmish: Path) -> None:
    odds = run_json(f"odds {skirmish} --attacker '2 infantry, artillery' --defender '2 infantry' --until conquest")
    assert Fraction(odds["p_attacker_wins"]) == fight_brute((2, 1), 2)


def test_the_ruling_deals_each_die_to_its_unit_and_says_its_number(skirmish: Path) -> None:
    command = f"battle {skirmish} --attacker '2 infantry, artillery' --defender '2 infantry' --no-journal"
    ruling = run_json(f"{command} --attacker-roll 2,2,2 --defender-roll 3,2")
    assert (ruling["attacker"]["symbols"], ruling["defender"]["symbols"]) == ({"hit": 2}, {"hit": 1})
    assert (ruling["attacker_loses"], ruling["defender_loses"]) == (1, 2)
    texts = [s["text"] for s in ruling["explanation"]]
    assert "the attacker's artillery supports infantry, one for one: its value improves by 1" in texts
    assert (
        "the attacker's dice hit by their units: infantry on 2 or less, supported, infantry on 1 or less, "
        "artillery on 2 or less" in texts
    )
    assert "the defender's dice hit by their units: 2 infantry on 2 or less" in texts
    dutch = run(f"--lang nl {command} --attacker-roll 2,2,2 --defender-roll 3,2").stdout
    assert "bij 2 of minder" in dutch


def test_at_least_with_a_plus_reads_each_unit_against_its_own_number(skirmish: Path) -> None:
    upward = SKIRMISH.replace(
        "{number: 0, hits_on: at-most, units: {infantry: 2, artillery: 2, tank: 3}}",
        "{number: 9, plus: 1, units: {infantry: 5}}",
    )
    skirmish.write_text(upward, encoding="utf-8")
    outcomes = run_json(f"odds {skirmish} --attacker tank --defender '2 infantry, tank'")["outcomes"]
    found: dict[int, Fraction] = {}
    for o in outcomes:
        found[o["attacker_loses"]] = found.get(o["attacker_loses"], Fraction(0)) + Fraction(o["probability"])
    # each infantry hits on a face of 4 or more (5 less the plus), the tank on 8 (the aim's 9: no face)
    brute = Counter(min(sum(f + 1 >= 5 for f in faces), 1) for faces in itertools.product(range(1, 7), repeat=2))
    assert dict(found) == {k: Fraction(n, 36) for k, n in brute.items()}


def test_an_aim_by_unit_needs_dice_by_unit_and_no_natural_at_most(skirmish: Path) -> None:
    fixed = SKIRMISH.replace(
        "      roll: {by: units}\n      read:\n", "      roll: {by: fixed, dice: 2}\n      read:\n"
    )
    skirmish.write_text(fixed, encoding="utf-8")
    assert "roll by units or value, with no pool" in fails(f"validate {skirmish}")
    natural = SKIRMISH.replace(
        "hits_on: at-most, units: {infantry: 2", "hits_on: at-most, natural: {miss: true}, units: {infantry: 2"
    )
    skirmish.write_text(natural, encoding="utf-8")
    assert "natural faces read a die that hits at least a number" in fails(f"validate {skirmish}")
    unknown = SKIRMISH.replace("raises: infantry", "raises: infantri")
    skirmish.write_text(unknown, encoding="utf-8")
    assert "unknown unit 'infantri'" in fails(f"validate {skirmish}")


def losses(outcomes: list[dict[str, object]]) -> dict[tuple[object, object], object]:
    """Each outcome's chance by what each side loses."""
    return {(o["attacker_loses"], o["defender_loses"]): o["probability"] for o in outcomes}


def test_the_staged_file_rules_as_the_simultaneous_fire_template(skirmish: Path) -> None:
    """One set of stages: the same battle written as a tally and through the template gives the same odds."""
    land = Path(__file__).resolve().parent / "presets" / "landbattle.yaml"
    for attacker, defender in SIDES:
        args = f"--attacker '{told(attacker)}' --defender '{told(defender)}'"
        staged = run_json(f"odds {skirmish} {args}")["outcomes"]
        preset = run_json(f"odds {land} {args}")["outcomes"]
        assert losses(staged) == losses(preset)


def test_a_die_a_situation_adds_reads_at_the_aims_own_number(skirmish: Path) -> None:
    """Dealt dice run out before the added die: it reads at 'number' (here 4 or less)."""
    barrage = SKIRMISH.replace(
        "units:\n  infantry",
        'situations:\n  barrage: {side: attacker, rule: SK-1, text: "a barrage"}\nunits:\n  infantry',
    )
    barrage = barrage.replace(
        "      roll: {by: units}\n      read:\n        aim:\n          number: 0",
        "      roll: {by: units, changes: [{when: barrage, dice: 1}]}\n      read:\n        aim:\n          number: 4",
    )
    skirmish.write_text(barrage, encoding="utf-8")
    outcomes = run_json(f"odds {skirmish} --attacker '2 infantry, artillery' --defender tank --when attacker:barrage")
    found = {o["defender_loses"]: Fraction(o["probability"]) for o in outcomes["outcomes"] if not o["attacker_loses"]}
    values = [*numbers({"infantry": 2, "artillery": 1}, ATTACK, 1), 4]
    hits = hits_brute(values)
    missed = Fraction(3, 6)  # the defending tank misses on 4, 5 or 6
    assert found == {k: missed * Fraction(sum(n for h, n in hits.items() if min(h, 1) == k), 6**4) for k in (0, 1)}


def test_a_support_line_that_raised_nobody_says_nothing(tmp_path: Path) -> None:
    """Two lines raise infantry and only the tank stands by it: one step, the tank's (no '0 artillery')."""
    land = Path(__file__).resolve().parent / "presets" / "landbattle.yaml"
    line = "      - {unit: artillery, raises: infantry, by: 1, side: attacker, rule: LB-2}\n"
    path = tmp_path / "landbattle.yaml"
    path.write_text(
        land.read_text(encoding="utf-8").replace(line, line + "      - {unit: tank, raises: infantry, by: 1}\n"),
        encoding="utf-8",
    )
    command = f"battle {path} --attacker 'infantry, tank' --defender infantry --attacker-roll 2,4 --defender-roll 5"
    texts = [s["text"] for s in run_json(f"{command} --no-journal")["explanation"]]
    assert [t for t in texts if "one for one" in t] == [
        "the attacker's tank supports infantry, one for one: its value improves by 1"
    ]
