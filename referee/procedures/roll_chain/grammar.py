"""Parameters of a roll chain: steps each rolled on one die against a number
taken from a unit's stats or from a table of two stats, the attacker's steps
to pass and the defender's (saves) to fail, each step named by the file."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar

from referee.core.records import section
from referee.ruleset.crosscheck import Fail, names_exist
from referee.ruleset.spec import EMPTY, RULE, Either, Integer, Record, Seq, Table, Text, field
from referee.words.language import pgettext

if TYPE_CHECKING:
    from referee.ruleset.model import Ruleset


CANNOT = "cannot"  # a chart's entry no roll can meet ('-' in a to-wound chart): said as a word, never a number


@section
class Row:
    """One row of a table: a difference of two stats and the number needed."""

    difference: int = field(Integer(), "the target's stat minus the attacker's")
    needed: int | str = field(
        Either(Integer(), Text(choices=(CANNOT,))), "the number to roll, or higher; cannot: no roll passes this step"
    )


@section
class StatTable:
    """A number needed read from the difference of the target's stat and the attacker's."""

    attacker: str = field(Text(), "the attacker's stat (a key of its unit's stats)")
    target: str = field(Text(), "the target's stat (a key of its unit's stats)")
    rows: tuple[Row, ...] = field(
        Seq(Record(Row), min_items=1), "the number needed by difference; beyond the rows, the nearest row"
    )


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
class RollChain:
    """One die per step, each against its own number: to hit, to wound, the
    target's save (a Warhammer-style chain). Every step going the attacker's
    way gives the file's `result`."""

    procedure: str = field(Text(choices=("roll-chain",)), "roll-chain")
    rule: str = field(RULE, "the rule that defines this attack")
    label: str = field(Text(), "the attack's name as printed")
    die: str = field(Text(), "the die every step rolls (a key of 'dice', numbered faces)")
    stats: Mapping[str, Mapping[str, int]] = field(
        Table(Table(Integer()), min_items=1), "each unit's stats (a key of 'units'), by name"
    )
    tables: Mapping[str, StatTable] = field(Table(Record(StatTable)), "tables of two stats, by name", EMPTY)
    steps: tuple[ChainStep, ...] = field(Seq(Record(ChainStep), min_items=1), "the rolls, in order")
    result: str = field(Text(), "what the chain does when every step goes the attacker's way (one wound)")

    units_refused: ClassVar[str] = ""
    reads_situation: ClassVar[frozenset[str]] = frozenset()

    def cross_check(self, rules: Ruleset, path: str, fail: Fail) -> None:
        """Numbered faces; each step takes its number from one stat or one
        table; the units, tables and stats it names exist for every unit."""
        if not all(isinstance(face, int) for face in rules.dice[self.die].faces):
            raise fail(
                f"{path}.die",
                pgettext(
                    "file.numbered_chain", "'{die}' needs numbered faces: each step rolls against a number"
                ).format(die=self.die),
            )
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
        "attacker": pgettext("show.param", "attacker"),
        "difference": pgettext("show.param", "difference"),
        "name": pgettext("show.param", "name"),
        "needed": pgettext("show.param", "needed"),
        "result": pgettext("show.param", "result"),
        "roller": pgettext("show.param", "roller"),
        "rows": pgettext("show.param", "rows"),
        "stat": pgettext("show.param", "stat"),
        "stats": pgettext("show.param", "stats"),
        "steps": pgettext("show.param", "steps"),
        "table": pgettext("show.param", "table"),
        "tables": pgettext("show.param", "tables"),
        "target": pgettext("show.param", "target"),
    }


def value_words() -> dict[str, str]:
    """What `show` calls each value this module's keys choose from, in the language spoken."""
    return {
        "attacker": pgettext("show.value", "attacker"),
        "cannot": pgettext("show.value", "cannot"),
        "defender": pgettext("show.value", "defender"),
    }


GRAMMAR = RollChain  # what the registry reads a file's attack of this procedure with
