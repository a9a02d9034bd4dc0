"""Sets as a stage of attacks written as stages: a list under `sets`, each
entry looking at one side's symbols once its faces are read."""

from __future__ import annotations

from referee.stages.added import Added
from referee.stages.sets import Sets, sets

STAGE = Added(
    key="sets",
    grammar=Sets,
    at="symbols",
    run=sets,
    listed=True,
    reads=lambda at: (),
    doc="so many of one side's dice alike score points (three 2s score 2, each more 2 one more)",
)
