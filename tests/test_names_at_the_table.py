"""Issue 15.9: the names players use for the games find them, and `show`
lists every other word a ruleset understands."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

import pytest
from conftest import run, run_json

from referee.ruleset.load import load, shipped


@pytest.mark.parametrize(
    "said, name",
    [
        ("'Ground Force'", "groundforce"),
        ("前線風雲", "frontline-risk"),
        ("'classic risk'", "risk"),
        ("Dobbelland", "diceland"),
        ("'True Forces'", "trueforces"),
        ("'FRONTLINE   risk'", "frontline-risk"),
    ],
)
def test_a_game_is_found_by_the_names_players_use(said: str, name: str) -> None:
    assert run_json(f"show {said}")["name"] == name


def _aliases(value: Any) -> Iterator[str]:
    """Every word under an `aliases` key anywhere in a loaded ruleset."""
    if dataclasses.is_dataclass(value):
        for f in dataclasses.fields(value):
            item = getattr(value, f.name)
            if f.name == "aliases":
                yield from (w for words in item.values() for w in words) if hasattr(item, "values") else item
            else:
                yield from _aliases(item)
    elif hasattr(value, "values"):
        for item in value.values():
            yield from _aliases(item)
    elif isinstance(value, tuple):
        for item in value:
            yield from _aliases(item)


@pytest.mark.parametrize("name", sorted(shipped()))
def test_show_lists_every_alias_the_ruleset_understands(name: str) -> None:
    shown = run(f"show {name}").stdout
    words = set(_aliases(load(name)))
    assert words
    assert {w for w in words if w not in shown} == set()


def test_the_dutch_die_faces_are_shown_and_work() -> None:
    shown = run("show groundforce").stdout
    assert "sword: swords, zwaard, zwaarden" in shown
    ruling = run_json(
        "battle groundforce --attacker trooper --defender trooper --attacker-roll zwaard --defender-roll leeg"
    )
    assert ruling["winner"] == "attacker"


def test_a_copy_made_with_new_leaves_the_original_its_names() -> None:
    run("new house --from frontline-risk")
    assert run_json("show 前線風雲")["name"] == "frontline-risk"
    assert run_json("show house")["aliases"] == []
