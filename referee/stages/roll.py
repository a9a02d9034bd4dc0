"""Who rolls what: how many dice a side rolls, counted from its units, from a
value of each unit, from a table by the unit's kind and the distance the
players state, or from comparing the two sides' values (which also says who
chooses, for a later stage); then changed or capped by named situations
(one, or several together), capped, and never below zero. A side may battle
back: roll only after the other side's dice are costed, if it still stands.
A side may also refuse more units than can take part, or more dice than a
player owns."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from referee.core.errors import RefereeError
from referee.core.records import section
from referee.ruleset.crosscheck import Fail, names_exist
from referee.ruleset.spec import EMPTY, Boolean, Either, Integer, Record, Seq, Table, Text, field
from referee.rulings.ruling import Side, Step, listed, say, say_n, step
from referee.words.language import pgettext
from referee.words.names import article

if TYPE_CHECKING:
    from referee.procedures.base import Battle
    from referee.ruleset.model import Ruleset

BY = ("fixed", "units", "value", "range", "compare")
SIDE = Text(choices=("attacker", "defender"))


@section
class Band:
    """One band of a comparison: from a difference of values up, the dice rolled and who chooses."""

    at_least: int | None = field(
        Integer(), "the least difference (this side's value minus the other's) in the band; left out: any", None
    )
    dice: int = field(Integer(minimum=0, maximum=100), "the dice this side rolls in the band")
    chooser: str = field(SIDE, "the side that chooses (for a later stage), if any", "")


@section
class Change:
    """What a named situation does to a side's dice."""

    when: str | tuple[str, ...] = field(
        Either(Text(), Seq(Text(), min_items=1)),
        "the named situation (a key of 'situations'), or a list of them that must all apply (a hill, in close combat)",
    )
    dice: int = field(Integer(minimum=-100, maximum=100), "dice added (negative: taken away)", 0)
    at_most: int | None = field(
        Integer(minimum=0, maximum=100), "the most dice this side rolls while it applies (after dice)", None
    )
    only: tuple[str, ...] = field(
        Seq(Text()), "the units it changes (keys of 'units'): when every unit rolling is one of them; [] all", ()
    )

    def situations(self) -> tuple[str, ...]:
        """The situations that must all apply."""
        return (self.when,) if isinstance(self.when, str) else self.when


@section
class Roll:
    """Who rolls what: how many dice a side rolls."""

    by: str = field(
        Text(choices=BY),
        "fixed (dice), units (one per unit), value (each unit's value in values), "
        "range (a table by unit and distance), compare (this side's values against the other's)",
        "fixed",
    )
    dice: int = field(Integer(minimum=0, maximum=100), "with by: fixed, the dice rolled", 0)
    values: Mapping[str, int] = field(
        Table(Integer(minimum=0, maximum=100)),
        "with by: value or compare, each unit's value (a key of 'units'); a unit left out has 0",
        EMPTY,
    )
    range: Mapping[str, tuple[int, ...]] = field(
        Table(Seq(Integer(minimum=0, maximum=100), min_items=1)),
        "with by: range, each unit's dice at distance 1, 2, …; a unit left out, or a distance past "
        "its list, cannot attack",
        EMPTY,
    )
    bands: tuple[Band, ...] = field(
        Seq(Record(Band)), "with by: compare, the bands from the largest difference down; the last has no at_least", ()
    )
    changes: tuple[Change, ...] = field(
        Seq(Record(Change)), "named situations that change these dice, each for the units it names", ()
    )
    max: int = field(Integer(minimum=1, maximum=100), "the most dice this side rolls", 0)
    owned: int = field(
        Integer(minimum=1, maximum=100), "the dice a player owns: a side that would roll more is refused", 0
    )
    max_units: int = field(Integer(minimum=1), "the most units this side can have in one battle: more are refused", 0)
    battles_back: bool = field(
        Boolean(),
        "this side rolls after the other side's dice are costed, and only if it still stands where it was "
        "(not eliminated, not retreated): battle back; its symbols then cost the other side",
        False,
    )

    def cross_check(self, rules: Ruleset, path: str, fail: Fail) -> None:
        """Units, situations and bands the way stated; the key `by` reads is written."""
        unit = pgettext("kind", "unit")
        named = [*self.values, *self.range, *(u for c in self.changes for u in c.only)]
        names_exist(fail, unit, [(f"{path}.values", u) for u in named], rules.units)
        situations = [(f"{path}.changes[{i}].when", s) for i, c in enumerate(self.changes) for s in c.situations()]
        names_exist(fail, pgettext("kind", "situation"), situations, rules.situations)
        for i, change in enumerate(self.changes):
            if not change.dice and change.at_most is None:
                does = pgettext("file.change_does", "a change adds or takes away dice, or caps them with at_most")
                raise fail(f"{path}.changes[{i}]", does)
        wanted = {"value": self.values, "range": self.range, "compare": self.bands}.get(self.by)
        if wanted is not None and not wanted:
            key = {"value": "values", "range": "range", "compare": "bands"}[self.by]
            raise fail(
                f"{path}.{key}", pgettext("file.roll_needs", "by: {by} needs '{key}'").format(by=self.by, key=key)
            )
        if self.bands and [b.at_least is None for b in self.bands] != [False] * (len(self.bands) - 1) + [True]:
            every = pgettext(
                "file.bands", "every band but the last has at_least; the last has none: it takes any difference"
            )
            raise fail(f"{path}.bands", every)


def _worth(spec: Roll, units: tuple[tuple[str, int], ...]) -> int:
    return sum(spec.values.get(u, 0) * n for u, n in units)


def applies(rules: Ruleset, battle: Battle, side: Side, name: str) -> bool:
    """Whether a named situation counts for this side's stages: named on this
    side, or named on the other side when the file gives it to that side only
    (a forest the defender stands in changes the attacker's dice). A
    situation tied to distances holds on both sides at those distances."""
    held = rules.situations[name].range
    if held:
        return battle.range in held
    if (side.value, name) in battle.when:
        return True
    theirs = side.other.value
    return (theirs, name) in battle.when and rules.situations[name].side == theirs


def dice(
    rules: Ruleset, spec: Roll, battle: Battle, side: Side, rule: str, attack: str
) -> tuple[int, Side | None, list[Step]]:
    """The dice a side rolls in `attack` (its name in the file), who chooses
    (where a comparison says), and why: the count `by` gives, then changed by
    situations, capped, never below zero; too many units or dice are refused."""
    _take_part(rules, spec, battle, side, rule, attack)
    chooser: Side | None = None
    if spec.by == "fixed":
        count = spec.dice  # a side that never rolls is not spoken of
        steps = [step(rule, "roll.fixed", "the {side} rolls {dice}", side=side, dice=_dice(count))] if count else []
    elif spec.by == "range":
        count, steps = _by_range(rules, spec, battle, side, rule)
    elif spec.by == "compare":
        count, chooser, steps = _by_comparison(spec, battle, side, rule)
    else:
        count, steps = _by_units(rules, spec, battle, side, rule)
    kinds = {u for u, _ in battle.side(side)}
    for change in spec.changes:
        named = change.situations()
        if all(applies(rules, battle, side, n) for n in named) and (not change.only or kinds <= set(change.only)):
            situation = rules.said(named[0]) if len(named) == 1 else listed(rules.said(n) for n in named)
            rule_of = rules.situations[named[0]].rule
            if change.dice:
                count += change.dice
                steps.append(
                    step(
                        rule_of,
                        "roll.changed",
                        "{situation}: {change} for the {side}",
                        situation=situation,
                        change=_change(change.dice),
                        side=side,
                    )
                )
            if change.at_most is not None and count > change.at_most:
                count = change.at_most
                steps.append(
                    step(
                        rule_of,
                        "roll.at_most",
                        "{situation}: the {side} rolls at most {dice}",
                        situation=situation,
                        side=side,
                        dice=_dice(count),
                    )
                )
    if spec.max and count > spec.max:
        count = spec.max
        steps.append(step(rule, "roll.capped", "the {side} rolls at most {dice}", side=side, dice=_dice(count)))
    if count < 0:
        count = 0
        steps.append(step(rule, "roll.floor", "the {side} rolls no dice: never fewer", side=side))
    if spec.owned and count > spec.owned:
        owned = say(
            "dice.owned",
            "the {side} would roll {n} dice, but a player owns only {most}",
            side=side,
            n=count,
            most=spec.owned,
        )
        raise RefereeError(owned, rule=rule)
    return count, chooser, steps


def _take_part(rules: Ruleset, spec: Roll, battle: Battle, side: Side, rule: str, attack: str) -> None:
    """Refuse more units on this side than can take part in the attack."""
    units = sum(n for _, n in battle.side(side))
    if spec.max_units and units > spec.max_units:
        many = say(
            "units.too_many",
            "the {side} has {n} units in {an_attack}; at most {most} can take part",
            side=side,
            n=units,
            an_attack=article(rules.attacks[attack].label),
            attack=rules.attack_said(attack),
            most=spec.max_units,
        )
        raise RefereeError(many, rule=rule)


def _by_units(rules: Ruleset, spec: Roll, battle: Battle, side: Side, rule: str) -> tuple[int, list[Step]]:
    """One die per unit, or each unit's value in dice."""
    units = battle.side(side)
    each = {u: (1 if spec.by == "units" else spec.values.get(u, 0)) for u, _ in units}
    count = sum(each[u] * n for u, n in units)
    parts = listed(say("roll.each", "{n} per {unit}", n=each[u], unit=rules.units[u].title) for u, _ in units)
    return count, [
        step(rule, "roll.units", "the {side} rolls {dice} ({parts})", side=side, dice=_dice(count), parts=parts)
    ]


def _by_comparison(spec: Roll, battle: Battle, side: Side, rule: str) -> tuple[int, Side | None, list[Step]]:
    """The band this side's values against the other's fall in: its dice, and who chooses."""
    ours, theirs = _worth(spec, battle.side(side)), _worth(spec, battle.side(side.other))
    band = next(b for b in spec.bands if b.at_least is None or ours - theirs >= b.at_least)
    chooser = Side(band.chooser) if band.chooser else None
    steps = [
        step(
            rule,
            "roll.compare",
            "{value} against {against}: the {side} rolls {dice}",
            side=side,
            value=ours,
            against=theirs,
            dice=_dice(band.dice),
        )
    ]
    if chooser:
        steps.append(step(rule, "roll.chooser", "the {chooser} chooses", chooser=chooser))
    return band.dice, chooser, steps


def _by_range(rules: Ruleset, spec: Roll, battle: Battle, side: Side, rule: str) -> tuple[int, list[Step]]:
    """Each unit's dice at the distance stated; a distance past its table is refused."""
    if battle.range is None:
        raise RefereeError(say("roll.say_range", "say the distance to the target"), rule=rule)
    count = 0
    for unit, n in battle.side(side):
        table = spec.range.get(unit, ())
        if battle.range < 1 or battle.range > len(table):
            far = say(
                "roll.out_of_range",
                "{unit} cannot attack at distance {given}: it reaches {most} at most",
                unit=rules.units[unit].title,
                given=battle.range,
                most=len(table),
            )
            raise RefereeError(far, rule=rule)
        count += table[battle.range - 1] * n
    said = step(
        rule,
        "roll.range",
        "the {side} rolls {dice} at distance {range}",
        side=side,
        dice=_dice(count),
        range=battle.range,
    )
    return count, [said]


def _dice(n: int) -> str:
    return say_n("count.dice", "{n} die", "{n} dice", n)


def _change(n: int) -> str:
    if n >= 0:
        return say_n("roll.more", "{n} die more", "{n} dice more", n)
    return say_n("roll.fewer", "{n} die fewer", "{n} dice fewer", -n)
