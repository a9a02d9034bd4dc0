"""The bonus by rank as a stage of attacks written as stages: a comparison
by ranked pairs adds it to each side's paired dice (`Bonus.ranks`); at the
dice it changes nothing."""

from __future__ import annotations

from typing import Any

from referee.rulings.ruling import Step
from referee.stages.added import Added, At
from referee.stages.bonus import Bonus


def _as_counted(at: At, value: Any) -> tuple[Any, list[Step]]:
    return value, []


STAGE = Added(
    key="bonus",
    grammar=Bonus,
    at="dice",
    run=_as_counted,
    reads=lambda at: at.section.reads(at.battle),
    doc="a bonus to a side's paired dice by rank: by the units it fights with, and on its highest die by situation",
)
