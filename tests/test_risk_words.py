"""Classic Risk is ruled in its own words (issue 15, point 5): no front or
rear where the game has no rear, no bonus sums where no bonus was added, one
unit kind not named per pair, plurals from the file; and a refusal of too
many attackers says what --attacker counts."""

from __future__ import annotations

from tests.conftest import fails, run

RISK = "battle risk --attacker 3 --defender 2 --seed 1"


def test_risk_shows_only_what_risk_has() -> None:
    said = run(RISK).stdout
    for frontline_word in ("front", "rear", "+0=", "3 army ", "attacker's unit"):
        assert frontline_word not in said, frontline_word
    assert "3 armies" in said and "the defender has 2 armies: 2 dice" in said


def test_frontline_risk_keeps_its_front_rear_and_bonuses() -> None:
    said = run(
        "battle frontline-risk --attacker 'infantry, armour' --attacker-rear 1 "
        "--defender 'infantry, damaged armour' --seed 2"
    ).stdout
    assert "front" in said and "rear" in said and "5+1=6" in said and "attacker's unit" in said


def test_too_many_attackers_says_what_the_option_counts_and_the_way_that_works() -> None:
    error = fails("battle risk --attacker 4 --defender 2")
    assert "--attacker counts the attacking armies" in error and "--until conquest" in error
    assert "4 armies" in error and "4 units on the front" not in error
    run("odds risk --attacker 4 --defender 2 --until conquest")
