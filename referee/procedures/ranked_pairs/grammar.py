"""Parameters of ranked pairs: sorted dice compared pair by pair, bonuses by
rank, losses by unit state, and the policy of whole fights (Risk, Frontline
Risk)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar

from referee.core.records import section
from referee.ruleset.crosscheck import Fail, names_exist, unknown
from referee.ruleset.spec import RULE, Boolean, Integer, Record, Seq, Table, Text, field
from referee.rulings.ruling import SIDES
from referee.words.inputs import DICE_PER_UNIT, MAX_COUNT
from referee.words.language import pgettext

if TYPE_CHECKING:
    from referee.ruleset.model import Ruleset


@section
class Division:
    """What one unit does on the front in a ranked-pairs round."""

    dice: int = field(Integer(minimum=0, maximum=DICE_PER_UNIT), "dice it rolls while on the front", 1)
    die: str = field(
        Text(),
        "the die it rolls (a key of 'dice'), if not its side's: a commander's d8 among armies' d6, "
        "its faces typed after its name (d8:7)",
        "",
    )
    bombard: int = field(
        Integer(minimum=0),
        "added to its side's next paired die by rank while on the front "
        "(the first such unit to the highest die, the next to the second)",
        0,
    )


@section
class PairSide:
    """One side of a ranked-pairs round."""

    max_front: int = field(
        Integer(minimum=1, maximum=MAX_COUNT), "the most units on the front, each standing for one pair"
    )
    cover: int = field(
        Integer(minimum=0, maximum=DICE_PER_UNIT), "extra dice with a full front and any unit in the rear", 0
    )
    rule: str = field(RULE, "the rule for this side's dice, if not the cited 'front' rule", "")
    die: str = field(Text(), "the die this side rolls (a key of 'dice'), if not the attack's 'die'", "")


@section
class FightPolicy:
    """The choices made for the players between rounds of a whole fight."""

    rule: str = field(RULE, "the rule that lets the sides act between rounds")
    given: str = field(
        Text(
            choices=("front", "fighting"),
            retired={
                "territory": "--attacker counts the attacking units, never those kept behind; write 'given: fighting'"
            },
        ),
        "what --attacker/--defender count in a whole fight: the front (the rear is given apart), "
        "or every unit that fights, the attacker's kept-behind ones left out (the front is then filled from them)",
    )
    keep_behind: int = field(
        Integer(minimum=0), "attacking units that stay home and never fight, on top of those --attacker counts", 0
    )
    keep_rule: str = field(RULE, "the rule for the units kept behind", "")
    supply: bool = field(Boolean(), "true if each side fills its front from its rear before each round")
    supply_order: tuple[str, ...] = field(
        Seq(Text()), "units brought to the front first (fresh units before worn ones in any case)", ()
    )
    withdraw_worn: bool = field(
        Boolean(),
        "true if worn (damaged) units on the front swap with fresh ones of the same kind from the rear",
        False,
    )
    withdraw_rule: str = field(RULE, "the rule that lets worn units withdraw", "")
    conquest_rule: str = field(RULE, "the rule that says a side with an empty front has lost the border", "")
    supply_rule: str = field(RULE, "the rule that lets each side fill its front from its rear between rounds", "")


@section
class RankedCite:
    """The rule ID cited for each step; a step left out cites the attack's rule."""

    front: str = field(RULE, "how many dice the units on the front roll", "")
    max_front: str = field(RULE, "how many units may stand on a front", "")
    cover: str = field(RULE, "the cover die", "")
    sort: str = field(RULE, "sorting, pairing and comparing the dice, and ties", "")
    pairs: str = field(RULE, "how many pairs are compared", "")
    bombard: str = field(RULE, "the bonuses units give by rank", "")
    stand: str = field(RULE, "which unit each pair stands for", "")
    losses: str = field(RULE, "what a lost pair does to its unit", "")


@section
class RankedPairs:
    """Each side sorts its dice high to low, adds bonuses by rank, and compares
    pair by pair; each lost pair costs the unit behind it a loss (classic
    Risk, Frontline Risk)."""

    procedure: str = field(Text(choices=("ranked-pairs",)), "ranked-pairs")
    rule: str = field(RULE, "the rule that defines this attack")
    label: str = field(Text(), "the attack's name as printed")
    die: str = field(
        Text(), "the die both sides roll (a key of 'dice'), unless a side names its own; its faces must be numbers"
    )
    divisions: Mapping[str, Division] = field(
        Table(Record(Division), min_items=1), "what each unit (a key of 'units') does on the front"
    )
    attacker: PairSide = field(Record(PairSide), "the attacking side")
    defender: PairSide = field(Record(PairSide), "the defending side")
    tie: str = field(Text(choices=("attacker", "defender")), "who wins a pair of equal totals")
    stand_order: tuple[str, ...] = field(
        Seq(Text()), "units in the order the pairs stand for them, highest pair first", ()
    )
    worn_first: bool = field(
        Boolean(), "true if, among units of one kind, a worn (damaged) one takes a loss before a fresh one", False
    )
    fight: FightPolicy = field(Record(FightPolicy), "how a whole fight goes on between rounds")
    cite: RankedCite = field(Record(RankedCite), "the rule cited at each step", RankedCite())

    units_refused: ClassVar[str] = ""
    reads_states: ClassVar[bool] = True  # a loss moves a unit one state on
    reads_situation: ClassVar[frozenset[str]] = frozenset(
        {"extra_dice", "not_on_top_of", "highest_bonus", "cancels_bombardment", "stops_repair", "fails_without"}
    )

    def die_of(self, side: str) -> str:
        """The die a side rolls: its own, else the attack's."""
        spec: PairSide = getattr(self, side)
        return spec.die or self.die

    def dice_kinds(self, rules: Ruleset, side: str, front: list[str], more: int) -> tuple[tuple[str, int], ...]:
        """Each die a side rolls (a key of 'dice') with its count: the units on
        its front each roll their own die or the side's, and `more` dice (cover,
        situations) are the side's; the side's die first, then the file's order."""
        counts = dict.fromkeys(rules.dice, 0)
        counts[self.die_of(side)] += more
        for unit in front:
            counts[self.divisions[unit].die or self.die_of(side)] += self.divisions[unit].dice
        first = self.die_of(side)
        return tuple((die, n) for die, n in sorted(counts.items(), key=lambda item: item[0] != first) if n)

    def cross_check(self, rules: Ruleset, path: str, fail: Fail) -> None:
        """Bonuses are added to faces, so faces are numbers; the units and dice it names exist."""
        rolled = [(f"{path}.die", self.die)]
        rolled += [(f"{path}.{side}.die", getattr(self, side).die) for side in SIDES if getattr(self, side).die]
        rolled += [(f"{path}.divisions.{unit}.die", d.die) for unit, d in self.divisions.items() if d.die]
        for where, die in rolled:
            if die not in rules.dice:
                raise unknown(fail, where, pgettext("kind", "die"), die, rules.dice)
            for face in rules.dice[die].faces:
                if not isinstance(face, int):
                    raise fail(
                        where,
                        pgettext(
                            "file.bonus_face", "ranked pairs add bonuses to faces, but '{face}' is not a number"
                        ).format(face=face),
                    )
        named = [(f"{path}.divisions.{u}", u) for u in self.divisions]
        named += [(f"{path}.stand_order[{i}]", u) for i, u in enumerate(self.stand_order)]
        named += [(f"{path}.fight.supply_order[{i}]", u) for i, u in enumerate(self.fight.supply_order)]
        names_exist(fail, pgettext("kind", "unit"), named, rules.units)


def key_words() -> dict[str, str]:
    """What `show` calls each key this module declares, in the language spoken."""
    return {
        "attacker": pgettext("show.param", "attacker"),
        "bombard": pgettext("show.param", "bombard"),
        "conquest_rule": pgettext("show.param", "conquest rule"),
        "cover": pgettext("show.param", "cover"),
        "defender": pgettext("show.param", "defender"),
        "dice": pgettext("show.param", "dice"),
        "divisions": pgettext("show.param", "divisions"),
        "fight": pgettext("show.param", "fight"),
        "given": pgettext("show.param", "given"),
        "keep_behind": pgettext("show.param", "keep behind"),
        "keep_rule": pgettext("show.param", "keep rule"),
        "max_front": pgettext("show.param", "max front"),
        "stand_order": pgettext("show.param", "stand order"),
        "supply": pgettext("show.param", "supply"),
        "supply_order": pgettext("show.param", "supply order"),
        "supply_rule": pgettext("show.param", "supply rule"),
        "tie": pgettext("show.param", "tie"),
        "withdraw_rule": pgettext("show.param", "withdraw rule"),
        "withdraw_worn": pgettext("show.param", "withdraw worn"),
        "worn_first": pgettext("show.param", "worn first"),
    }


def value_words() -> dict[str, str]:
    """What `show` calls each value this module's keys choose from, in the language spoken."""
    return {
        "attacker": pgettext("show.value", "attacker"),
        "defender": pgettext("show.value", "defender"),
        "fighting": pgettext("show.value", "fighting"),
        "front": pgettext("show.value", "front"),
    }


GRAMMAR = RankedPairs  # what the registry reads a file's attack of this procedure with
