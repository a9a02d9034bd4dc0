"""Agreed modifiers as a stage of attacks written as stages: a hit check
reads them as it finds the number needed (`agreed.applied`); at the dice
they change nothing."""

from __future__ import annotations

from referee.stages.added import Added, unchanged
from referee.stages.agreed import Agreed

STAGE = Added(
    key="agreed",
    grammar=Agreed,
    at="dice",
    run=unchanged,
    reads=lambda at: (),
    doc="named modifiers a table declares, and changes agreed on the spot, to the values, the number or the wound roll",
)
