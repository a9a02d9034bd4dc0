"""An attack made alone as a stage of attacks written as stages. Its work
is the door's, before any die (`added.made_alone`): at the dice it changes
nothing."""

from __future__ import annotations

from referee.rulings.ruling import Side, Step
from referee.stages.added import Added, At
from referee.stages.alone import Alone


def unchanged(at: At, dice: dict[Side, int]) -> tuple[dict[Side, int], list[Step]]:
    """The dice as counted: a battle that reaches the dice has one attacking unit."""
    return dice, []


STAGE = Added(
    key="alone",
    grammar=Alone,
    at="dice",
    run=unchanged,
    reads=lambda at: (),
    doc="the attack is made by one unit alone: the door refuses any other joining it",
)
