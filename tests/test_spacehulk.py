"""Space Hulk's close assault (docs/examples/spacehulk.yaml), written as
stages from the ruleset guide alone: each side keeps its highest die (one
die, two with lightning claws, three for a Genestealer), a sergeant adds 1,
a parry rolls the Genestealer's highest die again, and the higher score
destroys the lower (equal: a stand-off). Exact odds against a brute force
written here (itertools and Fraction, never the resolver); rulings on typed
and drawn dice."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
from conftest import fails, ruling_of, run, run_json

SPACEHULK = Path(__file__).resolve().parent.parent / "docs" / "examples" / "spacehulk.yaml"

DICE = {"terminator": 1, "claws": 2, "genestealer": 3}
D6 = range(1, 7)


def scores(dice: int, parried: bool) -> Counter[int]:
    """Every throw of a side's dice weighted alike (6 ** dice, times 6 when parried): its highest die,
    after a parry has rolled one highest die again."""
    out: Counter[int] = Counter()
    for throw in itertools.product(D6, repeat=dice):
        if not parried:
            out[max(throw)] += 6
            continue
        rest = sorted(throw)[:-1]
        for again in D6:
            out[max([*rest, again])] += 1
    return out


def brute(attacker: str, defender: str, when: set[str]) -> dict[tuple[int, int], Fraction]:
    """(attacker loses, defender loses) over every throw of both sides."""
    mine = scores(DICE[attacker], "attacker:parried" in when)
    theirs = scores(DICE[defender], "defender:parried" in when)
    bonus = {side: int(f"{side}:sergeant" in when) for side in ("attacker", "defender")}
    out: Counter[tuple[int, int]] = Counter()
    for a, b in itertools.product(mine, theirs):
        a_score, b_score = a + bonus["attacker"], b + bonus["defender"]
        key = (int(b_score > a_score), int(a_score > b_score))
        out[key] += mine[a] * theirs[b]
    total = sum(out.values())
    return {key: Fraction(n, total) for key, n in out.items()}


def odds(attacker: str, defender: str, when: set[str]) -> dict[tuple[int, int], Fraction]:
    """The referee's exact odds by (attacker loses, defender loses)."""
    flags = "".join(f" --when {w}" for w in sorted(when))
    found = run_json(f"odds {SPACEHULK} --attacker {attacker} --defender {defender}{flags}")["outcomes"]
    return {(o["attacker_loses"], o["defender_loses"]): Fraction(o["probability"]) for o in found}


@pytest.mark.parametrize(
    ("attacker", "defender", "when"),
    [
        ("genestealer", "terminator", set()),
        ("terminator", "genestealer", set()),
        ("genestealer", "claws", set()),
        ("genestealer", "terminator", {"defender:sergeant", "attacker:parried"}),
        ("terminator", "genestealer", {"attacker:sergeant", "defender:parried"}),
        ("claws", "genestealer", {"defender:parried"}),
        ("terminator", "terminator", {"defender:sergeant"}),
    ],
)
def test_close_assault_odds_are_the_brute_force(attacker: str, defender: str, when: set[str]) -> None:
    assert odds(attacker, defender, when) == brute(attacker, defender, when)


def test_the_genestealer_wins_almost_two_in_three() -> None:
    # One die against the highest of three, counted by hand: 95/144, 25/144 and a stand-off 1/6.
    assert brute("genestealer", "terminator", set()) == {
        (0, 1): Fraction(95, 144),
        (1, 0): Fraction(25, 144),
        (0, 0): Fraction(1, 6),
    }


def test_the_highest_die_decides_typed() -> None:
    ruling = run_json(
        f"battle {SPACEHULK} --attacker genestealer --defender terminator --attacker-roll 2,5,3 --defender-roll 4"
    )
    assert ruling["attacker"]["rolled"] == [5] and ruling["defender"]["rolled"] == [4]
    assert (ruling["attacker_loses"], ruling["defender_loses"]) == (0, 1)
    texts = [(s["rule"], s["text"]) for s in ruling["explanation"]]
    assert ("SH-2", "the attacker keeps 5 of 2, 5, 3") in texts
    assert ("SH-3", "all 1 of the defender's units in the battle are removed (terminator)") in texts
    out = run(
        f"battle {SPACEHULK} --attacker genestealer --defender terminator --attacker-roll 2,5,3 --defender-roll 4"
    )
    assert "The defender loses 1 model." in out.stdout


def test_a_sergeant_and_a_parry_make_a_stand_off_typed() -> None:
    command = (
        f"battle {SPACEHULK} --attacker genestealer --defender terminator"
        " --when defender:sergeant --when attacker:parried --attacker-roll '6,2,5 / 3' --defender-roll 4"
    )
    ruling = run_json(command)
    assert ruling["attacker"]["rolled"] == [5]
    assert (ruling["attacker_loses"], ruling["defender_loses"]) == (0, 0)
    texts = [(s["rule"], s["text"]) for s in ruling["explanation"]]
    assert ("SH-5", "the attacker rolled 6, 2, 5; it rolls 6 again: 3") in texts
    assert ("SH-3", "pip 5 against 5: nothing happens") in texts


def test_lightning_claws_keep_the_better_of_two_typed() -> None:
    ruling = run_json(
        f"battle {SPACEHULK} --attacker claws --defender genestealer --attacker-roll 6,2 --defender-roll 5,5,1"
    )
    assert ruling["attacker"]["rolled"] == [6] and ruling["defender_loses"] == 1


@pytest.mark.parametrize("seed", [1, 2, 5, 8])
def test_drawn_dice_keep_the_highest(seed: int) -> None:
    command = f"battle {SPACEHULK} --attacker genestealer --defender claws --seed {seed}"
    ruling = ruling_of(command)
    assert ruling == ruling_of(command)
    kept = [s for s in ruling["explanation"] if s["message"] == "pool.keep"]
    standing = [step["values"]["standing"]["items"] for step in kept]
    assert [len(faces) for faces in standing] == [3, 2]
    a, d = (max(int(f) for f in faces) for faces in standing)
    assert ruling["attacker"]["rolled"] == [a] and ruling["defender"]["rolled"] == [d]
    assert (ruling["attacker_loses"], ruling["defender_loses"]) == (int(d > a), int(a > d))


def test_a_sergeant_must_be_a_terminator_and_a_parry_needs_a_roll_again() -> None:
    refused = fails(f"battle {SPACEHULK} --attacker genestealer --defender terminator --when attacker:sergeant")
    assert "(SH-4)" in refused
    refused = fails(
        f"battle {SPACEHULK} --attacker genestealer --defender terminator --attacker-roll '2,5,3 / 1' --defender-roll 4"
    )
    assert "--when attacker:parried" in refused and "(SH-5)" in refused


@pytest.mark.parametrize(
    ("lang", "tied", "waits"),
    [
        ("en", "pip 4 against 4: nothing happens", "its dice roll again only with --when attacker:parried"),
        ("nl", "pip 4 tegen 4: er gebeurt niets", "worden alleen opnieuw gegooid met --when attacker:parried"),
        ("de", "pip 4 gegen 4: nichts passiert", "werden nur mit --when attacker:parried erneut geworfen"),
        ("zh-Hant", "pip 4對 4：無事發生", "只有在 --when attacker:parried 時才重擲"),
    ],
)
def test_a_stand_off_and_a_roll_that_waits_are_said_in_every_language(lang: str, tied: str, waits: str) -> None:
    command = f"--lang {lang} battle {SPACEHULK} --attacker genestealer --defender terminator --defender-roll 4"
    assert tied in run(f"{command} --attacker-roll 2,4,3").stdout
    refused = fails(f"{command} --attacker-roll '2,4,3 / 1'")
    assert waits in refused and "SH-5" in refused
