"""How a face reads: the symbols each face carries (several, or none), which
may change with the target's kind (a face that hits infantry does not hit
armour) and with a named situation (a token turns a face into a hit). A
symbol is the file's own word: a hit, a critical hit, a retreat, an evade.
A numbered face may also read by aiming: the face plus a modifier against a
target number is a hit, with the natural results of the lowest and the
highest face (`Aim`), the modifier raised by named situations (a +1 to
every die). Aimed dice may also be dealt to the units that roll
them, each unit kind at its own number, raised one for one by units that
support it (an Axis & Allies land battle). A numbered face may instead carry
its own number of a symbol (`sum`): counted, a side's pips are the sum of its
faces.
Its own messages are in `locale/<lang>.po` beside this file."""

from __future__ import annotations

import dataclasses
import itertools
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Protocol

from referee.chance.dice import pips
from referee.core.errors import RefereeError
from referee.core.records import section
from referee.ruleset.crosscheck import Fail, names_exist, not_a_face
from referee.ruleset.spec import EMPTY, FACE, RULE, Boolean, Integer, Record, Seq, Table, Text, field
from referee.ruleset.values import Amount
from referee.rulings.ruling import Side, Spoken, Step, Value, both, listed, say, step, step_n
from referee.stages.count import nothing
from referee.stages.roll import When, applies
from referee.words.language import own_catalogue, pgettext

if TYPE_CHECKING:
    from referee.ruleset.model import Ruleset
    from referee.rulings.battle import Battle, Units

own_catalogue(__file__)

Reading = Mapping[str, tuple[str, ...]]  # a face (as text) -> the symbols it carries
SYMBOLS = Table(Seq(Text()), keys=FACE)
HIT, CRITICAL = "hit", "critical"  # the symbols an aimed face carries
AT_MOST = "at-most"
HITS_ON = Text(choices=(AT_MOST, "at-least"))


@section
class Natural:
    """Faces of the hit die that decide whatever the number needed (a d20's
    natural 1 and natural 20)."""

    miss: bool = field(Boolean(), "true if the lowest face always misses", False)
    hit: bool = field(Boolean(), "true if the highest face always hits (never where a table says cannot)", False)
    critical: bool = field(Boolean(), "true if the highest face, hitting, is a critical hit", False)


@section
class Raises:
    """Units that make others hit better, one for one: each supporting unit
    improves one unit of the kind it raises."""

    unit: str = field(Text(), "the supporting unit")
    raises: str = field(Text(), "the unit it makes hit better")
    by: int = field(Integer(minimum=1), "how far the raised unit's value moves toward more hits", 1)


@section
class Support(Raises):
    """Units of one side that make others of that side hit better, one for
    one: each supporting unit improves one unit of the kind it raises."""

    rule: str = field(RULE, "the rule for it, if not the one cited for how the faces read", "")


class Supporting(Protocol):
    """A support line as the stage reads it, however a file writes it (a preset may add a side)."""

    @property
    def unit(self) -> str: ...
    @property
    def raises(self) -> str: ...
    @property
    def by(self) -> int: ...
    @property
    def rule(self) -> str: ...


@section
class AimChange(When):
    """What a named situation adds to an aim's plus while it applies (Twilight
    Imperium's Morale Boost: +1 to every die)."""

    plus: int = field(
        Integer(minimum=-100, maximum=100), "added to the aim's 'plus' while it applies (negative: taken)"
    )


@section
class Aim:
    """A numbered face plus a modifier against a target number: reaching it
    reads a hit; the natural faces decide whatever the number."""

    number: int = field(
        Amount(),
        "the number the face plus 'plus' must reach, or pass, to hit; or a value the table states (an armour class)",
    )
    plus: int = field(Amount(), "added to every face (a d20's attack bonus), or a value the table states", 0)
    natural: Natural = field(Record(Natural), "faces that decide whatever the number", Natural())
    hits_on: str = field(
        HITS_ON,
        "at-least: the face plus 'plus' reaching the number hits; at-most: a face plus 'plus' at most the "
        "number hits (a 2 hits on 1 and 2)",
        "at-least",
    )
    units: Mapping[str, int] = field(
        Table(Integer()),
        "by the unit rolling the die (a key of 'units'): its own number instead of 'number'; the dice are "
        "dealt to the units in the order told",
        EMPTY,
    )
    support: tuple[Support, ...] = field(
        Seq(Record(Support)), "units that make others hit better, one for one; the dice are dealt as for 'units'", ()
    )
    changes: tuple[AimChange, ...] = field(
        Seq(Record(AimChange)),
        "named situations that add to 'plus' while they apply, for every die of the side (a +1 to every die)",
        (),
    )

    def symbols(self) -> tuple[str, ...]:
        """What an aimed face may carry: a hit, and a critical hit where the highest face is one."""
        return (HIT, CRITICAL) if self.natural.critical else (HIT,)

    def plus_in(self, rules: Ruleset, battle: Battle, side: Side) -> tuple[int, list[Step]]:
        """The plus of this side's dice in this battle: its own, with what
        each change whose situations apply adds; a step for each, citing its
        situation's rule."""
        plus, steps = self.plus, []
        for change in self.changes:
            if change.holds(rules, battle, side):
                plus += change.plus
                steps.append(
                    step(
                        change.rule(rules),
                        "read.aim_change",
                        "{situation}: {plus} to every die of the {side}",
                        situation=change.said(rules),
                        plus=f"{change.plus:+d}",
                        side=side,
                    )
                )
        return plus, steps

    def each_unit(self) -> bool:
        """Whether the dice are dealt to their units, each die read at its unit's number."""
        return bool(self.units or self.support)

    def cross_check(self, rules: Ruleset, path: str, fail: Fail) -> None:
        """Units named exist; natural faces are a highest and a lowest face reaching up."""
        unit = pgettext("kind", "unit")
        names_exist(fail, unit, [(f"{path}.units", u) for u in self.units], rules.units)
        for i, line in enumerate(self.support):
            names_exist(
                fail, unit, [(f"{path}.support[{i}].{k}", getattr(line, k)) for k in ("unit", "raises")], rules.units
            )
        situations = [(f"{path}.changes[{i}].when", s) for i, c in enumerate(self.changes) for s in c.situations()]
        names_exist(fail, pgettext("kind", "situation"), situations, rules.situations)
        natural = self.natural
        if self.hits_on == AT_MOST and (natural.miss or natural.hit or natural.critical):
            said = pgettext("file.natural_at_most", "natural faces read a die that hits at least a number")
            raise fail(f"{path}.natural", said)


def reaches(hits_on: str, face: int, number: int) -> bool:
    """Whether a face hits a number: at most it, or at least it."""
    return face <= number if hits_on == AT_MOST else face >= number


def number_said(hits_on: str, number: int) -> Spoken:
    """'2 or less', '5 or more': the faces that hit a number."""
    if hits_on == AT_MOST:
        return say("value.at_most", "{value} or less", value=number)
    return say("value.at_least", "{value} or more", value=number)


def raised(lines: Sequence[Supporting], units: Units) -> tuple[dict[str, list[int]], list[tuple[Supporting, int]]]:
    """What support does to a side's units: each kind's improvements, one a
    unit improved (a unit is improved once at most), and each line with the
    units it improved, for the steps. Each line improves one unit of the kind
    it raises per supporting unit, in the order written."""
    counts = Counter(dict(units))
    done: Counter[str] = Counter()  # kind -> units raised so far
    bonus: dict[str, list[int]] = {unit: [] for unit in counts}
    said = []
    for line in lines:
        if line.raises not in counts:
            continue
        taken = min(counts.get(line.unit, 0), counts[line.raises] - done[line.raises])
        bonus[line.raises] += [line.by] * taken
        done[line.raises] += taken
        said.append((line, taken))
    return bonus, said


def numbers(
    hits_on: str, number: Callable[[str], int], lines: Sequence[Supporting], units: Units
) -> list[tuple[str, int, bool]]:
    """Each unit of a side in the order told, its number, and whether support
    improved it: among units of one kind the supported ones first."""
    bonus, _ = raised(lines, units)
    toward = 1 if hits_on == AT_MOST else -1
    out = []
    for unit, count in units:
        for by in bonus[unit] + [0] * (count - len(bonus[unit])):
            out.append((unit, number(unit) + toward * by, bool(by)))
    return out


def support_steps(rules: Ruleset, lines: Sequence[Supporting], units: Units, side: Side, rule: str) -> list[Step]:
    """One step for each support line that improved units of this side."""
    return [
        step_n(
            line.rule or rule,
            "support.improves",
            "the {side}'s {supporting} supports {supported}, one for one: its value improves by {by}",
            "the {side}'s {supporting} support {supported}, one for one: their value improves by {by}",
            n,
            side=side,
            supporting=rules.units[line.unit].counted(n),
            supported=rules.units[line.raises].counted(n),
            by=line.by,
        )
        for line, n in raised(lines, units)[1]
        if n
    ]


def aimed(
    faces: Sequence[int], needed: int | None, natural: Natural, hits_on: str = "at-least"
) -> dict[str, tuple[str, ...]]:
    """What each face reads against the number it must reach (None: no face
    can hit, whatever the natural faces), or with `hits_on` at-most not pass:
    a hit, a hit and a critical hit, or nothing; the lowest and the highest
    face as `natural` says."""
    lowest, highest = min(faces), max(faces)

    def read(face: int) -> tuple[str, ...]:
        if needed is None or (natural.miss and face == lowest):
            return ()
        if face == highest and (natural.hit or reaches(hits_on, face, needed)):
            return (HIT, CRITICAL) if natural.critical else (HIT,)
        return (HIT,) if reaches(hits_on, face, needed) else ()

    return {str(face): read(face) for face in faces}


def aim_step(
    faces: Sequence[int], needed: int | None, natural: Natural, roll: int, rule: str, natural_rule: str
) -> Step:
    """Why one face rolled hits or misses: a number no roll meets, then the
    natural faces (citing `natural_rule`), then the number."""
    said: dict[str, Value] = {"roll": roll, "number": needed or 0}
    read = aimed(faces, needed, natural)[str(roll)]
    if needed is None:
        return step(rule, "roll.cannot", "rolled {roll}: no roll can hit", **said)
    if natural.miss and roll == min(faces):
        return step(
            natural_rule,
            "roll.natural_miss",
            "rolled {roll}, the lowest face: a miss, whatever the number needed ({number}+)",
            **said,
        )
    if CRITICAL in read:
        return step(
            natural_rule, "roll.critical", "rolled {roll}, the highest face, against {number}+: a critical hit", **said
        )
    if read and roll < needed:
        return step(
            natural_rule,
            "roll.natural_hit",
            "rolled {roll}, the highest face: a hit, whatever the number needed ({number}+)",
            **said,
        )
    if read:
        return step(rule, "roll.hit", "rolled {roll} against {number}+: a hit", **said)
    return step(rule, "roll.miss", "rolled {roll} against {number}+: a miss", **said)


@section
class Read:
    """How a side's faces read: the symbols of each face, and the readings
    that replace them against a kind of target or in a named situation."""

    faces: Reading = field(
        SYMBOLS, "each face's symbols (a face left out carries none, or what 'aim' reads); they come after 'aim'", EMPTY
    )
    against: Mapping[str, Reading] = field(
        Table(SYMBOLS),
        "by the target's unit (a key of 'units'): faces whose symbols are replaced against that unit",
        EMPTY,
    )
    aim: Aim | None = field(
        Record(Aim), "numbered faces read against a target number: a hit, or a hit and a critical hit", None
    )
    when: Mapping[str, Reading] = field(
        Table(SYMBOLS),
        "by named situation (a key of 'situations'), or several joined by '+' that apply together: faces "
        "whose symbols are replaced while it applies; they come after 'against', and where several replace "
        "one face, the one naming the most situations holds",
        EMPTY,
    )
    sum: str = field(
        Text(),
        "a symbol each numbered face carries as many times as its number (pips): counted, a side's sum of "
        "its faces; 'faces' comes after it",
        "",
    )

    def cross_check(self, rules: Ruleset, die: str, path: str, fail: Fail) -> None:
        """Every face named is a face of the die; units and situations exist;
        a face two situations replace says how it reads when both apply."""
        faces = {str(f) for f in rules.dice[die].faces}
        if self.aim:
            self.aim.cross_check(rules, f"{path}.aim", fail)
        if self.aim and not all(isinstance(face, int) for face in rules.dice[die].faces):
            numbered = pgettext("file.numbered_aim", "'{die}' needs numbered faces: a face is aimed at a number")
            raise fail(f"{path}.aim", numbered.format(die=die))
        if self.sum and self.aim:
            one_way = pgettext("file.sum_aim", "a face reads by 'aim' or by 'sum', not both")
            raise fail(f"{path}.sum", one_way)
        if self.sum and not all(isinstance(face, int) and face >= 0 for face in rules.dice[die].faces):
            summed = pgettext(
                "file.numbered_sum", "'{die}' needs faces numbered 0 or more: a face carries its number of '{sum}'"
            )
            raise fail(f"{path}.sum", summed.format(die=die, sum=self.sum))
        tables = [("faces", self.faces), *((f"against.{u}", r) for u, r in self.against.items())]
        for where, reading in [*tables, *((f"when.{s}", r) for s, r in self.when.items())]:
            for face in reading:
                if face not in faces:
                    raise fail(f"{path}.{where}.{face}", not_a_face(rules, die, face))
        names_exist(fail, pgettext("kind", "unit"), [(f"{path}.against", u) for u in self.against], rules.units)
        situation = pgettext("kind", "situation")
        named = [(f"{path}.when.{key}", name) for key in self.when for name in together(key)]
        names_exist(fail, situation, named, rules.situations)
        self._read_when_both_apply(path, fail)

    def _read_when_both_apply(self, path: str, fail: Fail) -> None:
        """Two entries of `when` that replace one face, neither naming all the
        other's situations, would leave the face's reading to the order they
        were written in when both apply: refused, naming both, unless an entry
        naming the situations of both together ('a+b') says how it reads then."""
        for face in dict.fromkeys(str(f) for replaced in self.when.values() for f in replaced):
            keys = [key for key, replaced in self.when.items() if face in map(str, replaced)]
            by = {frozenset(together(key)): key for key in keys}
            for first, second in itertools.combinations(keys, 2):
                one, other = frozenset(together(first)), frozenset(together(second))
                if one == other:
                    said = pgettext(
                        "file.read_same",
                        "'{face}' is replaced under '{first}' and again under '{second}', the same situations: "
                        "write it once",
                    )
                elif not (one < other or other < one or one | other in by):
                    said = pgettext(
                        "file.read_twice",
                        "'{face}' is replaced by both '{first}' and '{second}': say how it reads when both "
                        "apply, under '{first}+{second}'",
                    )
                else:
                    continue
                raise fail(f"{path}.when.{second}.{face}", said.format(face=face, first=first, second=second))

    def symbols(self) -> tuple[str, ...]:
        """Every symbol a face may carry, in the order the file first writes them."""
        readings = [self.faces, *self.against.values(), *self.when.values()]
        aimed = self.aim.symbols() if self.aim else ()
        summed = (self.sum,) if self.sum else ()
        return tuple(
            dict.fromkeys([*aimed, *summed, *(s for r in readings for symbols in r.values() for s in symbols)])
        )


def reading(
    rules: Ruleset, spec: Read, die: str, battle: Battle, side: Side, rule: str
) -> tuple[dict[str, tuple[str, ...]], list[Step]]:
    """What each face of this side's die reads in this battle, and the steps
    that say why a face reads otherwise than its own symbols."""
    read, steps = _aim(rules, spec, die, rule, (battle, side))
    if spec.sum:
        read.update(summed(pips(rules.dice[die].faces), spec.sum))
    read.update(spec.faces)
    if spec.against:
        target = {u for u, _ in battle.side(side.other)}
        if len(target) > 1:
            one = say(
                "read.one_target",
                "the {side}'s faces read by the target's kind: the {target} must be one kind of unit",
                side=side,
                target=side.other,
            )
            raise RefereeError(one, rule=rule)
        unit = target.pop()
        for face, symbols in spec.against.get(unit, {}).items():
            read[face] = symbols
            steps.append(
                step(
                    rule,
                    "read.against",
                    "against {unit}, {face} reads {symbols}",
                    unit=rules.units[unit].title,
                    face=rules.face_said(die, face),
                    symbols=_said(rules, symbols),
                )
            )
    applying = [key for key in spec.when if all(applies(rules, battle, side, n) for n in together(key))]
    holds = {}  # face -> the entry whose reading holds: the one naming the most situations
    for key in sorted(applying, key=lambda key: len(together(key))):
        holds.update(dict.fromkeys(spec.when[key], key))
    for key in applying:
        names = together(key)
        for face, symbols in spec.when[key].items():
            if holds[face] != key:
                continue
            read[face] = symbols
            steps.append(
                step(
                    rules.situations[names[0]].rule,
                    "read.when",
                    "{situation}: {face} reads {symbols}",
                    situation=both(rules.said(n) for n in names) if len(names) > 1 else rules.said(key),
                    face=rules.face_said(die, face),
                    symbols=_said(rules, symbols),
                )
            )
    return read, steps


def _aim(
    rules: Ruleset, spec: Read, die: str, rule: str, told: tuple[Battle, Side]
) -> tuple[dict[str, tuple[str, ...]], list[Step]]:
    """What the faces read by aiming (with the plus the battle's situations
    give), and the steps that give the number on the die; nothing without 'aim'."""
    if spec.aim is None:
        return {}, []
    aim, faces = spec.aim, pips(rules.dice[die].faces)
    plus, changed = aim.plus_in(rules, *told)
    needed = aim.number - plus
    said: dict[str, Value] = {"needed": needed, "number": aim.number, "plus": f"{plus:+d}"}
    if aim.hits_on == AT_MOST:
        on = number_said(AT_MOST, needed)
        return aimed(faces, needed, aim.natural, AT_MOST), [
            *changed,
            step(rule, "read.aim_on", "a die hits on {faces}", faces=on),
        ]
    natural = _naturals(aim.natural, faces, needed, rule)
    if plus:
        return aimed(faces, needed, aim.natural), [
            *changed,
            step(rule, "read.aim_plus", "a die {plus} hits on {number}: {needed}+ on the die", **said),
            *natural,
        ]
    return aimed(faces, needed, aim.natural), [
        *changed,
        step(rule, "read.aim", "a die hits on {needed}+", **said),
        *natural,
    ]


def _naturals(natural: Natural, faces: Sequence[int], needed: int, rule: str) -> list[Step]:
    """Where a natural face decides against the number (every face would
    reach it, or none would), the step that says so: the number alone would mislead."""
    lowest, highest = min(faces), max(faces)
    if natural.miss and needed <= lowest:
        return [step(rule, "read.natural_miss", "but a natural {face} misses whatever the number", face=lowest)]
    if natural.hit and needed > highest:
        return [step(rule, "read.natural_hit", "but a natural {face} hits whatever the number", face=highest)]
    return []


def summed(faces: Sequence[int], symbol: str) -> dict[str, tuple[str, ...]]:
    """Each numbered face carrying its own number of `symbol` (a 4 reads four
    pips): counted, the sum of the faces rolled."""
    return {str(face): (symbol,) * face for face in faces}


def dealt(
    rules: Ruleset, spec: Read, die: str, battle: Battle, side: Side, each: Mapping[str, int], count: int, rule: str
) -> tuple[list[Reading], list[Step]]:
    """Each die's reading where aimed dice are dealt to the units that roll
    them (`each`: a unit's dice), in the order told: each die at its unit's
    number, improved by support; a die past the units (a situation added it)
    at the aim's own number. Faces the file reads otherwise still do, after the aim."""
    aim = spec.aim
    assert aim is not None  # only an aim deals dice
    plain, steps = reading(rules, dataclasses.replace(spec, aim=None), die, battle, side, rule)
    told, faces = battle.side(side), pips(rules.dice[die].faces)
    plus, changed = aim.plus_in(rules, battle, side)
    units = numbers(aim.hits_on, lambda unit: aim.units.get(unit, aim.number), aim.support, told)
    per_die = [number - plus for unit, number, _ in units for _ in range(each.get(unit, 0))]
    per_die = (per_die + [aim.number - plus] * count)[:count]
    groups: list[tuple[tuple[str, int, bool], int]] = []
    for unit in units:
        if groups and groups[-1][0] == unit:
            groups[-1] = (unit, groups[-1][1] + 1)
        else:
            groups.append((unit, 1))
    each_said = listed(
        say(
            "read.unit_number",
            "{units} on {faces}{supported}",
            units=rules.units[unit].counted(n),
            faces=number_said(aim.hits_on, number - plus),
            supported=say("hits.supported", ", supported") if supported else "",
        )
        for (unit, number, supported), n in groups
    )
    said = [
        *changed,
        *support_steps(rules, aim.support, told, side, rule),
        step(rule, "read.unit_numbers", "the {side}'s dice hit by their units: {units}", side=side, units=each_said),
    ]
    readings: list[Reading] = [{**aimed(faces, n, aim.natural, aim.hits_on), **plain} for n in per_die]
    return readings, [*said, *steps]


def together(key: str) -> tuple[str, ...]:
    """The situations an entry of `when` names: one, or several joined by '+' that apply together."""
    return tuple(name.strip() for name in key.split("+"))


def _said(rules: Ruleset, symbols: tuple[str, ...]) -> str:
    """What a face reads, each symbol in the language spoken ('treffer, treffer')."""
    return listed(map(rules.said, symbols)) if symbols else nothing()


def key_words() -> dict[str, str]:
    """What `show` calls each key this module declares, in the language spoken."""
    return {
        "against": pgettext("show.param", "against"),
        "aim": pgettext("show.param", "aim"),
        "by": pgettext("show.param", "by"),
        "changes": pgettext("show.param", "changes"),
        "critical": pgettext("show.param", "critical"),
        "faces": pgettext("show.param", "faces"),
        "hit": pgettext("show.param", "hit"),
        "hits_on": pgettext("show.param", "hits on"),
        "miss": pgettext("show.param", "miss"),
        "natural": pgettext("show.param", "natural"),
        "number": pgettext("show.param", "number"),
        "plus": pgettext("show.param", "plus"),
        "raises": pgettext("show.param", "raises"),
        "sum": pgettext("show.param", "sum"),
        "support": pgettext("show.param", "support"),
        "unit": pgettext("show.param", "unit"),
        "units": pgettext("show.param", "units"),
        "when": pgettext("show.param", "when"),
    }


def value_words() -> dict[str, str]:
    """What `show` calls each value this module's keys choose from, in the language spoken."""
    return {
        "at-least": pgettext("show.value", "at-least"),
        "at-most": pgettext("show.value", "at-most"),
    }
