"""Reach, an attack made alone and moving in, the stages of packages of
their own (referee/stages/reach, alone, move_in) that any attack written as
stages may use: here in a skirmish told as a tally, which no preset rules."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import fails, run, run_json

from referee.core.errors import RefereeError
from referee.rulings.battle import Battle
from referee.rulings.ruling import Side

SKIRMISH = """\
format: 1
name: skirmish
title: Skirmish
source: a test of reach, an attack made alone and moving in
rules:
  SK-1: "Each unit rolls one die; every hit removes a unit of the other side."
  SK-2: "Archers shoot at a space 2 to 4 steps away, one archer alone."
  SK-3: "Swordsmen who clear the space move into it; archers stay."
dice:
  d6: {faces: [hit, hit, blank, blank, blank, blank]}
units:
  swordsman: {aliases: [swordsmen], attack: melee}
  archer: {aliases: [archers], attack: shot}
attacks:
  melee:
    procedure: staged
    rule: SK-1
    label: melee
    attacker: {die: d6, roll: {by: units}, read: {faces: {hit: [hit]}}}
    defender: {die: d6, roll: {by: units}, read: {faces: {hit: [hit]}}}
    costs: {losses: [hit]}
    move_in: {rule: SK-3}
  shot:
    procedure: staged
    rule: SK-2
    label: shot
    reach: {min: 2, max: 4}
    alone: {}
    attacker: {die: d6, roll: {by: units}, read: {faces: {hit: [hit]}}}
    defender: {die: d6, roll: {by: units}, read: {faces: {hit: [hit]}}}
    costs: {losses: [hit]}
    move_in: {moves: false, rule: SK-3}
"""


@pytest.fixture
def skirmish(tmp_path: Path) -> Path:
    path = tmp_path / "skirmish.yaml"
    path.write_text(SKIRMISH, encoding="utf-8")
    return path


def _said(ruling: dict[str, object]) -> list[tuple[str, str]]:
    return [(s["rule"], s["text"]) for s in ruling["explanation"]]  # type: ignore[attr-defined]


def test_a_distance_within_reach_is_said_and_one_beyond_it_refused(skirmish: Path) -> None:
    shot = run_json(
        f"battle {skirmish} --attacker archer --defender '2 swordsmen' --range 3 --attacker-roll hit "
        "--defender-roll blank,blank"
    )
    assert ("SK-2", "target at distance 3: a shot reaches 2 to 4") in _said(shot)
    assert shot["defender_loses"] == 1
    for beyond in (1, 5):
        assert fails(f"battle {skirmish} --attacker archer --defender swordsman --range {beyond}") == (
            f"error: a shot reaches distance 2 to 4, not {beyond} (SK-2)"
        )
    untold = run_json(
        f"battle {skirmish} --attacker archer --defender swordsman --attacker-roll hit --defender-roll hit"
    )
    assert not any("distance" in text for _, text in _said(untold))  # the players looked at the board


def test_the_odds_of_a_shot_within_reach_are_those_of_the_shot(skirmish: Path) -> None:
    """The distance told changes nothing the dice do: the odds at 2 and at 4 are alike, and refused at 5."""
    near = run_json(f"odds {skirmish} --attacker archer --defender swordsman --range 2")["outcomes"]
    far = run_json(f"odds {skirmish} --attacker archer --defender swordsman --range 4")["outcomes"]
    assert near == far and sum(o["probability"] == "1/9" for o in near) == 1  # both hit: 1/3 * 1/3
    assert "not 5 (SK-2)" in fails(f"odds {skirmish} --attacker archer --defender swordsman --range 5")


def test_an_attack_whose_stages_read_no_distance_still_refuses_one(skirmish: Path) -> None:
    assert fails(f"battle {skirmish} --attacker swordsman --defender swordsman --range 1") == (
        "error: a melee does not depend on the distance: leave out --range (SK-1)"
    )


def test_a_reach_whose_nearest_is_beyond_its_farthest_is_refused(skirmish: Path) -> None:
    skirmish.write_text(SKIRMISH.replace("reach: {min: 2, max: 4}", "reach: {min: 4, max: 2}"), encoding="utf-8")
    assert "attacks.shot.reach.min: the nearest target (4) is beyond the farthest (2)" in fails(f"validate {skirmish}")


def test_an_attack_made_alone_refuses_company_before_a_die(skirmish: Path) -> None:
    for company in ("2 archers", "archer, swordsman"):
        assert fails(f"battle {skirmish} --attacker '{company}' --defender swordsman --range 2") == (
            "error: a shot is made alone: no other unit may join it (SK-2)"
        )
    skirmish.write_text(SKIRMISH.replace("alone: {}", "alone: {rule: SK-3}"), encoding="utf-8")
    assert fails(f"odds {skirmish} --attacker '2 archers' --defender swordsman").endswith("(SK-3)")
    run(f"battle {skirmish} --attacker '2 swordsmen' --defender swordsman --seed 1")  # the melee may be joined


def test_the_attackers_move_in_only_into_a_space_they_emptied(skirmish: Path) -> None:
    cleared = run_json(
        f"battle {skirmish} --attacker '2 swordsmen' --defender swordsman "
        "--attacker-roll hit,blank --defender-roll blank"
    )
    assert _said(cleared)[-1] == ("SK-3", "the target space is empty: the attacking units move in")
    held = run_json(
        f"battle {skirmish} --attacker '2 swordsmen' --defender '2 swordsmen' --attacker-roll hit,blank "
        "--defender-roll blank,blank"
    )
    assert not any("target space" in text for _, text in _said(held))
    both_gone = run_json(
        f"battle {skirmish} --attacker swordsman --defender swordsman --attacker-roll hit --defender-roll hit"
    )
    assert not any("target space" in text for _, text in _said(both_gone))  # no attacker left to move
    stays = run_json(
        f"battle {skirmish} --attacker archer --defender swordsman --range 2 --attacker-roll hit --defender-roll blank"
    )
    assert _said(stays)[-1] == ("SK-3", "the target space is empty; the attacker does not move in")


def test_moving_in_is_said_in_the_language_spoken(skirmish: Path) -> None:
    said = run(
        f"--lang de battle {skirmish} --attacker swordsman --defender swordsman "
        "--attacker-roll hit --defender-roll blank"
    ).stdout
    assert "the target space" not in said and "SK-3" in said


def test_the_stages_rule_as_their_functions_say(skirmish: Path) -> None:
    """The stages at unit level: reach refuses beyond it and says nothing untold; moving in reads the losses."""
    from referee.ruleset.load import load_file
    from referee.stages.move_in import MoveIn, moved
    from referee.stages.reach import Reach, reached

    rules = load_file(skirmish)
    battle = Battle(attacker=(("archer", 1),), defender=(("swordsman", 2),), range=5)
    with pytest.raises(RefereeError) as refused:
        reached(rules, Reach(min=2, max=4), battle, "shot", "shot", "SK-2")
    assert refused.value.rule == "SK-2"
    assert reached(rules, Reach(min=0, max=9), Battle(attacker=(), defender=()), "shot", "shot", "SK-2") == []
    emptied = {Side.ATTACKER: 0, Side.DEFENDER: 2}
    assert [s.message for s in moved(MoveIn(), battle, emptied, "SK-3")] == ["move_in.yes"]
    assert [s.message for s in moved(MoveIn(moves=False), battle, emptied, "SK-3")] == ["move_in.no"]
    assert moved(MoveIn(), battle, {Side.ATTACKER: 0, Side.DEFENDER: 1}, "SK-3") == []
