"""Dice per unit in the staged grammar: units of one side that roll their own
die (infantry a d6, tanks a d8) or read their own way, dealt in the order
told. Then the damage roll's odds joint with the criticals that rolled it,
with the expected damage; and follow-up and damage dice typed by the
players, refused in one line where their count or a face is wrong. Odds
against brute forces written here with itertools and Fraction."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
from conftest import fails, run, run_json
from test_stage_aim import SWING
from test_stage_follow import VOLLEY, chain

ASSAULT = """\
format: 1
name: assault
title: Assault
source: a test of dice by unit
rules:
  AS-1: "Infantry roll a d6 each, hitting on 5 or 6; tanks roll two d8 each, hitting on 6 or more, an 8 a critical."
  AS-2: "Engineers roll a d6 each and hit on a 4 or more."
  AS-3: "The defender rolls a d6 per unit: each 6 blocks a hit; a critical drives it back a step."
dice:
  d6: {faces: [1, 2, 3, 4, 5, 6]}
  d8: {faces: [1, 2, 3, 4, 5, 6, 7, 8]}
units:
  infantry: {}
  tank: {}
  engineer: {}
attacks:
  assault:
    procedure: staged
    rule: AS-1
    label: assault
    attacker:
      die: d6
      roll: {by: value, values: {infantry: 1, tank: 2, engineer: 1}}
      read: {faces: {5: [hit], 6: [hit]}}
      units:
        tank: {die: d8, read: {faces: {6: [hit], 7: [hit], 8: [hit, critical]}}}
        engineer: {read: {faces: {4: [hit], 5: [hit], 6: [hit]}}}
    defender:
      die: d6
      roll: {by: units}
      read: {faces: {6: [block]}}
    cancel:
      - {by: defender, symbol: block, order: [hit]}
    costs: {losses: [hit], retreats: [critical]}
    cite: {cancel: AS-3}
"""

HITS = {"infantry": (5, 6), "engineer": (4, 5, 6), "tank": (6, 7, 8)}  # AS-1, AS-2
SIDES = {"infantry": 6, "engineer": 6, "tank": 8}
DICE = {"infantry": 1, "engineer": 1, "tank": 2}


@pytest.fixture
def assault(tmp_path: Path) -> Path:
    path = tmp_path / "assault.yaml"
    path.write_text(ASSAULT, encoding="utf-8")
    return path


def assault_brute(attackers: dict[str, int], defenders: int) -> dict[tuple[int, int], Fraction]:
    """(losses, retreats) by chance, as AS-1 to AS-3 read: every die of every unit, every defending d6."""
    dice = [unit for unit, n in attackers.items() for _ in range(n * DICE[unit])]
    out: Counter[tuple[int, int]] = Counter()
    total = 0
    for faces in itertools.product(*(range(1, SIDES[unit] + 1) for unit in dice)):
        hits = sum(face in HITS[unit] for unit, face in zip(dice, faces, strict=True))
        criticals = sum(unit == "tank" and face == 8 for unit, face in zip(dice, faces, strict=True))
        for blocks in itertools.product(range(1, 7), repeat=defenders):
            out[max(hits - blocks.count(6), 0), criticals] += 1
            total += 1
    return {key: Fraction(n, total) for key, n in out.items()}


@pytest.mark.parametrize(
    ("attackers", "defenders"),
    [
        ({"infantry": 2}, 1),
        ({"tank": 1}, 2),
        ({"infantry": 2, "tank": 1}, 1),
        ({"engineer": 1, "tank": 1, "infantry": 1}, 2),
    ],
)
def test_dice_by_unit_are_the_brute_force(assault: Path, attackers: dict[str, int], defenders: int) -> None:
    told = ", ".join(f"{n} {unit}" for unit, n in attackers.items())
    outcomes = run_json(f"odds {assault} --attacker '{told}' --defender '{defenders} infantry'")["outcomes"]
    found = {(o["defender_loses"], o["defender_retreats"]): Fraction(o["probability"]) for o in outcomes}
    assert found == assault_brute(attackers, defenders)


def test_a_unit_s_own_die_is_typed_after_its_name_and_each_die_reads_as_its_unit(assault: Path) -> None:
    command = f"battle {assault} --attacker '2 engineer, tank' --defender infantry --defender-roll 2 --no-journal"
    ruling = run_json(f"{command} --attacker-roll 4,3,d8:8,d8:5")
    texts = [s["text"] for s in ruling["explanation"]]
    assert "the attacker's units roll their own dice: 2 engineers: 2 d6, tank: 2 d8" in texts
    assert "the attacker rolled 4, 3, d8:8, d8:5: hit 2, critical 1" in texts
    assert (ruling["defender_loses"], ruling["defender_retreats"]) == (2, 1)
    assert "d8:8" in run(f"{command} --attacker-roll 4,3,d8:8,d8:5").stdout
    assert "the attacker rolls 2 d6 and 2 d8 here, but 1 d8 face was given" in fails(
        f"{command} --attacker-roll 4,3,5,d8:8"
    )
    assert "(AS-1)" in fails(f"{command} --attacker-roll 4,3,d8:9,d8:5")


def test_drawn_dice_by_unit_rule_as_the_same_faces_typed(assault: Path) -> None:
    command = f"battle {assault} --attacker 'infantry, tank' --defender infantry --no-journal"
    drawn = run_json(f"{command} --seed 7")
    rolled = drawn["attacker"]["rolled"]
    typed = ",".join([str(rolled[0]), *(f"d8:{face}" for face in rolled[1:])])
    again = run_json(f"{command} --attacker-roll {typed} --defender-roll {drawn['defender']['rolled'][0]}")
    assert (again["defender_loses"], again["defender_retreats"]) == (
        drawn["defender_loses"],
        drawn["defender_retreats"],
    )


@pytest.mark.parametrize(
    ("old", "new", "error"),
    [
        ("tank: {die: d8, read", "tank: {die: d9, read", "unknown die 'd9'"),
        ("tank: {die: d8, read", "tanks: {die: d8, read", "unknown unit 'tanks'"),
        ("{faces: {6: [hit], 7: [hit], 8", "{faces: {6: [hit], 9: [hit], 8", "9"),
        (
            "      units:\n",
            "      pool: {reroll: {misses: true, rule: AS-1}}\n      units:\n",
            "roll by units or value, with no pool",
        ),
        ("roll: {by: value, values: {infantry: 1, tank: 2, engineer: 1}}", "roll: {dice: 3}", "roll by units or value"),
    ],
)
def test_units_own_dice_are_checked_in_the_file(assault: Path, old: str, new: str, error: str) -> None:
    assert old in ASSAULT
    assault.write_text(ASSAULT.replace(old, new), encoding="utf-8")
    assert error in fails(f"validate {assault}")


def test_a_unit_s_die_read_by_the_side_s_reading_reads_its_faces_that_way(assault: Path) -> None:
    """A tank with a d8 but no reading of its own reads the side's 5 and 6 (AS-1's d6 reading) on its d8."""
    assault.write_text(
        ASSAULT.replace(
            "tank: {die: d8, read: {faces: {6: [hit], 7: [hit], 8: [hit, critical]}}}", "tank: {die: d8}"
        ).replace(", retreats: [critical]", ""),
        encoding="utf-8",
    )
    outcomes = run_json(f"odds {assault} --attacker tank --defender infantry")["outcomes"]
    found = {o["defender_loses"]: Fraction(o["probability"]) for o in outcomes}
    # two d8 hitting on 5 or 6 (1/4 each), less a 6 blocked on the defender's d6
    brute: Counter[int] = Counter()
    for a, b, block in itertools.product(range(1, 9), range(1, 9), range(1, 7)):
        brute[max((a in (5, 6)) + (b in (5, 6)) - (block == 6), 0)] += 1
    assert found == {lost: Fraction(n, 8 * 8 * 6) for lost, n in brute.items()}


# --- damage odds joint with criticals, and typed damage dice ---


@pytest.fixture
def swing(tmp_path: Path) -> Path:
    path = tmp_path / "swing.yaml"
    path.write_text(SWING, encoding="utf-8")
    return path


def test_damage_odds_say_the_criticals_and_the_expected_damage(swing: Path) -> None:
    """One fighter: 9/20 miss, 10/20 a plain hit of 1d8+3, 1/20 a critical of 2d8+3."""
    odds = run_json(f"odds {swing} --attacker fighter --defender fighter")
    found = {(o["attacker_criticals"], o["defender_loses"]): Fraction(o["probability"]) for o in odds["outcomes"]}
    brute: Counter[tuple[int, int]] = Counter()
    for hit, first, second in itertools.product(range(1, 21), range(1, 9), range(1, 9)):
        if hit == 20:
            brute[1, first + second + 3] += 1
        elif hit >= 10:
            brute[0, first + 3] += 1
        else:
            brute[0, 0] += 1
    assert found == {key: Fraction(n, 20 * 64) for key, n in brute.items()}
    expected = sum(lost * p for (_, lost), p in found.items())
    assert Fraction(odds["expected_damage"]["defender"]) == expected == Fraction(87, 20)
    text = run(f"odds {swing} --attacker fighter --defender fighter").stdout
    assert "attacker criticals" in text
    expected_row = next(line for line in text.splitlines() if line.startswith("expected"))
    assert expected_row.split()[1:] == ["1/20", "(0.05)", "87/20", "(4.35)"]  # criticals, then damage
    dutch = run(f"--lang nl odds {swing} --attacker fighter --defender fighter").stdout
    assert next(line for line in dutch.splitlines() if line.startswith("verwachting")).endswith("87/20 (4,35)")


def test_odds_without_damage_say_no_criticals_nor_expectation(tmp_path: Path) -> None:
    path = tmp_path / "assault.yaml"
    path.write_text(ASSAULT, encoding="utf-8")
    odds = run_json(f"odds {path} --attacker tank --defender infantry")
    assert "expected_damage" not in odds
    assert all("attacker_criticals" not in o for o in odds["outcomes"])
    assert "attacker_criticals" not in run_json(f"battle {path} --attacker tank --defender infantry --seed 1")


def test_typed_damage_dice_rule_each_hit_in_turn(swing: Path) -> None:
    command = f"battle {swing} --attacker '2 fighter' --defender fighter --no-journal --attacker-roll 20,12"
    ruling = run_json(f"{command} --damage-roll 3,4 --critical-roll 8")
    texts = [s["text"] for s in ruling["explanation"]]
    assert "a critical hit rolls the damage dice 2 times: 3 + 8 + 3 = 14: 14 hit points" in texts
    assert "damage roll 4 + 3 = 7: 7 hit points" in texts
    assert (ruling["defender_loses"], ruling["attacker_criticals"], ruling["seed"]) == (21, 1, None)
    assert "Dice typed by the players." in run(f"{command} --damage-roll 3,4 --critical-roll 8").stdout


@pytest.mark.parametrize(
    ("typed", "error"),
    [
        (
            "--damage-roll 3 --critical-roll 8",
            "error: attacker's damage: 2 dice here, as the dice before it decide, but 1 face was given (SW-2)",
        ),
        ("--damage-roll 3,4,5 --critical-roll 8", "but 3 faces were given (SW-2)"),
        (
            "--damage-roll 3,4 --critical-roll 8,1",
            "error: attacker's critical damage: 1 die here, as the dice before "
            "it decide, but 2 faces were given (SW-2)",
        ),
        (
            "--damage-roll 3,9 --critical-roll 8",
            "error: an attacker's damage roll of 9 is impossible: the d8 shows 1 to 8 (SW-2)",
        ),
        (
            "--damage-roll '3,4/5' --critical-roll 8",
            "error: attacker's damage are typed in turn, each after a '/', but 2 were typed (SW-2)",
        ),
    ],
)
def test_typed_damage_dice_of_the_wrong_count_or_face_are_refused(swing: Path, typed: str, error: str) -> None:
    said = fails(f"battle {swing} --attacker '2 fighter' --defender fighter --no-journal --attacker-roll 20,12 {typed}")
    assert error in said
    assert "Traceback" not in said and len(said.strip().splitlines()) == 1


def test_both_sides_damage_dice_are_typed_in_turn(swing: Path) -> None:
    """A duel: the defender swings back at once, as the attacker does; each
    side's damage dice typed in turn, the attacker's first (SW-1, SW-2)."""
    swing.write_text(
        SWING.replace(
            "defender: {die: d20}",
            "defender: &duel\n      die: d20\n      roll: {by: units}\n"
            "      read: {aim: {number: 15, plus: 5, natural: {miss: true, hit: true, critical: true}}}",
        ),
        encoding="utf-8",
    )
    command = f"battle {swing} --attacker fighter --defender fighter --no-journal --attacker-roll 12 --defender-roll 20"
    ruling = run_json(f"{command} --damage-roll 3/5 --critical-roll /2")
    assert (ruling["defender_loses"], ruling["attacker_loses"]) == (3 + 3, 5 + 2 + 3)
    assert (ruling["attacker_criticals"], ruling["defender_criticals"]) == (0, 1)
    said = fails(f"{command} --damage-roll 3,4/5 --critical-roll /2")
    assert "attacker's damage: 1 die here, as the dice before it decide, but 2 faces were given (SW-2)" in said
    said = fails(f"{command} --damage-roll 3/5 --critical-roll 2")  # in turn: the attacker's criticals first
    assert "attacker's critical damage: 0 dice here, as the dice before it decide, but 1 face was given" in said
    odds = run_json(f"odds {swing} --attacker fighter --defender fighter")
    assert set(odds["expected_damage"]) == {"attacker", "defender"}
    assert odds["expected_damage"]["attacker"] == odds["expected_damage"]["defender"] == "87/20"


def test_a_miss_takes_no_typed_damage_dice(swing: Path) -> None:
    said = fails(f"battle {swing} --attacker fighter --defender fighter --no-journal --attacker-roll 2 --damage-roll 5")
    assert "attacker's damage: 0 dice here, as the dice before it decide, but 1 face was given (SW-2)" in said


# --- typed follow-up dice ---


@pytest.fixture
def volley(tmp_path: Path) -> Path:
    path = tmp_path / "volley.yaml"
    path.write_text(VOLLEY, encoding="utf-8")
    return path


@pytest.mark.parametrize("target", ["trooper", "brute"])
def test_typed_follow_up_dice_rule_as_the_brute_force_chain(volley: Path, target: str) -> None:
    """Every typed throw of three hit dice, with every wound and save die they need, against FV-1 to FV-3."""
    command = f"battle {volley} --attacker '3 trooper' --defender {target} --no-journal"
    wound, save = {"trooper": (4, 5), "brute": (5, 3)}[target]
    for faces in [(6, 5, 1), (4, 4, 4), (1, 2, 3), (6, 6, 6)]:
        hits = sum(f >= 4 for f in faces)
        for wounds in itertools.product((wound - 1, wound), repeat=hits):
            wounded = sum(w >= wound for w in wounds)
            for saves in itertools.product((save - 1, save), repeat=wounded):
                typed = "/".join([",".join(map(str, wounds)), ",".join(map(str, saves))])
                follow = f" --follow-roll '{typed}'" if hits else ""  # no hit: no follow-up die to type
                ruling = run_json(f"{command} --attacker-roll {','.join(map(str, faces))}{follow}")
                assert ruling["defender_loses"] == chain(faces, wounds, saves, target)
                assert ruling["seed"] is None or not hits


@pytest.mark.parametrize(
    ("typed", "error"),
    [
        ("4,2", "error: armour save: 1 die here, as the dice before it decide, but 0 faces were given (FV-3)"),
        ("4/1", "error: to wound: 2 dice here, as the dice before it decide, but 1 face was given (FV-2)"),
        ("4,2/1/3", "error: to wound and armour save are typed in turn, each after a '/', but 3 were typed (FV-2)"),
        ("4,7/1", "error: a to wound roll of 7 is impossible: the d6 shows 1 to 6 (FV-2)"),
        ("4,2/1,1", "error: armour save: 1 die here, as the dice before it decide, but 2 faces were given (FV-3)"),
    ],
)
def test_typed_follow_up_dice_of_the_wrong_count_or_face_are_refused(volley: Path, typed: str, error: str) -> None:
    command = f"battle {volley} --attacker '3 trooper' --defender trooper --no-journal --attacker-roll 6,5,1"
    said = fails(f"{command} --follow-roll '{typed}'")
    assert error in said
    assert len(said.strip().splitlines()) == 1


@pytest.mark.parametrize("seed", range(1, 5))
def test_follow_up_dice_typed_beside_drawn_hit_dice_count_as_the_drawn_hits_decide(volley: Path, seed: int) -> None:
    command = f"battle {volley} --attacker trooper --defender trooper --no-journal --seed {seed}"
    hits = run_json(command)["attacker"]["symbols"].get("hit", 0)
    if hits:
        assert run_json(f"{command} --follow-roll '6/1'")["defender_loses"] == 1
    else:
        assert "to wound: 0 dice here, as the dice before it decide, but 1 face was given (FV-2)" in fails(
            f"{command} --follow-roll '6/1'"
        )


def test_follow_roll_is_refused_where_the_game_has_no_follow_up(swing: Path) -> None:
    said = fails("battle groundforce --attacker trooper --defender trooper --seed 1 --follow-roll 5")
    assert "--follow-roll" in said


PAIRS = """\
format: 1
name: pairsmix
title: Pairs mix
source: a test of dice by unit compared by pairs
rules:
  PM-1: "Armies roll a d6 each, fortresses a d8; the highest die against the highest, ties to the defender."
dice:
  d6: {faces: [1, 2, 3, 4, 5, 6]}
  d8: {faces: [1, 2, 3, 4, 5, 6, 7, 8]}
units:
  army: {}
  fortress: {}
attacks:
  battle:
    procedure: staged
    rule: PM-1
    label: battle
    attacker: {die: d6, roll: {by: units, max: 3}}
    defender: {die: d6, roll: {by: units, max: 2}, units: {fortress: {die: d8}}}
    compare: {by: pairs, tie: defender}
"""


def test_dice_by_unit_compared_by_pairs_are_the_brute_force(tmp_path: Path) -> None:
    path = tmp_path / "pairs.yaml"
    path.write_text(PAIRS, encoding="utf-8")
    out: Counter[tuple[int, int]] = Counter()
    for first, second, army, fortress in itertools.product(range(1, 7), range(1, 7), range(1, 7), range(1, 9)):
        pairs = zip(sorted((first, second), reverse=True), sorted((army, fortress), reverse=True), strict=True)
        lost = sum(a <= d for a, d in pairs)
        out[lost, 2 - lost] += 1
    outcomes = run_json(f"odds {path} --attacker '2 army' --defender 'army, fortress'")["outcomes"]
    found = {(o["attacker_loses"], o["defender_loses"]): Fraction(o["probability"]) for o in outcomes}
    assert found == {key: Fraction(n, 6 * 6 * 6 * 8) for key, n in out.items()}
    ruling = run_json(
        f"battle {path} --attacker '2 army' --defender 'army, fortress' --attacker-roll 6,3 --defender-roll 2,d8:7"
    )
    assert (ruling["attacker_loses"], ruling["defender_loses"]) == (1, 1)
