"""Parameters of the target number: a table from a difference of values to a
number to roll, modifiers, a clamp and a wound roll (True Forces)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar

from referee.core.records import section
from referee.ruleset.crosscheck import Fail, names_exist, unambiguous
from referee.ruleset.spec import EMPTY, RULE, Boolean, Either, Integer, Record, Seq, Table, Text, field
from referee.stages.costs import DamageRoll, Word
from referee.stages.read import Natural
from referee.words.language import pgettext
from referee.words.names import said_in

if TYPE_CHECKING:
    from referee.ruleset.model import Ruleset


@section
class ValueRange:
    """The one value each unit has, compared between attacker and target."""

    label: str = field(Text(), "what the value is called, such as quality")
    min: int = field(Integer(), "the lowest value a unit can have")
    max: int = field(Integer(), "the highest value a unit can have")


@section
class AttackType:
    """A kind of attack players name (--attack), each with its own modifiers."""

    name: str = field(Text(), "its key in the table", key=True)
    label: str = field(Text(), "the attack's name as printed")
    aliases: tuple[str, ...] = field(Seq(Text()), "other words for it, any language", ())


@section
class Action:
    """What a unit does before it attacks, and which attack types that allows."""

    name: str = field(Text(), "its key in the table", key=True)
    label: str = field(Text(), "the action's name as printed")
    aliases: tuple[str, ...] = field(Seq(Text()), "other words for it, any language", ())
    move: int = field(Integer(minimum=0), "how far the unit may move, in the file's measure")
    allows: tuple[str, ...] = field(Seq(Text()), "the attack types a unit may make after it")


CANNOT = "cannot"  # a table entry no roll can meet: printed as the language's word, never as a number


@section
class TableRow:
    """One row of the hit table: a difference of values and the number needed."""

    difference: int = field(Integer(), "target value minus attacker value")
    needed: int | str = field(
        Either(Integer(), Text(choices=(CANNOT,))), "the number to roll, or higher, to hit; cannot: no roll hits"
    )


@section
class Clamp:
    """The bounds the number needed is held to after modifiers."""

    min: int = field(Integer(), "the lowest number needed")
    max: int = field(Integer(), "the highest number needed")


@section
class WoundRoll:
    """The roll after a hit: high enough puts the target out of action."""

    adds_wounds: bool = field(Boolean(), "true if the wounds the target already has are added")
    wounds_per_hit: int = field(Integer(minimum=1), "wounds a hit gives when it does not take the target out", 1)


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
class TargetCite:
    """The rule ID cited for each step; a step left out cites the attack's rule."""

    action: str = field(RULE, "what an action lets a unit do", "")
    allows: str = field(RULE, "which attack types an action allows", "")
    qualities: str = field(RULE, "changes to both values", "")
    table: str = field(RULE, "the hit table", "")
    modifiers: str = field(RULE, "the attack type's modifiers to the number", "")
    clamp: str = field(RULE, "the bounds of the number needed", "")
    roll: str = field(RULE, "the hit roll", "")
    wound: str = field(RULE, "the wound roll", "")
    outcome: str = field(RULE, "out of action or one more wound", "")
    natural: str = field(RULE, "the faces that always miss, always hit or are critical", "")
    damage: str = field(RULE, "the damage roll", "")


@section
class TargetNumber:
    """A table turns the difference of two values into a number to roll, with
    modifiers and a clamp; a hit brings a second roll against the target's
    value (True Forces)."""

    procedure: str = field(Text(choices=("target-number",)), "target-number")
    rule: str = field(RULE, "the rule that defines this attack")
    label: str = field(Text(), "the attack's name as printed")
    die: str = field(Text(), "the die rolled to hit and to wound (a key of 'dice', numbered faces)")
    value: ValueRange = field(
        Record(ValueRange), "the value compared (the attacker's, and the target's unless it has its own)"
    )
    target_value: ValueRange | None = field(
        Record(ValueRange),
        "the target's own value, when it is not the attacker's (armour class against attack bonus)",
        None,
    )
    measure: str = field(Text(), "what distances are counted in, plural (inches)", "")
    types: Mapping[str, AttackType] = field(Table(Record(AttackType), min_items=1), "the attack types")
    actions: Mapping[str, Action] = field(Table(Record(Action)), "the actions before an attack", EMPTY)
    table: tuple[TableRow, ...] = field(
        Seq(Record(TableRow), min_items=1), "the number needed by target value minus attacker value"
    )
    beyond: str = field(
        Text(choices=("nearest", "extend")),
        "a difference outside the table: use its nearest row, or extend its last step",
        "nearest",
    )
    clamp: Clamp = field(Record(Clamp), "the bounds of the number needed after modifiers")
    natural: Natural = field(Record(Natural), "faces of the hit die that decide whatever the number", Natural())
    wound: WoundRoll | None = field(
        Record(WoundRoll), "the roll after a hit against the target's value; left out: no wound roll", None
    )
    damage: DamageRoll | None = field(
        Record(DamageRoll), "or a damage roll after a hit; left out (and no wound): the hit is the result", None
    )
    loss: Word | None = field(
        Record(Word), "what damage takes, in the game's word (one: hit point, many: hit points)", None
    )
    modifiers: Mapping[str, Modifier] = field(Table(Record(Modifier)), "named modifiers a table declares", EMPTY)
    cite: TargetCite = field(Record(TargetCite), "the rule cited at each step", TargetCite())

    reads_situation: ClassVar[frozenset[str]] = frozenset()

    def valued(self, side: str) -> ValueRange:
        """The value a side gives: the target's own where the file names one."""
        return self.target_value if side == "target" and self.target_value else self.value

    @property
    def units_refused(self) -> str:
        """Why no unit of the file may make this attack, in the language spoken."""
        return pgettext(
            "file.units_refused", "a target-number attack compares values ('referee hit'); units cannot make it"
        )

    def cross_check(self, rules: Ruleset, path: str, fail: Fail) -> None:
        """Numbered faces, sound bounds, one row per difference, and every
        attack type an action or a modifier names must exist."""
        if not all(isinstance(face, int) for face in rules.dice[self.die].faces):
            raise fail(
                f"{path}.die",
                pgettext(
                    "file.numbered_target", "'{die}' needs numbered faces: a target number is rolled against"
                ).format(die=self.die),
            )
        bounded = (("value", self.value), ("target_value", self.valued("target")), ("clamp", self.clamp))
        for part, bounds in bounded:
            if bounds.min > bounds.max:
                raise fail(
                    f"{path}.{part}",
                    pgettext("file.min_max", "min {min} is above max {max}").format(min=bounds.min, max=bounds.max),
                )
        if self.wound and self.damage:
            raise fail(
                f"{path}.damage",
                pgettext(
                    "file.two_follow_ups", "a hit is followed by one roll: a wound roll or a damage roll, not both"
                ),
            )
        if self.damage:
            self.damage.cross_check(rules, f"{path}.damage", fail)
        seen: set[int] = set()
        for i, row in enumerate(self.table):
            if row.difference in seen:
                raise fail(
                    f"{path}.table[{i}]",
                    pgettext("file.two_rows", "difference {difference} has two rows").format(difference=row.difference),
                )
            seen.add(row.difference)
        named = [
            (f"{path}.actions.{n}.allows[{i}]", t) for n, a in self.actions.items() for i, t in enumerate(a.allows)
        ]
        named += [
            (f"{path}.modifiers.{n}.types[{i}]", t) for n, m in self.modifiers.items() for i, t in enumerate(m.types)
        ]
        names_exist(fail, pgettext("kind", "attack type"), named, self.types)
        tables = (("types", self.types), ("actions", self.actions), ("modifiers", self.modifiers))
        words = [
            (f"{path}.{part}", {n: [n, item.label, *item.aliases] for n, item in table.items()})
            for part, table in tables
        ]
        unambiguous(words, fail)
        for lang in rules.translations:  # and by what each language prints for them, which is typed back
            said = [
                (f"translations.{lang}.{at}", {n: [*w, *said_in(rules, lang, w)] for n, w in own.items()})
                for at, own in words
            ]
            unambiguous(said, fail)


def key_words() -> dict[str, str]:
    """What `show` calls each key this module declares, in the language spoken."""
    return {
        "actions": pgettext("show.param", "actions"),
        "adds_wounds": pgettext("show.param", "adds wounds"),
        "aliases": pgettext("show.param", "aliases"),
        "allows": pgettext("show.param", "allows"),
        "attacker": pgettext("show.param", "attacker"),
        "beyond": pgettext("show.param", "beyond"),
        "clamp": pgettext("show.param", "clamp"),
        "damage": pgettext("show.param", "damage"),
        "difference": pgettext("show.param", "difference"),
        "loss": pgettext("show.param", "loss"),
        "max": pgettext("show.param", "max"),
        "measure": pgettext("show.param", "measure"),
        "min": pgettext("show.param", "min"),
        "modifiers": pgettext("show.param", "modifiers"),
        "move": pgettext("show.param", "move"),
        "natural": pgettext("show.param", "natural"),
        "needed": pgettext("show.param", "needed"),
        "table": pgettext("show.param", "table"),
        "target": pgettext("show.param", "target"),
        "target_value": pgettext("show.param", "target value"),
        "to_hit": pgettext("show.param", "to hit"),
        "to_wound": pgettext("show.param", "to wound"),
        "types": pgettext("show.param", "types"),
        "value": pgettext("show.param", "value"),
        "wound": pgettext("show.param", "wound"),
        "wounds_per_hit": pgettext("show.param", "wounds per hit"),
    }


def value_words() -> dict[str, str]:
    """What `show` calls each value this module's keys choose from, in the language spoken."""
    return {
        "cannot": pgettext("show.value", "cannot"),
        "extend": pgettext("show.value", "extend"),
        "nearest": pgettext("show.value", "nearest"),
    }


GRAMMAR = TargetNumber  # what the registry reads a file's attack of this procedure with
