"""A roll chain as a stage of attacks written as stages: it tells the ruling
its own way, through a door of its own (`record`), and changes nothing at the dice."""

from __future__ import annotations

from referee.stages.added import Added, Told, prepared_in, unchanged
from referee.stages.chain import ODDS_KEYS, Telling

STAGE = Added(
    key="chain",
    grammar=Telling,
    at="dice",
    run=unchanged,
    reads=lambda at: (),
    tells=Told("chain", ODDS_KEYS, prepared_in("referee.stages.chain.resolver"), door="referee.stages.chain.record"),
    doc="the attack told as a roll chain: one unit against one, each step its own die against its own number",
)
