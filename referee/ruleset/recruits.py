"""Optional sections of a ruleset for recruiting a count of units from what a
player holds, and for works paid for with a currency the player counts
(Frontline Risk). Apart from `economy`, so a game without them never builds
their classes."""

from __future__ import annotations

from collections.abc import Mapping

from referee.core.records import section
from referee.ruleset.spec import EMPTY, RULE, Boolean, Integer, Record, Seq, Table, Text, field


@section
class Bonus:
    """Units a player recruits for something named (a continent held, a reward)."""

    name: str = field(Text(), "its key in the table", key=True)
    units: int = field(Integer(minimum=0), "units it gives")
    label: str = field(Text(), "how it is written out ('South America'), if not its key", "")
    aliases: tuple[str, ...] = field(Seq(Text()), "other words for it, any language", ())
    rule: str = field(RULE, "the rule that grants it")
    most: int = field(Integer(minimum=1), "how many of it one player may hold at once, each counted", 1)


@section
class Placed:
    """A unit that can only be formed where the file says, from pieces left in the box."""

    unit: str = field(Text(), "the unit (a key of 'units')")
    box: str = field(
        Text(), "the option that counts its pieces left in the box (when a player leaves that option out: no limit)"
    )
    sites: str = field(Text(), "the option that counts the places that can take it")
    default_sites: tuple[str, ...] = field(
        Seq(Text()), "held things (keys of 'per') that are such places when the sites are not given", ()
    )
    rule: str = field(RULE, "the rule for where it goes")


@section
class Trades:
    """Sets of cards traded in for units, worth more the more sets the game has seen."""

    option: str = field(Text(), "the option that says which set of the game this is, 1 for the first")
    values: tuple[int, ...] = field(Seq(Integer(minimum=0), min_items=1), "units for the first set, the second…")
    then: int = field(Integer(minimum=0), "units added for each set after the listed ones", 0)
    rule: str = field(RULE, "the rule for trading sets in")

    def worth(self, number: int) -> int:
        """Units for the set with this number (1 for the game's first)."""
        extra = number - len(self.values)
        return self.values[number - 1] if extra <= 0 else self.values[-1] + self.then * extra


@section
class Change:
    """Units a player turns into others in the recruit phase (merging, disbanding)."""

    name: str = field(Text(), "its key in the table", key=True)
    takes: Mapping[str, int] = field(Table(Integer(minimum=1), min_items=1), "the units it uses up, by unit")
    gives: Mapping[str, int] = field(Table(Integer(minimum=1), min_items=1), "the units it forms, by unit")
    on_site: bool = field(Boolean(), "true if only a territory with a site may do it (see 'site')", False)
    aliases: tuple[str, ...] = field(Seq(Text()), "other words for it, any language", ())
    rule: str = field(RULE, "the rule that allows it")


@section
class Recruiting:
    """Recruiting units: a count from what a player holds and the bonuses that
    apply, then every way to take that count as the units' costs allow."""

    per: Mapping[str, int] = field(Table(Integer(minimum=0)), "units for each thing held, by option name", EMPTY)
    every: Mapping[str, int] = field(
        Table(Integer(minimum=1)),
        "one unit for every so many of a thing held, rounded down, by option name (territories: 3)",
        EMPTY,
    )
    at_least: int = field(Integer(minimum=0), "the fewest units the things held give, before bonuses", 0)
    rule: str = field(RULE, "the rule for the count")
    continents: Mapping[str, Bonus] = field(Table(Record(Bonus)), "bonus for each continent held", EMPTY)
    rewards: Mapping[str, Bonus] = field(Table(Record(Bonus)), "bonus for each reward held", EMPTY)
    trades: Trades | None = field(Record(Trades), "card sets traded in for units", None)
    cost_rule: str = field(RULE, "the rule that sets what each unit costs")
    placed: tuple[Placed, ...] = field(Seq(Record(Placed)), "units that need a place or a piece", ())
    changes: Mapping[str, Change] = field(
        Table(Record(Change)), "units turned into others on one territory in the recruit phase", EMPTY
    )
    site: str = field(Text(), "what a territory needs for a change that is on_site, in a few words", "")
    repair_rule: str = field(
        RULE, "if set, the rule by which every worn unit returns to its first state in the recruit phase", ""
    )


@section
class Work:
    """Something a player builds or does for a price."""

    name: str = field(Text(), "its key in the table", key=True)
    label: str = field(Text(), "how it is written out")
    cost: int = field(Integer(minimum=0), "what it costs")
    aliases: tuple[str, ...] = field(Seq(Text()), "other words for it, any language", ())
    rule: str = field(RULE, "the rule that sets it")


@section
class Building:
    """Building paid with one currency the player counts."""

    pays_with: str = field(Text(), "the option that counts what the player may pay with")
    text: str = field(Text(), "what that currency is, in a sentence")
    works: Mapping[str, Work] = field(Table(Record(Work), min_items=1), "what can be built")
