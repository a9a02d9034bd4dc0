"""docs/examples/legion.yaml: Star Wars: Legion's ranged attack, a game whose
units roll dice of their own colour (white, black, red) and read surges by
their own card, then the defender rolls a defence die for each hit. Exact
odds against a brute force written here with itertools and Fraction (every
face of every attack die, then every defence die the hits need), typed and
drawn rulings, and typed defence dice refused where they miscount."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from functools import cache
from pathlib import Path

import pytest
from conftest import fails, run, run_json

LEGION = Path(__file__).resolve().parent.parent / "docs" / "examples" / "legion.yaml"

WHITE = ("blank",) * 5 + ("surge", "hit", "critical")  # LG-2
BLACK = ("blank",) * 3 + ("surge", "hit", "hit", "hit", "critical")
RED = ("blank", "surge") + ("hit",) * 5 + ("critical",)
# LG-8: each unit's dice, what a surge reads, the number its defence die blocks on (LG-6), its wounds (LG-7)
POOL = {"stormtrooper": (WHITE, 1), "dlt-19": (BLACK, 2), "rebel-trooper": (WHITE, 1), "at-rt": (RED, 2)}
SURGES = {"rebel-trooper", "at-rt"}
BLOCKS_ON = {"stormtrooper": 6, "dlt-19": 6, "rebel-trooper": 5, "at-rt": 4}
WOUNDS = {"stormtrooper": 1, "dlt-19": 1, "rebel-trooper": 1, "at-rt": 6}


@cache
def unblocked(hits: int, target: str) -> dict[int, Fraction]:
    """LG-4, LG-5: every throw of one defence die per hit; the hits not blocked."""
    out: Counter[int] = Counter()
    for dice in itertools.product(range(1, 7), repeat=hits):
        out[sum(d < BLOCKS_ON[target] for d in dice)] += 1
    return {n: Fraction(k, 6**hits) for n, k in out.items()}


def brute(attackers: dict[str, int], target: str, defenders: int, cover: int = 0) -> dict[int, Fraction]:
    """Wounds dealt by chance: every face of every attack die (LG-1 to LG-3),
    the hits the defender's cover cancels first (LG-9), then every defence
    die the hits left need, capped at the unit's wounds (LG-7)."""
    dice = [(unit, POOL[unit][0]) for unit, n in attackers.items() for _ in range(n * POOL[unit][1])]
    out: Counter[int] = Counter()
    total = 0
    for faces in itertools.product(*(faces for _, faces in dice)):
        reads = [f in ("hit", "critical") or (f == "surge" and unit in SURGES) for (unit, _), f in zip(dice, faces)]
        for wounds, p in unblocked(max(0, sum(reads) - cover), target).items():
            out[min(wounds, WOUNDS[target] * defenders)] += p
        total += 1
    return {n: p / total for n, p in out.items()}


@pytest.mark.parametrize(
    ("attackers", "target", "defenders", "cover"),
    [
        ({"stormtrooper": 3, "dlt-19": 1}, "rebel-trooper", 4, 0),
        ({"rebel-trooper": 2}, "at-rt", 1, 0),
        ({"at-rt": 1}, "stormtrooper", 1, 0),
        ({"stormtrooper": 2, "dlt-19": 1}, "dlt-19", 2, 0),
        ({"stormtrooper": 3, "dlt-19": 1}, "rebel-trooper", 4, 1),  # light cover, before the defence dice
        ({"at-rt": 1}, "stormtrooper", 2, 2),  # heavy cover
    ],
)
def test_legion_odds_are_the_brute_force(attackers: dict[str, int], target: str, defenders: int, cover: int) -> None:
    told = ", ".join(f"{n} {unit}" for unit, n in attackers.items())
    stated = f" --defender-value cover={cover}" if cover else ""
    outcomes = run_json(f"odds {LEGION} --attacker '{told}' --defender '{defenders} {target}'{stated}")["outcomes"]
    found = {o["defender_loses"]: Fraction(o["probability"]) for o in outcomes}
    assert found == brute(attackers, target, defenders, cover)


def test_a_typed_attack_reads_each_die_as_its_unit_and_rolls_a_defence_die_per_hit() -> None:
    command = (
        f"battle {LEGION} --attacker '3 stormtrooper, dlt-19' --defender '4 rebel trooper' --no-journal"
        " --attacker-roll 'hit,blank,critical,black:hit,black:surge' --follow-roll 5,2,6"
    )
    ruling = run_json(command)
    texts = [s["text"] for s in ruling["explanation"]]
    assert "the attacker's units roll their own dice: 3 stormtroopers: 3 white, DLT-19 stormtrooper: 2 black" in texts
    assert "the attacker rolled hit, blank, critical, black:hit, black:surge: hit 3" in texts
    assert "defence: the defender rolled 5, 2, 6 against 5+: 1 comes through" in texts
    assert (ruling["defender_loses"], ruling["seed"]) == (1, None)
    assert "The defender loses 1 wound." in run(command).stdout


def test_a_rebel_surge_hits_where_a_stormtrooper_s_does_not() -> None:
    command = f"battle {LEGION} --defender stormtrooper --no-journal --attacker-roll surge --follow-roll 1"
    assert run_json(command.replace("--defender", "--attacker 'rebel trooper' --defender"))["defender_loses"] == 1
    said = fails(command.replace("--defender", "--attacker stormtrooper --defender"))
    assert "defence: 0 dice here, as the dice before it decide, but 1 face was given (LG-5)" in said


def test_typed_defence_dice_must_be_one_per_hit() -> None:
    command = (
        f"battle {LEGION} --attacker 'at-rt' --defender '2 stormtrooper' --no-journal --attacker-roll red:hit,red:surge"
    )
    assert "defence: 2 dice here, as the dice before it decide, but 3 faces were given (LG-5)" in fails(
        f"{command} --follow-roll 1,2,3"
    )
    # a face the die cannot show cites the die's rule; a count of faces, the attack's
    assert "a defence roll of 7 is impossible: the defence shows 1 to 6 (LG-6)" in fails(f"{command} --follow-roll 1,7")
    assert run_json(f"{command} --follow-roll 1,6")["defender_loses"] == 1


@pytest.mark.parametrize("seed", range(1, 6))
def test_drawn_attacks_rule_as_the_same_dice_typed(seed: int) -> None:
    command = f"battle {LEGION} --attacker '2 rebel trooper, at-rt' --defender 'at-rt' --no-journal"
    drawn = run_json(f"{command} --seed {seed}")
    rolled = drawn["attacker"]["rolled"]
    typed = ",".join([*rolled[:2], *(f"red:{face}" for face in rolled[2:])])
    hits = drawn["attacker"]["symbols"].get("hit", 0)
    defence = next(t for t in drawn["explanation"] if t["message"] == "follow.step")["values"]["faces"]
    follow = f" --follow-roll {','.join(map(str, defence['items']))}" if hits else ""
    again = run_json(f"{command} --attacker-roll '{typed}'{follow}")
    assert again["defender_loses"] == drawn["defender_loses"]
