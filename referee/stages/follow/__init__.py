"""Follow-up rolls: each success of the roll before rolls one more die
against a number, and what comes through goes on (a Warhammer-style chain:
each hit rolls to wound, each wound the target's save). A die reads by the
read stage's aim; an attacker's die that reaches its number carries its
success on, a defender's die that reaches it (a save) stops one. The number
may be the defending side's own by its kind of unit (its toughness, its
save).
Its own messages are in `locale/<lang>.po` beside this file."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from referee.chance.dice import Die, alike, pips
from referee.core.errors import RefereeError
from referee.core.records import section
from referee.ruleset.crosscheck import Fail, names_exist
from referee.ruleset.spec import EMPTY, RULE, Integer, Record, Seq, Table, Text, field
from referee.rulings.ruling import Side, Step, listed, say, step_n
from referee.stages.read import HIT, Aim, Natural, aimed
from referee.words.language import own_catalogue, pgettext

if TYPE_CHECKING:
    from referee.ruleset.model import Ruleset
    from referee.rulings.battle import Battle

own_catalogue(__file__)


@section
class FollowStep:
    """One follow-up roll: who rolls it, the die, and the number each die must reach."""

    name: str = field(Text(), "the step's name as printed (to wound, armour save)")
    die: str = field(Text(), "the die rolled for each success of the step before (a key of 'dice', numbered faces)")
    aim: Aim = field(Record(Aim), "the number each die must reach: the read stage's aim (number, plus, natural)")
    roller: str = field(
        Text(choices=("attacker", "defender")),
        "who rolls: an attacker's die that reaches the number goes on; a defender's (a save) stops one",
        "attacker",
    )
    units: Mapping[str, int] = field(
        Table(Integer()),
        "the number by the defending side's unit (a key of 'units'), instead of aim's number for that unit",
        EMPTY,
    )
    rule: str = field(RULE, "the rule of this step", "")

    def cross_check(self, rules: Ruleset, path: str, fail: Fail) -> None:
        """The die exists with numbered faces; the units named exist; its aim
        has no changes by situation, which a follow-up roll does not read."""
        names_exist(fail, pgettext("kind", "die"), [(f"{path}.die", self.die)], rules.dice)
        if not all(isinstance(face, int) for face in rules.dice[self.die].faces):
            numbered = pgettext("file.numbered_aim", "'{die}' needs numbered faces: a face is aimed at a number")
            raise fail(f"{path}.aim", numbered.format(die=self.die))
        names_exist(fail, pgettext("kind", "unit"), [(f"{path}.units", u) for u in self.units], rules.units)
        if self.aim.changes:
            fixed = pgettext(
                "file.follow_changes",
                "a follow-up roll's number does not change by situation: 'changes' belong to a side's read.aim",
            )
            raise fail(f"{path}.aim.changes", fixed)


@section
class Follow:
    """Follow-up rolls after the attacker's roll: each of its symbol rolls the
    first step's die, each success the next step's, and the successes that
    come through the last step are the symbols the attacker keeps."""

    symbol: str = field(Text(), "the attacker's symbol whose each one rolls the first step", HIT)
    steps: tuple[FollowStep, ...] = field(Seq(Record(FollowStep), min_items=1), "the follow-up rolls, in order")


def through(
    roller: Side, faces: Sequence[int], needed: int | None, natural: Natural, rolls: Sequence[int]
) -> tuple[tuple[bool, ...], int]:
    """Whether each die rolled reaches the number needed (None: the chart says
    no roll can), as the read stage's aim reads it, and how many successes go
    on: the attacker's dice that reach it, or those of a defender's that do not."""
    reads = aimed(faces, needed, natural)
    passed = tuple(HIT in reads[str(roll)] for roll in rolls)
    return passed, sum(passed) if roller == Side.ATTACKER else len(passed) - sum(passed)


def numbers(rules: Ruleset, spec: Follow, battle: Battle, rule: str) -> tuple[int, ...]:
    """The number each step's die needs on the die (its aim's, or the
    defending side's unit's, less the aim's plus): one kind of defending unit
    where a step's number is by unit."""
    kinds = {unit for unit, _ in battle.side(Side.DEFENDER)}
    if any(s.units for s in spec.steps) and len(kinds) != 1:
        one = say(
            "follow.one_target",
            "a follow-up roll's number is by the defender's unit: the defender must be one kind of unit",
        )
        raise RefereeError(one, rule=rule)
    unit = next(iter(kinds), "")
    return tuple(s.units.get(unit, s.aim.number) - s.aim.plus for s in spec.steps)


def merged(die: Die, needed: int | None, natural: Natural) -> Die:
    """The die with the faces that read alike against the number merged: for
    odds, a follow-up die is only a success or not (or a critical one)."""
    reads = aimed(pips(die.faces), needed, natural)
    return alike(die, lambda face: reads[str(face)])


def group(i: int) -> str:
    """The throw's group of the i-th follow-up step's dice."""
    return f"follow_{i + 1}"


def follow(
    rules: Ruleset,
    spec: Follow,
    needed: Sequence[int],
    carried: int,
    dice: Callable[[int], Sequence[int]],
    rule: str,
) -> tuple[int, list[Step], tuple[int, ...]]:
    """How many of `carried` come through every step, each step reading its
    first dice (`dice(i)`, the i-th step's) one for each success before it,
    one step each that says so, and the dice each step rolled."""
    steps: list[Step] = []
    rolled = []
    for i, (link, number) in enumerate(zip(spec.steps, needed)):
        rolled.append(carried)
        rolls = tuple(dice(i)[:carried])
        _, carried = through(Side(link.roller), pips(rules.dice[link.die].faces), number, link.aim.natural, rolls)
        steps.append(
            step_n(
                link.rule or rule,
                "follow.step",
                "{name}: the {side} rolled {faces} against {number}+: {n} comes through",
                "{name}: the {side} rolled {faces} against {number}+: {n} come through",
                carried,
                name=link.name,
                side=Side(link.roller),
                faces=listed(str(r) for r in rolls) or say("faces.none", "nothing"),
                number=number,
            )
        )
    return carried, steps, tuple(rolled)


def key_words() -> dict[str, str]:
    """What `show` calls each key this module declares, in the language spoken."""
    return {
        "aim": pgettext("show.param", "aim"),
        "name": pgettext("show.param", "name"),
        "roller": pgettext("show.param", "roller"),
        "steps": pgettext("show.param", "steps"),
        "symbol": pgettext("show.param", "symbol"),
        "units": pgettext("show.param", "units"),
    }


def value_words() -> dict[str, str]:
    """What `show` calls each value this module's keys choose from, in the language spoken."""
    return {
        "attacker": pgettext("show.value", "attacker"),
        "defender": pgettext("show.value", "defender"),
    }
