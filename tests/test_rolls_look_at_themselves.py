"""A roll that looks at itself: one side's faces acting on its own dice,
through the command line. A miss on any die or a range short of the
distance voids the roll (Descent, `void`), a double jams a storm bolter
(Space Hulk's overwatch, `alike`), three of a number score points (King of
Tokyo, `sets`). Exact odds against a brute force written here (itertools and
Fraction, never the resolver), typed and drawn rulings, and the refusals."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
from conftest import fails, ruling_of, run, run_json

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"
DESCENT, SPACEHULK, TOKYO = (EXAMPLES / f"{name}.yaml" for name in ("descent", "spacehulk", "kingoftokyo"))

ATTACK = {"x": None, "r2h2": (2, 2), "r3h2": (3, 2), "r4h1": (4, 1), "r5h1": (5, 1), "r3h1": (3, 1)}  # range, hearts
SHIELDS = {"blank": 0, "shield": 1, "2shields": 2}
DEFENCE = ("blank", "blank", "shield", "shield", "shield", "2shields")


def outcomes(command: str, keys: tuple[str, ...]) -> dict[tuple[int, ...], Fraction]:
    """The referee's exact odds by the numbers `keys` name (a score's symbols are integers in --json)."""
    found: Counter[tuple[int, ...]] = Counter()
    for o in run_json(command)["outcomes"]:
        found[tuple(o.get(key, 0) for key in keys)] += Fraction(o["probability"])
    return dict(found)


def descent(distance: int) -> dict[tuple[int, ...], Fraction]:
    """(miss, short, hearts dealt): every throw of two attack dice and a defence die."""
    found: Counter[tuple[int, ...]] = Counter()
    for a, b, shield in itertools.product(ATTACK, ATTACK, DEFENCE):
        p = Fraction(1, 6**3)
        if ATTACK[a] is None or ATTACK[b] is None:
            found[1, 0, 0] += p
        elif ATTACK[a][0] + ATTACK[b][0] < distance:
            found[0, 1, 0] += p
        else:
            found[0, 0, max(0, ATTACK[a][1] + ATTACK[b][1] - SHIELDS[shield])] += p
    return dict(found)


@pytest.mark.parametrize("distance", [1, 5, 7, 9, 11])
def test_a_miss_or_a_short_range_voids_a_descent_attack_as_the_brute_force(distance: int) -> None:
    command = f"odds {DESCENT} --attacker hero --defender monster --range {distance}"
    keys = ("attacker_scores_miss", "attacker_scores_short", "defender_loses")
    assert outcomes(command, keys) == descent(distance)


def test_a_voided_roll_says_why_and_reads_its_one_symbol() -> None:
    miss = run_json(f"battle {DESCENT} --attacker hero --defender monster --range 2 -A x,r5h1 -D shield --no-journal")
    assert (miss["attacker_scores"], miss["defender_loses"]) == ("miss 1", 0)
    assert {"rule": "DS-2", "text": "the attacker's miss voids its roll: it reads miss 1 only"} in [
        {k: s[k] for k in ("rule", "text")} for s in miss["explanation"]
    ]
    short = run(f"battle {DESCENT} --attacker hero --defender monster --range 6 -A r2h2,r3h1 -D blank --no-journal")
    assert "the attacker's range 5 falls short of the distance 6: it reads short 1 only" in short.stdout
    reached = run_json(f"battle {DESCENT} --attacker hero --defender monster --range 5 -A r2h2,r3h1 -D shield")
    assert reached["defender_loses"] == 2  # 3 hearts, one cancelled


def test_a_roll_that_must_reach_a_distance_asks_for_it() -> None:
    said = fails(f"battle {DESCENT} --attacker hero --defender monster -A r2h2,r3h1 -D shield")
    assert "this roll must reach the distance to its target: state it, --range N (DS-3)" in said


def overwatch() -> dict[tuple[int, ...], Fraction]:
    """(kills, jams): two d6, each 6 a kill, a double a jam."""
    found: Counter[tuple[int, ...]] = Counter()
    for a, b in itertools.product(range(1, 7), repeat=2):
        found[(a == 6) + (b == 6), int(a == b)] += Fraction(1, 36)
    return dict(found)


def test_a_double_jams_the_storm_bolter_as_the_brute_force() -> None:
    command = f"odds {SPACEHULK} --attacker terminator --defender genestealer --attack overwatch"
    assert outcomes(command, ("attacker_scores_kill", "attacker_scores_jam")) == overwatch()


@pytest.mark.parametrize("seed", [1, 2, 3, 5, 8])
def test_drawn_overwatch_dice_jam_on_a_double(seed: int) -> None:
    ruling = ruling_of(
        f"battle {SPACEHULK} --attacker terminator --defender genestealer --attack overwatch --seed {seed}"
    )
    first, second = ruling["attacker"]["rolled"]
    read = ruling["attacker"]["symbols"]
    assert read.get("jam", 0) == int(first == second)
    assert read.get("kill", 0) == (first == 6) + (second == 6)


def tokyo() -> dict[tuple[int, ...], Fraction]:
    """(points, claws, hearts, energy): every throw of six King of Tokyo dice."""
    worth = {"1": 1, "2": 2, "3": 3}
    found: Counter[tuple[int, ...]] = Counter()
    for throw in itertools.product(("1", "2", "3", "claw", "heart", "energy"), repeat=6):
        counts = Counter(throw)
        points = sum(w + counts[face] - 3 for face, w in worth.items() if counts[face] >= 3)
        found[points, counts["claw"], counts["heart"], counts["energy"]] += Fraction(1, 6**6)
    return dict(found)


def test_three_of_a_number_score_as_the_brute_force() -> None:
    keys = ("attacker_scores_point", "attacker_scores_claw", "attacker_scores_heart", "attacker_scores_energy")
    assert outcomes(f"odds {TOKYO} --attacker monster --defender monster", keys) == tokyo()


def test_a_set_scores_its_number_and_one_more_for_each_die_past_it() -> None:
    ruling = run_json(f"battle {TOKYO} --attacker monster --defender monster -A 2,2,2,2,3,3 --no-journal")
    assert ruling["attacker"]["symbols"]["point"] == 3 and ruling["defender_loses"] == 0
    both = run(f"battle {TOKYO} --attacker monster --defender monster -A 1,1,1,3,3,3 --no-journal").stdout
    assert "the attacker's ones 3 make a set: point 1" in both and "the attacker's threes 3 make a set: point 3" in both


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        (
            "{symbol: miss, rule: DS-2}",
            "{symbol: miss, reach: range, gives: x, rule: DS-2}",
            "give a symbol or a reach, one of them",
        ),
        (
            "{reach: range, gives: short, rule: DS-3}",
            "{reach: range, rule: DS-3}",
            "a roll short of the distance reads 'gives'",
        ),
        ("{symbol: miss, rule: DS-2}", "{symbol: mis, rule: DS-2}", "unknown symbol 'mis'; did you mean 'miss'?"),
    ],
)
def test_a_void_written_wrong_is_refused_where_written(tmp_path: Path, old: str, new: str, said: str) -> None:
    path = tmp_path / "descent.yaml"
    path.write_text(DESCENT.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
    assert said in " ".join(fails(f"validate {path}").split())


def test_symbols_a_stage_gives_are_counted_and_named_by_the_file(tmp_path: Path) -> None:
    path = tmp_path / "kingoftokyo.yaml"
    text = TOKYO.read_text(encoding="utf-8")
    path.write_text(text.replace("gives: point, rule: KT-2", "gives: points, rule: KT-2"), encoding="utf-8")
    assert "unknown symbol 'point'" in fails(f"validate {path}")  # counts names what no face or stage gives
    page = " ".join(run(f"show {TOKYO}").stdout.split())
    assert "sets" in page and "gives point" in page
