"""A roll chain: the attack told as rolls in a chain, one unit against one
(to hit, to wound, the target's save), each step its own die against its
own number: a stat of the unit that rolls it (the shooter's skill, the
target's save), or a table by difference of two stats (`by_difference`
rows: strength against toughness). The attacker's steps must pass to go
on; a defender's step that passes stops the chain.
Its own messages are in `locale/<lang>.po` beside this file."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from referee.core.records import section
from referee.ruleset.crosscheck import Fail, names_exist
from referee.ruleset.spec import EMPTY, RULE, Integer, Record, Seq, Table, Text, field
from referee.stages import added
from referee.stages.by_difference import ByDifference
from referee.words.language import own_catalogue, pgettext

if TYPE_CHECKING:
    from referee.ruleset.model import Ruleset

own_catalogue(__file__)

ODDS_KEYS = ("stopped_at", "result")  # what tells one chain from another


@section
class ChainStep:
    """One roll of the chain: who rolls it, and where its number comes from."""

    name: str = field(Text(), "the step's name as printed (to hit, to wound, armour save)")
    rule: str = field(RULE, "the rule of this step")
    roller: str = field(
        Text(choices=("attacker", "defender")),
        "who rolls: the attacker's steps must pass to go on, a defender's step that passes stops the chain",
    )
    stat: str = field(Text(), "the roller's stat that is the number needed", "")
    table: str = field(Text(), "or the table (a key of 'tables') that gives the number needed", "")


@section
class Telling:
    """The attack told as a roll chain: each unit's stats, the tables by
    difference of two stats, the steps in order, and what comes of a chain
    that goes the attacker's way."""

    stats: Mapping[str, Mapping[str, int]] = field(
        Table(Table(Integer()), min_items=1), "each unit's stats (a key of 'units'), by name"
    )
    tables: Mapping[str, ByDifference] = field(
        Table(Record(ByDifference)),
        "tables of two stats (by_difference rows, naming the attacker's and the target's stat), by name",
        EMPTY,
    )
    steps: tuple[ChainStep, ...] = field(Seq(Record(ChainStep), min_items=1), "the rolls, in order")
    result: str = field(Text(), "what the chain does when every step goes the attacker's way (one wound)")

    def cross_check(self, rules: Ruleset, path: str, fail: Fail) -> None:
        """Numbered faces; each step takes its number from one stat or one
        table; the units, tables and stats it names exist for every unit."""
        numbered = pgettext("file.numbered_chain", "'{die}' needs numbered faces: each step rolls against a number")
        added.numbered_die(rules, self, path, fail, numbered)
        names_exist(fail, pgettext("kind", "unit"), [(f"{path}.stats.{u}", u) for u in self.stats], rules.units)
        wanted = [
            (f"{path}.tables.{n}.{side}", getattr(t, side))
            for n, t in self.tables.items()
            for side in ("attacker", "target")
        ]
        for i, step in enumerate(self.steps):
            where = f"{path}.steps[{i}]"
            if bool(step.stat) == bool(step.table):
                raise fail(
                    where,
                    pgettext(
                        "file.step_number", "step '{step}' takes its number from one 'stat' or one 'table'"
                    ).format(step=step.name),
                )
            if step.stat:
                wanted.append((f"{where}.stat", step.stat))
            else:
                names_exist(fail, pgettext("kind", "table"), [(f"{where}.table", step.table)], self.tables)
        for unit, stats in self.stats.items():
            names_exist(
                fail,
                pgettext("kind", "stat of unit '{unit}'").format(unit=unit),
                [(where, stat) for where, stat in wanted],
                stats,
            )


def key_words() -> dict[str, str]:
    """What `show` calls each key this module declares, in the language spoken."""
    return {
        "chain": pgettext("show.param", "chain"),
        "name": pgettext("show.param", "name"),
        "result": pgettext("show.param", "result"),
        "roller": pgettext("show.param", "roller"),
        "stat": pgettext("show.param", "stat"),
        "stats": pgettext("show.param", "stats"),
        "steps": pgettext("show.param", "steps"),
        "table": pgettext("show.param", "table"),
        "tables": pgettext("show.param", "tables"),
    }


def value_words() -> dict[str, str]:
    """What `show` calls each value this module's keys choose from, in the language spoken."""
    return {
        "attacker": pgettext("show.value", "attacker"),
        "defender": pgettext("show.value", "defender"),
    }
