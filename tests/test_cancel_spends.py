"""`cancel`: a symbol that cancels is spent one for one with what it
cancels, so it counts for nothing after (the defender cancelled a success
with a failure and still scored the failure); `spends: false` keeps it. The
odds are held to a brute force over every throw."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
from conftest import run_json

PARRY = """\
format: 1
name: parry
title: Parry
source: a test of cancelling
rules:
  PA-1: "Each fighter rolls a die; a parry cancels one hit and is spent; a hit wounds; a parry left drives back."
dice:
  blade: {faces: [hit, hit, parry, parry, blank, blank]}
units:
  fighter: {}
attacks:
  duel:
    procedure: staged
    rule: PA-1
    label: duel
    attacker: {die: blade, roll: {by: units}, read: {faces: {hit: [hit], parry: [parry]}}}
    defender: {die: blade, roll: {by: units}, read: {faces: {hit: [hit], parry: [parry]}}}
    cancel:
      - {by: defender, symbol: parry, order: [hit]}
    costs: {losses: [hit], retreats: [parry]}
"""
FACES = ("hit", "hit", "parry", "parry", "blank", "blank")
DUEL = "--attacker '2 fighter' --defender '2 fighter'"


def parry(tmp_path: Path, spends: bool) -> Path:
    path = tmp_path / "parry.yaml"
    text = PARRY if spends else PARRY.replace("order: [hit]}", "order: [hit], spends: false}")
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(("spends", "retreats"), [(True, 1), (False, 2)])
def test_a_parry_that_cancels_a_hit_is_spent_unless_the_file_keeps_it(
    tmp_path: Path, spends: bool, retreats: int
) -> None:
    path = parry(tmp_path, spends)
    ruling = run_json(f"battle {path} {DUEL} --attacker-roll hit,blank --defender-roll parry,parry --no-journal")
    assert "the defender cancels hit 1 with parry 1" in [s["text"] for s in ruling["explanation"]]
    assert (ruling["defender_loses"], ruling["attacker_retreats"]) == (0, retreats)


def brute(spends: bool) -> Counter[tuple[int, int]]:
    """(defender loses, attacker retreats) over every throw of two dice a side, cancelled by hand."""
    counted: Counter[tuple[int, int]] = Counter()
    for attacker, defender in itertools.product(itertools.product(FACES, repeat=2), repeat=2):
        hits, parries = attacker.count("hit"), defender.count("parry")
        cancelled = min(hits, parries)
        counted[hits - cancelled, parries - (cancelled if spends else 0)] += 1
    return counted


@pytest.mark.parametrize("spends", [True, False])
def test_the_odds_of_a_cancel_are_the_brute_force(tmp_path: Path, spends: bool) -> None:
    odds = run_json(f"odds {parry(tmp_path, spends)} {DUEL}")
    total = len(FACES) ** 4
    want = {key: Fraction(n, total) for key, n in brute(spends).items()}
    got: Counter[tuple[int, int]] = Counter()
    for row in odds["outcomes"]:
        got[row["defender_loses"], row["attacker_retreats"]] += Fraction(row["probability"])
    assert dict(got) == want
