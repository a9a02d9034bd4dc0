"""Cover dice as a stage of attacks written as stages: at the dice, once the
roll stage counted them, a side with a full front and units waiting rolls more."""

from __future__ import annotations

from referee.rulings.ruling import SIDES, Side, Step
from referee.stages.added import Added, At
from referee.stages.cover import Cover


def _covered(at: At, rolls: dict[Side, int]) -> tuple[dict[Side, int], list[Step]]:
    section: Cover = at.section
    return section.covered(at.battle, rolls, at.rule)


STAGE = Added(
    key="cover",
    grammar=Cover,
    at="dice",
    run=_covered,
    reads=lambda at: tuple(bool(at.section.waiting(at.battle, side)) for side in SIDES),
    doc="cover dice: a side with a full front and any unit waiting behind it rolls more",
)
