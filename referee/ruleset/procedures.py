"""The parameters each general procedure takes from a ruleset file.

The behaviour lives in `referee.mechanics`; here is only what a file may say,
so the loader can check it and the schema can describe it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from referee.ruleset.spec import Boolean, Either, Integer, Record, Seq, Table, Text, field

RULE = Text(pattern=r"^[A-Z][A-Z0-9]*-[A-Z0-9.]+$")
RULE.doc = "a rule ID such as GF-B2"
EMPTY: Mapping[str, Any] = MappingProxyType({})
OUTCOME = Text(choices=("remove-surplus", "remove-all", "nothing"))


@dataclass(frozen=True, kw_only=True)
class Reach:
    """How far away the target may be, in the game's steps."""

    min: int = field(Integer(minimum=0), "the nearest target")
    max: int = field(Integer(minimum=0), "the farthest target")


@dataclass(frozen=True, kw_only=True)
class SymbolSide:
    """One side of a symbol-hits battle."""

    dice: int | str = field(
        Either(Integer(minimum=1, maximum=100), Text(choices=("per-unit",))),
        "dice rolled: a fixed number, or per-unit (one per unit in the battle)",
    )
    hits: tuple[str, ...] = field(Seq(Text(), min_items=1), "the faces that are hits for this side")
    on_win: str = field(OUTCOME, "what the losing side removes when this side wins")
    max_dice: int = field(Integer(minimum=1, maximum=100),
                          "the most dice this side can roll (the dice a player owns)", 0)
    max_units: int = field(Integer(minimum=1), "the most units this side can have in one battle", 0)


@dataclass(frozen=True, kw_only=True)
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


@dataclass(frozen=True, kw_only=True)
class SymbolHits:
    """Each side counts the faces that are hits for it; more hits wins, and the
    loser removes units by the winner's rule (Ground Force)."""

    procedure: str = field(Text(choices=("symbol-hits",)), "symbol-hits")
    rule: str = field(RULE, "the rule that defines this attack")
    label: str = field(Text(), "the attack's name as printed")
    die: str = field(Text(), "the die both sides roll (a key of 'dice')")
    attacker: SymbolSide = field(Record(SymbolSide), "the attacking side")
    defender: SymbolSide = field(Record(SymbolSide), "the defending side")
    tie: str = field(Text(choices=("nothing", "attacker", "defender")), "who wins on equal hits")
    range: Reach = field(Record(Reach), "how far the target may be", Reach(min=1, max=1))
    alone: bool = field(Boolean(), "true if no other unit may join this attack", False)
    move_in: bool = field(Boolean(), "true if the attackers move into an emptied target", False)
    cite: SymbolCite = field(Record(SymbolCite), "the rule cited at each step", SymbolCite())


@dataclass(frozen=True, kw_only=True)
class ValueRange:
    """The one value each unit has, compared between attacker and target."""

    label: str = field(Text(), "what the value is called, such as quality")
    min: int = field(Integer(), "the lowest value a unit can have")
    max: int = field(Integer(), "the highest value a unit can have")


@dataclass(frozen=True, kw_only=True)
class AttackType:
    """A kind of attack players name (--attack), each with its own modifiers."""

    name: str = field(Text(), "its key in the table", key=True)
    label: str = field(Text(), "the attack's name as printed")
    aliases: tuple[str, ...] = field(Seq(Text()), "other words for it, any language", ())


@dataclass(frozen=True, kw_only=True)
class Action:
    """What a unit does before it attacks, and which attack types that allows."""

    name: str = field(Text(), "its key in the table", key=True)
    label: str = field(Text(), "the action's name as printed")
    aliases: tuple[str, ...] = field(Seq(Text()), "other words for it, any language", ())
    move: int = field(Integer(minimum=0), "how far the unit may move, in the file's measure")
    allows: tuple[str, ...] = field(Seq(Text()), "the attack types a unit may make after it")


@dataclass(frozen=True, kw_only=True)
class TableRow:
    """One row of the hit table: a difference of values and the number needed."""

    difference: int = field(Integer(), "target value minus attacker value")
    needed: int = field(Integer(), "the number to roll, or higher, to hit")


@dataclass(frozen=True, kw_only=True)
class Clamp:
    """The bounds the number needed is held to after modifiers."""

    min: int = field(Integer(), "the lowest number needed")
    max: int = field(Integer(), "the highest number needed")


@dataclass(frozen=True, kw_only=True)
class WoundRoll:
    """The roll after a hit: high enough puts the target out of action."""

    adds_wounds: bool = field(Boolean(), "true if the wounds the target already has are added")
    wounds_per_hit: int = field(Integer(minimum=1), "wounds a hit gives when it does not take the target out", 1)


@dataclass(frozen=True, kw_only=True)
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


@dataclass(frozen=True, kw_only=True)
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


@dataclass(frozen=True, kw_only=True)
class TargetNumber:
    """A table turns the difference of two values into a number to roll, with
    modifiers and a clamp; a hit brings a second roll against the target's
    value (True Forces)."""

    procedure: str = field(Text(choices=("target-number",)), "target-number")
    rule: str = field(RULE, "the rule that defines this attack")
    label: str = field(Text(), "the attack's name as printed")
    die: str = field(Text(), "the die rolled to hit and to wound (a key of 'dice', numbered faces)")
    value: ValueRange = field(Record(ValueRange), "the value compared")
    measure: str = field(Text(), "what distances are counted in, plural (inches)", "")
    types: Mapping[str, AttackType] = field(Table(Record(AttackType), min_items=1), "the attack types")
    actions: Mapping[str, Action] = field(Table(Record(Action)), "the actions before an attack", EMPTY)
    table: tuple[TableRow, ...] = field(
        Seq(Record(TableRow), min_items=1), "the number needed by target value minus attacker value"
    )
    beyond: str = field(
        Text(choices=("nearest", "extend")),
        "a difference outside the table: use its nearest row, or extend its last step", "nearest",
    )
    clamp: Clamp = field(Record(Clamp), "the bounds of the number needed after modifiers")
    wound: WoundRoll = field(Record(WoundRoll), "the roll after a hit")
    modifiers: Mapping[str, Modifier] = field(Table(Record(Modifier)), "named modifiers a table declares", EMPTY)
    cite: TargetCite = field(Record(TargetCite), "the rule cited at each step", TargetCite())


@dataclass(frozen=True, kw_only=True)
class PipCite:
    """The rule ID cited for each step; a step left out cites the attack's rule."""

    remove_defender: str = field(RULE, "a defender at 0 is removed and the attacker moves in", "")
    remove_attacker: str = field(RULE, "an attacking die at 0 is removed", "")
    combined: str = field(RULE, "who may join an attack and which pairings may be picked", "")
    fill: str = field(RULE, "the defender moving into an emptied attacker's tile", "")


@dataclass(frozen=True, kw_only=True)
class PipCompare:
    """A rolled die against the attacking die on the field: equal is perfect,
    lower is valid (the rolled die takes the field die's place), higher fails
    (the field die loses a pip). The defender loses the rolled pips (DiceLand)."""

    procedure: str = field(Text(choices=("pip-compare",)), "pip-compare")
    rule: str = field(RULE, "the rule that defines this attack")
    label: str = field(Text(), "the attack's name as printed")
    die: str = field(Text(), "the die rolled from the hand and shown on the field (a key of 'dice')")
    most_attackers: int = field(Integer(minimum=1), "the most field dice that attack together", 1)
    combined_refused_by: tuple[str, ...] = field(
        Seq(Text()), "situations (keys of 'situations') that refuse an attack by several dice", ())
    defender_fills: str = field(
        Text(), "a variant (key of 'variants') under which the defender moves into an attacker's emptied tile", "")
    cite: PipCite = field(Record(PipCite), "the rule cited at each step", PipCite())


@dataclass(frozen=True, kw_only=True)
class Division:
    """What one unit does on the front in a ranked-pairs round."""

    dice: int = field(Integer(minimum=0), "dice it rolls while on the front", 1)
    bombard: int = field(Integer(minimum=0), "added to its side's next paired die by rank while on the front "
                                             "(the first such unit to the highest die, the next to the second)", 0)


@dataclass(frozen=True, kw_only=True)
class PairSide:
    """One side of a ranked-pairs round."""

    max_front: int = field(Integer(minimum=1), "the most units on the front, each standing for one pair")
    cover: int = field(Integer(minimum=0), "extra dice with a full front and any unit in the rear", 0)
    rule: str = field(RULE, "the rule for this side's dice, if not the cited 'front' rule", "")


@dataclass(frozen=True, kw_only=True)
class FightPolicy:
    """The choices made for the players between rounds of a whole fight."""

    rule: str = field(RULE, "the rule that lets the sides act between rounds")
    given: str = field(Text(choices=("front", "territory")),
                       "what --attacker/--defender count in a whole fight: the front (the rear is given apart), "
                       "or everything on the territory (the front is then filled from it)")
    keep_behind: int = field(Integer(minimum=0), "attacking units that stay home and never fight", 0)
    keep_rule: str = field(RULE, "the rule for the units kept behind", "")
    supply: bool = field(Boolean(), "true if each side fills its front from its rear before each round")
    supply_order: tuple[str, ...] = field(
        Seq(Text()), "units brought to the front first (fresh units before worn ones in any case)", ())
    withdraw_worn: bool = field(
        Boolean(), "true if worn (damaged) units on the front swap with fresh ones of the same kind "
                   "from the rear", False)
    withdraw_rule: str = field(RULE, "the rule that lets worn units withdraw", "")
    conquest_rule: str = field(RULE, "the rule that says a side with an empty front has lost the border", "")


@dataclass(frozen=True, kw_only=True)
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


@dataclass(frozen=True, kw_only=True)
class RankedPairs:
    """Each side sorts its dice high to low, adds bonuses by rank, and compares
    pair by pair; each lost pair costs the unit behind it a loss (classic
    Risk, Frontline Risk)."""

    procedure: str = field(Text(choices=("ranked-pairs",)), "ranked-pairs")
    rule: str = field(RULE, "the rule that defines this attack")
    label: str = field(Text(), "the attack's name as printed")
    die: str = field(Text(), "the die both sides roll (a key of 'dice'); its faces must be numbers")
    divisions: Mapping[str, Division] = field(Table(Record(Division), min_items=1),
                                              "what each unit (a key of 'units') does on the front")
    attacker: PairSide = field(Record(PairSide), "the attacking side")
    defender: PairSide = field(Record(PairSide), "the defending side")
    tie: str = field(Text(choices=("attacker", "defender")), "who wins a pair of equal totals")
    stand_order: tuple[str, ...] = field(
        Seq(Text()), "units in the order the pairs stand for them, highest pair first", ())
    worn_first: bool = field(
        Boolean(), "true if, among units of one kind, a worn (damaged) one takes a loss before a fresh one", False)
    fight: FightPolicy = field(Record(FightPolicy), "how a whole fight goes on between rounds")
    cite: RankedCite = field(Record(RankedCite), "the rule cited at each step", RankedCite())


ATTACK_PROCEDURES = {
    "pip-compare": Record(PipCompare),
    "ranked-pairs": Record(RankedPairs),
    "symbol-hits": Record(SymbolHits),
    "target-number": Record(TargetNumber),
}
