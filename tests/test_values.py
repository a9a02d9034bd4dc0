"""Numbers the table states (`values`, typed `--attacker-value NAME=N`):
a pool of dice and the number a die must reach, stated for one attack and
read by the roll and the aim, through the command line. Exact odds, one
attack and whole fights, against a brute force written here (itertools and
Fraction, never the resolver); typed and drawn rulings, text and --json; a
replay; and every refusal, of the players' words and of the file's."""

from __future__ import annotations

import functools
import itertools
import json
from fractions import Fraction
from pathlib import Path

import pytest
from conftest import fails, run, run_json

POOL = """\
format: 1
name: pool
title: Pool
source: a test of numbers the table states
rules:
  P-1: "Each side rolls as many dice as its pool; each die that reaches the side's skill hits."
  P-2: "Each hit removes a unit of the other side."
  P-3: "How exposed the defender stands is added to each of the attacker's dice."
dice:
  d6: {rule: P-1, faces: [1, 2, 3, 4, 5, 6]}
units:
  soldier: {plural: soldiers, cost: 1}
values:
  pool: {rule: P-1, text: "the dice a side rolls", at_least: 1, at_most: 10, aliases: [dice pool]}
  skill: {rule: P-1, text: "the number a die must reach", at_least: 2, at_most: 6, default: 5}
  exposed: {rule: P-3, text: "how exposed the defender stands", side: defender, at_most: 2, default: 0}
  morale: {rule: P-1, text: "a side's morale", default: 0}
attacks:
  attack:
    procedure: staged
    rule: P-1
    label: attack
    attacker: {die: d6, roll: {by: fixed, dice: pool}, read: {aim: {number: skill, plus: exposed}}}
    defender: {die: d6, roll: {by: fixed, dice: pool}, read: {aim: {number: skill}}}
    costs: {losses: [hit]}
    fight: {rule: P-2}
"""
# each of the attacker's dice counts the defender's exposure on top: it hits on skill - exposed


@pytest.fixture
def pool(tmp_path: Path) -> Path:
    path = tmp_path / "pool.yaml"
    path.write_text(POOL, encoding="utf-8")
    return path


def hits(dice: int, needs: int) -> dict[int, Fraction]:
    """Every throw of `dice` d6, each die reaching `needs` one hit."""
    out: dict[int, Fraction] = {}
    for throw in itertools.product(range(1, 7), repeat=dice):
        n = sum(face >= needs for face in throw)
        out[n] = out.get(n, Fraction(0)) + Fraction(1, 6**dice)
    return out


def one_attack(a_pool: int, a_needs: int, d_pool: int, d_needs: int) -> dict[tuple[int, int], Fraction]:
    """(defender loses, attacker loses): each side's hits, the two at once."""
    return {
        (a, d): pa * pd
        for (a, pa), (d, pd) in itertools.product(hits(a_pool, a_needs).items(), hits(d_pool, d_needs).items())
    }


def odds_of(path: Path, told: str) -> dict[tuple[int, int], Fraction]:
    found = run_json(f"odds {path} {told}")["outcomes"]
    return {(o["defender_loses"], o["attacker_loses"]): Fraction(o["probability"]) for o in found}


@pytest.mark.parametrize(
    ("told", "a_pool", "a_needs", "d_pool", "d_needs"),
    [
        ("--attacker-value pool=2 --defender-value pool=1", 2, 5, 1, 5),  # skill left out: its default, 5
        (
            "--attacker-value pool=3 --attacker-value skill=3 --defender-value pool=2 --defender-value skill=6",
            3,
            3,
            2,
            6,
        ),
        ("--attacker-value pool=2 --defender-value pool=2 --defender-value exposed=2", 2, 3, 2, 5),  # 5 - 2
        ("--attacker-value 'dice pool=1' --defender-value pool=3 --defender-value exposed=1", 1, 4, 3, 5),  # an alias
    ],
)
def test_one_attack_on_stated_numbers_is_the_brute_force(
    pool: Path, told: str, a_pool: int, a_needs: int, d_pool: int, d_needs: int
) -> None:
    assert odds_of(pool, f"--attacker soldier --defender soldier {told}") == one_attack(
        a_pool, a_needs, d_pool, d_needs
    )


def conquers(attackers: int, defenders: int, a_pool: int, d_pool: int) -> Fraction:
    """P(the attacker conquers) round after round, each hit removing a unit, at skill 5."""

    @functools.cache
    def solve(a: int, d: int) -> Fraction:
        if a == 0:
            return Fraction(0)
        if d == 0:
            return Fraction(1)
        stay = Fraction(0)
        rest = Fraction(0)
        for (lost_d, lost_a), p in one_attack(a_pool, 5, d_pool, 5).items():
            after = (max(0, a - lost_a), max(0, d - lost_d))
            if after == (a, d):
                stay += p
            else:
                rest += p * solve(*after)
        return rest / (1 - stay)

    return solve(attackers, defenders)


def test_a_whole_fight_and_a_chart_hold_the_stated_numbers_in_every_round(pool: Path) -> None:
    stated = "--attacker-value pool=2 --defender-value pool=1"
    fought = run_json(f"odds {pool} --attacker '3 soldier' --defender '2 soldier' {stated} --until conquest")
    assert Fraction(fought["p_attacker_wins"]) == conquers(3, 2, 2, 1)
    chart = run_json(f"odds {pool} --table 3 {stated}")
    assert [[Fraction(p) for p in row] for row in chart["p_attacker_wins"]] == [
        [conquers(a, d, 2, 1) for d in range(1, 4)] for a in range(1, 4)
    ]


def test_a_typed_ruling_says_each_number_stated_first(pool: Path) -> None:
    told = f"battle {pool} --attacker soldier --defender soldier --attacker-value pool=2 --defender-value pool=1"
    ruling = run_json(f"{told} --defender-value exposed=1 --attacker-roll 6,3 --defender-roll 5 --no-journal")
    said = [(s["rule"], s["text"]) for s in ruling["explanation"]]
    assert said[:4] == [
        ("P-1", "the attacker's pool: 2"),
        ("P-1", "the defender's pool: 1"),
        ("P-3", "the defender's exposed: 1"),
        ("P-1", "the attacker rolls 2 dice"),
    ]
    assert (ruling["defender_loses"], ruling["attacker_loses"]) == (1, 1)  # 6 + 1 reaches 5, 3 + 1 does not
    out = " ".join(run(f"--lang nl {told} --attacker-roll 6,5 --defender-roll 5 --no-journal").stdout.split())
    assert "de pool van de aanvaller: 2" in out


def test_drawn_dice_are_as_many_as_the_pool_stated_and_repeat_from_the_seed(pool: Path) -> None:
    told = (
        f"battle {pool} --attacker soldier --defender soldier --attacker-value pool=4 --defender-value pool=3 --seed 11"
    )
    first, again = (run_json(f"{told} --no-journal") for _ in range(2))
    assert first == again
    assert len(first["attacker"]["rolled"]) == 4 and len(first["defender"]["rolled"]) == 3


def test_a_ruling_on_stated_numbers_replays_as_the_same(
    pool: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("REFEREE_JOURNAL", str(tmp_path / "journal.sqlite3"))
    run(f"battle {pool} --attacker soldier --defender soldier --attacker-value pool=3 --defender-value pool=2 --seed 5")
    replayed = json.loads(run("replay 1 --json").stdout)
    assert all(r["same"] for r in replayed["runs"]) and replayed["runs"]


@pytest.mark.parametrize(
    ("told", "said"),
    [
        ("--attacker-value pol=2", "unknown value 'pol'; did you mean 'pool'?"),
        ("--attacker-value pool", "a value is stated as NAME=N (strength=4), not 'pool'"),
        ("--attacker-value pool=two", "pool needs a whole number, not 'two'"),
        ("--attacker-value pool=11 --defender-value pool=1", "the attacker's pool is 1 to 10, not 11 (P-1)"),
        ("--attacker-value pool=2 --attacker-value pool=3", "the attacker's pool is stated twice (P-1)"),
        ("--attacker-value exposed=1", "'exposed' is the defender's to state: --defender-value exposed=1 (P-3)"),
        ("--defender-value pool=2", "the attacker's pool is a number the table states: --attacker-value pool=N (P-1)"),
        (
            "--attacker-value pool=2 --defender-value pool=2 --attacker-value morale=3",
            "the attacker's morale changes nothing in an attack: it reads exposed, pool, skill (P-1)",
        ),
    ],
)
def test_numbers_stated_wrong_are_refused_in_one_line(pool: Path, told: str, said: str) -> None:
    assert said in fails(f"odds {pool} --attacker soldier --defender soldier {told}")


def test_a_game_that_declares_no_values_refuses_them() -> None:
    said = fails("odds risk --attacker 3 --defender 2 --attacker-value strength=3")
    assert "Risk names no values the table states: leave out --attacker-value" in said


def test_show_lists_the_values_and_an_attack_by_the_names_it_reads(pool: Path) -> None:
    page = run(f"show {pool}").stdout
    assert "Values the table states (--attacker-value NAME=N)" in page
    assert "skill  the number a die must reach: either side, 2 to 6, else 5 (P-1)" in page
    assert "roll by fixed, dice pool, read aim number skill, plus exposed" in " ".join(page.split())
    shown = run_json(f"show {pool}")
    assert shown["attacks"]["attack"]["attacker"]["roll"]["dice"] == "pool"
    assert shown["values"]["exposed"]["side"] == "defender"


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        (
            "dice: pool}, read: {aim: {number: skill, plus",
            "dice: pools}, read: {aim: {number: skill, plus",
            "attacks.attack.attacker.roll.dice: unknown value 'pools'; did you mean 'pool'?",
        ),
        (
            "at_least: 2, at_most: 6, default: 5}",
            "at_least: 7, at_most: 6}",
            "values.skill.at_least: at_least 7 is more than at_most 6",
        ),
        (
            "at_least: 2, at_most: 6, default: 5}",
            "at_least: 2, at_most: 6, default: 9}",
            "values.skill.default: default 9 is outside 2 to 6",
        ),
    ],
)
def test_a_file_naming_values_wrong_is_refused_where_written(pool: Path, old: str, new: str, said: str) -> None:
    pool.write_text(POOL.replace(old, new), encoding="utf-8")
    refused = " ".join(fails(f"validate {pool}").split())
    assert said in refused and "pool.yaml:" in refused


def test_a_name_where_a_number_stands_needs_values_declared(tmp_path: Path) -> None:
    path = tmp_path / "plain.yaml"
    text = POOL.split("values:")[0] + "attacks:" + POOL.split("attacks:")[1]
    path.write_text(
        text.replace("number: skill, plus: exposed", "number: 5").replace("number: skill}", "number: 5}"),
        encoding="utf-8",
    )
    said = " ".join(fails(f"validate {path}").split())
    undeclared = "'pool' is not a whole number; a number the table states is declared under 'values'"
    assert f"attacks.attack.attacker.roll.dice: {undeclared}" in said


SKILL = """\
format: 1
name: skill
title: Skill roll
source: a roll with no opponent
rules:
  S-1: "Roll 3d6; each die at most the hero's skill is a success."
dice:
  d6: {rule: S-1, faces: [1, 2, 3, 4, 5, 6]}
units:
  hero: {plural: heroes}
values:
  skill: {rule: S-1, text: "the hero's skill", side: attacker, at_least: 1, at_most: 6}
attacks:
  test:
    procedure: staged
    rule: S-1
    label: skill roll
    attacker: {die: d6, roll: {by: fixed, dice: 3}, read: {aim: {number: skill, hits_on: at-most}}}
    defender: {die: d6}
    costs: {counts: [hit]}
"""


@pytest.mark.parametrize("skill", [1, 4, 6])
def test_a_roll_with_no_opponent_needs_no_defender(tmp_path: Path, skill: int) -> None:
    path = tmp_path / "skill.yaml"
    path.write_text(SKILL, encoding="utf-8")
    found = run_json(f"odds {path} --attacker hero --attacker-value skill={skill}")["outcomes"]
    brute: dict[int, Fraction] = {}
    for throw in itertools.product(range(1, 7), repeat=3):
        n = sum(face <= skill for face in throw)
        brute[n] = brute.get(n, Fraction(0)) + Fraction(1, 216)
    assert {o["attacker_scores_hit"]: Fraction(o["probability"]) for o in found} == brute
    said = run(
        f"battle {path} --attacker hero --attacker-value skill={skill} --attacker-roll 1,5,4 --no-journal"
    ).stdout
    assert "defender" not in said.split("Why:")[0]  # the attacker alone
    assert "say which units the defender fights with" in fails("battle groundforce --attacker trooper")


def test_a_hit_check_names_no_value_of_the_table(tmp_path: Path) -> None:
    """A hit check is told by --attacker and --target: a value named in it would read as nothing, so it is refused."""
    fifth = Path(__file__).resolve().parent.parent / "docs" / "examples" / "fifth.yaml"
    text = fifth.read_text(encoding="utf-8").replace("plus: 3, critical: 2", "plus: might, critical: 2")
    stated = 'values:\n  might: {rule: SRD-4, text: "the damage bonus", side: attacker, default: 3}\n\nattacks:'
    path = tmp_path / "fifth.yaml"
    path.write_text(text.replace("attacks:", stated, 1), encoding="utf-8")
    said = " ".join(fails(f"validate {path}").split())
    assert "attacks.weapon.strike.damage.plus: 'might': this attack is told by its own numbers" in said
