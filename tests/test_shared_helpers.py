"""The small helpers the procedures share: the other side, the rule a step
cites, the dice a ruling needs as the exact enumeration takes them, a count
with its word."""

from __future__ import annotations

from dataclasses import dataclass

from referee.chance.dice import Die, Run, throw_count
from referee.rulings.procedure import DiceNeed, cite, dice_of, joined
from referee.rulings.ruling import other
from referee.words.names import plural


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


def test_dice_of_gives_each_groups_dice_by_kind_and_joined_reads_them_back() -> None:
    d6, d8 = Die("d6", (1, 2, 3, 4, 5, 6)), Die("d8", tuple(range(1, 9)))
    needs = {"attacker": DiceNeed(d6, 3, "X-1", mix=((d6, 2), (d8, 1))), "defender": DiceNeed(d6, 2, "X-2")}
    assert dice_of(needs) == {("attacker", 0): Run(d6, 2), ("attacker", 1): Run(d8, 1), ("defender", 0): Run(d6, 2)}
    assert throw_count(dice_of(needs)) == 21 * 8 * 21
    parts = {("attacker", 0): (5, 2), ("attacker", 1): (7,), ("defender", 0): (4, 4)}
    assert joined(needs, parts) == {"attacker": (5, 2, 7), "defender": (4, 4)}


def test_plural() -> None:
    assert [plural(n, "pip") for n in (0, 1, 2)] == ["0 pips", "1 pip", "2 pips"]
    assert plural(1, "free place") == "1 free place"
