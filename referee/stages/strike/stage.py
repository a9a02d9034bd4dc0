"""A hit check as a stage of attacks written as stages: it tells the ruling
its own way, through a door of its own (`record`), and changes nothing at the dice."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.stages.added import Added, Told, unchanged
from referee.stages.strike import ODDS_KEYS, Telling


def _ruler(rules: Any, name: str, attack: Any, strike: Any) -> Callable[..., Any]:
    from referee.stages.strike.resolver import prepare

    return prepare(rules, name, attack, strike)


STAGE = Added(
    key="strike",
    grammar=Telling,
    at="dice",
    run=unchanged,
    reads=lambda at: (),
    tells=Told("strike", ODDS_KEYS, _ruler, door="referee.stages.strike.record"),
    doc="the attack told as a hit check: a value against a value ('referee hit'), its attack types and actions",
)
