"""Templates: a named attack expanded to its stages on the file's own nodes,
so the stages check every value and an error points at the line written."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from referee.core.errors import RefereeError
from referee.ruleset import templates
from referee.ruleset.spec import Reader
from referee.ruleset.yamlnodes import MappingNode, compose_text
from tests.conftest import fails, run, run_json

TEMPLATE = """\
says: a duel
keys:
  rule: the rule
  die: the die both sides roll
  attacker: the attacking side
  attacker.dice: per-unit or a number
  attacker.hits: the faces that hit
  tie: who wins a tie
becomes:
  procedure: staged
  rule: $rule
  attacker:
    die: {$first: [$attacker.die, $die]}
    roll: {$case: attacker.dice, per-unit: {by: units}, absent: {by: units}, else: {by: fixed, dice: $attacker.dice}}
    read: {faces: {$each: attacker.hits, key: $item, value: [hit]}}
  compare: {symbol: hit, tie: $tie}
"""


def _expand(attack: str) -> Any:
    held = compose_text(TEMPLATE, "duel.yaml")
    assert isinstance(held, MappingNode)
    given = compose_text(attack, "game.yaml")
    assert isinstance(given, MappingNode)
    made = templates.expanded({k.value: v for k, v in held.value}, given, "attacks.duel", Reader("game.yaml"))
    return yaml.safe_load(yaml.serialize(made))


def test_the_files_values_go_where_the_template_says() -> None:
    assert _expand("{procedure: duel, rule: D-1, die: d6, attacker: {dice: 2, hits: [sword, axe]}, tie: defender}") == {
        "procedure": "staged",
        "rule": "D-1",
        "attacker": {
            "die": "d6",
            "roll": {"by": "fixed", "dice": 2},
            "read": {"faces": {"sword": ["hit"], "axe": ["hit"]}},
        },
        "compare": {"symbol": "hit", "tie": "defender"},
    }


def test_a_value_left_out_leaves_its_key_out_and_a_case_takes_its_branch() -> None:
    made = _expand("{procedure: duel, rule: D-1, die: d6, attacker: {dice: per-unit, hits: [sword]}}")
    assert made["compare"] == {"symbol": "hit"}
    assert made["attacker"]["roll"] == {"by": "units"}
    assert _expand("{procedure: duel, rule: D-1, die: d6, attacker: {hits: [sword]}}")["attacker"]["roll"] == {
        "by": "units"
    }


def test_first_takes_the_sides_own_value_before_the_shared_one() -> None:
    made = _expand("{procedure: duel, rule: D-1, die: d6, attacker: {die: d8, hits: [sword]}}")
    assert made["attacker"]["die"] == "d8"


@pytest.mark.parametrize(
    ("attack", "refusal"),
    [
        (
            "{procedure: duel, rule: D-1, tye: nobody}",
            "game.yaml:1:30: attacks.duel: unknown key 'tye'; did you mean 'tie'?",
        ),
        (
            "{procedure: duel, rule: D-1, attacker: {hitz: [sword]}}",
            "game.yaml:1:41: attacks.duel.attacker: unknown key 'hitz'; did you mean 'hits'?",
        ),
    ],
)
def test_a_key_no_dollar_reaches_is_refused_where_it_is_written(attack: str, refusal: str) -> None:
    with pytest.raises(RefereeError) as raised:
        _expand(attack)
    assert str(raised.value) == refusal


PRESET = Path(__file__).resolve().parent / "presets" / "groundforce.yaml"


def test_a_file_naming_a_template_rules_as_the_stages_written_out() -> None:
    """Ground Force as the template's keys write it and as its stages: the same exact odds."""
    for attack in ("--attacker '2 trooper' --defender 'trooper, heavy'", "--attacker heavy --defender '2 trooper'"):
        assert run_json(f"odds {PRESET} {attack}")["outcomes"] == run_json(f"odds groundforce {attack}")["outcomes"]


def test_a_misspelt_key_of_a_template_is_one_line_naming_it(tmp_path: Path) -> None:
    path = tmp_path / "gf.yaml"
    path.write_text(PRESET.read_text(encoding="utf-8").replace("move_in: true", "move_inn: true"), encoding="utf-8")
    assert fails(f"validate {path}").endswith("attacks.normal: unknown key 'move_inn'; did you mean 'move_in'?")
    assert "| `attacker.hits` | the faces that are hits for this side |" in run("schema --markdown").stdout


def test_a_part_the_template_makes_is_placed_where_the_file_wrote_its_values() -> None:
    """The compare mapping is the template's, its tie the file's: it sits on
    the tie's line, so an error in it names the line a player can fix."""
    held = compose_text(TEMPLATE, "duel.yaml")
    assert isinstance(held, MappingNode)
    given = compose_text("procedure: duel\nrule: D-1\ndie: d6\nattacker: {hits: [sword]}\ntie: defender\n", "game.yaml")
    assert isinstance(given, MappingNode)
    made = templates.expanded({k.value: v for k, v in held.value}, given, "attacks.duel", Reader("game.yaml"))
    parts = {k.value: v for k, v in made.value}
    assert made.start_mark.line == 0  # the attack itself stays where the file wrote it
    assert parts["compare"].start_mark.line == 4  # `tie: defender`, the fifth line
    assert parts["rule"].start_mark.line == 1
    assert parts["attacker"].start_mark.line == 2  # its first value is the file's `die: d6`
