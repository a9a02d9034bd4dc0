"""How a face reads: the symbols each face carries (several, or none), which
may change with the target's kind (a face that hits infantry does not hit
armour) and with a named situation (a token turns a face into a hit). A
symbol is the file's own word: a hit, a critical hit, a retreat, an evade.
A numbered face may also read by aiming: the face plus a modifier against a
target number is a hit, with the natural results of the lowest and the
highest face (`Aim`), or carry its own number of a symbol (`sum`): counted,
a side's pips are the sum of its faces."""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from referee.chance.dice import pips
from referee.core.errors import RefereeError
from referee.core.records import section
from referee.ruleset.crosscheck import Fail, names_exist, not_a_face
from referee.ruleset.spec import EMPTY, FACE, Boolean, Integer, Record, Seq, Table, Text, field
from referee.rulings.ruling import Side, Step, Value, both, listed, say, step
from referee.stages.count import nothing
from referee.stages.roll import applies
from referee.words.language import pgettext

if TYPE_CHECKING:
    from referee.procedures.base import Battle
    from referee.ruleset.model import Ruleset

Reading = Mapping[str, tuple[str, ...]]  # a face (as text) -> the symbols it carries
SYMBOLS = Table(Seq(Text()), keys=FACE)
HIT, CRITICAL = "hit", "critical"  # the symbols an aimed face carries


@section
class Natural:
    """Faces of the hit die that decide whatever the number needed (a d20's
    natural 1 and natural 20)."""

    miss: bool = field(Boolean(), "true if the lowest face always misses", False)
    hit: bool = field(Boolean(), "true if the highest face always hits (never where a table says cannot)", False)
    critical: bool = field(Boolean(), "true if the highest face, hitting, is a critical hit", False)


@section
class Aim:
    """A numbered face plus a modifier against a target number: reaching it
    reads a hit; the natural faces decide whatever the number."""

    number: int = field(Integer(), "the number the face plus 'plus' must reach, or pass, to hit")
    plus: int = field(Integer(), "added to every face (a d20's attack bonus)", 0)
    natural: Natural = field(Record(Natural), "faces that decide whatever the number", Natural())

    def symbols(self) -> tuple[str, ...]:
        """What an aimed face may carry: a hit, and a critical hit where the highest face is one."""
        return (HIT, CRITICAL) if self.natural.critical else (HIT,)


def aimed(faces: Sequence[int], needed: int | None, natural: Natural) -> dict[str, tuple[str, ...]]:
    """What each face reads against the number it must reach (None: no face
    can hit, whatever the natural faces): a hit, a hit and a critical hit, or
    nothing; the lowest and the highest face as `natural` says."""
    lowest, highest = min(faces), max(faces)

    def read(face: int) -> tuple[str, ...]:
        if needed is None or (natural.miss and face == lowest):
            return ()
        if face == highest and (natural.hit or face >= needed):
            return (HIT, CRITICAL) if natural.critical else (HIT,)
        return (HIT,) if face >= needed else ()

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
        if self.aim and not all(isinstance(face, int) for face in rules.dice[die].faces):
            numbered = pgettext("file.numbered_aim", "'{die}' needs numbered faces: a face is aimed at a number")
            raise fail(f"{path}.aim", numbered.format(die=die))
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
    read, steps = _aim(rules, spec, die, rule)
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
                    symbols=_said(symbols),
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
                    symbols=_said(symbols),
                )
            )
    return read, steps


def _aim(rules: Ruleset, spec: Read, die: str, rule: str) -> tuple[dict[str, tuple[str, ...]], list[Step]]:
    """What the faces read by aiming, and the step that gives the number on the die; nothing without 'aim'."""
    if spec.aim is None:
        return {}, []
    aim, faces = spec.aim, pips(rules.dice[die].faces)
    needed = aim.number - aim.plus
    said: dict[str, Value] = {"needed": needed, "number": aim.number, "plus": f"{aim.plus:+d}"}
    if aim.plus:
        return aimed(faces, needed, aim.natural), [
            step(rule, "read.aim_plus", "a die {plus} hits on {number}: {needed}+ on the die", **said)
        ]
    return aimed(faces, needed, aim.natural), [step(rule, "read.aim", "a die hits on {needed}+", **said)]


def summed(faces: Sequence[int], symbol: str) -> dict[str, tuple[str, ...]]:
    """Each numbered face carrying its own number of `symbol` (a 4 reads four
    pips): counted, the sum of the faces rolled."""
    return {str(face): (symbol,) * face for face in faces}


def together(key: str) -> tuple[str, ...]:
    """The situations an entry of `when` names: one, or several joined by '+' that apply together."""
    return tuple(name.strip() for name in key.split("+"))


def _said(symbols: tuple[str, ...]) -> str:
    return listed(symbols) if symbols else nothing()
