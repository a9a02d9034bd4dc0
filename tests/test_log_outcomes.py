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
        ('reinforce groundforce --mines 1 --free-places 3 --buy "3 troopers"', "bought 3 troopers"),
        ("reinforce groundforce --mines 1 --free-places 0", "1 way to spend 0"),
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


def test_placements_in_one_command_are_each_told_with_their_player() -> None:
    run("play start friday diceland --tiles 8 --seed 1")
    board = run_json("play board")["board"]
    first = board["to_move"]
    other = next(p for p in board["players"] if p != first)
    a, b = (tile["coord"] for tile in board["tiles"][:2])
    mine, theirs = board["unplaced"][first][0], board["unplaced"][other][0]
    said = listed_outcome(f"play place {a} {mine} {b} {theirs}")
    assert said == f"{first}: a {mine} on {a}; {other}: a {theirs} on {b}"


def test_a_conclusion_said_in_chinese_is_shortened_at_its_wide_colon() -> None:
    from referee.render.outcome import _concluded

    assert _concluded([{"text": "防守方：2 步兵師 被消滅"}]) == "2 步兵師 被消滅"
    assert _concluded([{"text": "the defender: 2 infantry destroyed"}]) == "2 infantry destroyed"
