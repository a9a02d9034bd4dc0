"""Opposed symbol pools (docs/examples/valour.yaml): skulls against shields,
every skull beyond the shields a wound however few dice the defender rolled.
Rulings and odds against a brute-force enumeration written here, never the resolver."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
import yaml

from tests.conftest import PRESETS, fails, run, run_json

VALOUR = Path(__file__).resolve().parent.parent / "docs" / "examples" / "valour.yaml"
COMBAT = ("skull", "skull", "skull", "shield", "shield", "blank")
ATTACK = {"knight": 3, "archer": 2, "troll": 4}
DEFENCE = {"knight": 4, "archer": 2, "troll": 1}


def wounds(attacker: str, defender: str) -> dict[int, Fraction]:
    """Wounds over every ordered throw of both pools."""
    counts: Counter[int] = Counter()
    for a in itertools.product(COMBAT, repeat=ATTACK[attacker]):
        for d in itertools.product(COMBAT, repeat=DEFENCE[defender]):
            counts[max(0, a.count("skull") - d.count("shield"))] += 1
    total = len(COMBAT) ** (ATTACK[attacker] + DEFENCE[defender])
    return {k: Fraction(v, total) for k, v in counts.items()}


@pytest.mark.parametrize(("attacker", "defender"), [("troll", "troll"), ("knight", "knight"), ("archer", "troll")])
def test_odds_of_wounds_equal_brute_force(attacker: str, defender: str) -> None:
    outcomes = run_json(f"odds {VALOUR} --attacker {attacker} --defender {defender}")["outcomes"]
    assert all(o["attacker_loses"] == 0 for o in outcomes)
    counted: Counter[int] = Counter()
    for o in outcomes:
        counted[o["defender_loses"]] += Fraction(o["probability"])
    assert dict(counted) == wounds(attacker, defender)


def test_wounds_are_not_capped_by_the_defence_dice() -> None:
    """A troll defends with one die: four skulls against a blank are four wounds."""
    ruling = run_json(
        f"battle {VALOUR} --attacker troll --defender troll "
        "--attacker-roll skulls,skull,skull,skull --defender-roll blank"
    )
    assert (ruling["winner"], ruling["defender_loses"], ruling["defender"]["removal_options"]) == ("attacker", 4, [])
    assert ruling["explanation"][0]["text"] == (
        "the attacker rolls 4 dice (4 per troll); the defender rolls 1 die (1 per troll)"
    )


def test_shields_beyond_the_skulls_do_nothing() -> None:
    ruling = run_json(
        f"battle {VALOUR} --attacker archer --defender knight --attacker-roll skull,blank "
        "--defender-roll shield,shield,blank,blank"
    )
    assert (ruling["attacker_loses"], ruling["defender_loses"]) == (0, 0)


def test_the_report_says_wounds() -> None:
    out = run(
        f"battle {VALOUR} --attacker troll --defender archer --attacker-roll skull,skull,skull,blank "
        "--defender-roll shield,blank"
    ).stdout
    assert "The attacker wins by 2. The defender takes 2 wounds." in out


def test_one_figure_a_side_and_each_pool_its_size() -> None:
    assert "at most 1 can take part" in fails(f"battle {VALOUR} --attacker '2 knights' --defender troll")
    assert "the defender rolls 4 dice here" in fails(
        f"battle {VALOUR} --attacker troll --defender knight --defender-roll shield"
    )


def edited(tmp_path: Path, change: dict[str, object]) -> Path:
    """Valour as the symbol-hits preset writes it, its defender changed: the preset's own grammar checked."""
    data = yaml.safe_load((PRESETS / "valour.yaml").read_text())
    data["attacks"]["strike"]["defender"].update(change)
    path = tmp_path / "valour.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return path


def test_dice_by_unit_need_per_unit_dice_and_known_units(tmp_path: Path) -> None:
    refused = fails(f"validate {edited(tmp_path, {'dice': 2})}")
    assert "values are read only by: value or compare, not by: fixed" in refused
    unknown = fails(f"validate {edited(tmp_path, {'unit_dice': {'knigt': 4}})}")
    assert "'knigt'" in unknown and "knight" in unknown
