"""A count that sums the faces and a compare of the sums: the read stage's
`sum` (each numbered face carries its own number of a symbol, so a side's
count is its pips), the compare stage's `wins: fewest` (the lower sum wins,
DiceLand's rolled die against the field die) with its tie rule, and a win
that costs the loser the winner's count (`count`). Through `procedure:
staged` (exact odds against a brute force written here with itertools and
Fraction, typed rulings, the file checked)."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
from conftest import PRESETS, fails, run, run_json

from referee.procedures.pip_compare.grammar import PipCompare
from referee.procedures.pip_compare.resolver import PipFight, pairing
from referee.ruleset.load import load

DUEL = """\
format: 1
name: duel
title: Duel
source: a test of summed faces and a compare of sums
rules:
  DU-1: "Each fencer rolls a d6; the lower total wins, equal totals go to the attacker."
  DU-2: "The loser loses as many pips as the winner rolled (the defender) or the margin (the attacker)."
dice:
  d6: {faces: [1, 2, 3, 4, 5, 6]}
units:
  fencer: {}
attacks:
  duel:
    procedure: staged
    rule: DU-1
    label: duel
    attacker: {die: d6, roll: {by: units}, read: {sum: pip}}
    defender: {die: d6, roll: {by: units}, read: {sum: pip}}
    compare: {symbol: pip, wins: fewest, tie: attacker, attacker_wins: count, defender_wins: wounds}
    costs: {loss: {one: pip, many: pips}}
    cite: {compare: DU-1, costs: DU-2}
"""


@pytest.fixture
def duel(tmp_path: Path) -> Path:
    path = tmp_path / "duel.yaml"
    path.write_text(DUEL, encoding="utf-8")
    return path


def brute(attackers: int, defenders: int, wins: str, tie: str, costs: str) -> dict[tuple[int, int], Fraction]:
    """(attacker loses, defender loses) by chance, as DU-1 and DU-2 read
    (with `wins`, `tie` and what the defender's win `costs` put in): the sums
    compared by hand."""
    out: Counter[tuple[int, int]] = Counter()
    throws = itertools.product(range(1, 7), repeat=attackers + defenders)
    for faces in throws:
        ours, theirs = sum(faces[:attackers]), sum(faces[attackers:])
        if ours == theirs:
            winner = {"attacker": "a", "defender": "d", "nothing": None}[tie]
        elif (ours < theirs) == (wins == "fewest"):
            winner = "a"
        else:
            winner = "d"
        if winner == "a":
            out[0, ours] += 1  # the defender takes the attacker's count
        elif winner == "d":
            out[max(abs(ours - theirs), 1) if costs == "wounds" else 1, 0] += 1  # the margin (at least 1), or 1
        else:
            out[0, 0] += 1
    return {key: Fraction(n, 6 ** (attackers + defenders)) for key, n in out.items()}


@pytest.mark.parametrize(
    ("attackers", "defenders", "wins", "tie", "costs"),
    [
        (1, 1, "fewest", "attacker", "wounds"),
        (1, 1, "fewest", "attacker", "one"),
        (2, 1, "fewest", "defender", "one"),
        (1, 2, "most", "nothing", "wounds"),
        (2, 2, "most", "attacker", "one"),
    ],
)
def test_compared_sums_are_the_brute_force(
    duel: Path, attackers: int, defenders: int, wins: str, tie: str, costs: str
) -> None:
    written = DUEL.replace("wins: fewest, tie: attacker", f"wins: {wins}, tie: {tie}")
    duel.write_text(written.replace("defender_wins: wounds", f"defender_wins: {costs}"), encoding="utf-8")
    outcomes = run_json(f"odds {duel} --attacker '{attackers} fencer' --defender '{defenders} fencer'")["outcomes"]
    found = {(o["attacker_loses"], o["defender_loses"]): Fraction(o["probability"]) for o in outcomes}
    assert found == brute(attackers, defenders, wins, tie, costs)


def test_a_typed_ruling_sums_the_faces_and_the_lower_sum_wins(duel: Path) -> None:
    command = f"battle {duel} --attacker '2 fencer' --defender fencer --no-journal"
    ruling = run_json(f"{command} --attacker-roll 1,3 --defender-roll 5")
    assert ruling["attacker"]["symbols"] == {"pip": 4} and ruling["defender"]["symbols"] == {"pip": 5}
    assert (ruling["attacker_loses"], ruling["defender_loses"]) == (0, 4)
    said = [(s["rule"], s["text"]) for s in ruling["explanation"]]
    assert ("DU-1", "pip 4 against 5: the attacker wins by 1") in said
    assert ("DU-2", "the defender takes 4 pips: as many as the attacker counts") in said
    tied = run_json(f"{command} --attacker-roll 2,3 --defender-roll 5")
    assert (tied["attacker_loses"], tied["defender_loses"]) == (0, 5)
    assert "pip 5 against 5: the attacker wins ties" in [s["text"] for s in tied["explanation"]]
    lost = run_json(f"{command} --attacker-roll 6,3 --defender-roll 2")
    assert (lost["attacker_loses"], lost["defender_loses"]) == (7, 0)
    duel.write_text(DUEL.replace("defender_wins: wounds", "defender_wins: one"), encoding="utf-8")
    once = run_json(f"{command} --attacker-roll 6,3 --defender-roll 2")
    assert (once["attacker_loses"], once["defender_loses"]) == (1, 0)
    assert "the attacker takes 1 pip: one, whatever the margin" in [s["text"] for s in once["explanation"]]


def test_a_fewest_win_that_costs_nothing_says_so(duel: Path) -> None:
    duel.write_text(DUEL.replace("attacker_wins: count", "attacker_wins: nothing"), encoding="utf-8")
    ruling = run_json(f"battle {duel} --attacker fencer --defender fencer --attacker-roll 2 --defender-roll 5")
    assert ruling["explanation"][-1]["text"] == (
        "pip 2 against 5: fewer for the attacker, whose win removes nothing: nothing happens"
    )
    assert (ruling["attacker_loses"], ruling["defender_loses"]) == (0, 0)


def test_show_and_other_languages_name_the_new_keys(duel: Path) -> None:
    shown = run(f"--lang de show {duel}").stdout
    assert "Summe pip" in shown and "gewinnt wenigste" in shown and "Zählung" in shown
    said = run_json(f"--lang nl battle {duel} --attacker fencer --defender fencer --attacker-roll 1 --defender-roll 2")
    assert "de verdediger krijgt 1 pip: zoveel als de aanvaller telt" in [s["text"] for s in said["explanation"]]


def test_a_face_reads_by_aim_or_by_sum(duel: Path) -> None:
    duel.write_text(
        DUEL.replace("read: {sum: pip}}\n    defender", "read: {sum: pip, aim: {number: 4}}}\n    defender")
    )
    assert "a face reads by 'aim' or by 'sum', not both" in fails(f"validate {duel}")


def test_a_sum_needs_faces_numbered_0_or_more(duel: Path) -> None:
    duel.write_text(DUEL.replace("d6: {faces: [1, 2, 3, 4, 5, 6]}", "d6: {faces: [1, 2, 3, 4, 5, star]}"))
    assert "'d6' needs faces numbered 0 or more: a face carries its number of 'pip'" in fails(f"validate {duel}")


def test_symbol_hits_may_cost_the_winners_hits(tmp_path: Path) -> None:
    """The `count` a win may cost is the compare stage's, so the symbol-hits
    preset takes it too: the loser takes as many wounds as the winner hits."""
    ground = (PRESETS / "groundforce.yaml").read_text(encoding="utf-8")
    path = tmp_path / "groundforce.yaml"
    path.write_text(
        ground.replace("hits: [sword, explosion], on_win: remove-surplus", "hits: [sword, explosion], on_win: count")
    )
    ruling = run_json(
        f'battle {path} --attacker "2 trooper" --defender "trooper, heavy" '
        "--attacker-roll sword,explosion --defender-roll shield,sword --no-journal"
    )
    assert (ruling["winner"], ruling["defender_loses"]) == ("attacker", 2)
    assert "the defender takes 2 wounds: as many as the attacker counts" in [s["text"] for s in ruling["explanation"]]


@pytest.mark.parametrize("defender", range(1, 7))
def test_the_pip_compare_preset_rules_each_pairing_as_dl_a2_reads(defender: int) -> None:
    """The preset's one pairing, through its compare stage, against DL-A2 and
    DL-A3 written out by hand: equal is perfect, lower valid (the defender
    loses the rolled pips, never below 0), higher fails (the field die loses one)."""
    rules = load("diceland")
    params = next(iter(rules.attacks.values()))
    assert isinstance(params, PipCompare)
    for rolled, field_die in itertools.product(range(1, 7), repeat=2):
        made = pairing(params, PipFight((field_die,), defender), rolled, field_die)
        if rolled > field_die:
            expected = ("failed", field_die - 1, defender)
        else:
            expected = ("perfect" if rolled == field_die else "valid", rolled, max(defender - rolled, 0))
        assert (made.outcome, made.attacker_after, made.defender_after) == expected
        assert made.moves_in == (expected[2] == 0 and rolled <= field_die)


def test_a_tie_won_with_wounds_deals_the_margin_none(duel: Path) -> None:
    """`wounds` are the margin: a tie the attacker wins deals none (a tie won removes one only by `remove-surplus`)."""
    duel.write_text(DUEL.replace("attacker_wins: count", "attacker_wins: wounds"), encoding="utf-8")
    ruling = run_json(f"battle {duel} --attacker fencer --defender fencer --attacker-roll 3 --defender-roll 3")
    assert (ruling["defender_loses"], ruling["attacker_loses"]) == (0, 0)
    assert ruling["explanation"][-1]["text"] == "the defender takes 0 pips: the surplus of 0, however many units it has"
    won = run_json(f"battle {duel} --attacker fencer --defender fencer --attacker-roll 2 --defender-roll 5")
    assert won["defender_loses"] == 3
