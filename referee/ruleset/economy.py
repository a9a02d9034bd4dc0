"""The optional section of a ruleset for buying new units with points:
spending as much as the free places allow (Ground Force), or any army list
within a budget, with limits per unit."""

from __future__ import annotations

from collections.abc import Mapping

from referee.core.records import section
from referee.ruleset.spec import EMPTY, RULE, Integer, Record, Table, Text, field


@section
class Income:
    """Points a player receives: a base plus points per thing held."""

    base: int = field(Integer(minimum=0), "points every time")
    per: Mapping[str, int] = field(Table(Integer(minimum=0)), "points for each thing held, by name", EMPTY)
    rule: str = field(RULE, "the rule for income")


@section
class Limit:
    """How many of one unit a purchase may hold (0-1 leader, at most 3 heavy weapons)."""

    min: int = field(Integer(minimum=0), "the fewest; 0: the unit may be left out", 0)
    max: int = field(Integer(minimum=0), "the most")
    rule: str = field(RULE, "the rule that sets the limit")


SPEND = ("all-possible", "at-most")
UNSPENT = ("lost", "kept")


@section
class Reinforcements:
    """Buying new units with points: every purchase the rules allow."""

    income: Income = field(Record(Income), "how many points a player gets (an army list: its budget as base)")
    places: int | None = field(
        Integer(minimum=1, maximum=100),
        "places for new units when none are taken; left out: no limit but the points (an army list)",
        None,
    )
    places_rule: str = field(RULE, "the rule for where new units go (needed with places)", "")
    cost_rule: str = field(RULE, "the rule that sets the costs")
    rule: str = field(RULE, "the rule for which purchases are legal")
    spend: str = field(
        Text(choices=SPEND),
        "all-possible: a purchase must spend the most that fits, and what cannot be spent is lost; "
        "at-most: any purchase within the points is legal (an army list)",
        SPEND[0],
    )
    unspent: str = field(
        Text(choices=UNSPENT),
        "what happens to points a purchase leaves unspent: lost, or kept for a later purchase",
        UNSPENT[0],
    )
    limits: Mapping[str, Limit] = field(
        Table(Record(Limit)), "how many of a unit one purchase may hold, by unit (a key of 'units')", EMPTY
    )
