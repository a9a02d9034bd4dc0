"""A hit check: the attack told as a value against a value (True Forces'
quality, Fifth Edition's attack bonus against armour class). The number
needed comes from the attack's other stages: a table by difference
(`by_difference`), agreed modifiers (`agreed`), the clamp with its natural
results (`clamp`); a hit brings the roll its stages ask for, a wound roll
(`wound`) or the costs' damage roll. Players describe a strike, not units
(`referee hit`), so the attack has a door of its own (`record`): its words,
its dice, its report ("strike") and its chart.
Its own messages are in `locale/<lang>.po` beside this file."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from referee.core.records import section
from referee.ruleset.crosscheck import Fail, names_exist, unambiguous
from referee.ruleset.spec import EMPTY, RULE, Integer, Record, Seq, Table, Text, field
from referee.stages import added
from referee.stages.agreed import Agreed
from referee.stages.by_difference import ByDifference
from referee.stages.clamp import Clamp
from referee.stages.costs import DamageRoll, Word
from referee.stages.read import Natural
from referee.stages.wound import WoundRoll
from referee.words.language import own_catalogue, pgettext
from referee.words.names import said_in

if TYPE_CHECKING:
    from referee.ruleset.model import Ruleset

own_catalogue(__file__)

# what tells one strike from another in odds; the number needed and what follows a hit are the same for every throw
ODDS_KEYS = ("needed", "follows", "hit", "critical", "out_of_action", "damage")


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


@section
class StrikeCite:
    """The rule ID cited for what an action says; left out, the attack's rule."""

    action: str = field(RULE, "what an action lets a unit do", "")
    allows: str = field(RULE, "which attack types an action allows", "")


@section
class Telling:
    """The attack told as a hit check: a value against a value, its attack
    types and the actions before it."""

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
    damage: DamageRoll | None = field(
        Record(DamageRoll), "a damage roll after a hit (not with a wound roll); left out: the hit is the result", None
    )
    loss: Word | None = field(
        Record(Word), "what damage takes, in the game's word (one: hit point, many: hit points)", None
    )
    cite: StrikeCite = field(Record(StrikeCite), "the rule cited for the actions", StrikeCite())

    @property
    def units_refused(self) -> str:
        """Why no unit of the file may make this attack, in the language spoken."""
        return pgettext(
            "file.units_refused", "a target-number attack compares values ('referee hit'); units cannot make it"
        )

    def cross_check_attack(self, attack: Any, path: str, fail: Fail) -> None:
        """A hit check finds its number by a table by difference and a clamp,
        and follows a hit with one roll at most: a wound roll or a damage roll."""
        parts = attack.added
        if "by_difference" not in parts or "clamp" not in parts:
            whole = pgettext(
                "file.strike_parts", "a hit check finds the number needed by by_difference and clamp: write both"
            )
            raise fail(path, whole)
        if "wound" in parts and self.damage:
            raise fail(
                f"{path}.damage",
                pgettext(
                    "file.two_follow_ups", "a hit is followed by one roll: a wound roll or a damage roll, not both"
                ),
            )

    def cross_check(self, rules: Ruleset, path: str, fail: Fail) -> None:
        """Numbered faces, sound bounds, and every attack type an action or a
        modifier names exists; no word names two things, in any language."""
        numbered = pgettext("file.numbered_target", "'{die}' needs numbered faces: a target number is rolled against")
        attack = added.numbered_die(rules, self, path, fail, numbered)
        where = path.rpartition(".")[0]
        for part, bounds in (("value", self.value), ("target_value", self.target_value)):
            if bounds and bounds.min > bounds.max:
                raise fail(
                    f"{path}.{part}",
                    pgettext("file.min_max", "min {min} is above max {max}").format(min=bounds.min, max=bounds.max),
                )
        if self.damage:
            self.damage.cross_check(rules, f"{path}.damage", fail)
        modifiers = attack.added["agreed"].modifiers if "agreed" in attack.added else EMPTY
        named = [
            (f"{path}.actions.{n}.allows[{i}]", t) for n, a in self.actions.items() for i, t in enumerate(a.allows)
        ]
        named += [
            (f"{where}.agreed.modifiers.{n}.types[{i}]", t) for n, m in modifiers.items() for i, t in enumerate(m.types)
        ]
        names_exist(fail, pgettext("kind", "attack type"), named, self.types)
        tables: tuple[tuple[str, Mapping[str, Any]], ...] = (
            (f"{path}.types", self.types),
            (f"{path}.actions", self.actions),
            (f"{where}.agreed.modifiers", modifiers),
        )
        words = [(at, {n: [n, item.label, *item.aliases] for n, item in table.items()}) for at, table in tables]
        unambiguous(words, fail)
        for lang in rules.translations:  # and by what each language prints for them, which is typed back
            said = [
                (f"translations.{lang}.{at}", {n: [*w, *said_in(rules, lang, w)] for n, w in own.items()})
                for at, own in words
            ]
            unambiguous(said, fail)


class Cites:
    """The rule each step of a hit check cites, gathered from the stages."""

    __slots__ = (
        "action",
        "allows",
        "clamp",
        "damage",
        "modifiers",
        "natural",
        "outcome",
        "qualities",
        "roll",
        "table",
        "wound",
    )

    def __init__(self, **rules: str) -> None:
        for name in self.__slots__:
            setattr(self, name, rules.get(name, ""))


class HitCheck:
    """A hit check as its stages say it, read once for every strike: what the
    resolver, the reader and the chart read of the attack. (A plain class,
    made from the attack's sections, not a section of the file.)"""

    def __init__(self, attack: Any) -> None:

        rules = {key: rule for key, _, _, rule in added.of(attack)}
        parts = attack.added
        telling: Telling = parts["strike"]
        agreed: Agreed = parts.get("agreed") or Agreed()
        self.wound: WoundRoll | None = parts.get("wound")
        self.table: ByDifference = parts["by_difference"]
        self.clamp: Clamp = parts["clamp"]
        self.natural: Natural = self.clamp.natural
        self.rule: str = attack.rule
        self.label: str = attack.label
        self.die: str = attack.attacker.die
        self.value, self.target_value = telling.value, telling.target_value
        self.measure, self.types, self.actions = telling.measure, telling.types, telling.actions
        self.modifiers = agreed.modifiers
        self.damage: DamageRoll | None = telling.damage
        self.loss: Word | None = telling.loss
        self.cite = Cites(
            action=telling.cite.action,
            allows=telling.cite.allows,
            qualities=agreed.values,
            table=rules["by_difference"],
            modifiers=rules.get("agreed", ""),
            clamp=rules["clamp"],
            roll=attack.cite.roll,
            wound=rules.get("wound", ""),
            outcome=self.wound.outcome if self.wound else "",
            natural=attack.cite.read,
            damage=attack.cite.costs,
        )

    def valued(self, side: str) -> ValueRange:
        """The value a side gives: the target's own where the file names one."""
        return self.target_value if side == "target" and self.target_value else self.value


def key_words() -> dict[str, str]:
    """What `show` calls each key this module declares, in the language spoken."""
    return {
        "actions": pgettext("show.param", "actions"),
        "aliases": pgettext("show.param", "aliases"),
        "allows": pgettext("show.param", "allows"),
        "damage": pgettext("show.param", "damage"),
        "loss": pgettext("show.param", "loss"),
        "label": pgettext("show.param", "label"),
        "max": pgettext("show.param", "max"),
        "measure": pgettext("show.param", "measure"),
        "min": pgettext("show.param", "min"),
        "move": pgettext("show.param", "move"),
        "strike": pgettext("show.param", "strike"),
        "target_value": pgettext("show.param", "target value"),
        "types": pgettext("show.param", "types"),
        "value": pgettext("show.param", "value"),
    }
