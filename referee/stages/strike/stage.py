"""A hit check as a stage of attacks written as stages: it tells the ruling
its own way, through a door of its own (`record`), and changes nothing at the dice."""

from __future__ import annotations

from referee.stages.added import Added, Told, prepared_in, unchanged
from referee.stages.strike import ODDS_KEYS, Telling

STAGE = Added(
    key="strike",
    grammar=Telling,
    at="dice",
    run=unchanged,
    reads=lambda at: (),
    tells=Told("strike", ODDS_KEYS, prepared_in("referee.stages.strike.resolver"), door="referee.stages.strike.record"),
    doc="the attack told as a hit check: a value against a value ('referee hit'), its attack types and actions",
)
