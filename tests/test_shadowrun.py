"""Shadowrun's opposed ranged attack (docs/examples/shadowrun.yaml) through the
command line: pools of d6 from attribute + skill, 5 and 6 are hits, net hits
decide, a hit deals the weapon's damage value plus the net hits; Edge adds
dice and makes sixes explode, bounded at 3 rounds. Exact odds against a brute
force written here (itertools and Fraction, never the resolver: each die's
chain of explosions enumerated face by face); rulings on typed and drawn
dice; what the file may not write."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
from conftest import fails, ruling_of, run, run_json

SHADOWRUN = Path(__file__).resolve().parent.parent / "docs" / "examples" / "shadowrun.yaml"

ATTACK = {"street-samurai": 12, "ganger": 6, "troll-bruiser": 8}  # SR-9
DEFENCE = {"street-samurai": 10, "ganger": 6, "troll-bruiser": 5}
DAMAGE = {"street-samurai": 8, "ganger": 6, "troll-bruiser": 10}
EDGE = {"street-samurai": 3, "ganger": 1, "troll-bruiser": 2}
COVER = {"partial-cover": 2, "good-cover": 4}  # SR-8
DEPTH = 3  # SR-7: at most 3 rounds of dice rolled for sixes


def one_die(explodes: bool) -> dict[int, Fraction]:
    """The hits of one die of the first roll: without Edge one face; with it,
    the die and the dice its sixes roll, every chain of DEPTH + 1 faces
    enumerated, each face read only while the faces before it were all 6."""
    chain = DEPTH + 1 if explodes else 1
    out: Counter[int] = Counter()
    for faces in itertools.product(range(1, 7), repeat=chain):
        hits = 0
        for face in faces:
            hits += face >= 5
            if face != 6:
                break
        out[hits] += 1
    return {hits: Fraction(n, 6**chain) for hits, n in out.items()}


def pool(dice: int, explodes: bool) -> dict[int, Fraction]:
    """The hits of a pool: its dice are independent, so their hits add."""
    total = {0: Fraction(1)}
    each = one_die(explodes)
    for _ in range(dice):
        after: dict[int, Fraction] = {}
        for (had, p), (more, q) in itertools.product(total.items(), each.items()):
            after[had + more] = after.get(had + more, Fraction(0)) + p * q
        total = after
    return total


def brute(attacker: str, defender: str, edge: set[str], cover: str = "") -> dict[int, Fraction]:
    """The damage value dealt, by its chance, as SR-1 to SR-9 state it."""
    attacking = pool(ATTACK[attacker] + (EDGE[attacker] if "attacker" in edge else 0), "attacker" in edge)
    defending = DEFENCE[defender] + (EDGE[defender] if "defender" in edge else 0) + COVER.get(cover, 0)
    defence = pool(defending, "defender" in edge)
    out: dict[int, Fraction] = {}
    for (a, p), (d, q) in itertools.product(attacking.items(), defence.items()):
        damage = DAMAGE[attacker] + a - d if a > d else 0
        out[damage] = out.get(damage, Fraction(0)) + p * q
    return out


def odds(attacker: str, defender: str, edge: set[str], cover: str = "") -> dict[int, Fraction]:
    """The referee's exact odds by the damage the defender takes."""
    when = "".join(f" --when {side}:edge" for side in sorted(edge)) + (f" --when defender:{cover}" if cover else "")
    found = run_json(f"odds {SHADOWRUN} --attacker {attacker} --defender {defender}{when}")["outcomes"]
    assert all(o["attacker_loses"] == 0 for o in found)  # the attacker never takes damage
    return {o["defender_loses"]: Fraction(o["probability"]) for o in found}


@pytest.mark.parametrize(
    ("attacker", "defender", "edge", "cover"),
    [
        ("ganger", "ganger", set(), ""),  # 6 dice against 6
        ("street-samurai", "troll-bruiser", set(), "good-cover"),  # 12 against 9
        ("ganger", "street-samurai", {"attacker"}, ""),  # 7 exploding against 10
        ("troll-bruiser", "ganger", {"defender"}, "partial-cover"),  # 8 against 9 exploding
        ("street-samurai", "ganger", {"attacker"}, ""),  # 15 exploding against 6
        ("ganger", "troll-bruiser", {"attacker", "defender"}, "good-cover"),  # 7 against 11, both exploding
    ],
)
def test_attack_odds_are_the_brute_force(attacker: str, defender: str, edge: set[str], cover: str) -> None:
    assert odds(attacker, defender, edge, cover) == brute(attacker, defender, edge, cover)


def test_the_bound_drops_what_the_file_says() -> None:
    """A die's hits differ from the unbounded rule's only when its fourth 6 in
    a row rolls no more and the die not rolled would hit: 1/1296 x 1/3."""
    bounded = one_die(True)
    assert bounded[DEPTH + 1] == Fraction(1, 6**DEPTH) * Fraction(2, 6)  # three sixes, then a 5 or a 6
    unbounded_mean = Fraction(2, 5)  # E = 1/3 + E/6 for a fresh die's chain
    mean = sum(hits * p for hits, p in bounded.items())
    assert unbounded_mean - mean == Fraction(1, 3240)
    assert Fraction(1, 6 ** (DEPTH + 1)) * Fraction(1, 3) == Fraction(1, 3888)
    notes = SHADOWRUN.read_text(encoding="utf-8")
    assert "1/1296" in notes and "1/3888" in notes and "1/3240" in notes


def test_a_hit_deals_the_damage_value_plus_net_hits_typed() -> None:
    command = (
        f"battle {SHADOWRUN} --attacker samurai --defender ganger "
        "--attacker-roll 6,5,5,1,2,3,4,6,5,1,1,2 --defender-roll 5,1,2,3,4,6"
    )
    ruling = run_json(command)
    assert (ruling["attacker"]["dice"], ruling["defender"]["dice"]) == (12, 6)
    assert ruling["defender_loses"] == 11 and ruling["attacker_loses"] == 0 and ruling["loss"] == "point of damage"
    said = [(s["rule"], s["text"]) for s in ruling["explanation"]]
    assert said[-2:] == [
        ("SR-4", "hit 5 against 2: the attacker wins by 3"),
        ("SR-5", "the defender takes 11 points of damage: the surplus of 3 plus the attacker's damage value, 8"),
    ]
    out = run(command).stdout
    assert "The defender loses 11 points of damage." in out
    assert "explodes" not in out  # no Edge: sixes do not explode


@pytest.mark.parametrize(
    ("defence", "why"),
    [
        ("5,6,1,1,1,1", "hit 2 against 2: nothing happens"),  # a graze
        (
            "5,6,5,1,1,1",
            "hit 2 against 3: more hits for the defender, whose win removes nothing: nothing happens",
        ),
    ],
)
def test_a_graze_or_a_miss_deals_nothing(defence: str, why: str) -> None:
    ruling = run_json(
        f"battle {SHADOWRUN} --attacker ganger --defender ganger --attacker-roll 5,6,1,1,1,1 --defender-roll {defence}"
    )
    assert (ruling["defender_loses"], ruling["attacker_loses"]) == (0, 0)
    assert ruling["explanation"][-1]["text"] == why


def test_edge_adds_dice_and_sixes_explode_typed_after_a_slash() -> None:
    command = (
        f"battle {SHADOWRUN} --attacker ganger --defender troll --when attacker:edge --when defender:good-cover "
        "--attacker-roll '6,6,5,1,2,3,4 / 6,2 / 6 / 6' --defender-roll 5,1,2,3,4,6,1,1,2"
    )
    ruling = run_json(command)
    assert (ruling["attacker"]["dice"], ruling["defender"]["dice"]) == (7, 9)
    # the third round's 6 is a hit and rolls no more (SR-7)
    assert ruling["attacker"]["rolled"] == [6, 6, 5, 1, 2, 3, 4, 6, 2, 6, 6]
    assert ruling["defender_loses"] == 6 + (6 - 2)
    said = [(s["rule"], s["text"]) for s in ruling["explanation"]]
    assert ("SR-6", "edge: 1 die more for the attacker") in said
    assert ("SR-8", "good-cover: 4 dice more for the defender") in said
    assert ("SR-7", "each 6 explodes: the attacker rolls 4 more dice: 6, 2, 6, 6") in said
    out = run(command).stdout
    assert "The defender loses 10 points of damage." in out


@pytest.mark.parametrize(
    ("typed", "refusal"),
    [
        ("6,6,5,1,2,3,4 / 6,2 / 6 / 6 / 5", "rolls 7 dice / 2 dice / 1 die / 1 die here"),  # a fourth round
        ("6,6,5,1,2,3,4 / 6", "rolls 7 dice / 2 dice here"),  # two sixes roll two dice
        ("6,1,1,1,1,1,1", "rolls 7 dice / 1 die here"),  # the explosion left out
    ],
)
def test_explosions_typed_wrong_are_refused(typed: str, refusal: str) -> None:
    command = f"battle {SHADOWRUN} --attacker ganger --defender ganger --when attacker:edge --attacker-roll '{typed}'"
    refused = fails(command)
    assert refusal in refused and "(SR-1)" in refused


def test_without_edge_nothing_is_typed_after_a_slash() -> None:
    refused = fails(f"battle {SHADOWRUN} --attacker ganger --defender troll --attacker-roll '6,6,5,1,2,3 / 6,2'")
    # the refusal names the situation the explosion waits for, and cites the explosion's rule
    said = "the attacker rolls 6 dice here: its dice roll again only with --when attacker:edge, but 6 / 2 were typed"
    assert said in refused and "(SR-7)" in refused


def test_the_defender_pushes_the_limit_too() -> None:
    ruling = run_json(
        f"battle {SHADOWRUN} --attacker troll --defender ganger --when defender:edge "
        "--attacker-roll 5,5,5,1,1,1,1,1 --defender-roll '6,1,1,1,1,1,1 / 5'"
    )
    assert ruling["defender"]["dice"] == 7 and ruling["defender"]["rolled"] == [6, 1, 1, 1, 1, 1, 1, 5]
    assert ruling["defender_loses"] == 10 + 1


@pytest.mark.parametrize("seed", [1, 2, 3, 5, 8, 13, 21])
def test_drawn_dice_explode_by_the_seed_and_rule_as_typed(seed: int) -> None:
    command = f"battle {SHADOWRUN} --attacker samurai --defender troll --when attacker:edge --seed {seed}"
    ruling = ruling_of(command)
    assert ruling == ruling_of(command)  # the seed repeats the ruling
    rolled = ruling["attacker"]["rolled"]
    first, more = rolled[:15], rolled[15:]
    # every die after the first 15 was rolled for a 6: as many as the sixes before it, at most 3 rounds deep
    assert len(more) <= first.count(6) + more.count(6)
    hits = sum(face >= 5 for face in rolled)
    against = sum(face >= 5 for face in ruling["defender"]["rolled"])
    assert ruling["defender_loses"] == (8 + hits - against if hits > against else 0)
    typed = ",".join(map(str, first))
    rounds, taken, sixes = [typed], 0, first.count(6)
    while sixes and len(rounds) <= DEPTH:
        chunk = more[taken : taken + sixes]
        rounds.append(",".join(map(str, chunk)))
        taken, sixes = taken + sixes, chunk.count(6)
    again = ruling_of(
        f"battle {SHADOWRUN} --attacker samurai --defender troll --when attacker:edge "
        f"--attacker-roll '{' / '.join(rounds)}' --defender-roll {','.join(map(str, ruling['defender']['rolled']))}"
    )
    assert again["defender_loses"] == ruling["defender_loses"] and again["attacker"]["rolled"] == rolled


def flat(text: str) -> str:
    """A report with its wrapped lines joined."""
    return " ".join(text.split())


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("nl", "de verdediger krijgt 11 schadepunten: het overschot van 3 plus schadewaarde van de aanvaller, 8"),
        ("de", "der Verteidiger erhält 11 Schadenspunkte: der Überschuss von 3 plus Schadenscode des Angreifers, 8"),
        ("zh-Hant", "傷害值"),
    ],
)
def test_a_hit_is_ruled_in_the_language_asked(lang: str, said: str) -> None:
    out = run(
        f"--lang {lang} battle {SHADOWRUN} --attacker samurai --defender ganger "
        "--attacker-roll 6,5,5,1,2,3,4,6,5,1,1,2 --defender-roll 5,1,2,3,4,6"
    ).stdout
    assert said in flat(out)


def written(tmp_path: Path, old: str, new: str) -> Path:
    """A copy of the example with one piece of text changed."""
    text = SHADOWRUN.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "shadowrun.yaml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("old", "new", "refusal"),
    [
        (
            "      attacker_wins: wounds\n",
            "      attacker_wins: nothing\n",
            "plus adds to wounds: attacker_wins or defender_wins must be wounds",
        ),
        ("{street-samurai: 8, ganger", "{street-samuraj: 8, ganger", "street-samuraj"),
        ("depth: 3, when: edge", "depth: 3, when: luck", "luck"),
    ],
)
def test_what_the_file_may_not_write(tmp_path: Path, old: str, new: str, refusal: str) -> None:
    refused = fails(f"validate {written(tmp_path, old, new)}")
    assert refusal in refused
