"""Recruiting (FR-R1..R3) and building (FR-E2, FR-E3) through the command line."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from conftest import fails, run, run_json

Edit = Callable[[str, Callable[[str], str]], Path]
ISSUE = "recruit frontline-risk --stars 7 --cities 2 --capitals 1 --continent asia --reward two-armies"


def test_issue_recruit() -> None:
    result = run_json(ISSUE)
    assert result["units"] == 7 + 2 + 1 + 7 + 2
    assert result["ways"][0] == {"infantry": 19}
    assert {"armour": 6, "infantry": 1} in result["ways"]
    assert len(result["ways"]) == 7
    assert {"FR-R1", "FR-R2", "FR-R3"} <= {s["rule"] for s in result["explanation"]}
    assert "2 armour, 13 infantry" in run(ISSUE).stdout


def test_pieces_left_in_the_box_limit_armour() -> None:
    ways = run_json(f"{ISSUE} --free-armour 2")["ways"]
    assert max(w.get("armour", 0) for w in ways) == 2
    assert run_json(f"{ISSUE} --free-armour 0")["ways"] == [{"infantry": 19}]


def test_armour_needs_a_city_or_capital() -> None:
    assert run_json("recruit frontline-risk --stars 6 --armour-sites 0")["ways"] == [{"infantry": 6}]
    assert run_json("recruit frontline-risk --stars 6")["ways"] == [{"infantry": 6}]
    assert len(run_json("recruit frontline-risk --stars 6 --capitals 1")["ways"]) == 3


def test_continent_bonuses_and_chinese_names() -> None:
    assert run_json("recruit frontline-risk --continent 亞洲 --continent oceania")["units"] == 9
    assert run_json("recruit frontline-risk --reward '2 armies'")["units"] == 2


def test_recruit_refusals() -> None:
    assert fails("recruit frontline-risk --stars -1").endswith("(FR-R1)")
    assert fails("recruit frontline-risk --free-armour -1").endswith("(FR-R3)")
    assert "did you mean 'asia'" in fails("recruit frontline-risk --continent asai")
    assert "unknown option '--mines'" in fails("recruit frontline-risk --mines 2")
    assert "no recruiting rules" in fails("recruit groundforce --stars 1")


def test_build_a_city() -> None:
    result = run_json("build frontline-risk --unflipped-stars 4 city")
    assert (result["built"], result["cost"], result["left"]) == (["city"], 2, 2)
    assert result["explanation"][0]["rule"] == "FR-E2"
    assert run_json("build frontline-risk --unflipped-stars 7 城市 airfield")["left"] == 0


def test_build_refusals() -> None:
    assert fails("build frontline-risk --unflipped-stars 4 airfield").endswith("(FR-E3)")
    assert fails("build frontline-risk --unflipped-stars 1 city").endswith("(FR-E2)")
    assert fails("build frontline-risk --unflipped-stars -2 city").endswith("(FR-E2)")
    assert "unflipped-stars" in fails("build frontline-risk city")
    assert "did you mean 'city'" in fails("build frontline-risk --unflipped-stars 4 ctiy")


def test_an_absurd_count_is_refused() -> None:
    assert "a count on one table must be at most 1000" in fails(
        "recruit frontline-risk --stars 10101010101010101010101 --cities 2"
    )


def test_a_ruleset_where_nothing_costs_anything(edited: Callable[[str, Callable[[str], str]], Path]) -> None:
    path = edited("frontline-risk", lambda t: t.replace("cost: 1", "cost: 0").replace("cost: 3", "cost: 0"))
    assert run_json(f"recruit {path} --stars 3")["ways"] == []


def test_a_continent_given_twice_is_refused_whatever_its_name() -> None:
    """Issue 15.2: `--continent asia --continent asia` gave +7 twice."""
    assert fails("recruit frontline-risk --continent asia --continent 亞洲").endswith(
        "Asia is given twice; it counts at most once for a player (FR-R2)"
    )


def test_a_reward_counts_as_often_as_the_ruleset_allows(edited: Edit) -> None:
    assert fails("recruit frontline-risk --reward two-armies --reward '2 armies'").endswith(
        "the reward '2 armies' is given twice; it counts at most once for a player (FR-R1)"
    )
    path = edited("frontline-risk", lambda t: t.replace("two-armies: {units: 2,", "two-armies: {units: 2, most: 2,"))
    assert run_json(f"recruit {path} --reward two-armies --reward two-armies")["units"] == 4
    assert fails(f"recruit {path} --reward two-armies --reward two-armies --reward two-armies").endswith(
        "the reward '2 armies' is given 3 times; it counts at most twice for a player (FR-R1)"
    )


def test_merge_three_infantry_on_a_city_into_armour() -> None:
    """Issue 15.14: 'may I merge these three?' is settled where recruiting is (FR-R4)."""
    document = run_json("recruit frontline-risk --territory '3 infantry, armour' --change merge --site")
    assert document["after"] == [{"unit": "armour", "state": "", "count": 2}]
    report = run("recruit frontline-risk --territory '3 infantry' --change 合流 --site").stdout
    assert "Frontline Risk: the territory holds armour" in report
    assert "FR-R4   merge: 3 infantry become armour" in report


def test_merging_is_refused_off_a_city_or_short_of_infantry() -> None:
    assert fails("recruit frontline-risk --territory '3 infantry' --change merge").endswith(
        "merge needs a city or capital in the territory; say --site if it has one (FR-R4)"
    )
    assert fails("recruit frontline-risk --territory '2 infantry, armour' --change merge --site").endswith(
        "merge takes 3 infantry, but the territory holds 2 infantry (FR-R4)"
    )
    assert fails("recruit frontline-risk --territory '4 infantry' --change merge --change merge --site").endswith(
        "merge takes 3 infantry, but the territory holds 1 infantry (FR-R4)"
    )
    assert "did you mean 'merge'" in fails("recruit frontline-risk --territory '3 infantry' --change merg --site")


def test_disband_anywhere_after_damaged_armour_is_repaired() -> None:
    document = run_json("recruit frontline-risk --territory 'damaged armour, infantry' --change disband")
    assert document["after"] == [{"unit": "infantry", "state": "", "count": 4}]
    steps = [(s["rule"], s["text"]) for s in document["explanation"]]
    assert steps[0] == ("FR-R5", "damaged armour is repaired: armour")
    assert ("FR-R4", "disband: armour becomes 3 infantry") in steps


def test_repair_alone_and_changes_in_turn() -> None:
    assert run_json("recruit frontline-risk --territory '2 damaged armour'")["after"] == [
        {"unit": "armour", "state": "", "count": 2}
    ]
    twice = run_json("recruit frontline-risk --territory '6 infantry' --change merge --change merge --site")
    assert twice["after"] == [{"unit": "armour", "state": "", "count": 2}]
    assert "--change and --site need --territory" in fails("recruit frontline-risk --change merge")


def test_the_games_guide_says_for_every_rule_whether_the_referee_or_the_table_keeps_it() -> None:
    """Issue 15.14: each rule ID of each shipped ruleset is placed in 'Where the referee stops'."""
    import re

    from referee.ruleset.load import load, shipped

    section = Path("docs/games.md").read_text(encoding="utf-8").split("## Where the referee stops")[1]
    named = set(re.findall(r"\b[A-Z]{2}-[A-Z]+\d+\b", section))
    for prefix, low, high in re.findall(r"\b([A-Z]{2}-[A-Z]+)(\d+) to \1(\d+)\b", section):
        named |= {f"{prefix}{n}" for n in range(int(low), int(high) + 1)}
    for name in shipped():
        assert set(load(name).rules) - named == set(), name


def test_recruits_are_counted_in_the_ruleset_s_word_and_places_said_plainly() -> None:
    assert run("recruit risk --territories 20").stdout.startswith("Risk: 6 armies to recruit")
    none = run("recruit frontline-risk --stars 7 --free-armour 0").stdout
    assert none.startswith("Frontline Risk: 7 units to recruit")  # two kinds of unit: units
    assert "armour needs a place that can take it (none held)" in none and "one of 0" not in none
    assert "armour needs a place that can take it (2 held)" in run("recruit frontline-risk --stars 7 --cities 2").stdout
