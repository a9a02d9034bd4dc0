"""What a new author of a staged file runs into, through the CLI: a face two
situations both replace, a keep of more dice than a side can have, limits
left out, a distance told to an attack that does not read one, the game's
words in `--json`, a reading of nothing in `show`, and messages that build
no possessive from the ruleset's name, in every language."""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from conftest import fails, run, run_json

from referee.stages.roll import Band, Change, Roll

ANCIENTS = """\
format: 1
name: ancients
title: Ancients
source: a test of what a staged file may say
rules:
  AN-1: "A unit battling rolls one die per unit, two at most; crossed swords hit, a flag forces a retreat."
  AN-2: "Swords do not hit in ranged combat; a leader symbol hits when a leader is attached."
  AN-3: "Of the dice rolled, the best two count."
dice:
  battle: {faces: [light, heavy, flag, swords, leader, blank], aliases: {swords: [crossed swords]}}
units:
  foot: {}
  horse: {}
situations:
  ranged: {side: attacker, rule: AN-2, text: the attacker fires}
  leader: {side: attacker, rule: AN-2, text: a leader is attached}
attacks:
  battle:
    procedure: staged
    rule: AN-1
    label: battle
    attacker:
      die: battle
      roll: {by: units}
      read:
        faces: {swords: [hit], flag: [retreat]}
        when:
          ranged: {swords: []}
          leader: {leader: [hit]}
      pool:
        keep: {dice: 2, best: [swords, leader, flag, light, heavy, blank], rule: AN-3}
    defender: {die: battle}
    costs:
      losses: [hit]
      retreats: [retreat]
      loss: {one: block, many: blocks}
      retreat: {one: hex, many: hexes}
"""
LANGUAGES = ("en", "nl", "de", "zh-Hant")


@pytest.fixture
def ancients(tmp_path: Path) -> Path:
    path = tmp_path / "ancients.yaml"
    path.write_text(ANCIENTS, encoding="utf-8")
    return path


def written(path: Path, old: str, new: str) -> Path:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


def test_the_example_file_is_valid(ancients: Path) -> None:
    assert "is a valid ruleset" in " ".join(run(f"validate {ancients}").stdout.split())  # a long path wraps the line


def test_two_situations_that_replace_one_face_are_refused_at_load_naming_both(ancients: Path) -> None:
    written(ancients, "leader: {leader: [hit]}", "leader: {leader: [hit], swords: [hit, hit]}")
    refusal = fails(f"validate {ancients}")
    assert re.search(r"ancients\.yaml:\d+:\d+: attacks\.battle\.attacker\.read\.when\.leader\.swords: ", refusal)
    assert "'swords' is replaced by both 'ranged' and 'leader': say how it reads when both apply" in refusal
    assert refusal.endswith("under 'ranged+leader'")


BOTH = "leader: {leader: [hit], swords: [hit, hit]}\n          ranged+leader: {swords: [retreat]}"


@pytest.mark.parametrize(
    ("when", "swords", "said"),
    [
        ((), (1, 0), []),
        (("ranged",), (0, 0), ["ranged: swords reads nothing"]),
        (("leader",), (2, 0), ["leader: swords reads hit, hit"]),
        (("ranged", "leader"), (0, 1), ["ranged and leader: swords reads retreat"]),
    ],
)
def test_the_entry_naming_situations_together_says_how_a_face_reads_when_both_apply(
    ancients: Path, when: tuple[str, ...], swords: tuple[int, int], said: list[str]
) -> None:
    """One die: the ruling on swords, and the odds against the faces read by hand
    (each face 1/6: (losses, retreats) it deals)."""
    written(ancients, "leader: {leader: [hit]}", BOTH)
    told = "".join(f" --when attacker:{name}" for name in when)
    ruling = run_json(f"battle {ancients} --attacker foot --defender foot{told} --attacker-roll swords")
    assert (ruling["defender_loses"], ruling["defender_retreats"]) == swords
    assert [s["text"] for s in ruling["explanation"] if "swords reads" in s["text"]] == said
    reads = {"swords": swords, "flag": (0, 1), "leader": (1, 0) if "leader" in when else (0, 0)}
    brute: Counter[tuple[int, int]] = Counter(
        reads.get(face, (0, 0)) for face in ("light", "heavy", "flag", "swords", "leader", "blank")
    )
    odds = run_json(f"odds {ancients} --attacker foot --defender foot{told}")["outcomes"]
    assert {(o["defender_loses"], o["defender_retreats"]): Fraction(o["probability"]) for o in odds} == {
        key: Fraction(n, 6) for key, n in brute.items()
    }


def test_one_face_replaced_twice_under_the_same_situations_is_refused(ancients: Path) -> None:
    written(ancients, "leader: {leader: [hit]}", f"{BOTH}\n          leader+ranged: {{swords: [hit]}}")
    refusal = fails(f"validate {ancients}")
    assert "attacks.battle.attacker.read.when.leader+ranged.swords: " in refusal
    assert refusal.endswith(
        "'swords' is replaced under 'ranged+leader' and again under 'leader+ranged', the same situations: write it once"
    )


def test_an_entry_that_names_both_situations_must_name_ones_that_exist(ancients: Path) -> None:
    written(ancients, "leader: {leader: [hit]}", "leader: {leader: [hit]}\n          ranged+leaders: {swords: []}")
    assert "unknown situation 'leaders'" in fails(f"validate {ancients}")


def test_a_situation_may_replace_what_against_gave_one_face(ancients: Path) -> None:
    """`when` comes after `against`, as the guide says: the same face in both is no conflict."""
    written(ancients, "        when:\n", "        against: {horse: {swords: [hit, hit]}}\n        when:\n")
    ruling = run_json(
        f"battle {ancients} --attacker foot --defender horse --when attacker:ranged --attacker-roll swords"
    )
    said = [s["text"] for s in ruling["explanation"]]
    assert said[1:3] == ["against horse, swords reads hit, hit", "ranged: swords reads nothing"]
    assert ruling["defender_loses"] == 0


@pytest.mark.parametrize(
    ("roll", "keep", "most"),
    [
        ("{by: fixed, dice: 2}", 3, 2),
        ("{by: units, max: 2}", 3, 2),
        ("{by: units, owned: 1}", 2, 1),
        ("{by: units, max_units: 1, changes: [{when: leader, dice: 1}]}", 3, 2),
        ("{by: value, values: {foot: 2, horse: 1}, max_units: 1}", 3, 2),
    ],
)
def test_a_keep_of_more_dice_than_the_side_can_have_is_refused_at_load(
    ancients: Path, roll: str, keep: int, most: int
) -> None:
    written(ancients, "roll: {by: units}", f"roll: {roll}")
    written(ancients, "keep: {dice: 2,", f"keep: {{dice: {keep},")
    refusal = fails(f"validate {ancients}")
    assert re.search(r"ancients\.yaml:\d+:\d+: attacks\.battle\.attacker\.pool\.keep\.dice: ", refusal)
    assert f"keeps {keep} dice, but this side has at most {most} standing: it would keep every die, always" in refusal


def test_explosions_count_among_the_dice_a_keep_may_choose_from(ancients: Path) -> None:
    written(ancients, "roll: {by: units}", "roll: {by: fixed, dice: 2}")
    written(ancients, "keep: {dice: 2,", "explode: {faces: [swords], rule: AN-3}\n        keep: {dice: 3,")
    assert "is a valid ruleset" in " ".join(run(f"validate {ancients}").stdout.split())  # a long path wraps the line


def test_a_side_with_no_more_dice_than_it_keeps_says_it_keeps_them_all(ancients: Path) -> None:
    one = run_json(f"battle {ancients} --attacker foot --defender foot --attacker-roll swords")
    assert "the attacker keeps its only die, swords: it may keep 2" in [s["text"] for s in one["explanation"]]
    two = run_json(f"battle {ancients} --attacker '2 foot' --defender foot --attacker-roll flag,swords")
    assert "the attacker keeps all 2 of its dice, flag, swords: it may keep 2" in [
        s["text"] for s in two["explanation"]
    ]
    three = run_json(f"battle {ancients} --attacker '3 foot' --defender foot --attacker-roll blank,flag,swords")
    assert "the attacker keeps flag, swords of blank, flag, swords" in [s["text"] for s in three["explanation"]]


def test_a_keep_order_naming_a_face_not_on_the_die_is_refused_at_load(ancients: Path) -> None:
    written(ancients, "best: [swords, leader,", "best: [sword, leader,")
    refusal = fails(f"validate {ancients}")
    assert re.search(r"ancients\.yaml:\d+:\d+: attacks\.battle\.attacker\.pool\.keep\.best\[0\]: ", refusal)
    assert "'sword' is not a face of die 'battle'" in refusal


@pytest.mark.parametrize(
    ("old", "new", "where"),
    [
        ("best: [swords, leader,", "best: [crossed swords, leader,", "pool.keep.best[0]"),
        ("faces: {swords: [hit]", "faces: {crossed swords: [hit]", "read.faces.crossed swords"),
    ],
)
def test_a_word_players_type_for_a_face_is_refused_where_the_file_names_faces(
    ancients: Path, old: str, new: str, where: str
) -> None:
    written(ancients, old, new)
    refusal = fails(f"validate {ancients}")
    assert f"attacks.battle.attacker.{where}: 'crossed swords' is another word for 'swords'" in refusal
    assert refusal.endswith("a face of die 'battle': write 'swords' here")


@pytest.mark.parametrize(
    ("roll", "most"),
    [
        (Roll(by="fixed", dice=2, changes=(Change(when="x", dice=1), Change(when="y", dice=-1))), 3),
        (Roll(by="compare", bands=(Band(at_least=1, dice=3), Band(dice=1))), 3),
        (Roll(by="compare", bands=(Band(at_least=1, dice=3), Band(dice=1)), max=2), 2),
        (Roll(by="units"), None),
        (Roll(by="units", max_units=2), 2),
        (Roll(by="units", owned=4), 4),
        (Roll(by="value", values={"a": 3, "b": 1}), None),
        (Roll(by="value", values={"a": 3, "b": 1}, max_units=2), 6),
        (Roll(by="range", range={"a": (3, 2), "b": (4,)}), None),
        (Roll(by="range", range={"a": (3, 2), "b": (4,)}, max_units=1, owned=5), 4),
    ],
)
def test_the_most_dice_a_roll_stage_gives(roll: Roll, most: int | None) -> None:
    assert roll.most() == most


def _numbers(schema: Any, path: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    """Every whole-number key of the schema, with where it sits."""
    if isinstance(schema, dict):
        if schema.get("type") == "integer":
            yield path, schema
        for key, value in schema.items():
            yield from _numbers(value, f"{path}.{key}")
    elif isinstance(schema, list):
        for i, value in enumerate(schema):
            yield from _numbers(value, f"{path}[{i}]")


def test_no_key_defaults_to_a_number_it_may_not_be_written_as() -> None:
    """A limit left out is no limit: the schema and the key reference say it
    is optional, never a default the key may not take (`max: 0` where 1 to 100 are allowed)."""
    numbers = list(_numbers(json.loads(run("schema").stdout)))
    assert any(path.endswith(".owned") for path, _ in numbers)
    wrong = [
        path
        for path, number in numbers
        if "default" in number
        and not number.get("minimum", number["default"])
        <= number["default"]
        <= number.get("maximum", number["default"])
    ]
    assert wrong == []
    reference = run("schema --markdown").stdout
    for limit in ("max", "owned", "max_units"):
        assert f"| `{limit}` | optional |" in reference


def test_a_distance_told_to_an_attack_that_does_not_read_one_is_refused(ancients: Path) -> None:
    for command in ("battle", "odds"):
        refusal = fails(f"{command} {ancients} --attacker foot --defender foot --range 2")
        assert refusal == "error: a battle does not depend on the distance: leave out --range (AN-1)"


def test_an_attack_that_reads_the_distance_asks_for_it_by_its_option(ancients: Path) -> None:
    written(ancients, "roll: {by: units}", "roll: {by: range, range: {foot: [2, 1]}}")
    refusal = fails(f"battle {ancients} --attacker foot --defender foot --attacker-roll swords")
    assert refusal == "error: say the distance to the target with --range (AN-1)"
    assert run_json(f"odds {ancients} --attacker foot --defender foot --range 2")["outcomes"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_option_no_attack_reads_builds_no_possessive_from_the_rulesets_name(ancients: Path, lang: str) -> None:
    refusal = fails(f"--lang {lang} odds {ancients} --attacker foot --defender foot --wounds 1")
    assert "--wounds" in refusal and "ancients" in refusal
    assert "ancients'" not in refusal and "ancients 的" not in refusal
    if lang == "en":
        assert refusal == "error: --wounds: not used by any attack in ancients"


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "when ranged swords reads as nothing, leader leader hit"),
        ("nl", "swords leest als niets"),
        ("de", "swords zählt als nichts"),
        ("zh-Hant", "swords 視為無"),
    ],
)
def test_show_says_a_face_that_reads_no_symbol_reads_as_nothing(ancients: Path, lang: str, said: str) -> None:
    shown = "".join(run(f"--lang {lang} show {ancients}").stdout.split())  # wrapped anywhere, in every script
    assert "".join(said.split()) in shown
    assert "ranged," not in shown and "ranged、" not in shown


def test_json_carries_the_games_words_for_a_loss_and_a_retreat(ancients: Path) -> None:
    ruling = run_json(f"battle {ancients} --attacker '2 foot' --defender foot --attacker-roll swords,flag")
    assert (ruling["defender_loses"], ruling["defender_retreats"]) == (1, 1)
    assert (ruling["loss"], ruling["retreat"]) == ("block", "hex")
    odds = run_json(f"odds {ancients} --attacker '2 foot' --defender foot")
    assert (odds["loss"], odds["retreat"]) == ("block", "hex")


def test_json_says_the_default_words_where_the_file_names_none(ancients: Path) -> None:
    written(ancients, "      loss: {one: block, many: blocks}\n      retreat: {one: hex, many: hexes}\n", "")
    ruling = run_json(f"battle {ancients} --attacker foot --defender foot --attacker-roll swords")
    assert (ruling["loss"], ruling["retreat"]) == ("loss", "step")
    assert (
        "The defender loses 1 loss."
        in run(f"battle {ancients} --attacker foot --defender foot --attacker-roll swords").stdout
    )


def test_a_side_that_rolls_no_dice_says_nothing_of_how_its_faces_read(ancients: Path) -> None:
    written(
        ancients,
        "defender: {die: battle}",
        "defender: {die: battle, read: {faces: {}, when: {ranged: {swords: [hit]}}}}",
    )
    ruling = run_json(
        f"battle {ancients} --attacker foot --defender foot --when attacker:ranged --attacker-roll swords"
    )
    assert ruling["defender"]["dice"] == 0
    assert [s["text"] for s in ruling["explanation"] if "reads" in s["text"]] == ["ranged: swords reads nothing"]


STRAFE = """\
  strafe:
    procedure: staged
    rule: FR-B1
    label: strafing run
    attacker:
      die: d6
      roll: {by: value, values: {plane: 1}}
      read: {aim: {number: 5}}
    defender: {die: d6}
    costs:
      losses: [hit]
"""


def strafing(text: str) -> str:
    """Frontline Risk with a plane whose staged attack strafes its ranked-pairs divisions."""
    text = text.replace("    cost: 1\n", "    cost: 1\n    attack: round\n", 1)
    worn = "    states: [intact, damaged]\n"
    text = text.replace(worn, f"{worn}    attack: round\n  plane: {{attack: strafe, cost: 2}}\n", 1)
    return text.replace("attacks:\n", f"attacks:\n{STRAFE}", 1)


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "a strafing run does not read states, so 'damaged armour' cannot be told"),
        ("nl", "leest geen toestanden"),
        ("de", "liest keine Zustände"),
        ("zh-Hant", "不讀取狀態"),
    ],
)
def test_a_state_typed_for_an_attack_that_does_not_read_states_is_refused_not_dropped(
    edited: Any, lang: str, said: str
) -> None:
    path = edited("frontline-risk", strafing)
    for command in ("battle", "odds"):
        refusal = fails(f"--lang {lang} {command} {path} --attacker plane --defender 'damaged armour'")
        assert said in refusal and "ranked-pairs" in refusal and "FR-B1" in refusal
    assert run_json(f"battle {path} --attacker plane --defender armour --attacker-roll 5")["defender_loses"] == 1
