"""Each number of an odds answer on its own, whatever the others are: the
chance of each value, of at least it, and its expectation, beside the joint
table; a side's score as the count of each symbol. Checked against brute
force written here, over the faces of the game's dice, never the resolver."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from fractions import Fraction
from itertools import product
from pathlib import Path
from typing import Any

import pytest
from conftest import run, run_json
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.ruleset.load import load_file
from referee.rulings.battle import Battle
from referee.settle.odds import Column, columns, counted
from referee.settle.odds import battle_odds as odds_of

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"
XWING = EXAMPLES / "xwing.yaml"
GAUNTLET = EXAMPLES / "gauntlet.yaml"

SYMBOL = ("sword", "sword", "shield", "shield", "explosion", "blank")  # Ground Force's die (GF-D1)
RED = ("hit", "hit", "hit", "crit", "focus", "focus", "blank", "blank")  # X-Wing's attack die (XW-3)
GREEN = ("evade", "evade", "evade", "focus", "focus", "blank", "blank", "blank")  # its defence die


def marginal(chances: Iterable[tuple[int, Fraction]]) -> dict[int, Fraction]:
    """Each value's chance, summed, as a brute force counts them."""
    totals: dict[int, Fraction] = {}
    for value, p in chances:
        totals[value] = totals.get(value, Fraction(0)) + p
    return totals


def column_of(document: dict[str, Any], key: str) -> dict[int, Fraction]:
    return {v["value"]: Fraction(v["probability"]) for v in document["columns"][key]["values"]}


def ground_force(attackers: int, defenders: int) -> dict[str, dict[int, Fraction]]:
    """A normal Ground Force attack of troopers: one die per unit on each side;
    more hits wins (sword or explosion attacking, shield or explosion
    defending), and the loser loses the surplus, at most its units."""
    hits = {"attacker": ("sword", "explosion"), "defender": ("shield", "explosion")}
    rolls = list(product(SYMBOL, repeat=attackers + defenders))
    losses: dict[str, list[tuple[int, Fraction]]] = {"attacker_loses": [], "defender_loses": []}
    for faces in rolls:
        a = sum(face in hits["attacker"] for face in faces[:attackers])
        d = sum(face in hits["defender"] for face in faces[attackers:])
        chance = Fraction(1, len(rolls))
        losses["attacker_loses"].append((min(max(d - a, 0), attackers), chance))
        losses["defender_loses"].append((min(max(a - d, 0), defenders), chance))
    return {key: marginal(found) for key, found in losses.items()}


@pytest.mark.parametrize(("attackers", "defenders"), [(1, 1), (2, 1), (1, 2), (2, 2)])
def test_each_side_s_losses_on_their_own_equal_brute_force(attackers: int, defenders: int) -> None:
    document = run_json(f"odds groundforce --attacker '{attackers} trooper' --defender '{defenders} trooper'")
    for key, brute in ground_force(attackers, defenders).items():
        assert column_of(document, key) == brute
        column = document["columns"][key]
        assert Fraction(column["expected"]) == sum(value * p for value, p in brute.items())
        assert column["expected_float"] == round(float(Fraction(column["expected"])), 4)
        for each in column["values"]:
            tail = sum(p for value, p in brute.items() if value >= each["value"])
            assert Fraction(each["at_least"]) == tail
            assert each["at_least_percent"] == round(float(tail) * 100, 4)


def x_wing(focus: bool) -> dict[tuple[int, int], Fraction]:
    """A TIE fighter's 2 red dice against an X-wing's 2 green: each evade cancels
    a hit, then, with no hit left, a crit (XW-5); a focus spent turns each
    focus into a hit attacking and an evade defending (XW-4)."""
    rolls = list(product(product(RED, repeat=2), product(GREEN, repeat=2)))
    found: Counter[tuple[int, int]] = Counter()
    for red, green in rolls:
        hits = sum(face == "hit" or (focus and face == "focus") for face in red)
        crits = red.count("crit")
        evades = sum(face == "evade" or (focus and face == "focus") for face in green)
        found[max(hits - evades, 0), max(crits - max(evades - hits, 0), 0)] += 1
    return {scored: Fraction(n, len(rolls)) for scored, n in found.items()}


@pytest.mark.parametrize("focus", [False, True])
def test_a_score_is_counted_symbol_by_symbol_as_brute_force_counts_it(focus: bool) -> None:
    when = " --when attacker:focus --when defender:focus" if focus else ""
    document = run_json(f"odds {XWING} --attacker tie --defender x-wing{when}")
    brute = x_wing(focus)
    joint = {
        (o["attacker_scores_hit"], o["attacker_scores_crit"]): Fraction(o["probability"]) for o in document["outcomes"]
    }
    assert joint == brute
    assert column_of(document, "attacker_scores_hit") == marginal((hits, p) for (hits, _), p in brute.items())
    assert column_of(document, "attacker_scores_crit") == marginal((crits, p) for (_, crits), p in brute.items())
    phrases = {
        o["attacker_scores"]: (o["attacker_scores_hit"], o["attacker_scores_crit"]) for o in document["outcomes"]
    }
    assert phrases["hit 1, crit 1"] == (1, 1)  # the phrase a consumer may read stays beside the numbers
    assert phrases["nothing"] == (0, 0)


GF = load_file(Path(__file__).resolve().parent.parent / "rulesets" / "groundforce.yaml")
XW = load_file(XWING)


@st.composite
def attacks(draw: st.DrawFn) -> tuple[Any, Battle]:
    """A Ground Force attack of troopers and saboteurs, or an X-Wing shot with any situations, at any range."""
    if draw(st.booleans()):
        units = st.lists(st.sampled_from(["trooper", "saboteur"]), min_size=1, max_size=2)
        return GF, Battle(tuple(Counter(draw(units)).items()), tuple(Counter(draw(units)).items()))
    ships = st.sampled_from(["x-wing", "tie-fighter"])
    situations = [("attacker", "focus"), ("defender", "focus"), ("attacker", "target-lock")]
    when = tuple(draw(st.lists(st.sampled_from(situations), unique=True)))
    distance = draw(st.sampled_from([None, 1, 2, 3]))  # range 1 and 3 add a die of their own
    return XW, Battle(((draw(ships), 1),), ((draw(ships), 1),), when=when, range=distance)


@settings(max_examples=40)
@given(attacks())
def test_each_column_is_a_distribution_with_its_tail_and_mean(attack: tuple[Any, Battle]) -> None:
    rules, battle = attack
    outcomes = odds_of(rules, battle)
    found = columns(outcomes)
    assert found
    for column in found:
        assert sum(column.chances.values()) == 1
        assert list(column.chances) == sorted(column.chances)
        tails = column.at_least()
        assert tails == {v: sum(p for w, p in column.chances.items() if w >= v) for v in column.chances}
        assert column.expected() == sum(v * p for v, p in column.chances.items())
        for value, p in column.chances.items():  # the column is the joint table summed over the other keys
            assert p == sum(o.probability for o in outcomes if counted(o.key, column.of, column.symbol) == value)


def test_a_column_s_key_names_the_symbol_a_score_counts() -> None:
    assert Column("attacker_scores", "hit", {0: Fraction(1)}).key == "attacker_scores_hit"
    assert Column("defender_loses", None, {0: Fraction(1)}).key == "defender_loses"


def test_the_report_shows_each_side_s_losses_on_their_own() -> None:
    text = run("odds groundforce --attacker '2 trooper' --defender 'trooper, heavy'").stdout
    joint, alone = text.split("\n\n")
    assert "winner" in joint
    lines = alone.splitlines()
    assert lines[0].split() == [
        "each",
        "on",
        "its",
        "own",
        "attacker",
        "loses",
        "at",
        "least",
        "defender",
        "loses",
        "at",
        "least",
    ]
    assert lines[2].split() == ["0", "68.75%", "68.75%"]  # at least 0 is certain: left blank
    assert lines[3].split() == ["1", "25.00%", "31.25%", "25.00%", "31.25%"]
    assert lines[-1].split() == ["expected", "3/8", "(0.38)", "3/8", "(0.38)"]


def test_the_report_says_each_symbol_in_the_language_spoken() -> None:
    text = run(f"--lang nl odds {XWING} --attacker tie --defender x-wing").stdout
    alone = text.split("\n\n")[1].splitlines()
    assert alone[0].split()[:6] == ["elk", "op", "zich", "aanvaller", "scoort:", "hit"]
    assert alone[-1].split() == ["verwachting", "735/2048", "(0,36)", "305/2048", "(0,15)"]


def test_an_answer_without_numbers_has_no_columns() -> None:
    """A chain's outcomes name the step it stopped at: nothing to count on its own."""
    told = f"odds {GAUNTLET} --attacker trooper --defender veteran"
    assert run_json(told)["columns"] == {}
    assert "on its own" not in run(told).stdout


def test_a_yes_or_no_is_not_a_number_to_count() -> None:
    """DiceLand's outcomes say whether a side was removed: its totals say how often, not a column."""
    document = run_json("odds diceland --attacker 6,2 --defender 3")
    assert set(document["columns"]) == {"attacker_loses", "defender_loses"}
    assert "totals" in document


@pytest.mark.parametrize(
    ("page", "command"),
    [
        ("commands.md", "odds groundforce --attacker trooper --defender trooper --json"),
        ("games.md", 'odds groundforce --attacker heavy --defender "2 trooper" --json'),
    ],
)
def test_a_page_s_excerpt_of_odds_json_is_what_it_prints(page: str, command: str) -> None:
    """The refresh leaves an example shortened by hand ('...') as it is: its
    lines are lines the answer prints, in a row."""
    text = (EXAMPLES.parent / page).read_text(encoding="utf-8")
    block = text.split(f"$ referee {command}\n", 1)[1].split("```", 1)[0]
    shown = [line for line in block.splitlines() if line.strip() != "..."]
    printed = run(command).stdout.splitlines()
    start = printed.index(shown[0])
    assert printed[start : start + len(shown)] == shown
