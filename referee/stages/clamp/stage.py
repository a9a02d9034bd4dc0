"""The clamp of the number needed as a stage of attacks written as stages:
a telling that rolls against a number holds it (`clamp.bounded`); at the
dice it changes nothing."""

from __future__ import annotations

from referee.stages.added import Added, unchanged
from referee.stages.clamp import Clamp

STAGE = Added(
    key="clamp",
    grammar=Clamp,
    at="dice",
    run=unchanged,
    reads=lambda at: (),
    doc="the bounds of the number needed once modified, and the faces that decide whatever the number",
)
