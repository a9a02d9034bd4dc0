"""A roll that voids itself as a stage of attacks written as stages: a list
under `void`, each entry looking at one side's symbols once its faces are read."""

from __future__ import annotations

from referee.stages.added import Added
from referee.stages.void import Void, voided

STAGE = Added(
    key="void",
    grammar=Void,
    at="symbols",
    run=voided,
    listed=True,
    reads=lambda at: at.battle.range,
    distance=True,
    doc="what voids one side's whole roll: a symbol on any die (a miss), or a sum short of the distance told",
)
