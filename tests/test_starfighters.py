"""A pool in a preset (docs/examples/starfighters.yaml, X-Wing's attack): red
attack dice against green defence dice, and a target lock that rolls every
missed attack die again, once. Rulings on typed and drawn rounds, and odds
against a brute force written here (itertools over every ordered throw of
every round, Fraction weights, never the resolver)."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest

from tests.conftest import fails, ruling_of, run, run_json

STARFIGHTERS = Path(__file__).resolve().parent.parent / "docs" / "examples" / "starfighters.yaml"
ATTACK = ("hit", "hit", "hit", "crit", "focus", "focus", "blank", "blank")
DEFENCE = ("evade", "evade", "evade", "focus", "focus", "blank", "blank", "blank")
WEAPON = {"x-wing": 3, "y-wing": 2, "tie-fighter": 2}
AGILITY = {"x-wing": 2, "y-wing": 1, "tie-fighter": 3}


def attack_hits(dice: int, lock: bool) -> Counter[int]:
    """Hits of the attack dice, each miss rolled again once under a lock, as exact chances."""
    out: Counter[int] = Counter()
    for first in itertools.product(ATTACK, repeat=dice):
        misses = [face for face in first if face not in ("hit", "crit")] if lock else []
        for again in itertools.product(ATTACK, repeat=len(misses)):
            hits = dice - len(misses) if lock else sum(f in ("hit", "crit") for f in first)
            hits += sum(f in ("hit", "crit") for f in again)
            out[hits] += Fraction(1, 8) ** (dice + len(again))
    return out


def evades(dice: int) -> Counter[int]:
    out: Counter[int] = Counter()
    for throw in itertools.product(DEFENCE, repeat=dice):
        out[throw.count("evade")] += Fraction(1, 8**dice)
    return out


def brute_odds(attacker: str, defender: str, lock: bool) -> dict[tuple, Fraction]:
    """(winner, attacker loses, defender loses): every hit beyond the evades is damage."""
    out: Counter[tuple] = Counter()
    for (hits, p), (blocked, q) in itertools.product(
        attack_hits(WEAPON[attacker], lock).items(), evades(AGILITY[defender]).items()
    ):
        winner = "attacker" if hits > blocked else None  # a defence that wins costs nothing: nothing happens
        out[(winner, 0, max(0, hits - blocked))] += p * q
    return dict(out)


@pytest.mark.parametrize(
    ("attacker", "defender", "lock"),
    [("x-wing", "tie-fighter", True), ("x-wing", "tie-fighter", False), ("tie-fighter", "y-wing", True)],
)
def test_odds_equal_brute_force(attacker: str, defender: str, lock: bool) -> None:
    when = " --when attacker:target-lock" if lock else ""
    outcomes = run_json(f"odds {STARFIGHTERS} --attacker {attacker} --defender {defender}{when}")["outcomes"]
    got = {(o["winner"], o["attacker_loses"], o["defender_loses"]): Fraction(o["probability"]) for o in outcomes}
    assert got == brute_odds(attacker, defender, lock)


def test_a_target_lock_rolls_the_misses_again_and_counts_what_stands() -> None:
    result = run(
        f"battle {STARFIGHTERS} --attacker x-wing --defender tie --when attacker:lock "
        '--attacker-roll "hit, blank, focus / crit, blank" --defender-roll "evade, focus, blank"'
    )
    assert "SF-6    the attacker rolled hit, blank, focus; it rolls blank, focus again: crit, blank" in result.stdout
    assert "The defender takes 1 wound." in result.stdout
    document = run_json(
        f"battle {STARFIGHTERS} --attacker x-wing --defender tie --when attacker:lock "
        '--attacker-roll "hit, blank, focus / crit, blank" --defender-roll "evade, focus, blank"'
    )
    assert document["attacker"]["rolled"] == ["hit", "crit", "blank"]
    assert document["attacker"]["hits"] == 2


def test_nothing_to_roll_again_is_typed_without_a_slash() -> None:
    result = run(
        f"battle {STARFIGHTERS} --attacker x-wing --defender tie --when attacker:lock "
        '--attacker-roll "hit, crit, hit" --defender-roll "blank, blank, blank"'
    )
    assert "SF-6" not in result.stdout
    assert "The defender takes 3 wounds." in result.stdout


@pytest.mark.parametrize(
    ("roll", "when", "said", "rule"),
    [
        ("hit, blank, focus / crit", " --when attacker:lock", "rolls 3 dice / 2 dice here, ", "SF-2"),
        ("hit, blank, focus", " --when attacker:lock", "but 3 were typed", "SF-2"),
        ("hit, crit, hit / hit", " --when attacker:lock", "rolls 3 dice here, each roll after the first", "SF-2"),
        # no target lock: the refusal names the situation the re-roll waits for, and its rule
        (
            "hit, blank, focus / crit, blank",
            "",
            "rolls 3 dice here: its dice roll again only with --when attacker:target-lock, but 3 / 2 were typed",
            "SF-6",
        ),
        # a face the die does not have cites the die's rule
        ("hit, blank, focus / crit, moon", " --when attacker:lock", "moon", "SF-4"),
    ],
)
def test_rounds_typed_wrong_are_refused_with_the_rounds_expected(roll: str, when: str, said: str, rule: str) -> None:
    error = fails(f'battle {STARFIGHTERS} --attacker x-wing --defender tie{when} --attacker-roll "{roll}"')
    assert said in error
    assert f"({rule})" in error


def test_a_drawn_pool_repeats_with_its_seed_and_types_back() -> None:
    """Seed 4 draws a first roll with two misses and rolls them again; typing those rounds rules the same."""
    unit = f"battle {STARFIGHTERS} --attacker x-wing --defender tie --when attacker:lock"
    drawn = ruling_of(f"{unit} --seed 4")
    assert drawn == ruling_of(f"{unit} --seed 4")
    (reroll,) = [s["values"] for s in drawn["explanation"] if s["message"] == "pool.reroll"]
    first, again = (", ".join(reroll[part]["items"]) for part in ("first", "again"))
    typed = ruling_of(
        f'{unit} --attacker-roll "{first} / {again}" --defender-roll "{", ".join(drawn["defender"]["rolled"])}"'
    )
    assert typed["attacker"] == drawn["attacker"] and typed["explanation"] == drawn["explanation"]


@pytest.mark.parametrize(
    ("edit", "said"),
    [
        ("keep: {dice: 1, best: highest, rule: SF-6}", "needs numbered faces"),
        ("reroll: {faces: [evade], rule: SF-6}", "'evade' is not a face of die 'attack'"),
        ("reroll: {misses: true, when: luck, rule: SF-6}", "luck"),
        ("reroll: {misses: true, per_unit: {b-wing: 1}, rule: SF-6}", "b-wing"),
    ],
)
def test_a_pool_the_file_gets_wrong_is_refused(tmp_path: Path, edit: str, said: str) -> None:
    text = STARFIGHTERS.read_text(encoding="utf-8")
    changed = text.replace("reroll: {misses: true, when: target-lock, rule: SF-6}", edit)
    assert changed != text
    path = tmp_path / "starfighters.yaml"
    path.write_text(changed, encoding="utf-8")
    assert said in fails(f"validate {path}")


def test_ten_dice_with_a_reroll_answer_from_a_handful_of_throws(tmp_path: Path) -> None:
    """Ten attack dice under a lock: the re-rolled pool's exact odds, against the brute force's per-die chance."""
    path = tmp_path / "volley.yaml"
    path.write_text(
        STARFIGHTERS.read_text(encoding="utf-8").replace("values: {x-wing: 3,", "values: {x-wing: 10,"),
        encoding="utf-8",
    )
    outcomes = run_json(f"odds {path} --attacker x-wing --defender tie --when attacker:lock")["outcomes"]
    assert sum(Fraction(o["probability"]) for o in outcomes) == 1
    each = Fraction(1, 2) + Fraction(1, 2) * Fraction(1, 2)  # a hit, or a miss rolled again into a hit
    none_blocked = evades(3)[0]
    all_ten = next(Fraction(o["probability"]) for o in outcomes if o["defender_loses"] == 10)
    assert all_ten == each**10 * none_blocked


def _exploding_best_two(tmp_path: Path) -> Path:
    """Starfighters edited: a critical hit rolls one more attack die, and the attacker keeps its best two dice."""
    path = tmp_path / "aces.yaml"
    path.write_text(
        STARFIGHTERS.read_text(encoding="utf-8").replace(
            "reroll: {misses: true, when: target-lock, rule: SF-6}",
            "explode: {faces: [crit], rule: SF-6}\n"
            "        keep: {dice: 2, best: [crit, hit, focus, blank], rule: SF-6}",
        ),
        encoding="utf-8",
    )
    return path


def test_explosions_and_the_dice_kept_equal_brute_force(tmp_path: Path) -> None:
    path = _exploding_best_two(tmp_path)
    best = ("crit", "hit", "focus", "blank")
    hits: Counter[int] = Counter()
    for first in itertools.product(ATTACK, repeat=3):
        for extra in itertools.product(ATTACK, repeat=first.count("crit")):
            kept = sorted(first + extra, key=best.index)[:2]
            hits[sum(face in ("hit", "crit") for face in kept)] += Fraction(1, 8) ** (3 + len(extra))
    expected: Counter[tuple] = Counter()
    for (h, p), (e, q) in itertools.product(hits.items(), evades(3).items()):
        expected["attacker" if h > e else None, 0, max(0, h - e)] += p * q
    outcomes = run_json(f"odds {path} --attacker x-wing --defender tie")["outcomes"]
    got = {(o["winner"], o["attacker_loses"], o["defender_loses"]): Fraction(o["probability"]) for o in outcomes}
    assert got == dict(expected)


def test_a_ruling_says_what_exploded_and_what_was_kept(tmp_path: Path) -> None:
    path = _exploding_best_two(tmp_path)
    result = run(
        f'battle {path} --attacker x-wing --defender tie --attacker-roll "crit, blank, focus / hit" '
        '--defender-roll "evade, blank, blank"'
    )
    assert "SF-6    each crit explodes: the attacker rolls 1 more die: hit" in result.stdout
    assert "SF-6    the attacker keeps crit, hit of crit, blank, focus, hit" in result.stdout
    assert "The defender takes 1 wound." in result.stdout


XWING = STARFIGHTERS.parent / "xwing.yaml"


@pytest.mark.parametrize("focus", [False, True])
def test_the_staged_x_wing_target_lock_equals_brute_force(focus: bool) -> None:
    """The pool in the staged procedure: a miss is a face that carries no symbol as the faces read
    here, so under focus a focus stands and only blanks roll again."""
    carried = ("hit", "crit", "focus") if focus else ("hit", "crit")
    scored: Counter[tuple[int, int]] = Counter()
    for first in itertools.product(ATTACK, repeat=3):
        kept = [face for face in first if face in carried]
        for again in itertools.product(ATTACK, repeat=3 - len(kept)):
            final = kept + list(again)
            hits = final.count("hit") + focus * final.count("focus")
            scored[hits, final.count("crit")] += Fraction(1, 8) ** (3 + len(again))
    expected: Counter[str] = Counter()
    for ((hits, crits), p), (evaded, q) in itertools.product(scored.items(), evades(3).items()):
        cancelled = min(evaded, hits)
        left = [
            f"{name} {n}"
            for name, n in (("hit", hits - cancelled), ("crit", max(crits - (evaded - cancelled), 0)))
            if n
        ]
        expected[", ".join(left) or "nothing"] += p * q
    told = " --when attacker:focus" if focus else ""
    outcomes = run_json(f"odds {XWING} --attacker x-wing --defender tie --when attacker:lock{told}")["outcomes"]
    assert {o["attacker_scores"]: Fraction(o["probability"]) for o in outcomes} == dict(expected)
