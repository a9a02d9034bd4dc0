"""Simultaneous fire as a stage of attacks written as stages: it tells the
ruling its own way (`Told`), fought in rounds, and changes nothing at the dice."""

from __future__ import annotations

from referee.stages import fire
from referee.stages.added import Added, Told, unchanged

STAGE = Added(
    key="fire",
    grammar=fire.Fire,
    at="dice",
    run=unchanged,
    reads=lambda at: (),
    tells=Told(fire.KIND, fire.ODDS_KEYS, fire.ruler, fought=True),
    doc="both sides fire at once: each unit's dice hit on its number, every hit removes one unit of the other side",
)
