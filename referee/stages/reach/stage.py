"""Reach as a stage of attacks written as stages: at the dice, a distance
told is checked against the file's `reach` before anything is rolled."""

from __future__ import annotations

from referee.rulings.ruling import Side, Step
from referee.stages.added import Added, At
from referee.stages.reach import Reach, reached


def attack_of(at: At) -> str:
    """The attack whose section this is (the stage is given its section, not its attack)."""
    return next(name for name, attack in at.rules.attacks.items() if at.section in attack.added.values())


def checked(at: At, dice: dict[Side, int]) -> tuple[dict[Side, int], list[Step]]:
    """The dice as counted, once the distance told is within reach."""
    name = attack_of(at)
    return dice, reached(at.rules, at.section, at.battle, name, at.rules.attacks[name].label, at.rule)


STAGE = Added(
    key="reach",
    grammar=Reach,
    at="dice",
    run=checked,
    reads=lambda at: at.battle.range,
    distance=True,
    doc="how far the target may be, in the game's steps: a distance told beyond it is refused",
)
