"""DiceLand through the command line: the rulebook's worked examples, the
issue's commands as a new user types them, and every refusal with its rule."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import fails, ruling_of, run, run_json


def test_single_valid_attack_removes_the_defender_and_moves_in() -> None:
    ruling = run_json("battle diceland --attacker 6 --defender 3 --roll 5")
    assert ruling["outcome"] == "valid"
    assert ruling["attacker_after"] == 5
    assert ruling["defender_after"] == 0
    assert ruling["moves_in"] is True
    assert [s["rule"] for s in ruling["explanation"]] == ["DL-A2", "DL-A2", "DL-A3"]
    for key in (
        "ruleset",
        "attack",
        "winner",
        "attacker",
        "defender",
        "attacker_loses",
        "defender_loses",
        "seed",
        "typed",
    ):
        assert key in ruling
    assert ruling["seed"] is None and ruling["typed"] == ["attacker"]


def test_perfect_attack_keeps_the_field_die() -> None:
    ruling = run_json("battle diceland --attacker 4 --defender 6 --roll 4")
    assert (ruling["outcome"], ruling["attacker_after"], ruling["defender_after"], ruling["moves_in"]) == (
        "perfect",
        4,
        2,
        False,
    )


def test_failed_attack_costs_the_field_die_a_pip() -> None:
    ruling = run_json("battle diceland --attacker 2 --defender 6 --roll 5")
    assert (ruling["outcome"], ruling["attacker_after"], ruling["defender_after"]) == ("failed", 1, 6)
    assert ruling["winner"] == "defender"


def test_attacker_at_zero_is_removed_and_the_defender_stays() -> None:
    ruling = run_json("battle diceland --attacker 1 --defender 3 --roll 2")
    assert ruling["attacker_after"] == 0 and ruling["attacker_removed"] is True
    assert ruling["defender_moves_in"] is False
    assert "DL-A4" in [s["rule"] for s in ruling["explanation"]]


@pytest.mark.parametrize("name", ["fill-the-void", "'vul de leegte op'"])
def test_fill_the_void_moves_the_defender_in(name: str) -> None:
    ruling = run_json(f"battle diceland --attacker 1 --defender 3 --roll 2 --rule {name}")
    assert ruling["defender_moves_in"] is True
    assert [s["rule"] for s in ruling["explanation"]][-2:] == ["DL-A4", "DL-X2"]


def test_rulebook_combined_example_lists_every_pairing() -> None:
    """The rulebook: red's 6 and 2 attack blue's 3; red rolls 5 (and 1) and
    picks the 5 against the 6, a valid attack that conquers the tile."""
    ruling = run_json("battle diceland --attacker 6,2 --defender 3 --roll 5,1")
    assert ruling["outcome"] is None and ruling["chosen"] is None
    pairs = {(p["rolled"], p["field"]): (p["outcome"], p["legal"]) for p in ruling["pairings"]}
    assert pairs == {
        (5, 6): ("valid", True),
        (5, 2): ("failed", False),
        (1, 6): ("valid", True),
        (1, 2): ("valid", True),
    }
    chosen = run_json("battle diceland --attacker 6,2 --defender 3 --roll 5,1 --choose 5:6")
    assert chosen["outcome"] == "valid" and chosen["moves_in"] is True
    assert chosen["attacker"]["field_after"] == [5, 2]
    assert "Valid attack." in run("battle diceland --attacker 6,2 --defender 3 --roll 5,1 --choose 5:6").stdout


def test_when_every_pairing_fails_the_attacker_picks_the_field_die() -> None:
    ruling = run_json("battle diceland --attacker 3,1 --defender 5 --roll 6,5")
    assert ruling["chosen"] is None
    assert all(p["legal"] and p["outcome"] == "failed" for p in ruling["pairings"])
    picked = run_json("battle diceland --attacker 3,1 --defender 5 --roll 6,5 --choose 6:3")
    assert picked["attacker"]["field_after"] == [2, 1]


def test_identical_choices_need_no_pick() -> None:
    ruling = run_json("battle diceland --attacker 4,4 --defender 6 --roll 5,6")
    assert ruling["outcome"] == "failed" and ruling["attacker_after"] == 3


def test_referee_rolls_from_a_seed_reproducibly() -> None:
    first = ruling_of("battle diceland --attacker 6,2 --defender 3 --seed 11")
    assert first == ruling_of("battle diceland --attacker 6,2 --defender 3 --seed 11")
    assert first["seed"] == 11 and len(first["attacker"]["rolled"]) == 2


def test_an_unseeded_roll_draws_a_fresh_seed_that_repeats_it() -> None:
    drawn = ruling_of("battle diceland --attacker 6,2 --defender 3")
    assert isinstance(drawn["seed"], int) and drawn["typed"] == []
    again = ruling_of(f"battle diceland --attacker 6,2 --defender 3 --seed {drawn['seed']}")
    assert again["attacker"]["rolled"] == drawn["attacker"]["rolled"]


def test_odds_of_a_single_attack() -> None:
    odds = run_json("odds diceland --attacker 6 --defender 3")
    totals = {k: v["probability"] for k, v in odds["totals"].items()}
    assert totals == {
        "perfect": "1/6",
        "valid": "5/6",
        "failed": "0/1",
        "defender_removed": "2/3",
        "attacker_removed": "0/1",
    }
    weak = {k: v["probability"] for k, v in run_json("odds diceland --attacker 1 --defender 3")["totals"].items()}
    assert weak["failed"] == weak["attacker_removed"] == "5/6"


def test_odds_of_a_combined_attack_state_the_policy() -> None:
    odds = run_json("odds diceland --attacker 6,2 --defender 3")
    assert "best pairing" in odds["policy"]
    assert odds["totals"]["defender_removed"]["probability"] == "8/9"
    assert "Policy: best pairing" in run("odds diceland --attacker 6,2 --defender 3").stdout


def test_group_worked_example() -> None:
    merged = run_json("group diceland 4 5")
    assert (merged["value"], merged["lost"]) == (6, 3)
    assert "3 pips lost" in run("group diceland 4 5").stdout


def test_score_by_dice_then_pips_then_first() -> None:
    assert run_json("score diceland --red 6,5,1 --blue 4,4,4,1")["winner"] == "blue"
    assert run_json("score diceland --red 6,5,2 --blue 4,4,4")["decided_by"] == "pips"
    tied = run_json("score diceland --red 6,5,1 --blue 4,4,4")
    assert tied["winner"] is None and tied["decided_by"] == "first"
    assert run_json("score diceland --rood 6,5,1 --blauw 4,4,4 --first blauw")["winner"] == "blue"


def test_map_json_keys_and_reproducibility() -> None:
    dealt = run_json("map diceland --tiles 20 --seed 7")
    assert {"tiles", "dice_per_player", "capitals", "seed"} <= set(dealt)
    assert all(set(t) == {"coord", "q", "r", "terrain"} for t in dealt["tiles"])
    assert len(dealt["tiles"]) == 20 and dealt["dice_per_player"] == 12 and dealt["capitals"] == []
    dealt.pop("journal_entry")
    dealt.pop("journal_checkpoint")
    assert dealt == ruling_of("map diceland --tiles 20 --seed 7")


def test_map_picture_and_svg(tmp_path: Path) -> None:
    out = run(f"map diceland --tiles 10 --seed 3 --capitals --svg {tmp_path / 'm.svg'}", env={"NO_COLOR": "1"}).stdout
    dealt = run_json("map diceland --tiles 10 --seed 3 --capitals")
    assert len(dealt["capitals"]) == 2 and len(dealt["tiles"]) == 12
    for tile in dealt["tiles"]:
        assert tile["coord"] in out
    assert "Each player gets 8 dice." in out
    svg = (tmp_path / "m.svg").read_text()
    assert svg.count("<polygon") >= 12 and "grassland" in svg and dealt["tiles"][0]["coord"] in svg
    import xml.dom.minidom

    xml.dom.minidom.parseString(svg)


def test_ten_tiles_give_seven_dice() -> None:
    assert run_json("map diceland --tiles 10 --seed 1")["dice_per_player"] == 7


def test_setup_matches_the_map_and_says_who_places_and_starts() -> None:
    dealt = run_json("map diceland --tiles 20 --seed 7")
    setup = run_json("setup diceland --tiles 20 --seed 7")
    assert setup["tiles"] == dealt["tiles"]
    assert all(len(d) == 12 for d in setup["armies"].values())
    assert setup["places_first"] in ("red", "blue") and setup["starts"] is None
    assert [s["rule"] for s in setup["setup_explanation"]][:2] == ["DL-S1", "DL-S2"]
    started = run_json("setup diceland --tiles 20 --seed 7 --red-left 6,5 --blue-left 1,2")
    assert started["starts"] == "red"
    tie = run_json("setup diceland --tiles 20 --seed 7 --red-left 3,4 --blue-left 6,1")
    assert tie["starts"] == tie["places_first"]
    assert "DL-S3" in run("setup diceland --tiles 20 --seed 7 --red-left 3,4 --blue-left 6,1").stdout


@pytest.mark.parametrize(
    "command, rule, words",
    [
        ("map diceland --tiles 9 --seed 1", "DL-M1", "an even number"),
        ("map diceland --tiles 6 --seed 1", "DL-M1", "8 to 36"),
        ("map diceland --tiles 38 --seed 1", "DL-M1", "8 to 36"),
        ("map diceland --tiles 36 --capitals --seed 1", "DL-M3", "at most 34"),
        ("map diceland --tiles 20 --shape ring", None, "unknown --shape value 'ring'; known: blob, front, random"),
        ("setup diceland --tiles 20 --seed 1 --red-left 3", "DL-S3", "left with 2 dice"),
        ("setup diceland --tiles 20 --seed 1 --red-left 3,9 --blue-left 1,1", "DL-S3", "each 1 to 6"),
        ("setup diceland --tiles 20 --seed 1 --red-left 3,4", "DL-S3", "--blue-left"),
        ("battle diceland --attacker 7 --defender 3 --roll 5", "DL-A2", "1 to 6"),
        ("battle diceland --attacker 6 --defender 0 --roll 5", "DL-A2", "1 to 6"),
        (
            "battle diceland --attacker 6 --defender 3 --roll 7",
            "DL-A2",
            "an attacker roll of 7 is impossible: the d6 shows 1 to 6",
        ),
        ("battle diceland --attacker 6 --defender 3 --roll x", "DL-A2", "unknown face 'x'"),
        ("battle diceland --attacker 6 --defender 3 --roll 5,1", "DL-A2", "rolls 1 die here, but 2 faces were given"),
        ("battle diceland --attacker 6,2,1 --defender 3", "DL-A5", "at most 2"),
        ("battle diceland --attacker 6,2 --defender 3 --roll 5", "DL-A5", "rolls 2 dice here"),
        ("battle diceland --attacker 6,2 --defender 3 --when defender:hills", "DL-T2", "no combined attack"),
        ("battle diceland --attacker 6,2 --defender 3 --when defender:bergen", "DL-T4", "no combined attack"),
        ("battle diceland --attacker 6,2 --defender 3 --roll 5,1 --choose 5:2", "DL-A5", "may not be picked"),
        ("battle diceland --attacker 6,2 --defender 3 --roll 5,1 --choose 4:6", "DL-A5", "no pairing 4:6"),
        ("battle diceland --attacker 6,2 --defender 3 --roll 5,1 --choose 5", "DL-A2", "ROLLED:FIELD"),
        ("battle diceland --attacker six --defender 3", "DL-A2", "takes pips"),
        ("battle diceland --attacker 6 --defender 3,2", "DL-A2", "one die defends"),
        ("battle diceland --attacker 6", "DL-A2", "the defending die, e.g. 6 against 3"),
        ("battle diceland --attacker 6 --defender 3 --rule voids", None, "unknown special rule"),
        ("battle groundforce --attacker trooper --defender trooper --roll 5", None, "--roll: not used"),
        ("battle diceland --attacker 6 --defender 3 --attacker-roll 5", None, "--attacker-roll: not used"),
        ("odds diceland --attacker 6 --defender 3 --range 2", None, "--range: not used"),
        ("map diceland --tiles 8 --svg /nonexistent-dir/m.svg", None, "cannot write /nonexistent-dir/m.svg"),
        ("odds groundforce --attacker trooper --defender trooper --rule fill-the-void", None, "--rule: not used"),
        ("group diceland 4 7", "DL-X3", "not 7"),
        ("group diceland 4 5 6", "DL-X3", "two dice, not 3"),
        ("score diceland --red 6,5,1", "DL-E2", "give blue's dice on the map"),
        ("score diceland --red 6,0 --blue 1", "DL-E2", "not 0"),
        ("score diceland --red 6 --green 1", None, "unknown player 'green'"),
        ("map groundforce --tiles 8", None, "not played on a dealt map"),
    ],
)
def test_refusals_name_the_rule(command: str, rule: str | None, words: str) -> None:
    line = fails(command)
    assert words in line, line
    if rule:
        assert line.endswith(f"({rule})"), line


def test_json_is_one_document() -> None:
    for command in (
        "map diceland --tiles 8 --seed 2 --capitals",
        "setup diceland --tiles 8 --seed 2",
        "odds diceland --attacker 6,2 --defender 3",
        "group diceland 4 5",
        "score diceland --red 6 --blue 5",
    ):
        assert isinstance(json.loads(run(f"{command} --json").stdout), dict)


@pytest.mark.parametrize(
    "old, new, message",
    [
        (
            "  capitals:\n    count: 2\n    terrain: city",
            "  capitals:\n    count: 2\n    terrain: town",
            "unknown terrain 'town'",
        ),
        ("combined_refused_by: [hills, mountains]", "combined_refused_by: [hills, swamp]", "unknown situation 'swamp'"),
        ("defender_fills: fill-the-void", "defender_fills: fill-void", "unknown variant 'fill-void'"),
        ("aliases: {red: [rood, r], blue: [blauw, b]}", "aliases: {red: [rood], green: [groen]}", "unknown player"),
        ("tiles: {min: 8, max: 36", "tiles: {min: 40, max: 36", "min is larger than max"),
        ("  die: d6\n  roll_rule", "  die: d8\n  roll_rule", "unknown die 'd8'"),
        ('letter: G, colour: "#b5d86b"', 'letter: G, colour: "green"', "does not look like a colour"),
        ("aliases: [forests, bos, bossen]", "aliases: [forests, bos, heuvel]", "'heuvel' also names 'hills'"),
        ("    rule: DL-X2\n    text", "    rule: DL-X9\n    text", "cites rule DL-X9"),
    ],
)
def test_bad_diceland_files_are_refused(edited, old: str, new: str, message: str) -> None:  # type: ignore[no-untyped-def]
    path = edited("diceland", lambda text: text.replace(old, new, 1))
    assert message in fails(f"validate {path}")


def test_a_house_rule_changes_the_numbers(edited) -> None:  # type: ignore[no-untyped-def]
    """Every number is the file's: three dice per tile pair and odd maps allowed."""
    path = edited("diceland", lambda t: t.replace("multiple_of: 2", "multiple_of: 1").replace("plus: 2,", "plus: 3,"))
    dealt = run_json(f"map {path} --tiles 9 --seed 1")
    assert len(dealt["tiles"]) == 9 and dealt["dice_per_player"] == 9 // 2 + 3


def test_odds_refuse_a_combined_attack_on_hills() -> None:
    assert fails("odds diceland --attacker 6,2 --defender 3 --when defender:heuvels").endswith("(DL-T2)")
    single = run_json("odds diceland --attacker 6 --defender 3 --when defender:hills")
    assert single["totals"]["defender_removed"]["probability"] == "2/3"


def test_identical_rolls_are_rolled_again() -> None:
    """Seed 139 happens to give both players the same six dice first."""
    setup = run_json("setup diceland --tiles 8 --seed 139")
    assert setup["rerolls"] == 1 and setup["places_first"] == "red"
    texts = [s["text"] for s in setup["setup_explanation"]]
    assert "identical rolls, both re-roll everything" in texts[1] and "(re-roll)" in texts[2]
    assert "(1 re-roll)" in run("setup diceland --tiles 8 --seed 139").stdout


def test_the_tie_break_goes_down_the_faces() -> None:
    from referee.board.deployment import placing_order
    from referee.ruleset.load import load

    first, why = placing_order(load("diceland"), {"red": (6, 5, 5, 1), "blue": (6, 5, 4, 4)})
    assert first == "red"
    assert (why.rule, why.message) == ("DL-S2", "order.first")
    assert why.text == "6s: 1 each, 5s: red 2, blue 1: red places first"


def test_who_starts_on_equal_sums_is_the_files_decision(edited: Callable[[str, Callable[[str], str]], Path]) -> None:
    command = "setup {} --tiles 8 --seed 1 --red-left 3,4 --blue-left 5,2"
    first = run_json(command.format("diceland"))
    path = edited("diceland", lambda t: t.replace("equal_start: first-placer", "equal_start: second-placer"))
    second = run_json(command.format(path))
    assert first["starts"] != second["starts"]


def test_more_dice_than_the_box_holds_is_refused() -> None:
    line = fails("score diceland --red " + ",".join(["6"] * 21) + " --blue 1")
    assert "the box holds 20 of a colour" in line and line.endswith("(DL-M2)")
