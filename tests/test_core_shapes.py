"""Every game's battle and one-round odds JSON has the core's shape, so a
program written against Ground Force reads Risk and DiceLand rulings too."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from conftest import run_json

from referee.ruleset.load import shipped

# battles of every shipped ruleset that has units to battle with, each kind of attack at least once
BATTLES = {
    "groundforce": [
        "--attacker trooper --defender trooper",
        '--attacker heavy --defender "2 trooper" --range 2',
        '--attacker "2 trooper" --defender "trooper, heavy"',
    ],
    "risk": ["--attacker 3 --defender 2", "--attacker 1 --defender 1"],
    "frontline-risk": [
        '--attacker "infantry, armour" --attacker-rear 1 --defender "infantry, damaged armour" --when defender:city',
        "--attacker '2 infantry' --defender armour --when attacker:airfield",
    ],
    "diceland": ["--attacker 5 --defender 3", "--attacker 1 --defender 6", "--attacker 6,2 --defender 3"],
}
CASES = [(name, words) for name, lines in BATTLES.items() for words in lines]
SIDE = {"attacker", "defender"}


# games whose battles are hit checks: a value against a value, reported as a number needed and a wound roll
HIT_CHECKS = {"trueforces": "--attacker 4 --defender 5 --attack ranged --roll 5 --wound-roll 3"}


def test_every_ruleset_that_battles_is_covered() -> None:
    assert set(shipped()) - set(BATTLES) - set(HIT_CHECKS) == set()


@pytest.mark.parametrize("name", sorted(HIT_CHECKS))
def test_a_hit_check_battle_is_the_hit_command(name: str) -> None:
    """`referee hit` is `referee battle` by its players' names (--target for --defender)."""
    words = HIT_CHECKS[name]
    battle = run_json(f"battle {name} {words} --no-journal")
    hit = run_json(f"hit {name} {words.replace('--defender', '--target')} --no-journal")
    assert battle == hit
    assert battle["needed"] == 5 and battle["hit"] and battle["wound_roll"] == 3  # the README's example


def _core_side(side: dict[str, Any]) -> None:
    assert isinstance(side["rolled"], list)
    assert all(isinstance(face, int | str) for face in side["rolled"])
    for key in ("hits", "loses"):
        assert isinstance(side[key], int) and not isinstance(side[key], bool) and side[key] >= 0, (key, side)


@pytest.mark.parametrize(("name", "words"), CASES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_battle_json_has_the_core_keys(name: str, words: str, seed: int) -> None:
    ruling = run_json(f"battle {name} {words} --seed {seed}")
    if ruling.get("chosen", True) is None:  # a combined attack waits for a pairing: pick the first legal one
        pick = next(p for p in ruling["pairings"] if p["legal"])
        rolled = ",".join(map(str, ruling["attacker"]["rolled"]))
        ruling = run_json(f"battle {name} {words} --roll {rolled} --choose {pick['rolled']}:{pick['field']}")
    assert ruling["winner"] in ("attacker", "defender", None)
    for side in SIDE:
        _core_side(ruling[side])
        assert ruling[f"{side}_loses"] == ruling[side]["loses"]
    assert ruling["explanation"]
    for step in ruling["explanation"]:
        assert set(step) == {"rule", "text", "message", "values"}
        assert all(isinstance(step[key], str) for key in ("rule", "text", "message")) and step["message"]
        assert all(_is_form(v) for v in step["values"].values()), step["values"]


def _is_form(value: object) -> bool:
    """A step's value: a word or number, a phrase by its message and values, or a list by its items."""
    if isinstance(value, dict):
        if set(value) == {"message", "values"}:
            return isinstance(value["message"], str) and all(map(_is_form, value["values"].values()))
        return {"separator", "items"} <= set(value) <= {"message", "separator", "items"} and all(
            map(_is_form, value["items"])
        )
    return isinstance(value, str | int | float | bool | None)


def test_ranked_pairs_hits_are_pairs_won() -> None:
    ruling = run_json("battle risk --attacker 3 --defender 2 --attacker-roll 6,4,1 --defender-roll 6,1")
    assert (ruling["attacker"]["hits"], ruling["defender"]["hits"]) == (1, 1)
    assert ruling["winner"] is None
    won = run_json("battle risk --attacker 3 --defender 2 --attacker-roll 6,4,1 --defender-roll 5,3")
    assert (won["winner"], won["attacker"]["hits"], won["defender"]["loses"]) == ("attacker", 2, 2)


def test_frontline_hits_count_pairs_and_losses_count_damage() -> None:
    ruling = run_json(
        'battle frontline-risk --attacker "infantry, armour" --defender "2 armour" '
        "--attacker-roll 6,6 --defender-roll 1,1"
    )
    assert ruling["winner"] == "attacker" and ruling["attacker"]["hits"] == 2
    assert ruling["defender"]["loses"] == 2 and ruling["defender"]["destroyed"] == 0  # both damaged, none destroyed


@pytest.mark.parametrize(
    ("roll", "winner", "attacker", "defender"),
    [
        (3, "attacker", (2, 2), (0, 2)),  # valid: the 2 is taken off; the 5 swapped for the 3 is no hit
        (5, "attacker", (2, 0), (0, 2)),  # perfect: the field die stays
        (6, "defender", (0, 1), (1, 0)),  # failed: the field die loses the pip the defender took
    ],
)
def test_pip_compare_hits_and_losses_are_pips(
    roll: int, winner: str, attacker: tuple[int, int], defender: tuple[int, int]
) -> None:
    ruling = run_json(f"battle diceland --attacker 5 --defender 2 --roll {roll}")
    assert ruling["winner"] == winner
    assert (ruling["attacker"]["hits"], ruling["attacker"]["loses"]) == attacker
    assert (ruling["defender"]["hits"], ruling["defender"]["loses"]) == defender
    assert ruling["defender"]["rolled"] == [] and ruling["defender"]["field"] == 2


def test_a_pairing_still_to_pick_has_no_hits_yet() -> None:
    ruling = run_json("battle diceland --attacker 6,2 --defender 3 --roll 5,1")
    assert ruling["winner"] is None and ruling["outcome"] is None
    assert all(ruling[side]["hits"] is None and ruling[side]["loses"] is None for side in SIDE)


@pytest.mark.parametrize(("name", "words"), CASES)
def test_one_round_odds_json_has_the_core_keys(name: str, words: str) -> None:
    outcomes = run_json(f"odds {name} {words}")["outcomes"]
    assert sum(Fraction(o["probability"]) for o in outcomes) == 1
    for o in outcomes:
        assert o["winner"] in ("attacker", "defender", None)
        assert all(isinstance(o[k], int) and o[k] >= 0 for k in ("attacker_loses", "defender_loses"))
        assert isinstance(o["probability"], str) and isinstance(o["percent"], int | float)
        assert o["percent"] == pytest.approx(float(Fraction(o["probability"])) * 100, abs=1e-4)
