"""A number from a table by difference as a stage of attacks written as
stages: a telling that rolls against a number (a hit check, a roll chain)
looks it up (`by_difference.looked_up`); at the dice it changes nothing."""

from __future__ import annotations

from referee.stages.added import Added, unchanged
from referee.stages.by_difference import ByDifference

STAGE = Added(
    key="by_difference",
    grammar=ByDifference,
    at="dice",
    run=unchanged,
    reads=lambda at: (),
    doc="the number needed from rows by the target's value minus the attacker's (a quality table)",
)
