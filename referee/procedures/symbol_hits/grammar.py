"""Parameters of symbol hits: each side counts the faces that are hits for it
(Ground Force). Symbol hits is a preset of the shared stages: its keys keep
their names, and `as_roll`, `as_read` and `as_compare` hand them to the stages."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar

from referee.core.records import section
from referee.ruleset.crosscheck import Fail, names_exist, not_a_face
from referee.ruleset.spec import EMPTY, FACE, RULE, Boolean, Either, Integer, Record, Seq, Table, Text, field
from referee.stages.compare import Compare
from referee.stages.costs import ON_WIN, Word
from referee.stages.pool_rules import PoolRules
from referee.stages.read import Read
from referee.stages.roll import Roll
from referee.words.language import pgettext

if TYPE_CHECKING:
    from referee.ruleset.model import Ruleset

HIT = "hit"  # the one symbol a face of symbol hits carries


@section
class Reach:
    """How far away the target may be, in the game's steps."""

    min: int = field(Integer(minimum=0), "the nearest target")
    max: int = field(Integer(minimum=0), "the farthest target")


@section
class SymbolSide:
    """One side of a symbol-hits battle."""

    dice: int | str = field(
        Either(Integer(minimum=1, maximum=100), Text(choices=("per-unit",))),
        "dice rolled: a fixed number, or per-unit (one per unit in the battle)",
    )
    unit_dice: Mapping[str, int] = field(
        Table(Integer(minimum=1, maximum=100)),
        "with dice: per-unit, the dice each kind of unit rolls (a key of 'units'); a unit left out rolls 1",
        EMPTY,
    )
    die: str = field(Text(), "the die this side rolls (a key of 'dice'), if not the attack's", "")
    hits: tuple[int | str, ...] = field(
        Seq(FACE), "the faces that are hits for this side; [] for a side that never hits (it cannot win but on a tie)"
    )
    on_win: str = field(
        ON_WIN,
        "what the losing side takes when this side wins: units by the surplus (capped at its units), "
        "all its units, the surplus as wounds (never capped), this side's hits as wounds (count), one wound "
        "(one), nothing as a win (no-loss: this side wins, nothing happens), or nothing (no win)",
    )
    max_dice: int | None = field(
        Integer(minimum=1, maximum=100),
        "the most dice this side can roll (the dice a player owns); left out: no limit",
        None,
    )
    max_units: int | None = field(
        Integer(minimum=1), "the most units this side can have in one battle; left out: any", None
    )
    pool: PoolRules | None = field(
        Record(PoolRules), "what this side's dice do before they count: re-roll, explode, keep", None
    )

    def as_roll(self, rules: Ruleset) -> Roll:
        """Who rolls what: a fixed number, one die per unit, or each kind's dice (a kind left out rolls 1)."""
        if self.dice != "per-unit":
            return Roll(by="fixed", dice=int(self.dice), owned=self.max_dice, max_units=self.max_units)
        if not self.unit_dice:
            return Roll(by="units", owned=self.max_dice, max_units=self.max_units)
        each = {unit: self.unit_dice.get(unit, 1) for unit in rules.units}
        return Roll(by="value", values=each, owned=self.max_dice, max_units=self.max_units)

    def as_read(self) -> Read:
        """How a face reads: each of this side's hits carries a hit, any other face nothing."""
        return Read(faces={str(face): (HIT,) for face in self.hits})


@section
class SymbolCite:
    """The rule ID cited for each step; a step left out cites the attack's rule."""

    range: str = field(RULE, "the distance check", "")
    alone: str = field(RULE, "the refusal of a combined attack", "")
    dice: str = field(RULE, "how many dice each side rolls", "")
    hits: str = field(RULE, "which faces are hits", "")
    compare: str = field(RULE, "who wins, and ties", "")
    losses: str = field(RULE, "how many units the loser removes", "")
    choice: str = field(RULE, "who chooses the units removed", "")
    move_in: str = field(RULE, "whether the attacker moves in", "")


@section
class SymbolHits:
    """Each side counts the faces that are hits for it; more hits wins, and the
    loser removes units by the winner's rule (Ground Force)."""

    procedure: str = field(Text(choices=("symbol-hits",)), "symbol-hits")
    rule: str = field(RULE, "the rule that defines this attack")
    label: str = field(Text(), "the attack's name as printed")
    die: str = field(Text(), "the die both sides roll (a key of 'dice'), unless a side names its own")
    attacker: SymbolSide = field(Record(SymbolSide), "the attacking side")
    defender: SymbolSide = field(Record(SymbolSide), "the defending side")
    tie: str = field(
        Text(choices=("nothing", "attacker", "defender")),
        "who wins on equal hits; a tie won under remove-surplus removes one unit",
    )
    range: Reach = field(
        Record(Reach),
        "how far the target may be, in the game's steps; left out: distance 1 only (an adjacent target)",
        Reach(min=1, max=1),
    )
    alone: bool = field(Boolean(), "true if no other unit may join this attack", False)
    move_in: bool = field(Boolean(), "true if the attackers move into an emptied target", False)
    loss: Word | None = field(
        Record(Word),
        "what a side loses, in the game's word (one: wound, many: wounds); left out: units, or wounds",
        None,
    )
    cite: SymbolCite = field(Record(SymbolCite), "the rule cited at each step", SymbolCite())

    units_refused: ClassVar[str] = ""
    reads_situation: ClassVar[frozenset[str]] = frozenset()

    def die_of(self, side: str) -> str:
        """The die a side rolls: its own, else the attack's."""
        return str(getattr(self, side).die or self.die)

    def as_compare(self) -> Compare:
        """More hits wins; the tie rule; what the loser takes is the winner's on_win; the loser chooses."""
        return Compare(symbol=HIT, tie=self.tie, attacker_wins=self.attacker.on_win, defender_wins=self.defender.on_win)

    def cross_check(self, rules: Ruleset, path: str, fail: Fail) -> None:
        """Each side's die exists and its hits are faces of it; dice by unit name units and need dice: per-unit."""
        for side in ("attacker", "defender"):
            spec: SymbolSide = getattr(self, side)
            names_exist(
                fail, pgettext("kind", "die"), [(f"{path}.{side}.die", spec.die)] if spec.die else [], rules.dice
            )
            die = self.die_of(side)
            for i, face in enumerate(spec.hits):
                if face not in rules.dice[die].faces:
                    raise fail(f"{path}.{side}.hits[{i}]", not_a_face(rules, die, face))
            if spec.unit_dice and spec.dice != "per-unit":
                raise fail(
                    f"{path}.{side}.unit_dice",
                    pgettext("file.per_unit", "dice by unit need 'dice: per-unit', not {dice}").format(dice=spec.dice),
                )
            names_exist(
                fail,
                pgettext("kind", "unit"),
                [(f"{path}.{side}.unit_dice.{u}", u) for u in spec.unit_dice],
                rules.units,
            )
            if spec.pool:
                spec.pool.cross_check(rules, die, f"{path}.{side}.pool", fail)
                spec.pool.cross_check_keep(spec.as_roll(rules).most(), f"{path}.{side}.pool", fail)


def key_words() -> dict[str, str]:
    """What `show` calls each key this module declares, in the language spoken."""
    return {
        "alone": pgettext("show.param", "alone"),
        "attacker": pgettext("show.param", "attacker"),
        "defender": pgettext("show.param", "defender"),
        "dice": pgettext("show.param", "dice"),
        "hits": pgettext("show.param", "hits"),
        "loss": pgettext("show.param", "loss"),
        "max": pgettext("show.param", "max"),
        "max_dice": pgettext("show.param", "max dice"),
        "max_units": pgettext("show.param", "max units"),
        "min": pgettext("show.param", "min"),
        "move_in": pgettext("show.param", "move in"),
        "on_win": pgettext("show.param", "on win"),
        "pool": pgettext("show.param", "pool"),
        "range": pgettext("show.param", "range"),
        "tie": pgettext("show.param", "tie"),
        "unit_dice": pgettext("show.param", "unit dice"),
    }


def value_words() -> dict[str, str]:
    """What `show` calls each value this module's keys choose from, in the language spoken."""
    return {
        "attacker": pgettext("show.value", "attacker"),
        "count": pgettext("show.value", "count"),
        "defender": pgettext("show.value", "defender"),
        "no-loss": pgettext("show.value", "no-loss"),
        "nothing": pgettext("show.value", "nothing"),
        "one": pgettext("show.value", "one"),
        "per-unit": pgettext("show.value", "per-unit"),
        "remove-all": pgettext("show.value", "remove-all"),
        "remove-surplus": pgettext("show.value", "remove-surplus"),
        "wounds": pgettext("show.value", "wounds"),
    }


GRAMMAR = SymbolHits  # what the registry reads a file's attack of this procedure with
