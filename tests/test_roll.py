"""`referee roll` and dice notation: what parses, what is refused, and that a
seed repeats a roll."""

from __future__ import annotations

import pytest
from conftest import fails, ruling_of, run, run_json

from referee.chance.notation import DiceTerm, parse


@pytest.mark.parametrize(
    "text, dice, constant",
    [
        ("2d6+1", (DiceTerm(2, 6),), 1),
        ("d20", (DiceTerm(1, 20),), 0),
        ("3D6 - 2", (DiceTerm(3, 6),), -2),
        ("1d8+1d4-1d4+3", (DiceTerm(1, 8), DiceTerm(1, 4), DiceTerm(1, 4, -1)), 3),
        ("+2d10", (DiceTerm(2, 10),), 0),
    ],
)
def test_notation(text: str, dice: tuple[DiceTerm, ...], constant: int) -> None:
    expression = parse(text)
    assert (expression.dice, expression.constant) == (dice, constant)


def test_roll_notation_adds_up_and_repeats_with_the_seed() -> None:
    rolled = run_json("roll 3d6+2 --seed 9")
    faces = rolled["dice"][0]["rolled"]
    assert len(faces) == 3 and all(1 <= f <= 6 for f in faces)
    assert rolled["total"] == sum(faces) + 2 and rolled["seed"] == 9
    rolled.pop("journal_entry")
    rolled.pop("journal_checkpoint")
    assert ruling_of("roll 3d6+2 --seed 9") == rolled
    out = run("roll 3d6+2 --seed 9").stdout
    assert f"= {rolled['total']}" in out and "--seed 9" in out


def test_roll_a_rulesets_dice_shows_its_faces() -> None:
    rolled = run_json("roll groundforce 2 --seed 3")
    assert rolled["die"] == "symbol" and rolled["count"] == 2 and rolled["total"] is None
    assert set(rolled["faces"]) <= {"sword", "shield", "explosion", "blank"}
    numbered = run_json("roll trueforces 3 --seed 3")
    assert numbered["total"] == sum(numbered["faces"])
    assert "Ground Force, 2 symbol dice:" in run("roll groundforce 2 --seed 3").stdout


@pytest.mark.parametrize(
    "command, message",
    [
        ("roll 0d6", "roll at least one die"),
        ("roll 3d", "say how many sides the dice have, e.g. 3d6"),
        ("roll 2d6+", "something must follow '+'"),
        ("roll 2x6", "'2x6' is not dice notation"),
        ("roll 2d1", "a die has 2 to 10,000 sides, not 1"),
        ("roll 1d100000", "a die has 2 to 10,000 sides"),
        ("roll 1001d6", "at most 1,000 dice in one roll"),
        ("roll 600d6+600d6", "at most 1,000 dice in one roll"),
        ("roll 2d6+9999999", "more than the 1,000,000 a roll may add"),
        ("roll 5", "no game is in play to roll the dice of"),
        (f"roll {'1d6+' * 30}1", "at most 100 characters"),
        ("roll groundforc 2", "unknown ruleset 'groundforc'; did you mean 'groundforce'?"),
        ("roll 2d6 3", "two numbers in a row"),
        ("roll groundforce 0", "COUNT"),
        ("roll groundforce --die red", "unknown die 'red'"),
    ],
)
def test_nonsense_is_refused_in_one_line(command: str, message: str) -> None:
    assert message in fails(command)


@pytest.mark.parametrize("typed, total", [("2d6 + 1", 6), ("2d6 -1", 4), ("2W6", 5), ("2w6+0", 5)])
def test_notation_as_players_type_it(typed: str, total: int) -> None:
    assert run_json(f"roll {typed} --seed 3")["total"] == total


def test_ruleset_names_in_any_case_and_a_bad_count() -> None:
    assert run_json("roll GroundForce 2 --seed 3")["faces"] == ["sword", "shield"]
    assert "COUNT needs a whole number" in fails("roll groundforce x")


@pytest.mark.parametrize(
    ("name", "ruleset"),
    [
        ("Dobbelland", "diceland"),
        ("Ground Force", "groundforce"),
        ("classic risk", "risk"),
        ("前線風雲", "frontline-risk"),
    ],
)
def test_a_ruleset_rolls_by_every_name_players_give_it(name: str, ruleset: str) -> None:
    rolled = run_json(f"roll '{name}' 2 --seed 1")
    assert rolled["ruleset"] == ruleset and len(rolled["faces"]) == 2


def test_a_misspelt_alias_is_suggested_and_numbered_dice_are_not_called_dice_dice() -> None:
    assert "did you mean 'Dobbelland'?" in fails("roll Dobbelandd 2")
    assert run("roll risk 3 --seed 2").stdout.startswith("Risk, 3 d6: ")
    assert run("roll groundforce 1 --seed 2").stdout.startswith("Ground Force, 1 symbol die: ")
