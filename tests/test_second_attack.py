"""A unit may make a second attack (`also`): a soldier who fights hand to
hand unless told to shoot. `--attack` chooses it when every attacking unit
can make it; untold, each makes its `attack`. The journal replays the choice,
and a whole fight fights every round with it."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
from conftest import run, run_json

SKIRMISH = """\
format: 1
name: skirmish
title: Skirmish
source: a test
rules:
  SK-1: "Melee: each unit rolls a die; a 4 or more is a hit."
  SK-2: "Shooting: each archer or soldier rolls a die; a 6 is a hit."
dice:
  d6: {faces: [1, 2, 3, 4, 5, 6]}
units:
  soldier: {attack: melee, also: [shooting], aliases: [soldiers]}
  archer: {attack: shooting, aliases: [archers]}
  brute: {attack: melee}
attacks:
  melee:
    procedure: staged
    rule: SK-1
    label: melee
    attacker: &melee {die: d6, roll: {by: units}, read: {faces: {4: [hit], 5: [hit], 6: [hit]}}}
    defender: *melee
    costs: {losses: [hit]}
    fight: {rule: SK-1}
  shooting:
    procedure: staged
    rule: SK-2
    label: shooting
    attacker: {die: d6, roll: {by: units}, read: {faces: {6: [hit]}}}
    defender: {die: d6}
    costs: {losses: [hit]}
"""


@pytest.fixture
def skirmish(tmp_path: Path) -> Path:
    path = tmp_path / "skirmish.yaml"
    path.write_text(SKIRMISH, encoding="utf-8")
    return path


def test_untold_a_unit_makes_its_attack_and_told_its_other(skirmish: Path) -> None:
    told = f"battle {skirmish} --attacker '2 soldiers' --defender '2 brute' --attacker-roll 6,4"
    melee = run_json(f"{told} --defender-roll 1,1")
    assert (melee["attack"], melee["defender_loses"], melee["attacker_loses"]) == ("melee", 2, 0)
    shot = run_json(f"{told} --attack shooting")
    assert (shot["attack"], shot["defender_loses"], shot["attacker_loses"]) == ("shooting", 1, 0)
    assert shot["explanation"][0]["rule"] == "SK-2"


def test_units_that_can_all_make_it_may_be_told_together(skirmish: Path) -> None:
    shot = run_json(f"battle {skirmish} --attacker 'soldier, archer' --defender brute --attack shooting --seed 2")
    assert shot["attack"] == "shooting" and shot["attacker"]["dice"] == 2
    refused = run(f"battle {skirmish} --attacker 'soldier, archer' --defender brute --seed 2", code=2).stderr
    assert "these units attack in different ways: melee, shooting" in refused


def test_an_attack_a_unit_told_cannot_make_is_refused_naming_those_that_can(skirmish: Path) -> None:
    refused = run(f"battle {skirmish} --attacker 'soldier, brute' --defender brute --attack shooting", code=2).stderr
    assert refused.startswith("error: --attack shooting: the attacking units choose the attack")
    assert refused.rstrip().endswith("the units that make shooting: soldier, archer (SK-2)")


def test_the_odds_of_the_attack_told(skirmish: Path) -> None:
    outcomes = run_json(f"odds {skirmish} --attacker '3 soldier' --defender '3 brute' --attack shooting")["outcomes"]
    found = {o["defender_loses"]: Fraction(o["probability"]) for o in outcomes}
    counted = Counter(sum(face == 6 for face in throw) for throw in itertools.product(range(1, 7), repeat=3))
    assert found == {n: Fraction(k, 216) for n, k in counted.items()}


def test_the_journal_replays_the_attack_told(skirmish: Path) -> None:
    ruled = run_json(f"battle {skirmish} --attacker '2 soldiers' --defender brute --attack shooting --seed 5")
    assert "the referee rules the same" in run(f"replay {ruled['journal_entry']}").stdout


def test_a_whole_fight_fights_every_round_with_the_attack_told(skirmish: Path) -> None:
    # Shooting has no fight: told, the fight is refused as shooting's, never fought as melee.
    refused = run(f"odds {skirmish} --attacker soldier --defender brute --attack shooting --until conquest", code=2)
    assert "shooting" in refused.stderr
    # Melee, untold or told: each round both roll a die and hit on 4+; the soldier wins one in three
    # (it alone hits, 1/4, against anything but neither hitting, 3/4).
    for told in ("", "--attack melee"):
        fought = run_json(f"odds {skirmish} --attacker soldier --defender brute --until conquest {told}")
        assert fought["p_attacker_wins"] == "1/3"


def test_an_other_attack_the_file_lacks_is_refused_at_its_line(skirmish: Path) -> None:
    skirmish.write_text(SKIRMISH.replace("also: [shooting]", "also: [shootin]"), encoding="utf-8")
    refused = run(f"validate {skirmish}", code=2).stderr
    assert "skirmish.yaml:11:35: units.soldier.also[0]" in refused and "did you mean 'shooting'" in refused


def test_show_lists_every_attack_a_unit_can_make(skirmish: Path) -> None:
    shown = run(f"show {skirmish}").stdout.splitlines()
    assert any(line.startswith("soldier") and line.rstrip().endswith("melee, shooting") for line in shown)
