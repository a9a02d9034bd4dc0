"""How a face reads: the symbols each face carries (several, or none), which
may change with the target's kind (a face that hits infantry does not hit
armour) and with a named situation (a token turns a face into a hit). A
symbol is the file's own word: a hit, a critical hit, a retreat, an evade."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from referee.core.errors import RefereeError
from referee.core.records import section
from referee.ruleset.crosscheck import Fail, names_exist
from referee.ruleset.spec import EMPTY, FACE, Seq, Table, Text, field
from referee.rulings.ruling import Side, Step, listed, say, step
from referee.stages.count import nothing
from referee.stages.roll import applies
from referee.words.language import pgettext

if TYPE_CHECKING:
    from referee.procedures.base import Battle
    from referee.ruleset.model import Ruleset

Reading = Mapping[str, tuple[str, ...]]  # a face (as text) -> the symbols it carries
SYMBOLS = Table(Seq(Text()), keys=FACE)


@section
class Read:
    """How a side's faces read: the symbols of each face, and the readings
    that replace them against a kind of target or in a named situation."""

    faces: Reading = field(SYMBOLS, "each face's symbols (a face left out carries none)")
    against: Mapping[str, Reading] = field(
        Table(SYMBOLS),
        "by the target's unit (a key of 'units'): faces whose symbols are replaced against that unit",
        EMPTY,
    )
    when: Mapping[str, Reading] = field(
        Table(SYMBOLS),
        "by named situation (a key of 'situations'): faces whose symbols are replaced while it applies; "
        "they come after 'against'",
        EMPTY,
    )

    def cross_check(self, rules: Ruleset, die: str, path: str, fail: Fail) -> None:
        """Every face named is a face of the die; units and situations exist."""
        faces = {str(f) for f in rules.dice[die].faces}
        tables = [("faces", self.faces), *((f"against.{u}", r) for u, r in self.against.items())]
        for where, reading in [*tables, *((f"when.{s}", r) for s, r in self.when.items())]:
            for face in reading:
                if face not in faces:
                    not_face = pgettext("file.not_a_face", "'{face}' is not a face of die '{die}'")
                    raise fail(f"{path}.{where}.{face}", not_face.format(face=face, die=die))
        names_exist(fail, pgettext("kind", "unit"), [(f"{path}.against", u) for u in self.against], rules.units)
        situation = pgettext("kind", "situation")
        names_exist(fail, situation, [(f"{path}.when", s) for s in self.when], rules.situations)
        self._one_reading_per_face(path, fail)

    def _one_reading_per_face(self, path: str, fail: Fail) -> None:
        """Two situations that both replace one face's symbols would leave the
        reading to the order they were written in when both apply: refused,
        naming both, so the file gives the two together a situation of their own."""
        first: dict[str, str] = {}
        for name, replaced in self.when.items():
            for face in replaced:
                other = first.setdefault(str(face), name)
                if other != name:
                    both = pgettext(
                        "file.read_twice",
                        "'{face}' is replaced by both '{first}' and '{second}': when both apply, the file does "
                        "not say how it reads; give the two together a situation of their own",
                    )
                    raise fail(f"{path}.when.{name}.{face}", both.format(face=face, first=other, second=name))

    def symbols(self) -> tuple[str, ...]:
        """Every symbol a face may carry, in the order the file first writes them."""
        readings = [self.faces, *self.against.values(), *self.when.values()]
        return tuple(dict.fromkeys(s for r in readings for symbols in r.values() for s in symbols))


def reading(
    rules: Ruleset, spec: Read, die: str, battle: Battle, side: Side, rule: str
) -> tuple[dict[str, tuple[str, ...]], list[Step]]:
    """What each face of this side's die reads in this battle, and the steps
    that say why a face reads otherwise than its own symbols."""
    read = dict(spec.faces)
    steps = []
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
    for name, replaced in spec.when.items():
        if applies(rules, battle, side, name):
            for face, symbols in replaced.items():
                read[face] = symbols
                steps.append(
                    step(
                        rules.situations[name].rule,
                        "read.when",
                        "{situation}: {face} reads {symbols}",
                        situation=rules.said(name),
                        face=rules.face_said(die, face),
                        symbols=_said(symbols),
                    )
                )
    return read, steps


def _said(symbols: tuple[str, ...]) -> str:
    return listed(symbols) if symbols else nothing()
