"""Classic Risk: the published 3-against-2 numbers, and whole fights checked
against an independent brute-force recursion over ordered dice."""

from __future__ import annotations

import itertools
from fractions import Fraction
from functools import cache

import pytest
from conftest import fails, run, run_json

from referee.fights.answers import chart
from referee.ruleset.load import load

RISK = load("risk")


@cache
def _round(att_dice: int, def_dice: int) -> dict[tuple[int, int], Fraction]:
    """(attacker loses, defender loses) over every ordered throw."""
    counts: dict[tuple[int, int], int] = {}
    total = 0
    for a in itertools.product(range(1, 7), repeat=att_dice):
        for d in itertools.product(range(1, 7), repeat=def_dice):
            pairs = zip(sorted(a, reverse=True), sorted(d, reverse=True))
            att_lost = sum(x <= y for x, y in pairs)
            key = (att_lost, min(att_dice, def_dice) - att_lost)
            counts[key] = counts.get(key, 0) + 1
            total += 1
    return {k: Fraction(v, total) for k, v in counts.items()}


@cache
def brute(attacker: int, defender: int) -> Fraction:
    """Chance to conquer with `attacker` armies on the territory (one stays)."""
    if defender == 0:
        return Fraction(1)
    if attacker <= 1:
        return Fraction(0)
    return sum(
        (p * brute(attacker - a, defender - d) for (a, d), p in _round(min(3, attacker - 1), min(2, defender)).items()),
        Fraction(0),
    )


def test_published_three_against_two() -> None:
    outcomes = run_json("odds risk --attacker 3 --defender 2")["outcomes"]
    by_loss = {o["attacker_loses"]: Fraction(o["probability"]) * 7776 for o in outcomes}
    assert by_loss == {0: 2890, 1: 2611, 2: 2275}


def test_one_round_ruling_compares_two_pairs() -> None:
    ruling = run_json("battle risk --attacker 3 --defender 2 --attacker-roll 6,4,1 --defender-roll 6,1")
    assert [p["winner"] for p in ruling["pairs"]] == ["defender", "attacker"]
    assert ruling["attacker_loses"] == ruling["defender_loses"] == 1
    assert {"RK-B1", "RK-B2", "RK-B3", "RK-B4", "RK-B5"} <= {s["rule"] for s in ruling["explanation"]}


def test_whole_fight_matches_brute_force() -> None:
    """--attacker counts the attacking armies: 10 of them stand with 1 more on the territory."""
    result = run_json("odds risk --attacker 10 --defender 10 --until conquest")
    assert result["arithmetic"] == "exact"
    assert Fraction(result["p_attacker_wins"]) == brute(11, 10)
    assert Fraction(result["p_attacker_wins"]) + Fraction(result["p_defender_holds"]) == 1
    assert Fraction(result["expected_losses"]["defender"]) > 0
    assert any("1 more army stays behind on the attacker's territory" in p["text"] for p in result["policy"])


def test_chart_matches_brute_force_everywhere() -> None:
    made = chart(RISK, 12, exact=True)
    assert made.attackers == list(range(1, 13)) and made.defenders == list(range(1, 13))
    for a, row in zip(made.attackers, made.rows):  # a attacking armies: a + 1 on the territory
        assert row == [brute(a + 1, d) for d in made.defenders]


def test_float_chart_says_so_and_agrees() -> None:
    exact = run_json("odds risk --table 6")
    floated = run_json("odds risk --table 6 --float")
    assert (exact["arithmetic"], floated["arithmetic"]) == ("exact", "float")
    for row_e, row_f in zip(exact["p_attacker_wins"], floated["p_attacker_wins"]):
        assert row_f == pytest.approx([float(Fraction(p)) for p in row_e], abs=1e-12)


def test_table_thirty_from_one_computation() -> None:
    result = run_json("odds risk --table 30")
    assert result["attackers"] == list(range(1, 31))
    assert result["defenders"] == list(range(1, 31))
    assert result["p_attacker_wins"][0][0] == "5/12"  # one die against one: 15/36
    assert Fraction(result["p_attacker_wins"][29][29]) == brute(31, 30)
    assert "A \\ D" in run("odds risk --table 3").stdout


def test_table_needs_one_kind_of_unit() -> None:
    assert "one kind of unit" in fails("odds frontline-risk --table 3")


def test_one_attacking_army_attacks_with_one_more_behind() -> None:
    """--attacker 1 is one army rolling, with a second on the territory (RK-B1)."""
    result = run_json("odds risk --attacker 1 --defender 1 --until conquest")
    assert Fraction(result["p_attacker_wins"]) == brute(2, 1) == Fraction(5, 12)
    assert result["kept_behind"] == 1
    shown = run("odds risk --attacker 1 --defender 3 --until conquest").stdout.splitlines()
    assert shown[1] == "1 army attacking 3 armies; 1 more stays behind (RK-B1)"
    assert fails("odds risk --attacker 0 --defender 3 --until conquest") == (
        "error: the attacker needs at least one unit in the battle"
    )


def test_four_attacking_armies_refused() -> None:
    assert "(RK-B1)" in fails("battle risk --attacker 4 --defender 2 --attacker-roll 1,2,3,4 --defender-roll 1,2")


@pytest.mark.parametrize(
    "command, message",
    [
        ("odds risk --attacker 250 --defender 250 --until conquest", "add --float"),
        ("odds risk --table 200", "add --float"),
        (
            "odds risk --attacker 5000 --defender 3 --until conquest",
            "a count of units in the attacker's side must be from 0 to 1000",
        ),
        ("odds risk --attacker 0 --defender 3", "the attacker needs at least one unit"),
        ("battle groundforce --attacker trooper --defender 0", "the defender needs at least one unit"),
    ],
)
def test_sizes_that_would_take_too_long_are_refused(command: str, message: str) -> None:
    assert message in fails(command)


def _reinforcements_by_hand(territories: int, continents: int, set_number: int, matched: bool) -> int:
    """Classic Risk's reinforcements written out from the rulebook, apart from the referee."""
    armies = max(3, territories // 3) + continents
    if set_number:
        armies += [4, 6, 8, 10, 12, 15][set_number - 1] if set_number <= 6 else 15 + 5 * (set_number - 6)
    return armies + (2 if matched else 0)


@pytest.mark.parametrize(
    "command, territories, continents, set_number, matched",
    [
        ("--territories 7", 7, 0, 0, False),
        ("--territories 14 --continent australia", 14, 2, 0, False),
        ("--territories 20 --continent asia --continent 'north america'", 20, 12, 0, False),
        ("--territories 12 --set 1", 12, 0, 1, False),
        ("--territories 12 --set 6 --reward matched-card", 12, 0, 6, True),
        ("--territories 30 --set 9 --continent europe", 30, 5, 9, False),
    ],
)
def test_classic_reinforcements(
    command: str, territories: int, continents: int, set_number: int, matched: bool
) -> None:
    document = run_json(f"recruit risk {command}")
    armies = _reinforcements_by_hand(territories, continents, set_number, matched)
    assert document["units"] == armies
    assert document["ways"] == [{"army": armies}]


def test_classic_reinforcements_explained() -> None:
    report = run("recruit risk --territories 7 --set 2 --continent africa").stdout
    assert "Risk: 12 armies to recruit" in report and "RK-R1   12 armies to recruit" in report
    assert "RK-R1   territories 7 ÷ 3 = 2" in report
    assert "RK-R1   at least 3: 3" in report
    assert "RK-R2   Africa: +3" in report
    assert "RK-R3   card set number 2 traded in: +6" in report
    assert fails("recruit risk --territories 5 --set 0").endswith(
        "the sets traded in are counted from 1, not 0 (RK-R3)"
    )
    assert "did you mean '--territories'" in fails("recruit risk --teritories 5")


def test_a_file_counting_the_territory_is_told_the_line_to_write(edited) -> None:
    """`given: territory` counted the army kept behind in --attacker; a file of
    that time is refused with one line saying what to write, which then loads."""
    old = edited("risk", lambda t: t.replace("given: fighting", "given: territory"))
    line = fails(f"validate {old}")
    assert line.endswith(
        "attacks.attack.fight.given: 'territory' is no longer read: --attacker counts the attacking units, "
        "never those kept behind; write 'given: fighting'"
    )
    old.write_text(old.read_text(encoding="utf-8").replace("given: territory", "given: fighting"), encoding="utf-8")
    run(f"validate {old}")


def test_risk_has_no_rear_and_says_where_to_count_it() -> None:
    """Classic Risk has no rear: a rear told to its whole fight is refused, not added
    silently, and the advice (count it in --attacker) gives the fight it meant."""
    line = fails("odds risk --attacker 3 --attacker-rear 1 --defender 2 --until conquest")
    assert line == (
        "error: this game has no rear: --attacker counts every unit that fights, "
        "so count these in it and leave out --attacker-rear (RK-B1)"
    )
    followed = run_json("odds risk --attacker 4 --defender 2 --until conquest")
    assert Fraction(followed["p_attacker_wins"]) == brute(5, 2)
