"""Agreed modifiers: named changes a file declares (a special rule, cover, a
weapon), each moving the attacker's value, the target's, the number needed
or the wound roll, for the attack types it names; and the same four changes
agreed at the table on the spot, said as such.
Its own messages are in `locale/<lang>.po` beside this file."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from referee.core.records import section
from referee.ruleset.spec import EMPTY, RULE, Integer, Record, Seq, Table, Text, field
from referee.rulings.ruling import Spoken, listed, say, spaced
from referee.words.language import own_catalogue, pgettext

if TYPE_CHECKING:
    from referee.ruleset.model import Ruleset

own_catalogue(__file__)


@section
class Modifier:
    """A named change a table declares (a special rule, cover, a weapon)."""

    name: str = field(Text(), "its key in the table", key=True)
    label: str = field(Text(), "how it is written out")
    aliases: tuple[str, ...] = field(Seq(Text()), "other words for it, any language", ())
    types: tuple[str, ...] = field(Seq(Text()), "the attack types it applies to; none listed: all", ())
    to_hit: int = field(Integer(), "added to the number needed to hit", 0)
    to_wound: int = field(Integer(), "added to the wound roll", 0)
    attacker: int = field(Integer(), "added to the attacker's value before the hit table", 0)
    target: int = field(Integer(), "added to the target's value before the hit table", 0)
    rule: str = field(RULE, "the rule that defines it (add it to 'rules')")


@section
class Agreed:
    """Named modifiers a table declares, and changes agreed on the spot."""

    modifiers: Mapping[str, Modifier] = field(Table(Record(Modifier)), "named modifiers a table declares", EMPTY)
    rule: str = field(RULE, "the rule of the modifiers to the number; left out: the attack's", "")
    values: str = field(RULE, "the rule of changes to both values; left out: the attack's", "")


def applied(
    declared: Mapping[str, Modifier], named: Iterable[str], agreed: Mapping[str, int], rule: str
) -> list[Modifier]:
    """The named modifiers (of those `declared`), then the changes agreed on the spot (`agreed`, by
    what each moves) as one modifier citing `rule`, where any is not zero."""
    chosen = [declared[name] for name in named]
    if not any(agreed.values()):
        return chosen
    said = say("modifier.agreed", "agreed at the table")
    spot = Modifier(
        name="agreed",
        label=said,
        rule=rule,
        attacker=agreed.get("attacker", 0),
        target=agreed.get("target", 0),
        to_hit=agreed.get("to_hit", 0),
        to_wound=agreed.get("to_wound", 0),
    )
    return [*chosen, spot]


def changes(rules: Ruleset, modifiers: Iterable[Modifier], attribute: str) -> tuple[int, Spoken]:
    """The total the modifiers add to one thing, and a note naming each by its
    label as said (one agreed on the spot says itself)."""
    moved = [(_label(rules, m), getattr(m, attribute)) for m in modifiers if getattr(m, attribute)]
    total = sum(change for _, change in moved)
    return total, listed(spaced(label, f"{change:+d}") for label, change in moved)


def _label(rules: Ruleset, modifier: Modifier) -> str:
    """A modifier's label as said: the file's word, or the phrase of one agreed at the table."""
    return modifier.label if isinstance(modifier.label, Spoken) else rules.said(modifier.label)


def key_words() -> dict[str, str]:
    """What `show` calls each key this module declares, in the language spoken."""
    return {
        "agreed": pgettext("show.param", "agreed"),
        "aliases": pgettext("show.param", "aliases"),
        "attacker": pgettext("show.param", "attacker"),
        "modifiers": pgettext("show.param", "modifiers"),
        "target": pgettext("show.param", "target"),
        "to_hit": pgettext("show.param", "to hit"),
        "to_wound": pgettext("show.param", "to wound"),
        "types": pgettext("show.param", "types"),
        "values": pgettext("show.param", "values"),
    }
