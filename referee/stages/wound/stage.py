"""A wound roll against a value as a stage of attacks written as stages: a
hit check rolls it after a hit (`wound.wounded`); at the dice it changes nothing."""

from __future__ import annotations

from referee.stages.added import Added, unchanged
from referee.stages.wound import WoundRoll

STAGE = Added(
    key="wound",
    grammar=WoundRoll,
    at="dice",
    run=unchanged,
    reads=lambda at: (),
    doc="the roll after a hit against the target's unmodified value: out of action, or more wounds",
)
