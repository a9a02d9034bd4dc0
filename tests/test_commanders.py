"""Ranked pairs with a die per unit (docs/examples/commanders.yaml: armies roll a
d6, a commander a d8, pooled with its side's dice): typed and drawn rulings,
one-round odds and whole fights against a brute-force enumeration and a
recursion written here, never the resolver."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from functools import cache
from pathlib import Path

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from referee.stages.pairs import patterns
from tests.conftest import fails, ruling_of, run, run_json

COMMANDERS = Path(__file__).resolve().parent.parent / "docs" / "examples" / "commanders.yaml"
DIE = {"army": range(1, 7), "commander": range(1, 9)}
Lost = tuple[str, ...]


def stand(units: list[str]) -> list[str]:
    """The units in the order the pairs stand for them: armies before the commander (CM-5)."""
    return sorted(units, key=lambda unit: unit != "army")


def rule(attacker: list[str], defender: list[str], a: tuple[int, ...], d: tuple[int, ...]) -> tuple[Lost, Lost]:
    """The units each side loses: dice pooled and sorted, ties to the defender."""
    pairs = zip(sorted(a, reverse=True), sorted(d, reverse=True))
    lost = [x <= y for x, y in pairs]
    a_lost = tuple(stand(attacker)[r] for r, attacker_lost in enumerate(lost) if attacker_lost)
    d_lost = tuple(stand(defender)[r] for r, attacker_lost in enumerate(lost) if not attacker_lost)
    return a_lost, d_lost


@cache
def one_round(attacker: tuple[str, ...], defender: tuple[str, ...]) -> dict[tuple[Lost, Lost], Fraction]:
    """Every ordered throw, each unit rolling its own die."""
    counts: Counter[tuple[Lost, Lost]] = Counter()
    for a in itertools.product(*(DIE[u] for u in attacker)):
        for d in itertools.product(*(DIE[u] for u in defender)):
            counts[rule(list(attacker), list(defender), a, d)] += 1
    total = sum(counts.values())
    return {k: Fraction(v, total) for k, v in counts.items()}


def told(units: list[str]) -> str:
    return ", ".join(f"{n} {unit}" for unit, n in Counter(units).items())


def typed(units: list[str], faces: tuple[int, ...]) -> str:
    """Faces as players type them: the d6 faces plain, a d8 face after 'd8:'."""
    return " ".join(f"d8:{f}" if u == "commander" else str(f) for u, f in zip(units, faces))


def summary(a_lost: Lost, d_lost: Lost) -> tuple[int, bool, int, bool]:
    return len(a_lost), "commander" in a_lost, len(d_lost), "commander" in d_lost


FIGHTS = [
    (["army", "army", "commander"], ["army", "commander"]),
    (["commander"], ["army", "army"]),
    (["army", "commander"], ["commander"]),
    (["army", "army", "army"], ["commander", "army"]),
]


@pytest.mark.parametrize(("attacker", "defender"), FIGHTS)
def test_one_round_odds_agree_with_every_throw(attacker: list[str], defender: list[str]) -> None:
    outcomes = run_json(f"odds {COMMANDERS} --attacker '{told(attacker)}' --defender '{told(defender)}'")["outcomes"]
    got: Counter[tuple[int, bool, int, bool]] = Counter()
    for o in outcomes:
        key = (o["attacker_loses"], "commander" in o["attacker_suffers"])
        got[(*key, o["defender_loses"], "commander" in o["defender_suffers"])] += Fraction(o["probability"])
    brute: Counter[tuple[int, bool, int, bool]] = Counter()
    for (a_lost, d_lost), p in one_round(tuple(attacker), tuple(defender)).items():
        brute[summary(a_lost, d_lost)] += p
    assert got == brute and sum(got.values()) == 1


@pytest.mark.parametrize(
    ("a", "d"),
    [((5, 2, 7), (6, 8)), ((6, 6, 1), (5, 6)), ((1, 2, 8), (1, 1)), ((3, 3, 3), (3, 3))],
)
def test_typed_rulings_agree_with_the_enumeration(a: tuple[int, ...], d: tuple[int, ...]) -> None:
    attacker, defender = ["army", "army", "commander"], ["army", "commander"]
    ruling = run_json(
        f"battle {COMMANDERS} --attacker '{told(attacker)}' --defender '{told(defender)}' "
        f"--attacker-roll '{typed(attacker, a)}' --defender-roll '{typed(defender, d)}'"
    )
    a_lost, d_lost = rule(attacker, defender, a, d)
    assert (ruling["attacker_loses"], "commander" in ruling["attacker_suffers"]) == summary(a_lost, d_lost)[:2]
    assert (ruling["defender_loses"], "commander" in ruling["defender_suffers"]) == summary(a_lost, d_lost)[2:]
    assert ruling["attacker"]["rolled"] == list(a) and ruling["defender"]["sorted"] == sorted(d, reverse=True)
    assert f"the attacker rolled {a[0]}, {a[1]}, d8:{a[2]}" in ruling["explanation"][2]["text"]


def test_faces_may_come_in_any_order_and_separator() -> None:
    base = f"battle {COMMANDERS} --attacker '2 armies, commander' --defender army --defender-roll 4"
    assert ruling_of(f"{base} --attacker-roll 'd8:7 5 2'") == ruling_of(f"{base} --attacker-roll 5,d8:7,2")


def test_drawn_dice_come_from_each_units_own_die() -> None:
    """Each seed repeats its throw; the commander's face reaches past 6, the armies' never."""
    attacker, defender = ["army", "army", "commander"], ["army", "commander"]
    commanders: list[int] = []
    for seed in range(12):
        command = f"battle {COMMANDERS} --attacker '{told(attacker)}' --defender '{told(defender)}' --seed {seed}"
        ruling = ruling_of(command)
        assert ruling == ruling_of(command)
        a, d = tuple(ruling["attacker"]["rolled"]), tuple(ruling["defender"]["rolled"])
        assert all(f in range(1, 7) for f in a[:2] + d[:1])
        commanders += [a[2], d[1]]
        a_lost, d_lost = rule(attacker, defender, a, d)
        assert (ruling["attacker_loses"], ruling["defender_loses"]) == (len(a_lost), len(d_lost))
    assert max(commanders) > 6 and set(commanders) <= set(range(1, 9))


@cache
def conquest(a_armies: int, a_commander: int, d_armies: int, d_commander: int) -> Fraction:
    """The attacker's chance to conquer; its kept-home army is not counted here. Each
    side brings its commander to the front first, then armies (attacker 3, defender 2)."""
    if d_armies + d_commander == 0:
        return Fraction(1)
    if a_armies + a_commander == 0:
        return Fraction(0)
    attacker = ["commander"] * a_commander + ["army"] * min(a_armies, 3 - a_commander)
    defender = ["commander"] * d_commander + ["army"] * min(d_armies, 2 - d_commander)
    total = Fraction(0)
    for (a_lost, d_lost), p in one_round(tuple(attacker), tuple(defender)).items():
        total += p * conquest(
            a_armies - a_lost.count("army"),
            a_commander - a_lost.count("commander"),
            d_armies - d_lost.count("army"),
            d_commander - d_lost.count("commander"),
        )
    return total


@pytest.mark.parametrize(("a", "ac", "d", "dc"), [(6, 1, 4, 1), (4, 0, 3, 1), (3, 1, 5, 0), (2, 1, 2, 1)])
def test_whole_fights_agree_with_a_recursion(a: int, ac: int, d: int, dc: int) -> None:
    attacker = told(["army"] * a + ["commander"] * ac)
    defender = told(["army"] * d + ["commander"] * dc)
    result = run_json(f"odds {COMMANDERS} --attacker '{attacker}' --defender '{defender}' --until conquest")
    assert Fraction(result["p_attacker_wins"]) == conquest(a, ac, d, dc)  # --attacker: the attacking units


@given(
    st.lists(st.integers(1, 4), min_size=1, max_size=2),
    st.integers(0, 2),
    st.integers(0, 2),
    st.integers(0, 2),
    st.integers(0, 1),
    st.booleans(),
)
def test_mixed_pools_by_order_statistics_equal_every_ordered_throw(
    small: list[int], a_small: int, a_big: int, d_small: int, d_big: int, ties_to_attacker: bool
) -> None:
    """A pool of two kinds of die per side, any counts, against plain enumeration."""
    big = [*small, 5, 7]
    pairs = min(a_small + a_big, d_small + d_big)
    pools = (((tuple(small), a_small), (tuple(big), a_big)), ((tuple(small), d_small), (tuple(big), d_big)))
    bonus = ((0,) * pairs, (0,) * pairs)
    brute: Counter[tuple[bool, ...]] = Counter()
    for att in itertools.product(*[small] * a_small, *[big] * a_big):
        for dfn in itertools.product(*[small] * d_small, *[big] * d_big):
            ranked = zip(sorted(att, reverse=True), sorted(dfn, reverse=True))
            brute[tuple(x < y or (x == y and not ties_to_attacker) for x, y in ranked)] += 1
    counted, total = patterns(*pools, bonus, "attacker" if ties_to_attacker else "defender")
    assert dict(counted) == dict(brute) and total == sum(brute.values())


BASE = f"battle {COMMANDERS} --attacker '2 armies, commander' --defender army --defender-roll 4"


@pytest.mark.parametrize(
    ("roll", "error"),
    [
        # a face its die cannot show cites the die's rule; a count of faces, the attack's
        ("8 5 2", "an attacker roll of 8 is impossible: the d6 shows 1 to 6 (a d8 face is typed d8:8) (CM-3)"),
        ("5 2 d8:9", "an attacker roll of 9 is impossible: the d8 shows 1 to 8 (CM-3)"),
        (
            "5 2 4",
            "the attacker rolls 2 d6 and 1 d8 here, but 0 d8 faces were given: "
            "type each d8 face after its name, as in d8:8 (CM-1)",
        ),
        ("5 d8:7", "the attacker rolls 3 dice here, but 2 faces were given (CM-1)"),
    ],
)
def test_a_face_of_the_wrong_die_is_refused_naming_the_die(roll: str, error: str) -> None:
    assert fails(f"{BASE} --attacker-roll '{roll}'") == f"error: {error}"


def test_a_die_the_side_does_not_roll_is_refused() -> None:
    told = f"battle {COMMANDERS} --attacker '2 armies, commander' --defender army --attacker-roll '5 2 d8:7'"
    assert fails(f"{told} --defender-roll d8:4") == "error: the defender rolls no d8 here; it rolls 1 d6 (CM-2)"
    assert fails(f"{BASE} --attacker-roll '5 2 x:4'").startswith("error: unknown face 'x:4'")


def test_a_side_of_commanders_alone_types_plain_d8_faces() -> None:
    ruling = run_json(f"battle {COMMANDERS} --attacker commander --defender army --attacker-roll 8 --defender-roll 6")
    assert ruling["defender_loses"] == 1
    assert "the attacker rolled 8" in ruling["explanation"][2]["text"]


def test_a_units_die_must_exist_and_be_numbered(tmp_path: Path) -> None:
    data = yaml.safe_load(COMMANDERS.read_text())
    data["attacks"]["attack"]["divisions"]["commander"]["die"] = "d9"
    path = tmp_path / "d9.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    assert "attacks.attack.divisions.commander.die: unknown die 'd9'; known: d6, d8" in fails(f"validate {path}")
    data["dice"]["coin"] = {"rule": "CM-3", "faces": ["heads", "tails"]}
    data["attacks"]["attack"]["divisions"]["commander"]["die"] = "coin"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    assert "divisions.commander.die: ranked pairs add bonuses to faces" in fails(f"validate {path}")
    run(f"validate {COMMANDERS}")
