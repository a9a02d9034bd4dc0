"""Twilight Imperium's space combat (docs/examples/ti4.yaml), written as stages from
the ruleset guide alone: every ship rolls a d10 against its own combat value (a war
sun three), both sides at once, a dreadnought or war sun sustains one hit, and
destroyers' anti-fighter barrage hits fighters only. Exact odds of a round, of a
barrage and of whole fights against a brute force written here (itertools and
Fraction, never the resolver); rulings on typed and drawn dice."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from functools import cache
from pathlib import Path

import pytest
from conftest import fails, ruling_of, run, run_json

TI4 = Path(__file__).resolve().parent.parent / "docs" / "examples" / "ti4.yaml"

COMBAT = {
    "fighter": 9,
    "destroyer": 9,
    "carrier": 9,
    "cruiser": 7,
    "dreadnought": 5,
    "war-sun": 3,
    "damaged-dreadnought": 5,
    "damaged-war-sun": 3,
}
DICE = {"war-sun": 3, "damaged-war-sun": 3}
SUSTAINS = {"dreadnought", "war-sun"}
# The fight's stated order of casualties (TI-5), first lost first.
ORDER = [
    "fighter",
    "destroyer",
    "carrier",
    "cruiser",
    "damaged-dreadnought",
    "dreadnought",
    "damaged-war-sun",
    "war-sun",
]
D10 = range(1, 11)

Fleet = tuple[tuple[str, int], ...]


def fleet(text: str) -> Fleet:
    """'2 cruiser, dreadnought' as ((kind, count), ...)."""
    out = []
    for part in text.split(","):
        words = part.split()
        out.append((words[-1], int(words[0]) if len(words) == 2 else 1))
    return tuple(out)


def combat_values(ships: Fleet) -> list[int]:
    """The combat value of each die the fleet rolls."""
    return [COMBAT[kind] for kind, count in ships for _ in range(count * DICE.get(kind, 1))]


@cache
def hits(values: tuple[int, ...]) -> dict[int, Fraction]:
    """The hits of dice with these combat values, over every face of every die."""
    out: Counter[int] = Counter()
    for throw in itertools.product(D10, repeat=len(values)):
        out[sum(face >= value for face, value in zip(throw, values, strict=True))] += 1
    return {n: Fraction(c, 10 ** len(values)) for n, c in out.items()}


def strength(ships: Fleet) -> int:
    """The hits a fleet can take: one a ship, two a ship that sustains damage (TI-4)."""
    return sum(count * (2 if kind in SUSTAINS else 1) for kind, count in ships)


def brute_round(attacker: str, defender: str) -> dict[tuple[int, int], Fraction]:
    """(attacker loses, defender loses) of one round, both sides rolling at once."""
    mine, theirs = fleet(attacker), fleet(defender)
    out: dict[tuple[int, int], Fraction] = {}
    for (a, pa), (d, pd) in itertools.product(
        hits(tuple(combat_values(mine))).items(), hits(tuple(combat_values(theirs))).items()
    ):
        key = (min(d, strength(mine)), min(a, strength(theirs)))
        out[key] = out.get(key, Fraction(0)) + pa * pd
    return out


def odds(command: str) -> dict[tuple[int, int], Fraction]:
    found = run_json(f"odds {TI4} {command}")["outcomes"]
    return {(o.get("attacker_loses", 0), o["defender_loses"]): Fraction(o["probability"]) for o in found}


@pytest.mark.parametrize(
    ("attacker", "defender"),
    [
        ("2 cruiser, dreadnought", "war-sun"),
        ("3 fighter, carrier", "2 destroyer, cruiser"),
        ("dreadnought", "dreadnought"),
        ("war-sun", "2 fighter"),
        ("2 fighter, dreadnought", "cruiser, 2 fighter"),
        ("damaged-dreadnought, cruiser", "damaged-war-sun"),
    ],
)
def test_a_round_of_space_combat_is_the_brute_force(attacker: str, defender: str) -> None:
    assert odds(f"--attacker '{attacker}' --defender '{defender}'") == brute_round(attacker, defender)


def test_every_ship_hits_on_its_own_value_typed() -> None:
    command = (
        f"battle {TI4} --attacker '2 cruiser, dreadnought, 2 fighter' --defender 'war sun, 3 fighters'"
        " --attacker-roll 7,3,5,9,10 --defender-roll 3,4,8,9,ten,2"
    )
    ruling = run_json(command)
    assert ruling["defender"]["rolled"] == [3, 4, 8, 9, 10, 2]
    assert (ruling["attacker"]["symbols"], ruling["defender"]["symbols"]) == ({"hit": 4}, {"hit": 5})
    assert (ruling["attacker_loses"], ruling["defender_loses"]) == (5, 4)
    assert ruling["loss"] == "hit"
    texts = [(s["rule"], s["text"]) for s in ruling["explanation"]]
    assert ("TI-1", "the defender rolls 6 dice (3 per war sun, 1 per fighter)") in texts
    assert (
        "TI-2",
        "the attacker's dice hit by their units: 2 cruisers on 7 or more, dreadnought on 5 or more,"
        " 2 fighters on 9 or more",
    ) in texts
    assert "The attacker loses 5 hits. The defender loses 4 hits." in run(command).stdout


def test_a_war_sun_sustains_one_hit_and_the_rest_is_wasted() -> None:
    ruling = run_json(f"battle {TI4} --attacker dreadnought --defender war-sun --attacker-roll 5 --defender-roll 9,9,9")
    assert (ruling["attacker_loses"], ruling["defender_loses"]) == (2, 1)
    texts = [(s["rule"], s["text"]) for s in ruling["explanation"]]
    assert ("TI-3", "the attacker has only 2 hits: 1 more is wasted") in texts


def test_a_damaged_ship_takes_one_hit() -> None:
    ruling = run_json(
        f"battle {TI4} --attacker 'damaged dreadnought, cruiser' --defender 'damaged war sun'"
        " --attacker-roll 5,7 --defender-roll 1,3,3"
    )
    assert (ruling["attacker_loses"], ruling["defender_loses"]) == (2, 1)
    texts = [(s["rule"], s["text"]) for s in ruling["explanation"]]
    assert ("TI-3", "the defender has only 1 hit: 1 more is wasted") in texts


@pytest.mark.parametrize("seed", [1, 4, 7])
def test_drawn_dice_hit_by_the_ship_that_rolls_them(seed: int) -> None:
    command = f"battle {TI4} --attacker 'war sun, 2 fighter' --defender '2 cruiser, destroyer' --seed {seed}"
    ruling = ruling_of(command)
    assert ruling == ruling_of(command)
    a, d = ruling["attacker"]["rolled"], ruling["defender"]["rolled"]
    a_hits = sum(face >= value for face, value in zip(a, [3, 3, 3, 9, 9], strict=True))
    d_hits = sum(face >= value for face, value in zip(d, [7, 7, 9], strict=True))
    assert (ruling["attacker_loses"], ruling["defender_loses"]) == (min(d_hits, 4), min(a_hits, 3))


def test_a_face_the_d10_cannot_show_is_refused() -> None:
    refused = fails(f"battle {TI4} --attacker cruiser --defender fighter --attacker-roll 11 --defender-roll 1")
    assert "the d10 shows 1 to 10" in refused


@pytest.mark.parametrize(("barrages", "fighters"), [(1, 1), (1, 3), (2, 2), (3, 5)])
def test_anti_fighter_barrage_hits_fighters_only(barrages: int, fighters: int) -> None:
    out: Counter[int] = Counter()
    for throw in itertools.product(D10, repeat=2 * barrages):
        out[min(sum(face >= 9 for face in throw), fighters)] += 1
    brute = {(0, n): Fraction(c, 10 ** (2 * barrages)) for n, c in out.items()}
    assert odds(f"--attacker '{barrages} barrage' --defender '{fighters} fighter'") == brute


def test_a_barrage_typed() -> None:
    ruling = run_json(f"battle {TI4} --attacker '2 afb' --defender '3 fighters' --attacker-roll 9,2,10,9")
    assert ruling["defender_loses"] == 3 and ruling["loss"] == "fighter"
    texts = [(s["rule"], s["text"]) for s in ruling["explanation"]]
    assert ("TI-6", "the attacker rolls 4 dice (2 per anti-fighter barrage)") in texts


def brute_fight(attacker: str, defender: str) -> Fraction:
    """The chance the attacker destroys every defending ship and keeps one, over rounds
    until a side is gone: each side's hits go to its ships in the stated order, one ship
    at a time, a sustaining ship taking two (the file's house order, TI-5)."""

    def line(ships: Fleet) -> tuple[tuple[str, int], ...]:
        counts = dict(ships)
        return tuple((kind, 2 if kind in SUSTAINS else 1) for kind in ORDER for _ in range(counts.get(kind, 0)))

    def take(ships: tuple[tuple[str, int], ...], losses: int) -> tuple[tuple[str, int], ...]:
        left = list(ships)
        while losses and left:
            kind, toughness = left[0]
            spent = min(losses, toughness)
            losses -= spent
            left[0] = (kind, toughness - spent)
            if left[0][1] == 0:
                left.pop(0)
        return tuple(left)

    @cache
    def win(mine: tuple[tuple[str, int], ...], theirs: tuple[tuple[str, int], ...]) -> Fraction:
        if not theirs:
            return Fraction(int(bool(mine)))
        if not mine:
            return Fraction(0)
        a_hits = hits(tuple(COMBAT[kind] for kind, _ in mine for _ in range(DICE.get(kind, 1))))
        d_hits = hits(tuple(COMBAT[kind] for kind, _ in theirs for _ in range(DICE.get(kind, 1))))
        stay, moved = Fraction(0), Fraction(0)
        for (a, pa), (d, pd) in itertools.product(a_hits.items(), d_hits.items()):
            if a == d == 0:
                stay += pa * pd
            else:
                moved += pa * pd * win(take(mine, d), take(theirs, a))
        return moved / (1 - stay)

    return win(line(fleet(attacker)), line(fleet(defender)))


@pytest.mark.parametrize(
    ("attacker", "defender"),
    [
        ("cruiser, dreadnought", "war-sun"),
        ("2 fighter, dreadnought", "cruiser, 2 fighter"),
        ("dreadnought", "2 cruiser"),
        ("damaged-dreadnought, 2 fighter", "dreadnought"),
        ("2 cruiser, dreadnought", "war-sun, 2 fighter"),
    ],
)
def test_a_whole_fight_is_the_brute_force(attacker: str, defender: str) -> None:
    found = run_json(f"odds {TI4} --attacker '{attacker}' --defender '{defender}' --until conquest")
    assert Fraction(found["p_attacker_wins"]) == brute_fight(attacker, defender)


def test_a_fight_played_deals_each_rounds_faces_in_the_order_of_casualties() -> None:
    # Told "dreadnought, 2 fighter", a played fight lists (and deals faces to) the fighters first.
    ruling = run_json(
        f"battle {TI4} --attacker 'dreadnought, 2 fighter' --defender '2 fighter' --until conquest"
        " --attacker-roll '9,9,1' --defender-roll '1,1'"
    )
    first = ruling["rounds"][0]
    assert first["attacker"]["units"] == {"fighter": 2, "dreadnought": 1}
    assert first["defender_loses"] == 2 and ruling["winner"] == "attacker"
