"""`odds --json` names the attack it answered, as `battle --json` does: a
table reading the numbers can tell a heavy weapon's odds from a trooper's;
and so does a chart, of whole fights or of hit checks."""

from __future__ import annotations

import pytest
from conftest import run_json


@pytest.mark.parametrize(
    ("asked", "attack"),
    [
        ("odds groundforce --attacker heavy --defender trooper", "heavy"),
        ("odds groundforce --attacker '2 trooper' --defender trooper", "normal"),
        ("odds risk --attacker 3 --defender 2", "attack"),
        ("odds risk --attacker 5 --defender 3 --until conquest", "attack"),
        ("odds diceland --attacker 3 --defender 2", "attack"),
        (
            "odds docs/examples/ti4.yaml --attacker '2 destroyer' --defender '3 fighter' --attack anti-fighter-barrage",
            "anti-fighter-barrage",
        ),
    ],
)
def test_odds_in_json_name_the_attack_as_the_ruling_does(asked: str, attack: str) -> None:
    assert run_json(f"{asked} --json")["attack"] == attack
    if "--until" not in asked and "diceland" not in asked:
        ruled = run_json(f"{asked.replace('odds', 'battle', 1)} --seed 1 --no-journal --json")
        assert ruled["attack"] == attack


CHARTS = {  # a chart asked, and the attack it charts
    "odds risk --table 3": "attack",
    "odds docs/examples/stronghold.yaml --table 2": "attack",
    "odds trueforces --attack melee": "melee",
    "odds docs/examples/fifth.yaml --attack longsword": "longsword",
}


@pytest.mark.parametrize("asked", CHARTS)
def test_a_chart_in_json_names_the_attack_it_charts(asked: str) -> None:
    assert run_json(f"{asked} --json")["attack"] == CHARTS[asked]
