"""The exchange as a stage of attacks written as stages: it tells the
ruling its own way (`Told`), and changes nothing at the dice."""

from __future__ import annotations

from referee.stages import exchange
from referee.stages.added import Added, Told, unchanged

STAGE = Added(
    key="exchange",
    grammar=exchange.Telling,
    at="dice",
    run=unchanged,
    reads=lambda at: (),
    tells=Told(exchange.KIND, exchange.ODDS_KEYS, exchange.ruler),
    doc="the attack told as an exchange: both sides' dice and hits said together, the units the loser may remove",
)
