"""Who rolls what: how many dice a side rolls, counted from its units, from a
value of each unit, from a table by the unit's kind and the distance the
players state, or from comparing the two sides' values by their difference
or their ratio (which also says who chooses, a fixed side or the stronger or
weaker, for a later stage); then changed or capped by named situations (one,
or several together), capped, and never below zero. A side may battle back:
roll only after the other side's dice are costed, if it still stands. A side
may also refuse more units than can take part, more dice than a player owns,
or a unit its values leave out (it would roll no dice unsaid).
Its own messages are in `locale/<lang>.po` beside this file."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from referee.core.errors import RefereeError, setting
from referee.core.records import section
from referee.ruleset.crosscheck import Fail, names_exist
from referee.ruleset.spec import EMPTY, Boolean, Either, Integer, Record, Seq, Table, Text, field
from referee.ruleset.values import Amount, ValueName
from referee.rulings.ruling import Side, Step, listed, say, say_n, step
from referee.words.language import own_catalogue, pgettext
from referee.words.names import article

if TYPE_CHECKING:
    from referee.ruleset.model import Ruleset
    from referee.rulings.battle import Battle, Units

own_catalogue(__file__)

BY = ("fixed", "units", "value", "range", "compare")
READS = {
    "fixed": ("dice",),
    "units": (),
    "value": ("values",),
    "range": ("range",),
    "compare": ("values", "compare", "bands"),
}
CHOOSER = Text(choices=("attacker", "defender", "stronger", "weaker"))


@section
class Band:
    """One band of a comparison: from a threshold up, the dice rolled and who chooses."""

    at_least: int | None = field(
        Integer(),
        "the least the comparison reaches in the band (a difference: this side's value minus the other's; "
        "a ratio: the stronger side's value over the weaker's); left out: any",
        None,
    )
    more_than: int | None = field(
        Integer(), "instead of at_least: what the comparison must be more than ('more than twice as strong')", None
    )
    dice: int = field(Integer(minimum=0, maximum=100), "the dice this side rolls in the band")
    chooser: str = field(
        CHOOSER,
        "the side that chooses (for a later stage), if any: attacker, defender, or the stronger or weaker "
        "side by the values compared (none when they are equal)",
        "",
    )

    def threshold(self) -> tuple[int, bool] | None:
        """The band's lower bound and whether it is strict (more_than); None for the last band, which takes any."""
        if self.more_than is not None:
            return self.more_than, True
        return None if self.at_least is None else (self.at_least, False)

    def takes(self, measure: str, ours: int, theirs: int) -> bool:
        """Whether this side's value against the other's falls in the band, by difference or by ratio."""
        bound = self.threshold()
        if bound is None:
            return True
        least, strict = bound
        if measure == "ratio":  # stronger over weaker, cross-multiplied: no division, 0 against 0 is equal
            high, low = max(ours, theirs), min(ours, theirs)
            return high > least * low if strict else high >= least * low
        return ours - theirs > least if strict else ours - theirs >= least


@section
class When:
    """A change that holds in a named situation, or in several together."""

    when: str | tuple[str, ...] = field(
        Either(Text(), Seq(Text(), min_items=1)),
        "the named situation (a key of 'situations'), or a list of them that must all apply (a hill, in close combat)",
    )

    def situations(self) -> tuple[str, ...]:
        """The situations that must all apply."""
        return (self.when,) if isinstance(self.when, str) else self.when

    def holds(self, rules: Ruleset, battle: Battle, side: Side) -> bool:
        """Whether every situation it names counts for this side."""
        return all(applies(rules, battle, side, name) for name in self.situations())

    def said(self, rules: Ruleset) -> str:
        """The situations it names, as a ruling says them."""
        named = self.situations()
        return rules.said(named[0]) if len(named) == 1 else listed(rules.said(n) for n in named)

    def rule(self, rules: Ruleset) -> str:
        """The rule a step of it cites: its first situation's."""
        return str(rules.situations[self.situations()[0]].rule)


@section
class Change(When):
    """What a named situation does to a side's dice."""

    dice: int = field(Integer(minimum=-100, maximum=100), "dice added (negative: taken away)", 0)
    at_most: int | None = field(
        Integer(minimum=0, maximum=100), "the most dice this side rolls while it applies (after dice)", None
    )
    only: tuple[str, ...] = field(
        Seq(Text()), "the units it changes (keys of 'units'): when every unit rolling is one of them; [] all", ()
    )


@section
class Roll:
    """Who rolls what: how many dice a side rolls."""

    by: str = field(
        Text(choices=BY),
        "fixed (dice), units (one per unit), value (each unit's value in values), "
        "range (a table by unit and distance), compare (this side's values against the other's)",
        "fixed",
    )
    dice: int = field(
        Amount(minimum=0, maximum=100), "with by: fixed, the dice rolled, or a value the table states (a pool)", 0
    )
    values: Mapping[str, int] = field(
        Table(Amount(minimum=0, maximum=100)),
        "with by: value or compare, each unit's value (a key of 'units'), or a value the table states for "
        "its side (a Strength); a unit left out cannot take part: the attacker's must list every unit that "
        "makes the attack (0: it rolls no dice)",
        EMPTY,
    )
    range: Mapping[str, tuple[int, ...]] = field(
        Table(Seq(Integer(minimum=0, maximum=100), min_items=1)),
        "with by: range, each unit's dice at distance 1, 2, …; a unit left out, or a distance past "
        "its list, cannot attack",
        EMPTY,
    )
    compare: str = field(
        Text(choices=("difference", "ratio")),
        "with by: compare, how the bands read the values: difference (this side's minus the other's) or "
        "ratio (the stronger side's over the weaker's, 1 when equal)",
        "difference",
    )
    bands: tuple[Band, ...] = field(
        Seq(Record(Band)),
        "with by: compare, the bands from the largest comparison down, the first reached counting; "
        "the last has no at_least or more_than",
        (),
    )
    changes: tuple[Change, ...] = field(
        Seq(Record(Change)), "named situations that change these dice, each for the units it names", ()
    )
    max: int | None = field(
        Integer(minimum=1, maximum=100), "the most dice this side rolls (more are capped); left out: no cap", None
    )
    owned: int | None = field(
        Integer(minimum=1, maximum=100),
        "the dice a player owns: a side that would roll more is refused; left out: no limit",
        None,
    )
    max_units: int | None = field(
        Integer(minimum=1), "the most units this side can have in one battle: more are refused; left out: any", None
    )
    against: Mapping[str, int] = field(
        Table(Integer()),
        "with by: compare, the other side's units' values, each a value it states where the table states one",
        EMPTY,
        internal=True,
    )
    battles_back: bool = field(
        Boolean(),
        "this side rolls after the other side's dice are costed, and only if it still stands where it was "
        "(not eliminated, not retreated): battle back; its symbols then cost the other side",
        False,
    )

    def unread(self) -> tuple[str, ...]:
        """The fields its `by` does not read, which `show` leaves out (a roll by units lists no `compare`)."""
        return tuple(name for name in ("dice", "values", "range", "compare", "bands") if name not in READS[self.by])

    def told(self, resolve: Callable[[ValueName, str], int], side: str) -> Roll:
        """This roll with the numbers told in place of the values it names
        (`referee.ruleset.values`): where it compares the two sides, each
        side's units are worth the numbers their own side states."""

        def placed(values: Mapping[str, int], at: str) -> dict[str, int]:
            return {unit: resolve(v, at) if isinstance(v, ValueName) else v for unit, v in values.items()}

        other = Side(side).other if side else ""
        return replace(
            self,
            dice=resolve(self.dice, side) if isinstance(self.dice, ValueName) else self.dice,
            values=placed(self.values, side),
            against=placed(self.values, other) if self.by == "compare" and other else EMPTY,
        )

    def most(self) -> int | None:
        """The most dice this side can ever roll, where the file bounds it (a
        fixed count, the largest band, a table or values with `max_units`, a
        `max` or `owned`, each with every die a situation adds); None where the
        units told decide it alone, for a later stage's check of the file."""
        units = self.max_units
        if isinstance(self.dice, ValueName) or any(isinstance(v, ValueName) for v in self.values.values()):
            units = None  # the table states the dice for each attack: no bound before it does
        base = {
            "fixed": None if isinstance(self.dice, ValueName) else self.dice,
            "compare": max((b.dice for b in self.bands), default=0),
            "units": units,
            "value": max(self.values.values(), default=0) * units if units else None,
            "range": max((d for row in self.range.values() for d in row), default=0) * units if units else None,
        }[self.by]
        bounds = [b for b in (self.max, self.owned) if b]
        if base is not None:
            bounds.append(base + sum(c.dice for c in self.changes if c.dice > 0))
        return min(bounds, default=None)

    def cross_check(self, rules: Ruleset, path: str, fail: Fail, makers: Sequence[str] = ()) -> None:
        """Units, situations and bands the way stated; the key `by` reads is
        written, and its values give each unit that makes the attack
        (`makers`, for the attacking side) a value: one left out would roll
        no dice unsaid. A table by distance refuses a unit it leaves out when told."""
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
        if self.values and self.by not in ("value", "compare"):
            unread = pgettext("file.roll_values_unread", "values are read only by: value or compare, not by: {by}")
            raise fail(f"{path}.values", unread.format(by=self.by))
        _check_bands(self.compare, self.bands, f"{path}.bands", fail)
        missing = [unit for unit in makers if self.by in ("value", "compare") and unit not in self.values]
        if missing:
            left_out = pgettext(
                "file.roll_left_out",
                "'{unit}' makes this attack but has no value here: give it one (0 if it rolls no dice)",
            )
            raise fail(f"{path}.values", left_out.format(unit=missing[0]))


def _check_bands(measure: str, bands: tuple[Band, ...], path: str, fail: Fail) -> None:
    """Every band can be reached: each but the last has one threshold, below
    the one before it; the last has none; in a ratio, none before the last
    takes every comparison (the stronger is always at least as strong)."""
    before: tuple[int, bool] | None = None
    for i, band in enumerate(bands):
        if band.at_least is not None and band.more_than is not None:
            both = pgettext("file.band_both", "a band has at_least or more_than, not both")
            raise fail(f"{path}[{i}]", both)
        if (band.threshold() is None) != (i == len(bands) - 1):
            every = pgettext(
                "file.bands",
                "every band but the last has at_least or more_than; the last has neither: it takes any comparison",
            )
            raise fail(f"{path}[{i}]", every)
        bound = _bound(measure, band)
        if bound is None:
            continue
        if before is not None and bound >= before:
            never = pgettext(
                "file.band_never",
                "band {n} can never be reached: its threshold must be below the one of the band before it",
            )
            raise fail(f"{path}[{i}]", never.format(n=i + 1))
        if measure == "ratio" and bound <= (1, False):
            always = pgettext(
                "file.band_always",
                "band {n} takes every ratio (the stronger side is always at least as strong): "
                "the bands after it can never be reached",
            )
            raise fail(f"{path}[{i}]", always.format(n=i + 1))
        before = bound


def _bound(measure: str, band: Band) -> tuple[int, bool] | None:
    """A band's threshold as the bands must descend by it, the strictest first:
    more than 2 before at least 2 in a ratio; in a whole difference, more than 2 is at least 3."""
    bound = band.threshold()
    if bound is None or measure == "ratio":
        return bound
    least, strict = bound
    return least + strict, False


def _worth(spec: Roll, units: tuple[tuple[str, int], ...], other: bool = False) -> int:
    """What a side's units are worth: by this roll's values, or the other side's own where the table states them."""
    values = spec.against if other and spec.against else spec.values
    return sum(values.get(u, 0) * n for u, n in units)


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


def reads(spec: Roll, battle: Battle, side: Side) -> Hashable:
    """What of the battle a side's roll reads besides its situations and
    distance: its own units, and the other side's only where the sides'
    values are compared. A whole fight finds a side's dice once for each
    count of its own units, not once for every pairing."""
    return (battle.attacker, battle.defender) if spec.by == "compare" else battle.side(side)


def dice(
    rules: Ruleset, spec: Roll, battle: Battle, side: Side, rule: str, attack: str
) -> tuple[int, Side | None, list[Step]]:
    """The dice a side rolls in `attack` (its name in the file), who chooses
    (where a comparison says), and why: the count `by` gives, then changed by
    situations, capped, never below zero; too many units or dice are refused."""
    _take_part(rules, spec, battle, side, rule, attack)
    _listed(rules, spec, battle, side, rule, attack)
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
        if change.holds(rules, battle, side) and (not change.only or kinds <= set(change.only)):
            situation, rule_of = change.said(rules), change.rule(rules)
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


def _listed(rules: Ruleset, spec: Roll, battle: Battle, side: Side, rule: str, attack: str) -> None:
    """Refuse a unit on this side that its `values` leave out: it would roll
    no dice (or count 0 in a comparison) with nothing said. A table by
    distance refuses its own, naming the distance."""
    if spec.by not in ("value", "compare"):
        return
    unit = next((u for u, _ in battle.side(side) if u not in spec.values), None)
    if unit is None:
        return
    unlisted = say(
        "roll.unlisted",
        "the {side}'s {unit} has no value in {an_attack}, so it cannot take part: the file gives one to {units}",
        side=side,
        unit=rules.units[unit].title,
        an_attack=article(rules.attacks[attack].label),
        attack=rules.attack_said(attack),
        units=listed(rules.units[u].title for u in spec.values),
    )
    raise RefereeError(unlisted, rule=rule)


def _by_units(rules: Ruleset, spec: Roll, battle: Battle, side: Side, rule: str) -> tuple[int, list[Step]]:
    """One die per unit, or each unit's value in dice."""
    units = battle.side(side)
    each = each_unit(spec, units)
    count = sum(each[u] * n for u, n in units)
    parts = listed(say("roll.each", "{n} per {unit}", n=each[u], unit=rules.units[u].title) for u, _ in units)
    return count, [
        step(rule, "roll.units", "the {side} rolls {dice} ({parts})", side=side, dice=_dice(count), parts=parts)
    ]


def each_unit(spec: Roll, units: Units) -> dict[str, int]:
    """The dice each unit rolls where units roll them: one, or its value."""
    return {u: (1 if spec.by == "units" else spec.values.get(u, 0)) for u, _ in units}


def _by_comparison(spec: Roll, battle: Battle, side: Side, rule: str) -> tuple[int, Side | None, list[Step]]:
    """The band this side's values against the other's fall in (by their
    difference or their ratio): its dice, and who chooses."""
    ours, theirs = _worth(spec, battle.side(side)), _worth(spec, battle.side(side.other), other=True)
    band = next(b for b in spec.bands if b.takes(spec.compare, ours, theirs))
    stronger = side if ours > theirs else side.other if theirs > ours else None
    if band.chooser in ("stronger", "weaker"):
        chooser = stronger if band.chooser == "stronger" or stronger is None else stronger.other
    else:
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
    if chooser and band.chooser == "stronger":
        steps.append(step(rule, "roll.chooser.stronger", "the {chooser} is stronger and chooses", chooser=chooser))
    elif chooser and band.chooser == "weaker":
        steps.append(step(rule, "roll.chooser.weaker", "the {chooser} is weaker and chooses", chooser=chooser))
    elif chooser:
        steps.append(step(rule, "roll.chooser", "the {chooser} chooses", chooser=chooser))
    return band.dice, chooser, steps


def _by_range(rules: Ruleset, spec: Roll, battle: Battle, side: Side, rule: str) -> tuple[int, list[Step]]:
    """Each unit's dice at the distance stated; a distance past its table is refused."""
    if battle.range is None:
        asked = say("roll.say_range", "say the distance to the target with {range}", range=setting("range"))
        raise RefereeError(asked, rule=rule)
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


def key_words() -> dict[str, str]:
    """What `show` calls each key this module declares, in the language spoken."""
    return {
        "at_least": pgettext("show.param", "at least"),
        "at_most": pgettext("show.param", "at most"),
        "bands": pgettext("show.param", "bands"),
        "battles_back": pgettext("show.param", "battles back"),
        "by": pgettext("show.param", "by"),
        "changes": pgettext("show.param", "changes"),
        "chooser": pgettext("show.param", "chooser"),
        "compare": pgettext("show.param", "compare"),
        "dice": pgettext("show.param", "dice"),
        "max": pgettext("show.param", "max"),
        "max_units": pgettext("show.param", "max units"),
        "more_than": pgettext("show.param", "more than"),
        "only": pgettext("show.param", "only"),
        "owned": pgettext("show.param", "owned"),
        "range": pgettext("show.param", "range"),
        "values": pgettext("show.param", "values"),
        "when": pgettext("show.param", "when"),
    }


def value_words() -> dict[str, str]:
    """What `show` calls each value this module's keys choose from, in the language spoken."""
    return {
        "attacker": pgettext("show.value", "attacker"),
        "compare": pgettext("show.value", "compare"),
        "defender": pgettext("show.value", "defender"),
        "difference": pgettext("show.value", "difference"),
        "fixed": pgettext("show.value", "fixed"),
        "range": pgettext("show.value", "range"),
        "ratio": pgettext("show.value", "ratio"),
        "stronger": pgettext("show.value", "stronger"),
        "units": pgettext("show.value", "units"),
        "value": pgettext("show.value", "value"),
        "weaker": pgettext("show.value", "weaker"),
    }
