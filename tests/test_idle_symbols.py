"""`validate` warns of a symbol the faces carry that nothing counts: every
ruling would read it and drop it, which is rarely what the author meant (a
`costs` with no `losses`, a misspelt symbol under one of them)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import run, run_json

from referee.cli import cli

ROOT = Path(__file__).resolve().parent.parent
FILES = sorted([*(ROOT / "rulesets").glob("*.yaml"), *(ROOT / "docs" / "examples").glob("*.yaml")])

SKIRMISH = """\
format: 1
name: skirmish
title: Skirmish
source: a test
rules:
  SK-1: Each unit rolls a die; a sword is a hit, a shield stops a hit.
dice:
  battle: {{faces: [sword, sword, shield, blank, blank, blank]}}
units:
  soldier: {{}}
attacks:
  melee:
    procedure: staged
    rule: SK-1
    label: melee
    attacker: {{die: battle, roll: {{by: units}}, read: {{faces: {{sword: [hit]}}}}}}
    defender: {{die: battle, roll: {{by: units}}, read: {{faces: {{shield: [block]}}}}}}
{more}
"""


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_no_shipped_or_example_file_carries_a_symbol_nothing_counts(path: Path) -> None:
    warnings = run_json(f"validate {path}").get("warnings", [])
    assert [warning for warning in warnings if "nothing counts" in warning] == []


def _file(tmp_path: Path, more: str) -> Path:
    path = tmp_path / "skirmish.yaml"
    path.write_text(SKIRMISH.format(more=more), encoding="utf-8")
    return path


def test_a_symbol_nothing_counts_is_a_warning_naming_the_attack_and_the_symbols(tmp_path: Path) -> None:
    path = _file(tmp_path, "    costs: {}")
    checked = run(f"validate {path}")
    said = "warning: attack 'melee': nothing counts 'hit', 'block', which its faces carry"
    assert checked.stderr.startswith(said) and checked.stderr.count("\n") == 1
    assert run_json(f"validate {path}")["warnings"] == [checked.stderr.strip()[len("warning: ") :]]
    dutch = run(f"--lang nl validate {path}").stderr
    assert dutch.startswith("waarschuwing: aanval 'melee': niets telt 'hit', 'block'"), dutch


def test_a_symbol_a_cancel_names_is_counted(tmp_path: Path) -> None:
    path = _file(tmp_path, "    costs: {losses: [hit]}\n    cancel: [{by: defender, symbol: block, order: [hit]}]")
    checked = run(f"validate {path}")
    assert checked.stderr == ""
    assert "warnings" not in run_json(f"validate {path}")
    only_costs = run(f"validate {_file(tmp_path, '    costs: {losses: [hit]}')}").stderr
    assert "nothing counts 'block'," in only_costs


def test_every_validate_warns_where_rulesets_are_kept_read_once(tmp_path: Path) -> None:
    """At the table a file is read once and kept (`ruleset.load.kept`):
    each `validate` still warns, the first, a second, and one after a
    ruling read the file, in text and in --json."""
    path = _file(tmp_path, "    costs: {}")
    battle = f"battle {path} --attacker soldier --defender soldier --seed 1"
    lines = [f"validate {path}", f"validate {path}", battle, f"validate {path}", f"validate {path} --json"]
    given = "".join(f"{line}\n" for line in lines)
    result = CliRunner().invoke(cli, ["table"], input=given, catch_exceptions=False)
    assert result.exit_code == 0, result.stderr
    assert result.stderr.count("warning: attack 'melee': nothing counts 'hit', 'block'") == 4
    assert result.stdout.count('"warnings": [') == 1
