"""A roll chain as a stage of attacks written as stages: it tells the ruling
its own way, through a door of its own (`record`), and changes nothing at the dice."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.stages.added import Added, Told, unchanged
from referee.stages.chain import ODDS_KEYS, Telling


def _ruler(rules: Any, name: str, attack: Any, battle: Any) -> Callable[..., Any]:
    from referee.stages.chain.resolver import prepare

    return prepare(rules, name, attack, battle)


STAGE = Added(
    key="chain",
    grammar=Telling,
    at="dice",
    run=unchanged,
    reads=lambda at: (),
    tells=Told("chain", ODDS_KEYS, _ruler, door="referee.stages.chain.record"),
    doc="the attack told as a roll chain: one unit against one, each step its own die against its own number",
)
