"""`hit` rules hit checks (the attacks of the procedure that declares it):
a ruleset with none is refused in one line naming the rulesets that have
one, never ruled as something else nor ended in a traceback. And a hit
check, told by values, not units, stands alone in its file: beside it no
command could reach the file's other attacks, so the file is refused."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from conftest import fails, run, run_json

from referee.core.errors import RefereeError
from referee.ruleset import registry
from referee.ruleset.load import load_file

ROOT = Path(__file__).resolve().parent.parent
NONE_HERE = (
    "error: 'referee hit' rules strike attacks, and Ground Force has none "
    "(rule its attacks with 'referee battle'); rulesets with one: trueforces"
)

HEAD = """\
format: 1
name: {name}
title: Skirmish
source: a test
rules:
  SK-1: Each soldier rolls a die; a sword is a hit and takes a soldier.
  SK-2: A hit check rolls a d6 against 4.
dice:
  battle: {{faces: [sword, sword, blank, blank, blank, blank]}}
  d6: {{faces: [1, 2, 3, 4, 5, 6]}}
units:
  soldier: {{attack: melee}}
attacks:
"""
MELEE = """\
  melee:
    procedure: staged
    rule: SK-1
    label: melee
    attacker: {die: battle, roll: {by: units}, read: {faces: {sword: [hit]}}}
    defender: {die: battle, roll: {by: units}, read: {faces: {sword: [hit]}}}
    costs: {losses: [hit]}
"""
CHECK = """\
  {name}:
    procedure: target-number
    rule: SK-2
    label: hit check
    die: d6
    value: {{label: quality, min: 1, max: 6}}
    types: {{strike: {{label: strike}}}}
    table: [{{difference: 0, needed: 4}}]
    clamp: {{min: 2, max: 6}}
"""


def _file(tmp_path: Path, name: str, *attacks: str) -> Path:
    path = tmp_path / f"{name}.yaml"
    text = HEAD.format(name=name) + "".join(attacks)
    if MELEE not in attacks:
        text = text.replace("  soldier: {attack: melee}\n", "").replace("units:\n", "")
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("more", ["--no-roll", "--seed 1", "--roll 4"])
def test_hit_on_a_ruleset_with_no_hit_check_is_one_line(more: str) -> None:
    assert fails(f"hit groundforce --attacker 1 --target 1 {more}") == NONE_HERE


def test_the_refusal_in_json_and_in_dutch() -> None:
    refused = run("hit groundforce --attacker 1 --target 1 --no-roll --json", code=2)
    assert json.loads(refused.stderr) == {"error": NONE_HERE.removeprefix("error: "), "rule": None}
    dutch = fails("--lang nl hit diceland --attacker 1 --target 1")
    assert dutch == (
        "fout: 'referee hit' beslist over strike-aanvallen, en DiceLand heeft er geen "
        "(beslis over zijn aanvallen met 'referee battle'); spelregels met zo'n aanval: trueforces"
    )


def test_the_refusal_names_a_user_s_hit_checks_too_and_skips_a_file_that_does_not_load(tmp_path: Path) -> None:
    folder = tmp_path / "mine"
    folder.mkdir()
    shutil.copy(ROOT / "docs" / "examples" / "fifth.yaml", folder / "fifth.yaml")
    (folder / "broken.yaml").write_text("format: 1\nname: [", encoding="utf-8")
    said = fails(f"--rules-dir {folder} hit risk --attacker 1 --target 1")
    assert said.endswith("rulesets with one: trueforces, fifth"), said


def test_hit_still_rules_a_hit_check() -> None:
    ruled = run_json("hit trueforces --attacker 4 --target 5 --attack ranged --roll 5 --wound-roll 3")
    assert ruled["needed"] == 5 and ruled["hit"] is True
    assert "Needs 5+ to hit." in run("hit trueforces --attacker 4 --target 5 --attack ranged --no-roll").stdout


def test_the_stage_that_declares_hit_is_the_strike() -> None:
    """`hit` belongs to the strike stage, by the key a file writes it under:
    a file saying `procedure: target-number` gets one from the template."""
    assert registry.declared_by("hit") == "strike"
    with pytest.raises(KeyError):
        registry.declared_by("no-such-command")


def test_a_hit_check_before_other_attacks_is_refused(tmp_path: Path) -> None:
    path = _file(tmp_path, "checks", CHECK.format(name="first"), CHECK.format(name="second"))
    said = fails(f"validate {path}")
    assert said == (
        f"error: {path}:13:5: attacks.first: no unit makes this attack, so every command rules it "
        "and none could rule 'second': give them a file of their own"
    )
    refused = json.loads(run(f"validate {path} --json", code=2).stderr)
    assert refused["where"] == f"{path}:13:5" and "none could rule 'second'" in refused["error"]
    german = fails(f"--lang de validate {path}")
    assert "keine Einheit macht diesen Angriff, also entscheidet jeder Befehl ihn" in german


def test_a_hit_check_after_an_attack_of_units_is_refused(tmp_path: Path) -> None:
    path = _file(tmp_path, "mixed", MELEE, CHECK.format(name="check"))
    said = fails(f"validate {path}")
    assert said == (
        f"error: {path}:22:5: attacks.check: no unit makes this attack, and a command rules one only as "
        "its file's first attack ('melee' here): give it a file of its own"
    )
    chinese = fails(f"--lang zh-Hant validate {path}")
    assert "沒有單位作出此攻擊，而指令只會在它是檔案的第一個攻擊時裁定它（這裡是「melee」）" in chinese


def test_a_hit_check_alone_and_attacks_of_units_together_load(tmp_path: Path) -> None:
    alone = load_file(_file(tmp_path, "alone", CHECK.format(name="check")))
    assert list(alone.attacks) == ["check"]
    assert run_json(f"hit {tmp_path / 'alone.yaml'} --attacker 3 --target 3 --attack strike --roll 4")["hit"]
    with pytest.raises(RefereeError, match="no unit makes this attack"):
        load_file(_file(tmp_path, "beside", MELEE, CHECK.format(name="check")))
