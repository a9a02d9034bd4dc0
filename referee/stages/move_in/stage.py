"""Moving in as a stage of attacks written as stages: at the end, once
what each side loses is known."""

from __future__ import annotations

from referee.rulings.ruling import Side, Step
from referee.stages.added import Added, At
from referee.stages.move_in import MoveIn, moved

Paid = tuple[dict[Side, int], dict[Side, int]]


def moving(at: At, paid: Paid) -> tuple[Paid, list[Step]]:
    """The losses unchanged, and whether the attackers move in."""
    return paid, moved(at.section, at.battle, paid[0], at.rule)


STAGE = Added(
    key="move_in",
    grammar=MoveIn,
    at="losses",
    run=moving,
    doc="whether the attackers move into a target space emptied of defenders",
)
