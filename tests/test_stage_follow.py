"""The follow stage: each success of the roll before rolls one more die
against a number (a Warhammer-style to hit, to wound, then the target's
save), the number the read stage's aim reads, or the defending unit's own.
Through `procedure: staged`: exact odds against a brute force written here
with itertools and Fraction, typed and drawn rulings, the file checked."""

from __future__ import annotations

import itertools
import re
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
from conftest import fails, run, run_json

VOLLEY = """\
format: 1
name: volley
title: Volley
source: a test of the follow stage
rules:
  FV-1: "Each fighter rolls a d6 to hit: 4 or more hits."
  FV-2: "Each hit rolls to wound: 4 or more, against a brute 5 or more."
  FV-3: "Each wound, the target saves on 5 or more, a brute on 3 or more; a wound not saved costs a figure."
dice:
  d6: {faces: [1, 2, 3, 4, 5, 6]}
  banner: {faces: [blank, flag]}
units:
  trooper: {}
  brute: {}
attacks:
  volley:
    procedure: staged
    rule: FV-1
    label: volley
    attacker:
      die: d6
      roll: {by: units}
      read: {aim: {number: 4}}
    defender: {die: d6}
    follow:
      steps:
        - {name: to wound, die: d6, aim: {number: 4}, units: {brute: 5}, rule: FV-2}
        - {name: armour save, roller: defender, die: d6, aim: {number: 5}, units: {brute: 3}, rule: FV-3}
    costs: {losses: [hit], loss: {one: figure, many: figures}}
"""

WOUND = {"trooper": 4, "brute": 5}
SAVE = {"trooper": 5, "brute": 3}


@pytest.fixture
def volley(tmp_path: Path) -> Path:
    path = tmp_path / "volley.yaml"
    path.write_text(VOLLEY, encoding="utf-8")
    return path


def chain(faces: tuple[int, ...], wounds: tuple[int, ...], saves: tuple[int, ...], target: str) -> int:
    """FV-1 to FV-3 on one throw: each hit takes the next wound die, each wound the next save die."""
    hits = sum(f >= 4 for f in faces)
    wounded = sum(w >= WOUND[target] for w in wounds[:hits])
    return sum(s < SAVE[target] for s in saves[:wounded])


def brute(fighters: int, target: str) -> dict[int, Fraction]:
    """Figures lost by chance: every ordered throw of the hit, wound and save dice."""
    out: Counter[int] = Counter()
    throws = itertools.product(range(1, 7), repeat=3 * fighters)
    for dice in throws:
        out[chain(dice[:fighters], dice[fighters : 2 * fighters], dice[2 * fighters :], target)] += 1
    return {lost: Fraction(n, 6 ** (3 * fighters)) for lost, n in out.items()}


@pytest.mark.parametrize("fighters", [1, 2, 3])
@pytest.mark.parametrize("target", ["trooper", "brute"])
def test_follow_up_odds_are_the_brute_force(volley: Path, fighters: int, target: str) -> None:
    outcomes = run_json(f"odds {volley} --attacker '{fighters} trooper' --defender {target}")["outcomes"]
    assert {o["defender_loses"]: Fraction(o["probability"]) for o in outcomes} == brute(fighters, target)


@pytest.mark.parametrize("seed", range(1, 9))
def test_a_drawn_chain_reads_each_step_in_order(volley: Path, seed: int) -> None:
    """Each step's dice as the ruling says them, read by the brute force's rule."""
    ruling = run_json(f"battle {volley} --attacker '3 trooper' --defender brute --seed {seed} --no-journal")
    texts = [s["text"] for s in ruling["explanation"]]
    faces = tuple(ruling["attacker"]["rolled"])
    steps = [re.fullmatch(r".*: the \w+ rolled (.*) against (\d)\+: (\d) comes? through", t) for t in texts]
    rolled = [m for m in steps if m]
    wounds, saves = ([int(f) for f in re.findall(r"\d", m.group(1))] for m in rolled)
    assert [int(m.group(2)) for m in rolled] == [5, 3]
    assert len(wounds) == sum(f >= 4 for f in faces) == ruling["attacker"]["symbols"].get("hit", 0)
    assert ruling["defender_loses"] == chain(faces, (*wounds, 0, 0, 0), (*saves, 0, 0, 0), "brute")
    assert int(rolled[-1].group(3)) == ruling["defender_loses"]


def test_a_typed_hit_roll_says_every_step(volley: Path) -> None:
    command = f"battle {volley} --attacker '2 trooper' --defender trooper --attacker-roll 1,2 --no-journal"
    texts = [s["text"] for s in run_json(command)["explanation"]]
    assert "to wound: the attacker rolled nothing against 4+: 0 come through" in texts
    assert "armour save: the defender rolled nothing against 5+: 0 come through" in texts
    dutch = run(f"--lang nl {command}").stdout
    assert "to wound: de aanvaller gooide niets tegen 4+: 0 komen erdoor" in dutch


def test_a_plus_moves_the_number_on_the_die(volley: Path) -> None:
    volley.write_text(VOLLEY.replace("aim: {number: 4}, units", "aim: {number: 6, plus: 2}, units"), encoding="utf-8")
    outcomes = run_json(f"odds {volley} --attacker trooper --defender trooper")["outcomes"]
    assert {o["defender_loses"]: Fraction(o["probability"]) for o in outcomes} == brute(1, "trooper")


def test_a_number_by_unit_needs_one_kind_of_defender(volley: Path) -> None:
    said = fails(f"battle {volley} --attacker trooper --defender 'trooper, brute' --no-journal --seed 1")
    assert "the defender must be one kind of unit (FV-1)" in said


@pytest.mark.parametrize(
    ("old", "new", "error"),
    [
        ("die: d6, aim: {number: 4}, units", "die: banner, aim: {number: 4}, units", "'banner' needs numbered faces"),
        ("die: d6, aim: {number: 4}, units", "die: d7, aim: {number: 4}, units", "unknown die 'd7'"),
        ("units: {brute: 5}", "units: {brutes: 5}", "unknown unit 'brutes'"),
        ("    follow:\n", "    follow:\n      symbol: miss\n", "unknown symbol 'miss'"),
    ],
)
def test_the_file_is_checked(volley: Path, old: str, new: str, error: str) -> None:
    volley.write_text(VOLLEY.replace(old, new), encoding="utf-8")
    assert error in fails(f"validate {volley}")


GAUNTLET = Path(__file__).resolve().parent.parent / "docs" / "examples" / "gauntlet.yaml"
TROOPER_SHOOTS = """\
format: 1
name: trooperchain
title: Trooper chain
source: the Gauntlet trooper's shooting written as stages
rules:
  GT-1: "One fighter shoots at one fighter: to hit, to wound, then the target's save."
dice:
  d6: {faces: [1, 2, 3, 4, 5, 6]}
units: {trooper: {}, veteran: {}, brute: {}, runt: {}}
attacks:
  shoot:
    procedure: staged
    rule: GT-1
    label: shooting
    attacker: {die: d6, roll: {by: units}, read: {aim: {number: 4}}}
    defender: {die: d6}
    follow:
      steps:
        - {name: to wound, die: d6, aim: {number: 4}, units: {veteran: 5, brute: 6, runt: 3}}
        - {name: armour save, roller: defender, die: d6, aim: {number: 5}, units: {veteran: 3, brute: 7, runt: 6}}
    costs: {losses: [hit]}
"""


@pytest.mark.parametrize("target", ["trooper", "veteran", "brute", "runt"])
def test_the_roll_chain_preset_is_the_follow_stage_with_one_die(tmp_path: Path, target: str) -> None:
    """Gauntlet's trooper shooting, as the roll-chain preset and as stages: one unsaved wound equally likely."""
    staged = tmp_path / "chain.yaml"
    staged.write_text(TROOPER_SHOOTS, encoding="utf-8")
    preset = run_json(f"odds {GAUNTLET} --attacker trooper --defender {target}")["outcomes"]
    through = sum((Fraction(o["probability"]) for o in preset if o["result"]), Fraction(0))
    stages = run_json(f"odds {staged} --attacker trooper --defender {target}")["outcomes"]
    assert {o["defender_loses"]: Fraction(o["probability"]) for o in stages} == {1: through, 0: 1 - through}
