"""The optional section of a ruleset for buying new units with points,
spending as much as the free places allow (Ground Force)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from referee.ruleset.spec import EMPTY, RULE, Integer, Record, Table, field


@dataclass(frozen=True, kw_only=True, eq=False)
class Income:
    """Points a player receives: a base plus points per thing held."""

    base: int = field(Integer(minimum=0), "points every time")
    per: Mapping[str, int] = field(Table(Integer(minimum=0)), "points for each thing held, by name", EMPTY)
    rule: str = field(RULE, "the rule for income")


@dataclass(frozen=True, kw_only=True, eq=False)
class Reinforcements:
    """Buying new units with points, spending as much as the free places allow."""

    income: Income = field(Record(Income), "how many points a player gets")
    places: int = field(Integer(minimum=1, maximum=100), "places for new units when none are taken")
    places_rule: str = field(RULE, "the rule for where new units go")
    cost_rule: str = field(RULE, "the rule that sets the costs")
    rule: str = field(RULE, "the rule for which purchases are legal")
