"""The small helpers the procedures share: the other side, the rule a step
cites, the dice a ruling needs as the exact enumeration takes them, a count
with its word."""

from __future__ import annotations

from dataclasses import dataclass

from referee.dice import Die, throw_count
from referee.names import plural
from referee.procedures.base import DiceNeed, cite, dice_of
from referee.ruling import other


@dataclass(frozen=True)
class _Cite:
    sort: str = "RK-B3"
    losses: str = ""


@dataclass(frozen=True)
class _Params:
    rule: str = "RK-B1"
    cite: _Cite = _Cite()


def test_other_side() -> None:
    assert other("attacker") == "defender" and other("defender") == "attacker"


def test_a_step_cites_its_own_rule_else_the_attacks() -> None:
    assert cite(_Params(), "sort") == "RK-B3"
    assert cite(_Params(), "losses") == "RK-B1"


def test_dice_of_gives_each_groups_die_and_count() -> None:
    d6 = Die("d6", (1, 2, 3, 4, 5, 6))
    needs = {"attacker": DiceNeed(d6, 3, "X-1"), "defender": DiceNeed(d6, 2, "X-2")}
    assert dice_of(needs) == {"attacker": (d6, 3), "defender": (d6, 2)}
    assert throw_count(dice_of(needs)) == 56 * 21


def test_plural() -> None:
    assert [plural(n, "pip") for n in (0, 1, 2)] == ["0 pips", "1 pip", "2 pips"]
    assert plural(1, "free place") == "1 free place"
