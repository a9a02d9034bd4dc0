"""`referee log` gives each entry its outcome in a few words, whatever the
command, and says when it shows only the latest entries (issue 15's evening)."""

from __future__ import annotations

import pytest

from tests.conftest import run, run_json


def listed_outcome(command: str) -> str:
    run(command)
    lines = run("log", env={"COLUMNS": "200", "NO_COLOR": "1"}).stdout.splitlines()
    start = lines[0].index("outcome")
    return lines[-1][start:].strip()


@pytest.mark.parametrize(
    ("command", "said"),
    [
        ("hit trueforces --attacker 4 --target 5 --attack ranged --roll 6 --wound-roll 6", "out of action"),
        ("hit trueforces --attacker 4 --target 5 --attack ranged --roll 2", "a miss"),
        ("recruit frontline-risk --stars 7 --cities 2 --capitals 1 --continent asia", "6 ways to take 17"),
        ('recruit frontline-risk --territory "3 infantry" --change merge --site', "now 1 armour"),
        ("play start friday diceland --tiles 8 --seed 1", "blue first"),
        ("roll 2d6+1 --seed 1", "total 8"),
        ("group diceland 4 5", "3 lost"),
        ("battle groundforce --attacker trooper --defender trooper --seed 1", "no winner"),
    ],
)
def test_every_kind_of_entry_has_an_outcome(command: str, said: str) -> None:
    outcome = listed_outcome(command)
    assert said in outcome, outcome
    assert outcome != "-"


def test_the_outcome_is_in_the_json_too() -> None:
    run("roll 2d6+1 --seed 1")
    assert run_json("log")["entries"][-1]["outcome"] == "total 8"


def test_the_list_says_when_it_shows_only_the_latest() -> None:
    for seed in range(4):
        run(f"roll d6 --seed {seed}")
    said = run("log --limit 3").stdout
    assert " ".join(said.split()).endswith("Only the latest 3 entries; 'referee log --limit 30' shows more.")
    assert "Only the latest" not in run("log --limit 4").stdout
    assert run_json("log --limit 3")["more"] is True
    assert run_json("log --limit 4")["more"] is False
