"""An attack made alone as a stage of attacks written as stages. Its work
is the door's, before any die (`added.made_alone`): at the dice it changes
nothing."""

from __future__ import annotations

from referee.stages.added import Added, unchanged
from referee.stages.alone import Alone

STAGE = Added(
    key="alone",
    grammar=Alone,
    at="dice",
    run=unchanged,
    reads=lambda at: (),
    doc="the attack is made by one unit alone: the door refuses any other joining it",
)
