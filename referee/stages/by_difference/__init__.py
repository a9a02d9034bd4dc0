"""A number taken from a table of two values: the target's value minus the
attacker's picks a row, and the row gives the number needed (True Forces'
quality table, a to-wound chart of strength against toughness). Beyond the
rows, the nearest row, or the last step extended. A row may say no roll can
reach it (`cannot`), said as a word, never as a number.
Its own messages are in `locale/<lang>.po` beside this file."""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.core.records import section
from referee.ruleset.spec import RULE, Either, Integer, Record, Seq, Text, field
from referee.rulings.ruling import Spoken, say
from referee.words.language import own_catalogue, pgettext

if TYPE_CHECKING:
    from referee.ruleset.crosscheck import Fail

own_catalogue(__file__)

CANNOT = "cannot"  # a row no roll can meet: printed as the language's word, never as a number


@section
class Row:
    """One row of the table: a difference of values and the number needed."""

    difference: int = field(Integer(), "target value minus attacker value")
    needed: int | str = field(
        Either(Integer(), Text(choices=(CANNOT,))), "the number to roll, or higher; cannot: no roll reaches it"
    )


@section
class ByDifference:
    """The number needed by the target's value minus the attacker's, from rows."""

    rows: tuple[Row, ...] = field(
        Seq(Record(Row), min_items=1), "the number needed by target value minus attacker value"
    )
    beyond: str = field(
        Text(choices=("nearest", "extend")),
        "a difference outside the rows: use the nearest row, or extend the last step",
        "nearest",
    )
    attacker: str = field(Text(), "the attacker's value compared, where a unit has several (its stat)", "")
    target: str = field(Text(), "the target's value compared, where a unit has several (its stat)", "")
    rule: str = field(RULE, "the rule of the table; left out: the attack's", "")

    def cross_check(self, rules: object, path: str, fail: Fail) -> None:
        """One row per difference."""
        seen: set[int] = set()
        for i, row in enumerate(self.rows):
            if row.difference in seen:
                two = pgettext("file.two_rows", "difference {difference} has two rows")
                raise fail(f"{path}.rows[{i}]", two.format(difference=row.difference))
            seen.add(row.difference)


def _signed(n: int) -> str:
    return f"{n:+d}"


def looked_up(table: ByDifference, difference: int) -> tuple[int | None, Spoken]:
    """The number the rows give for a difference (None: they say no roll can
    reach it), and how it was found: its row, else beyond the rows the
    nearest (the lower difference of two as near), or the last step extended."""
    rows = {row.difference: None if row.needed == CANNOT else int(row.needed) for row in table.rows}
    if difference in rows:
        return rows[difference], say("table.row", "the table")
    edge = min(rows, key=lambda d: (abs(d - difference), d))
    ordered = sorted(rows)
    inner = (ordered[-2] if edge == ordered[-1] else ordered[1]) if len(rows) > 1 else edge
    last, before = rows[edge], rows[inner]
    beyond = edge in (ordered[0], ordered[-1]) and not ordered[0] < difference < ordered[-1]
    if table.beyond == "nearest" or not beyond or last is None or before is None or inner == edge:
        return last, say("table.nearest", "beyond the table: its {edge} row", edge=_signed(edge))
    per = (last - before) // (edge - inner)
    extended = say("table.extended", "beyond the table: its step of {per} per point, extended", per=per)
    return last + per * (difference - edge), extended


def key_words() -> dict[str, str]:
    """What `show` calls each key this module declares, in the language spoken."""
    return {
        "by_difference": pgettext("show.param", "by difference"),
        "attacker": pgettext("show.param", "attacker"),
        "target": pgettext("show.param", "target"),
        "beyond": pgettext("show.param", "beyond"),
        "difference": pgettext("show.param", "difference"),
        "needed": pgettext("show.param", "needed"),
        "rows": pgettext("show.param", "rows"),
    }


def value_words() -> dict[str, str]:
    """What `show` calls each value this module's keys choose from, in the language spoken."""
    return {
        "cannot": pgettext("show.value", "cannot"),
        "extend": pgettext("show.value", "extend"),
        "nearest": pgettext("show.value", "nearest"),
    }
