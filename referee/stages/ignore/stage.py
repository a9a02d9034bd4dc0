"""Symbols ignored as they are read as a stage of attacks written as stages:
a list under `ignore`, each entry taking the other side's symbols away
before the follow-up rolls (cover before the defence dice)."""

from __future__ import annotations

from referee.stages.added import Added
from referee.stages.ignore import Ignore, ignored

STAGE = Added(
    key="ignore",
    grammar=Ignore,
    at="symbols",
    run=ignored,
    listed=True,
    reads=lambda at: tuple(sorted(at.battle.when)),
    doc="up to so many of the other side's symbols ignored as its dice read them, before the follow-up rolls (cover)",
)
