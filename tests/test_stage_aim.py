"""The read stage's aim: a numbered face plus a modifier against a target
number reads a hit, the lowest face a natural miss and the highest a natural
hit and critical hit where the file says so. Through `procedure: staged`
(exact odds against a brute force written here with itertools and Fraction,
typed rulings, the file checked) and at unit level against the rule as the
target-number preset states it."""

from __future__ import annotations

import itertools
import re
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
from conftest import fails, run, run_json

FIFTH = Path(__file__).resolve().parent.parent / "docs" / "examples" / "fifth.yaml"

VOLLEY = """\
format: 1
name: volley
title: Volley
source: a test of the read stage's aim
rules:
  VO-1: "Each archer rolls a d6 and adds 1: 5 or more hits and costs a figure."
  VO-2: "A 1 always misses; a 6 always hits and drives the target back a step."
dice:
  d6: {faces: [1, 2, 3, 4, 5, 6]}
  banner: {faces: [blank, flag]}
units:
  archer: {}
  footman: {}
attacks:
  volley:
    procedure: staged
    rule: VO-1
    label: volley
    attacker:
      die: d6
      roll: {by: units}
      read: {aim: {number: 5, plus: 1, natural: {miss: true, hit: true, critical: true}}}
    defender: {die: d6}
    costs: {losses: [hit], retreats: [critical], loss: {one: figure, many: figures}}
"""


@pytest.fixture
def volley(tmp_path: Path) -> Path:
    path = tmp_path / "volley.yaml"
    path.write_text(VOLLEY, encoding="utf-8")
    return path


def volley_brute(archers: int, number: int, plus: int) -> dict[tuple[int, int], Fraction]:
    """(figures lost, steps back) by chance, as VO-1 and VO-2 read."""
    out: Counter[tuple[int, int]] = Counter()
    for faces in itertools.product(range(1, 7), repeat=archers):
        hits = sum(1 for f in faces if f != 1 and (f == 6 or f + plus >= number))
        out[hits, faces.count(6)] += 1
    return {key: Fraction(n, 6**archers) for key, n in out.items()}


@pytest.mark.parametrize(("archers", "number", "plus"), [(1, 5, 1), (3, 5, 1), (2, 9, 1), (2, 2, 3), (3, 4, 0)])
def test_aimed_volleys_are_the_brute_force(volley: Path, archers: int, number: int, plus: int) -> None:
    changed = VOLLEY.replace("number: 5, plus: 1", f"number: {number}, plus: {plus}")
    volley.write_text(changed, encoding="utf-8")
    outcomes = run_json(f"odds {volley} --attacker '{archers} archer' --defender footman")["outcomes"]
    found = {(o["defender_loses"], o["defender_retreats"]): Fraction(o["probability"]) for o in outcomes}
    assert found == volley_brute(archers, number, plus)


def test_an_aimed_ruling_says_the_number_on_the_die_and_reads_the_natural_faces(volley: Path) -> None:
    command = f"battle {volley} --attacker '3 archer' --defender footman --no-journal"
    ruling = run_json(f"{command} --attacker-roll 6,4,1")
    assert ruling["attacker"]["symbols"] == {"hit": 2, "critical": 1}
    assert (ruling["defender_loses"], ruling["defender_retreats"]) == (2, 1)
    texts = [s["text"] for s in ruling["explanation"]]
    assert texts[1] == "a die +1 hits on 5: 4+ on the die"
    assert "the attacker rolled 6, 4, 1: hit 2, critical 1" in texts
    assert (
        "een dobbelsteen +1 raakt bij 5: 4+ op de dobbelsteen"
        in run(f"--lang nl {command} --attacker-roll 3,3,3").stdout
    )


def test_aim_needs_a_numbered_die(volley: Path) -> None:
    volley.write_text(VOLLEY.replace("      die: d6\n      roll", "      die: banner\n      roll"), encoding="utf-8")
    assert "'banner' needs numbered faces: a face is aimed at a number" in fails(f"validate {volley}")


NATURALS = [(miss, hit, critical) for miss in (False, True) for hit in (False, True) for critical in (False, True)]


@pytest.mark.parametrize(("miss", "hit", "critical"), NATURALS)
@pytest.mark.parametrize("needed", [None, -3, 1, 2, 10, 20, 21, 25])
def test_an_aimed_face_reads_as_the_rule_states(miss: bool, hit: bool, critical: bool, needed: int | None) -> None:
    """Cannot beats everything; then the lowest face misses (miss); the highest
    hits (hit) and, hitting, is critical (critical); else the face reaches the number."""
    from referee.stages.read import Natural, aim_step, aimed

    natural = Natural(miss=miss, hit=hit, critical=critical)
    faces = tuple(range(1, 21))
    read = aimed(faces, needed, natural)
    for face in faces:
        hits = needed is not None and not (miss and face == 1) and (face >= needed or (hit and face == 20))
        expected = (("hit", "critical") if critical and face == 20 else ("hit",)) if hits else ()
        assert read[str(face)] == expected
        said = aim_step(faces, needed, natural, face, "R-1", "R-2")
        assert said.rule == (
            "R-2"
            if (needed is not None and ((miss and face == 1) or (hits and (face < needed or "critical" in expected))))
            else "R-1"
        )


SWING = """\
format: 1
name: swing
title: Swing
source: a test of the costs stage's damage roll
rules:
  SW-1: "A d20 plus 5 against armour class 15 hits; a natural 1 misses, a natural 20 hits and is critical."
  SW-2: "A hit deals 1d8 + 3 hit points; a critical hit rolls the d8 twice."
dice:
  d20: {faces: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]}
  d8: {faces: [1, 2, 3, 4, 5, 6, 7, 8]}
units:
  fighter: {}
attacks:
  swing:
    procedure: staged
    rule: SW-1
    label: swing
    attacker:
      die: d20
      roll: {by: units}
      read: {aim: {number: 15, plus: 5, natural: {miss: true, hit: true, critical: true}}}
    defender: {die: d20}
    costs:
      losses: [hit]
      damage: {die: d8, dice: 1, plus: 3, critical: 2}
      loss: {one: hit point, many: hit points}
    cite: {costs: SW-2}
"""


@pytest.fixture
def swing(tmp_path: Path) -> Path:
    path = tmp_path / "swing.yaml"
    path.write_text(SWING, encoding="utf-8")
    return path


def swing_brute(fighters: int, sides: int) -> dict[tuple[int, int], Fraction]:
    """(critical hits, hit points lost) by chance, as SW-1 and SW-2 read:
    each hit rolls its own damage die, a critical hit one more."""
    out: Counter[tuple[int, int]] = Counter()
    damage = list(itertools.product(range(1, sides + 1), repeat=fighters))
    for faces in itertools.product(range(1, 21), repeat=fighters):
        hits = sum(1 for f in faces if f != 1 and (f == 20 or f + 5 >= 15))
        crits = faces.count(20)
        for rolled in damage:
            for extra in damage:
                out[crits, sum(rolled[:hits]) + 3 * hits + sum(extra[:crits])] += 1
    return {key: Fraction(n, 20**fighters * len(damage) ** 2) for key, n in out.items()}


@pytest.mark.parametrize(("fighters", "sides"), [(1, 8), (2, 4)])
def test_a_damage_roll_written_as_stages_is_the_brute_force(swing: Path, fighters: int, sides: int) -> None:
    swing.write_text(
        SWING.replace("die: d8, dice: 1", f"die: d{sides}, dice: 1").replace(
            "  d8: {faces: [1, 2, 3, 4, 5, 6, 7, 8]}", f"  d{sides}: {{faces: {list(range(1, sides + 1))}}}"
        ),
        encoding="utf-8",
    )
    odds = run_json(f"odds {swing} --attacker '{fighters} fighter' --defender fighter")
    found = {(o["attacker_criticals"], o["defender_loses"]): Fraction(o["probability"]) for o in odds["outcomes"]}
    brute = swing_brute(fighters, sides)
    assert found == brute
    assert Fraction(odds["expected_damage"]["defender"]) == sum(lost * p for (_, lost), p in brute.items())


def test_the_staged_damage_roll_expects_what_the_fifth_edition_preset_expects(swing: Path) -> None:
    outcomes = run_json(f"odds {swing} --attacker fighter --defender fighter")["outcomes"]
    expected = sum(o["defender_loses"] * Fraction(o["probability"]) for o in outcomes)
    preset = run_json(f"hit {FIFTH} --attacker 5 --target 15 --attack longsword --no-roll --no-journal")
    assert expected == Fraction(preset["expected_damage"]) == Fraction(87, 20)


def test_a_critical_hit_rolls_the_damage_dice_again_and_the_loss_is_the_damage(swing: Path) -> None:
    command = f"battle {swing} --attacker fighter --defender fighter --no-journal --attacker-roll 20 --seed 3"
    ruling = run_json(command)
    texts = [s["text"] for s in ruling["explanation"]]
    found = re.fullmatch(
        r"a critical hit rolls the damage dice 2 times: (\d) \+ (\d) \+ 3 = (\d+): \3 hit points", texts[-2]
    )
    assert found, texts
    first, second, total = map(int, found.groups())
    assert first + second + 3 == total == ruling["defender_loses"]
    assert texts[-1] == f"the defender loses {total} hit points"
    assert "The defender loses" in run(command).stdout
    missed = run_json(command.replace("--attacker-roll 20", "--attacker-roll 9"))
    assert missed["defender_loses"] == 0
    assert missed["explanation"][-1]["text"] == "nothing is lost"  # a game without retreats never speaks of them


def test_a_damage_die_needs_numbered_faces(swing: Path) -> None:
    swing.write_text(SWING.replace("damage: {die: d8", "damage: {die: d9"), encoding="utf-8")
    assert "unknown die 'd9'" in fails(f"validate {swing}")


def test_a_damage_roll_follows_a_symbol_among_losses(swing: Path) -> None:
    swing.write_text(SWING.replace("losses: [hit]", "retreats: [hit]"), encoding="utf-8")
    assert "a damage roll follows each symbol among 'losses': name at least one" in fails(f"validate {swing}")
