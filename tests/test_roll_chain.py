"""A chain of target-number rolls (docs/examples/gauntlet.yaml): to hit on the
shooter's skill, to wound from strength against toughness, then the target's
save, each step named by the file. Rulings and odds against a brute-force
enumeration written here, never the resolver."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
import yaml

from referee.chance.dice import Die, exact_throws
from referee.rulings.procedure import DiceNeed, dice_of, joined
from tests.conftest import fails, run, run_json

GAUNTLET = Path(__file__).resolve().parent.parent / "docs" / "examples" / "gauntlet.yaml"
STATS = {
    "trooper": {"skill": 4, "strength": 3, "toughness": 3, "save": 5},
    "veteran": {"skill": 3, "strength": 4, "toughness": 4, "save": 3},
    "brute": {"skill": 5, "strength": 5, "toughness": 6, "save": 7},
    "runt": {"skill": 5, "strength": 2, "toughness": 2, "save": 6},
}


def to_wound(strength: int, toughness: int) -> int:
    """The rulebook's chart (GT-3), written out."""
    gap = toughness - strength
    return 2 if gap <= -2 else {-1: 3, 0: 4, 1: 5, 2: 6, 3: 6}.get(gap, 7)


def chain(shooter: str, target: str) -> dict[tuple[str | None, str | None], Fraction]:
    """(step that stopped the chain, result) over every ordered roll of the three dice."""
    me, them = STATS[shooter], STATS[target]
    counts: Counter[tuple[str | None, str | None]] = Counter()
    for hit, wound, save in itertools.product(range(1, 7), repeat=3):
        if hit < me["skill"]:
            counts["to hit", None] += 1
        elif wound < to_wound(me["strength"], them["toughness"]):
            counts["to wound", None] += 1
        elif save >= them["save"]:
            counts["armour save", None] += 1
        else:
            counts[None, "one unsaved wound"] += 1
    return {k: Fraction(v, 6**3) for k, v in counts.items()}


@pytest.mark.parametrize("shooter", list(STATS))
@pytest.mark.parametrize("target", list(STATS))
def test_odds_equal_brute_force(shooter: str, target: str) -> None:
    outcomes = run_json(f"odds {GAUNTLET} --attacker {shooter} --defender {target}")["outcomes"]
    odds = {(o["stopped_at"], o["result"]): Fraction(o["probability"]) for o in outcomes}
    assert odds == chain(shooter, target)


def test_a_typed_chain_names_each_step() -> None:
    ruling = run_json(f"battle {GAUNTLET} --attacker veteran --defender trooper --attacker-roll 3,4 --defender-roll 2")
    assert [(s["name"], s["needed"], s["roll"], s["passed"]) for s in ruling["steps"]] == [
        ("to hit", 3, 3, True),
        ("to wound", 3, 4, True),
        ("armour save", 5, 2, False),
    ]
    assert (ruling["stopped_at"], ruling["result"]) == (None, "one unsaved wound")
    out = run(f"battle {GAUNTLET} --attacker veteran --defender trooper --attacker-roll 3,4 --defender-roll 2").stdout
    assert "to wound: toughness 3 against strength 4 (difference -1), needs 3+" in out
    assert "Result: one unsaved wound." in out


def test_the_attackers_dice_are_read_in_step_order() -> None:
    """4 then 1 hits and fails to wound; 1 then 4 misses."""
    told = f"battle {GAUNTLET} --attacker trooper --defender trooper --defender-roll 6"
    assert run_json(f"{told} --attacker-roll 4,1")["stopped_at"] == "to wound"
    missed = run_json(f"{told} --attacker-roll 1,4")
    assert missed["stopped_at"] == "to hit"
    assert [s["roll"] for s in missed["steps"]] == [1, None, None]


def test_a_save_above_the_die_never_saves() -> None:
    ruling = run_json(f"battle {GAUNTLET} --attacker trooper --defender brute --attacker-roll 6,6 --defender-roll 6")
    assert ruling["result"] == "one unsaved wound"
    assert "needs 7+, which no face shows" in ruling["explanation"][2]["text"]


def test_one_unit_a_side_with_stats() -> None:
    assert "name one unit for the attacker" in fails(f"battle {GAUNTLET} --attacker '2 troopers' --defender brute")


def edited(tmp_path: Path, step: dict[str, object]) -> Path:
    data = yaml.safe_load(GAUNTLET.read_text())
    data["attacks"]["shoot"]["chain"]["steps"][0].update(step)
    path = tmp_path / "gauntlet.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return path


def test_each_step_takes_its_number_from_one_known_place(tmp_path: Path) -> None:
    assert "takes its number from one 'stat' or one 'table'" in fails(
        f"validate {edited(tmp_path, {'table': 'wound'})}"
    )
    assert "steps[0].stat" in fails(f"validate {edited(tmp_path, {'stat': 'skil'})}")


def test_dice_read_each_for_its_own_step_count_every_order() -> None:
    d3 = Die("d3", (1, 2, 3))
    need = {"x": DiceNeed(d3, 2, "X-1", runs=((d3, 1), (d3, 1)))}
    throws = [(joined(need, parts), p) for parts, p in exact_throws(dice_of(need))]
    assert sorted(faces["x"] for faces, _ in throws) == sorted(itertools.product((1, 2, 3), repeat=2))
    assert sum(p for _, p in throws) == 1
