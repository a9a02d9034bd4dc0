"""Parameters of simultaneous fire: every unit rolls its own dice, each die
hits on a value of its unit and side, and both sides take their casualties
at once (an Axis & Allies style land battle). Written as stages: who rolls
what (`units`), how a die reads (`hits_on`), what changes a value
(`support`), and who is lost first (`fight.casualties`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from referee.core.records import section
from referee.ruleset.crosscheck import Fail, names_exist
from referee.ruleset.spec import RULE, Either, Integer, Record, Seq, Table, Text, field
from referee.stages import read
from referee.stages.rounds import CHEAPEST, casualty_order
from referee.words.inputs import DICE_PER_UNIT
from referee.words.language import pgettext

if TYPE_CHECKING:
    from referee.ruleset.model import Ruleset


@section
class Fire:
    """What one kind of unit rolls, and the value each of its dice hits with."""

    attacker: int = field(Integer(minimum=0), "the value it hits with when it attacks")
    defender: int = field(Integer(minimum=0), "the value it hits with when it defends")
    dice: int = field(Integer(minimum=1, maximum=DICE_PER_UNIT), "the dice it rolls", 1)
    die: str = field(
        Text(), "the die it rolls (a key of 'dice'), if not the attack's: its faces typed after its name (d8:7)", ""
    )


@section
class Support(read.Raises):
    """Units that make others hit better, one for one: each supporting unit
    improves one unit of the kind it raises."""

    side: str = field(Text(choices=("attacker", "defender", "either")), "the side it helps on", "attacker")
    rule: str = field(RULE, "the rule for it, if not the cited 'support' rule", "")


@section
class FireCite:
    """The rule ID cited for each step; a step left out cites the attack's rule."""

    dice: str = field(RULE, "what each unit rolls", "")
    hits: str = field(RULE, "which faces hit", "")
    support: str = field(RULE, "units that make others hit better", "")
    losses: str = field(RULE, "every hit a casualty of the other side, both at once", "")
    choice: str = field(RULE, "who chooses the casualties", "")


@section
class FirePolicy:
    """What the players are assumed to choose: the order a side loses its
    units in (listed first among a ruling's choices, taken in whole fights)."""

    rule: str = field(RULE, "the rule for fighting in rounds until a side is gone, and the attacker's retreat")
    casualties: str | tuple[str, ...] = field(
        Either(Text(choices=(CHEAPEST,)), Seq(Text(), min_items=1)),
        "the order in which a side loses its units: cheapest (by cost, then as the units are "
        "listed under 'units'), or a list of units, first lost first",
    )


@section
class SimultaneousFire:
    """Both sides fire at once: each unit rolls its own dice, each die hits on
    its unit's value for its side, and every hit removes one unit of the
    other side; fought in rounds until a side is gone or the attacker stops."""

    procedure: str = field(Text(choices=("simultaneous-fire",)), "simultaneous-fire")
    rule: str = field(RULE, "the rule that defines this attack")
    label: str = field(Text(), "the attack's name as printed")
    die: str = field(Text(), "the die units roll unless their own says otherwise (a key of 'dice')")
    hits_on: str = field(
        read.HITS_ON,
        "a die hits when its face is at most the unit's value (a 2 hits on 1 and 2), or at least it",
    )
    units: dict[str, Fire] = field(Table(Record(Fire), min_items=1), "each unit that fights (a key of 'units')")
    support: tuple[Support, ...] = field(Seq(Record(Support)), "units that make others hit better", ())
    fight: FirePolicy = field(Record(FirePolicy), "the casualty order assumed, and the rule of rounds")
    cite: FireCite = field(Record(FireCite), "the rule cited at each step", FireCite())

    units_refused: ClassVar[str] = ""
    reads_situation: ClassVar[frozenset[str]] = frozenset()

    def cross_check(self, rules: Ruleset, path: str, fail: Fail) -> None:
        """Units, dice and the casualty order name what the file has; every die reads numbers."""
        names_exist(
            fail, pgettext("kind", "unit"), ((f"{path}.units.{name}", name) for name in self.units), rules.units
        )
        for name, unit in rules.units.items():
            if self in map(rules.attacks.get, rules.attacks_of(name)):
                if name not in self.units:
                    raise fail(
                        f"{path}.units",
                        pgettext("file.no_line", "'{name}' makes this attack but has no line here").format(name=name),
                    )
                if unit.states:
                    raise fail(
                        f"units.{name}.states",
                        pgettext("file.first_loss", "a {attack} removes a unit at its first loss").format(
                            attack=self.label
                        ),
                    )
        dice = [(f"{path}.units.{name}.die", fire.die) for name, fire in self.units.items() if fire.die]
        names_exist(fail, pgettext("kind", "die"), dice, rules.dice)
        for where, die in [(f"{path}.die", self.die), *dice]:
            if die in rules.dice and not all(isinstance(face, int) for face in rules.dice[die].faces):
                raise fail(
                    where,
                    pgettext(
                        "file.numbers_read", "die '{die}' has faces that are not numbers: a {attack} reads numbers"
                    ).format(die=die, attack=self.label),
                )
        for i, support in enumerate(self.support):
            named = [(f"{path}.support[{i}].{key}", getattr(support, key)) for key in ("unit", "raises")]
            names_exist(fail, pgettext("kind", "fighting unit"), named, self.units)
        listed = self.fight.casualties
        if not isinstance(listed, str):
            named = [(f"{path}.fight.casualties[{i}]", unit) for i, unit in enumerate(listed)]
            names_exist(fail, pgettext("kind", "fighting unit"), named, self.units)
            missing = [unit for unit in self.units if unit not in listed]
            if missing:
                raise fail(
                    f"{path}.fight.casualties",
                    pgettext("file.casualties", "says nothing of {units}: list every fighting unit").format(
                        units=pgettext("list", ", ").join(missing)
                    ),
                )

    def order(self, rules: Ruleset) -> tuple[str, ...]:
        """The fighting units, first lost first, by the stated policy."""
        return casualty_order(rules, tuple(self.units), self.fight.casualties)


def key_words() -> dict[str, str]:
    """What `show` calls each key this module declares, in the language spoken."""
    return {
        "attacker": pgettext("show.param", "attacker"),
        "by": pgettext("show.param", "by"),
        "casualties": pgettext("show.param", "casualties"),
        "defender": pgettext("show.param", "defender"),
        "dice": pgettext("show.param", "dice"),
        "fight": pgettext("show.param", "fight"),
        "hits_on": pgettext("show.param", "hits on"),
        "raises": pgettext("show.param", "raises"),
        "side": pgettext("show.param", "side"),
        "support": pgettext("show.param", "support"),
        "unit": pgettext("show.param", "unit"),
        "units": pgettext("show.param", "units"),
    }


def value_words() -> dict[str, str]:
    """What `show` calls each value this module's keys choose from, in the language spoken."""
    return {
        "at-least": pgettext("show.value", "at-least"),
        "at-most": pgettext("show.value", "at-most"),
        "attacker": pgettext("show.value", "attacker"),
        "defender": pgettext("show.value", "defender"),
        "either": pgettext("show.value", "either"),
    }


GRAMMAR = SimultaneousFire  # what the registry reads a file's attack of this procedure with
