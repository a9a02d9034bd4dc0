"""True Forces modifiers agreed at the table (issue 15, point 10): a change to
either quality (TF-C1), to the number needed (TF-C3) and to the wound roll
(TF-C5), said on the spot, shown in the ruling and in its odds; and the
refusal of an unknown named modifier says how to declare one."""

from __future__ import annotations

from fractions import Fraction

from tests.conftest import fails, run, run_json

BASE = "hit trueforces --attacker 4 --target 5 --attack ranged"


def steps(document: dict[str, object]) -> dict[str, str]:
    return {step["rule"]: step["text"] for step in document["explanation"]}  # type: ignore[attr-defined]


def test_a_change_to_the_number_needed_is_cited_to_tf_c3_and_moves_the_odds() -> None:
    plain = run_json(f"{BASE} --no-roll")
    harder = run_json(f"{BASE} --to-hit-plus 1 --no-roll")
    assert (plain["needed"], harder["needed"]) == (5, 6)
    assert (
        steps(harder)["TF-C3"]
        == "ranged attack modifiers: agreed at the table +1 to the number needed, so 5+ becomes 6+"
    )
    assert Fraction(harder["p_hit"]) == Fraction(1, 6) < Fraction(plain["p_hit"])
    assert harder["agreed"] == {"to_hit": 1}


def test_a_change_to_a_quality_is_cited_to_tf_c1() -> None:
    better = run_json(f"{BASE} --attacker-bonus 1 --no-roll")
    assert better["needed"] == 4
    assert "attacker quality 5" in steps(better)["TF-C1"] and "agreed at the table" in steps(better)["TF-C1"]
    tougher = run_json(f"{BASE} --target-bonus 1 --no-roll")
    assert tougher["needed"] == 6


def test_a_change_to_the_wound_roll_is_cited_to_tf_c5() -> None:
    ruled = run_json(f"{BASE} --wound-roll-plus 2 --roll 6 --wound-roll 3")
    assert ruled["wound_total"] == 5 and ruled["out_of_action"] is True
    assert "agreed at the table +2" in steps(ruled)["TF-C5"]
    assert "agreed at the table +2" in run(f"{BASE} --wound-roll-plus 2 --roll 6 --wound-roll 3").stdout


def test_odds_and_battle_take_the_same_changes() -> None:
    said = run("odds trueforces --attack ranged --to-hit-plus 1").stdout
    assert "+1 to the number needed to hit (agreed at the table)" in said
    cell = next(
        c
        for c in run_json("odds trueforces --attack ranged --to-hit-plus 1")["chart"]
        if c["attacker"] == 4 and c["target"] == 5
    )
    assert cell["needed"] == 6
    assert run_json(
        "battle trueforces --attacker 4 --defender 5 --attack ranged --to-hit-plus -1 --roll 4 --wound-roll 1"
    )["hit"]


def test_other_games_refuse_the_changes() -> None:
    assert "--to-hit-plus" in fails("battle groundforce --attacker trooper --defender trooper --to-hit-plus 1")


def test_an_unknown_named_modifier_says_how_to_declare_one() -> None:
    error = fails(f"{BASE} --modifier cover")
    assert "known: none" not in error
    assert "--to-hit-plus" in error and "modifiers:" in error and "referee new" in error and "docs/rulesets.md" in error


def test_the_help_says_what_n_is() -> None:
    """Issue 15's evening: '--to-hit N' read as 'N is the number needed'; the
    name and the help say it is a change, with an example."""
    said = " ".join(run("hit --help").stdout.split())
    assert "--to-hit-plus N Agreed at the table: N added to the number needed to hit (1 turns 5+ into 6+" in said
    assert "--wound-roll-plus N Agreed at the table: N added to the wound roll." in said
