"""The read stage's aim: a numbered face plus a modifier against a target
number reads a hit, the lowest face a natural miss and the highest a natural
hit and critical hit where the file says so. Through `procedure: staged`
(exact odds against a brute force written here with itertools and Fraction,
typed rulings, the file checked) and at unit level against the rule as the
target-number preset states it."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
from conftest import fails, run, run_json

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
