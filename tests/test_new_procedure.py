"""The door holds: a procedure written here and registered is ruled
through the same loader, settle, odds and CLI as the shipped ones, touching
no file of the referee. It is "highest die": each side rolls one die per
unit, the highest single die wins (the defender wins ties), and the loser
removes one unit; its rulings are of the kind "exchange", so the battle
report of Ground Force prints them."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import ClassVar

import pytest
from conftest import fails, run_json

from referee.chance.dice import pips
from referee.outcomes import Exchange, ExchangeSide
from referee.procedures import told
from referee.ruleset import registry
from referee.ruleset.crosscheck import Fail
from referee.ruleset.model import Ruleset
from referee.ruleset.spec import RULE, Text, field
from referee.rulings.battle import Battle, Throw
from referee.rulings.procedure import DiceNeed, Procedure, size
from referee.rulings.ruling import SIDES, Ruling, Side, step

NAME = "highest-die"


@dataclass(frozen=True, kw_only=True, eq=False)
class HighestDie:
    """The grammar: what an attack of this procedure may say in a file."""

    procedure: str = field(Text(choices=(NAME,)), NAME)
    rule: str = field(RULE, "the rule that defines this attack")
    label: str = field(Text(), "the attack's name as printed")
    die: str = field(Text(), "the die both sides roll (a key of 'dice'); its faces must be numbers")

    units_refused: ClassVar[str] = ""
    reads_situation: ClassVar[frozenset[str]] = frozenset()

    def cross_check(self, rules: Ruleset, path: str, fail: Fail) -> None:
        if not all(isinstance(face, int) for face in rules.dice[self.die].faces):
            raise fail(f"{path}.die", "the highest die needs numbered faces")


def dice_needed(rules: Ruleset, params: HighestDie, battle: Battle) -> dict[str, DiceNeed]:
    die = rules.dice[params.die].die
    return {side: DiceNeed(die, size(battle.side(side)), params.rule) for side in SIDES}


def prepare(rules: Ruleset, name: str, params: HighestDie, battle: Battle) -> Callable[[Throw], Ruling]:
    def rule_on(throw: Throw) -> Ruling:
        best = {side: max(pips(throw[side])) for side in SIDES}
        winner = Side.ATTACKER if best[Side.ATTACKER] > best[Side.DEFENDER] else Side.DEFENDER
        loser = winner.other
        unit = battle.side(loser)[0][0]
        loses = {side: int(side == loser) for side in SIDES}
        sides = {
            side: ExchangeSide(
                units=dict(battle.side(side)),
                rolled=list(throw[side]),
                hits=int(side == winner),
                loses=loses[side],
                removal_options=[{unit: 1}] if side == loser else [],
            )
            for side in SIDES
        }
        said = step(
            params.rule,
            "duel.highest",
            "highest dice {attacker} against {defender}: the {winner} wins",
            attacker=best[Side.ATTACKER],
            defender=best[Side.DEFENDER],
            winner=winner,
        )
        outcome = Exchange(
            ruleset=rules.name,
            attack=name,
            winner=winner,
            attacker=sides[Side.ATTACKER],
            defender=sides[Side.DEFENDER],
            attacker_loses=loses[Side.ATTACKER],
            defender_loses=loses[Side.DEFENDER],
        )
        return Ruling(outcome, (said,))

    return rule_on


PROCEDURE = Procedure(
    name=NAME,
    situation=Battle,
    grammar=HighestDie,
    read=told.read_battle,
    reads=told.UNIT_WORDS,
    typed=told.ROLLS,
    dice_needed=dice_needed,
    prepare=prepare,
    odds_keys=("winner", "attacker_loses", "defender_loses"),
    report="exchange",
)

RULESET = f"""\
format: 1
name: duel
title: Duel
source: a test of the door
rules:
  HD-1: Each side rolls one die per unit; the highest die wins, the defender wins ties.
dice:
  d6: {{faces: [1, 2, 3, 4, 5, 6]}}
units:
  fighter: {{}}
attacks:
  duel: {{procedure: {NAME}, rule: HD-1, label: duel, die: d6}}
"""


@pytest.fixture
def duel(tmp_path: Path) -> Iterator[Path]:
    registry.register(PROCEDURE)
    path = tmp_path / "duel.yaml"
    path.write_text(RULESET, encoding="utf-8")
    yield path
    registry.unregister(NAME)


def test_a_registered_procedure_rules_through_the_battle_command(duel: Path) -> None:
    ruling = run_json(f"battle {duel} --attacker '2 fighter' --defender fighter --attacker-roll 2,6 --defender-roll 6")
    assert ruling["winner"] == "defender"
    assert (ruling["attacker_loses"], ruling["defender_loses"]) == (1, 0)
    assert ruling["explanation"] == [
        {
            "rule": "HD-1",
            "text": "highest dice 6 against 6: the defender wins",
            "message": "duel.highest",
            "values": {"attacker": 6, "defender": 6, "winner": "defender"},
        }
    ]


def test_its_odds_are_the_brute_force_sum(duel: Path) -> None:
    outcomes = run_json(f"odds {duel} --attacker '2 fighter' --defender fighter")["outcomes"]
    wins = Fraction(0)
    for a1, a2, d in itertools.product(range(1, 7), repeat=3):
        wins += Fraction(1, 216) * (max(a1, a2) > d)
    by_winner = {o["winner"]: Fraction(o["probability"]) for o in outcomes}
    assert by_winner == {"attacker": wins, "defender": 1 - wins}


def test_its_grammar_and_cross_checks_hold(duel: Path) -> None:
    duel.write_text(RULESET.replace("label: duel, die: d6", "label: duel, die: d6, reach: 2"), encoding="utf-8")
    assert "reach" in fails(f"battle {duel} --attacker fighter --defender fighter")
    duel.write_text(RULESET.replace("[1, 2, 3, 4, 5, 6]", "[one, two]"), encoding="utf-8")
    assert "the highest die needs numbered faces" in fails(f"battle {duel} --attacker fighter --defender fighter")


def test_an_unregistered_procedure_is_an_unknown_name(tmp_path: Path) -> None:
    path = tmp_path / "duel.yaml"
    path.write_text(RULESET, encoding="utf-8")
    assert f"unknown procedure '{NAME}'" in fails(f"validate {path}")
