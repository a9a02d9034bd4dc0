"""Dice alike as a stage of attacks written as stages: a list under `alike`,
each entry looking at one side's symbols once its faces are read."""

from __future__ import annotations

from referee.stages.added import Added
from referee.stages.alike import Alike, alike

STAGE = Added(
    key="alike",
    grammar=Alike,
    at="symbols",
    run=alike,
    listed=True,
    reads=lambda at: (),
    doc="so many of one side's dice alike give it a symbol of its own (a double jams the weapon)",
)
