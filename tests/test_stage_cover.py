"""The cover stage: a side with a full front and any unit waiting behind it
rolls more dice. Written into a staged attack compared by pairs: typed
rulings, exact odds against a brute force written here with itertools and
Fraction, the section checked; Frontline Risk's cover die says the same."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
from conftest import fails, run, run_json
from test_stage_pairs import losses

COVERED = """\
format: 1
name: covered
title: Cover and pairs
source: written for the referee's tests
rules:
  CV-1: "Each side rolls one die per unit, at most 2."
  CV-2: "Sort each side's dice high to low, highest against highest; ties to the defender; a lost pair costs a unit."
  CV-3: "An attacker with 2 units on the front and any unit behind rolls 1 more die."
dice:
  d6: {rule: CV-1, faces: [1, 2, 3, 4, 5, 6]}
units:
  army: {plural: armies, aliases: [armies], cost: 1}
attacks:
  attack:
    procedure: staged
    rule: CV-1
    label: attack
    attacker: {die: d6, roll: {by: units, max: 2}}
    defender: {die: d6, roll: {by: units, max: 2}}
    compare: {by: pairs, tie: defender}
    cover: {attacker: {front: 2, dice: 1}, rule: CV-3}
    cite: {compare: CV-2, costs: CV-2}
"""


@pytest.fixture
def covered(tmp_path: Path) -> Path:
    path = tmp_path / "covered.yaml"
    path.write_text(COVERED, encoding="utf-8")
    return path


def brute(dice: int, against: int) -> dict[tuple[int, int], Fraction]:
    out: Counter[tuple[int, int]] = Counter()
    for a in itertools.product(range(1, 7), repeat=dice):
        for d in itertools.product(range(1, 7), repeat=against):
            lost = [0, 0]
            for x, y in zip(sorted(a, reverse=True), sorted(d, reverse=True)):
                lost[0 if x <= y else 1] += 1
            out[(lost[0], lost[1])] += 1
    return {lost: Fraction(n, 6 ** (dice + against)) for lost, n in out.items()}


def test_a_full_front_with_units_waiting_rolls_a_cover_die(covered: Path) -> None:
    command = f"battle {covered} --attacker 4 --defender 1 --attacker-roll 1,2,6 --defender-roll 5 --no-journal"
    ruling = run_json(command)
    said = {s["text"]: s["rule"] for s in ruling["explanation"]}
    assert said["a full front of 2 and 2 in the rear: +1 cover die"] == "CV-3"
    assert ruling["attacker"]["dice"] == 3
    assert (ruling["attacker_loses"], ruling["defender_loses"]) == (0, 1)
    assert "掩護骰" in run(f"--lang zh-Hant {command}").stdout


@pytest.mark.parametrize(("armies", "against", "dice"), [(1, 1, 1), (2, 2, 2), (3, 2, 3), (5, 1, 3)])
def test_odds_are_the_brute_force(covered: Path, armies: int, against: int, dice: int) -> None:
    odds = run_json(f"odds {covered} --attacker {armies} --defender {against}")
    assert losses(odds["outcomes"]) == brute(dice, min(against, 2))


def test_a_side_with_no_cover_rolls_as_counted(covered: Path) -> None:
    ruling = run_json(
        f"battle {covered} --attacker 2 --defender 4 --attacker-roll 3,3 --defender-roll 2,2 --no-journal"
    )
    assert ruling["defender"]["dice"] == 2
    assert not any("cover" in s["text"] for s in ruling["explanation"])


@pytest.mark.parametrize(
    ("old", "new", "error"),
    [
        ("{front: 2, dice: 1}", "{front: 0, dice: 1}", "attacks.attack.cover.attacker.front"),
        ("{front: 2, dice: 1}", "{dice: 1}", "attacks.attack.cover.attacker"),
        ("cover: {attacker:", "cover: {flank:", "unknown key 'flank'"),
    ],
)
def test_the_section_is_checked(covered: Path, old: str, new: str, error: str) -> None:
    covered.write_text(COVERED.replace(old, new), encoding="utf-8")
    assert error in fails(f"validate {covered}")


def test_frontline_risks_cover_die_is_the_stages_step() -> None:
    command = (
        "battle frontline-risk --attacker '2 infantry' --attacker-rear 'infantry' --defender infantry "
        "--attacker-roll 1,2,6 --defender-roll 5 --no-journal"
    )
    said = {s["text"]: s["rule"] for s in run_json(command)["explanation"]}
    assert said["a full front of 2 and 1 in the rear: +1 cover die"] == "FR-B2"
