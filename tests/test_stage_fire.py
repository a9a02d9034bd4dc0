"""The fire stage (simultaneous fire) and the simultaneous-fire template:
a whole fight's round counted by convolving each side's dice is the
resolver summed over every throw; Land Battle written as stages and through
the template rules alike; the template refuses what the preset refused."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from conftest import fails, run_json
from test_round_keys import by_key, fight_of, summed
from test_stage_aim_units import SKIRMISH

from referee.procedures.door import dice_needed
from referee.ruleset.load import load_file
from referee.rulings.battle import Battle

ROOT = Path(__file__).resolve().parent.parent
STAGED = ROOT / "docs" / "examples" / "landbattle.yaml"
PRESET = ROOT / "tests" / "presets" / "landbattle.yaml"
BATTLES = [
    ((("infantry", 2), ("artillery", 1)), (("infantry", 2),)),
    ((("tank", 1),), (("infantry", 1), ("tank", 1))),
    ((("infantry", 3), ("artillery", 1), ("tank", 1)), (("infantry", 2), ("artillery", 1))),
    ((("artillery", 2),), (("tank", 2),)),
]


def _tanks_roll_two_d8(tmp_path: Path) -> Path:
    text = PRESET.read_text(encoding="utf-8")
    text = text.replace("tank: {attacker: 3, defender: 3}", "tank: {attacker: 3, defender: 3, dice: 2, die: d8}")
    text = text.replace(
        "faces: [1, 2, 3, 4, 5, 6]", "faces: [1, 2, 3, 4, 5, 6]\n  d8:\n    faces: [1, 2, 3, 4, 5, 6, 7, 8]"
    )
    path = tmp_path / "landbattle.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def _skirmish(tmp_path: Path) -> Path:
    path = tmp_path / "skirmish.yaml"
    path.write_text(SKIRMISH, encoding="utf-8")
    return path


@pytest.mark.parametrize("made", [lambda _: STAGED, lambda _: PRESET, _tanks_roll_two_d8, _skirmish])
def test_a_round_convolved_is_the_resolver_summed(tmp_path: Path, made: object) -> None:
    """Fire, fire through the template (with units rolling two d8 of their own), and a tally whose
    every hit is a loss: the convolved round, over the resolver's own denominator."""
    assert callable(made)
    fight = fight_of(load_file(made(tmp_path)))
    assert fight.counted == "hit"
    for attacker, defender in BATTLES:
        battle = Battle(attacker=attacker, defender=defender)
        assert by_key(fight, battle) == summed(fight, battle), (attacker, defender)
        convolved = fight._convolved(battle)
        assert convolved is not None
        assert convolved[1] == fight.summed(battle, dice_needed(fight.rules, battle))[1]


def test_a_round_with_more_than_hits_is_ruled_throw_by_throw(tmp_path: Path) -> None:
    """A tally that also counts another symbol is not one loss a hit: no convolution."""
    text = SKIRMISH.replace("costs: {losses: [hit]", "costs: {losses: [hit], retreats: [hit]")
    path = tmp_path / "skirmish.yaml"
    path.write_text(text, encoding="utf-8")
    assert fight_of(load_file(path)).counted is None


def test_a_large_whole_fight_is_answered_and_the_template_agrees() -> None:
    """Twelve units a side: too many throws to rule round by round, counted die by die instead."""
    told = "--attacker '6 infantry, 3 artillery, 3 tank' --defender '8 infantry, 2 artillery, 2 tank' --until conquest"
    staged = run_json(f"odds {STAGED} {told}")
    assert staged == {**run_json(f"odds {PRESET} {told}"), "ruleset": staged["ruleset"]}
    assert Fraction(staged["p_attacker_wins"]) + Fraction(staged["p_defender_holds"]) == 1


def test_the_staged_file_and_the_template_rule_alike() -> None:
    told = "--attacker '2 infantry, artillery, tank' --defender '2 infantry, tank' --no-journal"
    rolled = f"{told} --attacker-roll 2,4,1,3 --defender-roll 2,5,3"
    assert run_json(f"battle {STAGED} {rolled}") == run_json(f"battle {PRESET} {rolled}")


def _edited(tmp_path: Path, source: Path, old: str, new: str) -> Path:
    text = source.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "landbattle.yaml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


def test_an_unknown_key_of_a_unit_is_refused_at_its_line(tmp_path: Path) -> None:
    path = _edited(tmp_path, PRESET, "tank: {attacker: 3, defender: 3}", "tank: {attacker: 3, defend: 3}")
    said = fails(f"validate {path}")
    assert said.startswith(f"error: {path}:")
    assert "attacks.land-battle.units.tank: unknown key 'defend'; did you mean 'defender'?" in said


def test_support_on_the_defender_side_raises_the_defender_only(tmp_path: Path) -> None:
    path = _edited(tmp_path, PRESET, "by: 1, side: attacker, rule: LB-2", "by: 1, side: defender, rule: LB-2")
    told = (
        "--attacker '2 infantry, artillery' --defender 'infantry, artillery' --attacker-roll 2,2,2 --defender-roll 2,6"
    )
    ruling = run_json(f"battle {path} {told} --no-journal")
    assert ruling["attacker"]["hits"] == 1  # an unsupported attacking infantry misses on 2; the artillery hits
    texts = [step["text"] for step in ruling["explanation"]]
    assert "the defender's artillery supports infantry, one for one: its value improves by 1" in texts


def test_fire_needs_an_aim_by_unit(tmp_path: Path) -> None:
    path = _edited(tmp_path, STAGED, "    fire: {}\n", "    fire: {}\n    costs: {losses: [hit]}\n")
    assert "fire reads each unit's dice at its number" in fails(f"validate {path}")


def test_fire_is_said_in_the_language_spoken(tmp_path: Path) -> None:
    path = _edited(tmp_path, STAGED, "    fire: {}\n", "    fire: {}\n    costs: {losses: [hit]}\n")
    assert "vuur leest de dobbelstenen" in fails(f"--lang nl validate {path}")
