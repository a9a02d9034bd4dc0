"""One attack's odds counted die by die (`staged.counted`), where each die's
part comes through on its own: held to the resolver summed over every throw
for the examples' attacks and a chain of follow-up rolls, and to a brute
force written here (itertools and Fraction) where the dice are too many to
rule every throw: ten models, each with three rolls, count at once."""

from __future__ import annotations

import itertools
from fractions import Fraction
from math import comb
from pathlib import Path

import pytest
from conftest import run_json
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.procedures.door import counted, dice_needed, odds_keys, ruler
from referee.ruleset.load import load_file
from referee.ruleset.model import Ruleset
from referee.rulings.battle import Battle
from referee.settle.odds import tally

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"

CHAIN = """\
format: 1
name: chain
title: Chain
source: a chain of follow-up rolls
rules:
  C-1: "Each model rolls to hit; each hit rolls to wound; each wound is saved or not."
dice:
  d6: {{rule: C-1, faces: [1, 2, 3, 4, 5, 6]}}
units:
  marine: {{plural: marines}}
  ork: {{plural: orks}}
attacks:
  shoot:
    procedure: staged
    rule: C-1
    label: shooting
    attacker: {{die: d6, roll: {{by: units}}, read: {{aim: {{number: {hit}}}}}}}
    defender: {{die: d6}}
    follow:
      steps:
        - {{name: wound, die: d6, aim: {{number: {wound}}}, rule: C-1}}
        - {{name: save, roller: defender, die: d6, aim: {{number: {save}}}, rule: C-1}}
    costs: {{losses: [hit]}}
"""


def chain(tmp_path: Path, hit: int = 3, wound: int = 4, save: int = 5) -> Path:
    path = tmp_path / f"chain-{hit}{wound}{save}.yaml"
    path.write_text(CHAIN.format(hit=hit, wound=wound, save=save), encoding="utf-8")
    return path


def summed(rules: Ruleset, battle: Battle) -> dict[tuple[object, ...], Fraction]:
    """The resolver ruled on every throw, grouped by the odds keys."""
    keys = odds_keys(rules, battle)
    return {
        tuple(o.key[k] for k in keys): o.probability
        for o in tally(dice_needed(rules, battle), keys, ruler(rules, battle))
    }


def die_by_die(rules: Ruleset, battle: Battle) -> dict[tuple[object, ...], Fraction]:
    keys = odds_keys(rules, battle)
    found = counted(rules, battle)
    assert found is not None, "these dice count on their own"
    return {tuple(key[k] for k in keys): Fraction(p) for key, p in found if p}


@settings(max_examples=25, deadline=None)
@given(st.integers(2, 6), st.integers(2, 6), st.integers(2, 6), st.integers(1, 3), st.integers(1, 3))
def test_a_chain_counted_die_by_die_is_the_resolver_summed(
    hit: int, wound: int, save: int, models: int, targets: int
) -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        rules = load_file(chain(Path(folder), hit, wound, save))
    battle = Battle(attacker=(("marine", models),), defender=(("ork", targets),))
    assert die_by_die(rules, battle) == summed(rules, battle)


@pytest.mark.parametrize(
    ("example", "attacker", "defender"),
    [
        (
            "legion.yaml",
            (("stormtrooper", 2), ("dlt-19", 1)),
            (("rebel-trooper", 3),),
        ),  # units' own dice, a save by unit
        ("legion.yaml", (("rebel-trooper", 1), ("at-rt", 1)), (("stormtrooper", 2),)),
    ],
)
def test_the_examples_counted_die_by_die_are_the_resolver_summed(
    tmp_path: Path, example: str, attacker: tuple[tuple[str, int], ...], defender: tuple[tuple[str, int], ...]
) -> None:
    """Legion without its cover (cover takes hits from the whole roll: its dice no longer count on their own)."""
    text = (EXAMPLES / example).read_text(encoding="utf-8")
    path = tmp_path / example
    path.write_text(text.replace("    ignore:\n      - {by: defender, up_to: cover, order: [hit], rule: LG-9}\n", ""))
    rules = load_file(path)
    battle = Battle(attacker=attacker, defender=defender)
    assert die_by_die(rules, battle) == summed(rules, battle)


def test_an_attack_whose_dice_read_more_is_ruled_throw_by_throw() -> None:
    rules = load_file(EXAMPLES / "xwing.yaml")  # evades cancel hits: the dice do not count on their own
    assert counted(rules, Battle(attacker=(("x-wing", 1),), defender=(("tie-fighter", 1),))) is None
    legion = load_file(EXAMPLES / "legion.yaml")  # cover ignores hits of the whole roll
    assert counted(legion, Battle(attacker=(("stormtrooper", 2),), defender=(("rebel-trooper", 1),))) is None


def test_ten_models_with_three_rolls_each_answer_exactly(tmp_path: Path) -> None:
    """Each model comes through with 4/6 x 1/2 x 4/6 = 2/9: the losses are binomial, capped at the ten targets."""
    answer = run_json(f"odds {chain(tmp_path)} --attacker '10 marine' --defender '10 ork'")
    found = {o["defender_loses"]: Fraction(o["probability"]) for o in answer["outcomes"]}
    p = Fraction(2, 9)
    assert found == {k: comb(10, k) * p**k * (1 - p) ** (10 - k) for k in range(11)}
    assert answer["columns"]["defender_loses"]["expected"] == "20/9"


def test_losses_are_capped_where_the_file_gives_the_units_a_strength(tmp_path: Path) -> None:
    """Uncapped, three wounds on one ork are three losses, as a ruling says them; with a strength of 1, one."""
    path = chain(tmp_path, 2, 2, 7)
    p = Fraction(5, 6) * Fraction(5, 6)  # a save of 7 never holds
    brute: dict[int, Fraction] = {}
    for comes in itertools.product([True, False], repeat=3):
        brute[sum(comes)] = brute.get(sum(comes), Fraction(0)) + p ** sum(comes) * (1 - p) ** (3 - sum(comes))
    answer = run_json(f"odds {path} --attacker '3 marine' --defender ork")
    assert {o["defender_loses"]: Fraction(o["probability"]) for o in answer["outcomes"]} == brute
    path.write_text(path.read_text(encoding="utf-8").replace("losses: [hit]", "losses: [hit], strength: {ork: 1}"))
    answer = run_json(f"odds {path} --attacker '3 marine' --defender ork")
    capped = {0: brute[0], 1: 1 - brute[0]}
    assert {o["defender_loses"]: Fraction(o["probability"]) for o in answer["outcomes"]} == capped
