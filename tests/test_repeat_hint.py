"""The seed line's "repeat this roll with ..." is a promise: following it,
after the attack alone, gives the same ruling, typed dice and all."""

from __future__ import annotations

import re

import pytest
from conftest import ruling_of, run

PARTLY_TYPED = [
    ("hit trueforces --attacker 3 --target 4 --attack melee", "--roll 5"),
    ("battle groundforce --attacker 'trooper, saboteur' --defender '2 trooper'", "--attacker-roll explosion,sword"),
    ("battle groundforce --attacker '2 trooper' --defender trooper", "--defender-roll shield"),
]


@pytest.mark.parametrize(("attack", "dice"), PARTLY_TYPED)
def test_following_the_repeat_hint_gives_the_same_ruling(attack: str, dice: str) -> None:
    said = " ".join(run(f"{attack} {dice}").stdout.split())  # the hint wraps like any prose
    hint = re.search(r"repeat this roll with (.*?)\.(?: |$)", said)
    assert hint is not None, said
    assert dice in hint.group(1)
    seed = re.search(r"--seed (\d+)", hint.group(1))
    assert seed is not None
    assert ruling_of(f"{attack} {hint.group(1)}") == ruling_of(f"{attack} {dice} --seed {seed.group(1)}")


def test_with_nothing_typed_the_seed_alone_repeats_the_roll() -> None:
    said = run("battle groundforce --attacker trooper --defender trooper --seed 9").stdout
    assert "repeat this roll with --seed 9." in said


@pytest.mark.parametrize(("attack", "dice"), PARTLY_TYPED)
def test_log_show_repeats_the_same_hint_as_the_ruling_printed(attack: str, dice: str) -> None:
    """Shown again from the journal, the hint still names the typed dice beside the seed."""
    hint = re.compile(r"repeat this roll with .*?\.(?= |$)")
    printed = " ".join(run(f"{attack} {dice} --seed 3").stdout.split())
    shown = " ".join(run("log show 1").stdout.split())
    assert hint.findall(printed) == hint.findall(shown) and dice in hint.findall(shown)[0]
