"""The pairs stage: each side's dice high to low, highest against highest
over the side with fewer dice, a tie to a named side (or nobody), each lost
pair one loss. Classic Risk written as stages (`procedure: staged`,
`compare: {by: pairs}`): exact odds against a brute force written here with
itertools and Fraction, and against the ranked-pairs preset; typed and
drawn rulings; the file checked."""

from __future__ import annotations

import itertools
import re
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
from conftest import fails, run, run_json

from referee.rulings.ruling import Side
from referee.stages import pairs

RISK = """\
format: 1
name: riskstaged
title: Risk as stages
source: classic Risk, written as stages
rules:
  RS-1: "The attacker rolls one die per attacking army, at most 3; the defender one per defending army, at most 2."
  RS-2: "Sort each side's dice high to low, highest against highest; ties to the defender; a lost pair costs an army."
dice:
  d6: {rule: RS-1, faces: [1, 2, 3, 4, 5, 6]}
  d8: {rule: RS-1, faces: [1, 2, 3, 4, 5, 6, 7, 8]}
  banner: {rule: RS-1, faces: [blank, flag]}
units:
  army: {plural: armies, aliases: [armies], cost: 1}
attacks:
  attack:
    procedure: staged
    rule: RS-1
    label: attack
    attacker: {die: d6, roll: {by: units, max: 3}}
    defender: {die: d6, roll: {by: units, max: 2}}
    compare: {by: pairs, tie: defender}
    cite: {roll: RS-1, compare: RS-2, costs: RS-2}
"""
EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"


@pytest.fixture
def risk(tmp_path: Path) -> Path:
    path = tmp_path / "riskstaged.yaml"
    path.write_text(RISK, encoding="utf-8")
    return path


def pair_losses(attacker: tuple[int, ...], defender: tuple[int, ...], tie: str) -> tuple[int, int]:
    """RS-2 on one throw: (attacker's losses, defender's losses)."""
    lost = [0, 0]
    for a, d in zip(sorted(attacker, reverse=True), sorted(defender, reverse=True)):
        if a > d or (a == d and tie == "attacker"):
            lost[1] += 1
        elif a < d or tie == "defender":
            lost[0] += 1
    return lost[0], lost[1]


def brute(dice: int, against: int, tie: str, sides: tuple[int, int] = (6, 6)) -> dict[tuple[int, int], Fraction]:
    """Losses by chance: every ordered throw of both sides' dice."""
    out: Counter[tuple[int, int]] = Counter()
    for attacker in itertools.product(range(1, sides[0] + 1), repeat=dice):
        for defender in itertools.product(range(1, sides[1] + 1), repeat=against):
            out[pair_losses(attacker, defender, tie)] += 1
    total = sides[0] ** dice * sides[1] ** against
    return {lost: Fraction(n, total) for lost, n in out.items() if n}


def losses(outcomes: list[dict[str, object]]) -> dict[tuple[int, int], Fraction]:
    """An odds table summed by what each side loses."""
    out: dict[tuple[int, int], Fraction] = {}
    for o in outcomes:
        lost = (int(str(o["attacker_loses"])), int(str(o["defender_loses"])))
        out[lost] = out.get(lost, Fraction(0)) + Fraction(str(o["probability"]))
    return out


@pytest.mark.parametrize("tie", ["defender", "attacker", "nothing"])
@pytest.mark.parametrize(("armies", "against"), [(1, 1), (2, 1), (3, 2), (4, 2), (1, 2), (3, 3)])
def test_pair_odds_are_the_brute_force(risk: Path, tie: str, armies: int, against: int) -> None:
    risk.write_text(RISK.replace("tie: defender", f"tie: {tie}"), encoding="utf-8")
    outcomes = run_json(f"odds {risk} --attacker {armies} --defender {against}")["outcomes"]
    assert losses(outcomes) == brute(min(armies, 3), min(against, 2), tie)


@pytest.mark.parametrize(("armies", "against"), [(1, 1), (2, 2), (3, 2), (3, 1)])
def test_risk_as_stages_gives_the_presets_odds(risk: Path, armies: int, against: int) -> None:
    staged = losses(run_json(f"odds {risk} --attacker {armies} --defender {against}")["outcomes"])
    assert staged == losses(run_json(f"odds risk --attacker {armies} --defender {against}")["outcomes"])


def test_each_side_its_own_die_gives_strongholds_odds(risk: Path) -> None:
    """Stronghold's defender rolls d8s, up to 3: the preset and the stages agree, and both the brute force."""
    risk.write_text(
        RISK.replace(
            "defender: {die: d6, roll: {by: units, max: 2}}", "defender: {die: d8, roll: {by: units, max: 3}}"
        ),
        encoding="utf-8",
    )
    staged = losses(run_json(f"odds {risk} --attacker 3 --defender 3")["outcomes"])
    assert staged == brute(3, 3, "defender", (6, 8))
    assert staged == losses(run_json(f"odds {EXAMPLES / 'stronghold.yaml'} --attacker 3 --defender 3")["outcomes"])


def test_a_typed_throw_says_each_pair(risk: Path) -> None:
    command = f"battle {risk} --attacker 3 --defender 2 --attacker-roll 6,3,5 --defender-roll 5,5 --no-journal"
    ruling = run_json(command)
    texts = [s["text"] for s in ruling["explanation"]]
    assert "pair 1: 6 against 5: the attacker wins" in texts
    assert "pair 2: 5 against 5: the defender wins the tie" in texts
    assert (ruling["attacker_loses"], ruling["defender_loses"]) == (1, 1)
    assert [s["rule"] for s in ruling["explanation"] if s["text"].startswith("pair")] == ["RS-2", "RS-2"]
    assert "paar 2: 5 tegen 5: bij gelijkspel wint de verdediger" in run(f"--lang nl {command}").stdout


def test_a_tie_to_nobody_costs_nobody(risk: Path) -> None:
    risk.write_text(RISK.replace("tie: defender", "tie: nothing"), encoding="utf-8")
    command = f"battle {risk} --attacker 2 --defender 2 --attacker-roll 4,4 --defender-roll 4,4 --no-journal"
    ruling = run_json(command)
    assert "pair 1: 4 against 4: a tie, nobody loses" in [s["text"] for s in ruling["explanation"]]
    assert (ruling["attacker_loses"], ruling["defender_loses"]) == (0, 0)
    assert "Paar 1: 4 gegen 4: Gleichstand, niemand verliert" in run(f"--lang de {command}").stdout
    assert "第 1 對：4 對 4：相同，雙方都不損失" in run(f"--lang zh-Hant {command}").stdout


def test_a_win_that_takes_nothing_costs_nothing(risk: Path) -> None:
    risk.write_text(RISK.replace("tie: defender}", "tie: defender, defender_wins: nothing}"), encoding="utf-8")
    outcomes = run_json(f"odds {risk} --attacker 3 --defender 2")["outcomes"]
    assert losses(outcomes) == {
        (0, d): sum((p for (_, dd), p in brute(3, 2, "defender").items() if dd == d), Fraction(0)) for d in range(3)
    }


@pytest.mark.parametrize("seed", range(1, 7))
def test_a_drawn_throw_is_ruled_by_the_brute_forces_rule(risk: Path, seed: int) -> None:
    ruling = run_json(f"battle {risk} --attacker 3 --defender 2 --seed {seed} --no-journal")
    rolled = (tuple(ruling["attacker"]["rolled"]), tuple(ruling["defender"]["rolled"]))
    assert (ruling["attacker_loses"], ruling["defender_loses"]) == pair_losses(*rolled, "defender")
    said = [s["text"] for s in ruling["explanation"] if re.match(r"pair \d", s["text"])]
    assert len(said) == 2


def test_pair_off_adds_bonuses_and_stops_at_most() -> None:
    ranked = {Side.ATTACKER: [6, 4, 2], Side.DEFENDER: [6, 4, 3]}
    assert pairs.pair_off(ranked, "defender") == [(Side.DEFENDER, True), (Side.DEFENDER, True), (Side.DEFENDER, False)]
    bonus = {Side.ATTACKER: [1, 0, 0], Side.DEFENDER: [0, 0, 0]}
    paired = pairs.pair_off(ranked, "attacker", bonus, most=2)
    assert paired == [(Side.ATTACKER, False), (Side.ATTACKER, True)]
    assert pairs.lost(paired) == {Side.ATTACKER: 0, Side.DEFENDER: 2}
    assert pairs.ranked([2, 6, 4]) == [6, 4, 2]


@pytest.mark.parametrize(
    ("old", "new", "error"),
    [
        ("attacker: {die: d6,", "attacker: {die: banner,", "compare by pairs reads each die's number as rolled"),
        (
            "{by: units, max: 3}}",
            "{by: units, max: 3}, pool: {reroll: {faces: [1], rule: RS-1}}}",
            "attacks.attack.attacker: compare by pairs",
        ),
        (
            "{by: units, max: 2}}",
            "{by: units, max: 2, battles_back: true}}",
            "attacks.attack.defender: compare by pairs",
        ),
        (
            "tie: defender}",
            "tie: defender, attacker_wins: wounds, plus: {label: edge, values: {army: 1}}}",
            "attacks.attack.compare.by: pairs cost one loss a pair",
        ),
        ("tie: defender}", "tie: defender, wins: fewest}", "pairs cost one loss a pair"),
        ("tie: defender}", "tie: defender, defender_wins: count}", "pairs cost one loss a pair"),
        ("by: pairs", "by: ranks", "unknown value 'ranks'"),
    ],
)
def test_the_file_is_checked(risk: Path, old: str, new: str, error: str) -> None:
    assert old in RISK
    risk.write_text(RISK.replace(old, new), encoding="utf-8")
    assert error in fails(f"validate {risk}")


@pytest.mark.parametrize(("armies", "against"), [(5, 3), (3, 4)])
def test_a_whole_fight_of_pairs_is_the_presets(risk: Path, armies: int, against: int) -> None:
    """Fought in rounds until conquest, classic Risk as stages gives the preset's exact odds
    (the preset counts the attacking armies beside the one it keeps behind)."""
    risk.write_text(RISK.replace("    cite: {roll:", "    fight: {rule: RS-2}\n    cite: {roll:"), encoding="utf-8")
    staged = run_json(f"odds {risk} --attacker {armies} --defender {against} --until conquest")
    preset = run_json(f"odds risk --attacker {armies} --defender {against} --until conquest")
    for key in ("p_attacker_wins", "p_defender_holds", "p_conquer_with_at_least"):
        assert staged[key] == preset[key]
