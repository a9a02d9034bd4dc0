"""The parameters each general procedure takes from a ruleset file.

The behaviour lives in `referee.mechanics`; here is only what a file may say,
so the loader can check it and the schema can describe it.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.ruleset.spec import Boolean, Either, Integer, Record, Seq, Text, field

RULE = Text(pattern=r"^[A-Z][A-Z0-9]*-[A-Z0-9.]+$")
RULE.doc = "a rule ID such as GF-B2"
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
        Either(Integer(minimum=1), Text(choices=("per-unit",))),
        "dice rolled: a fixed number, or per-unit (one per unit in the battle)",
    )
    hits: tuple[str, ...] = field(Seq(Text(), min_items=1), "the faces that are hits for this side")
    on_win: str = field(OUTCOME, "what the losing side removes when this side wins")
    max_dice: int = field(Integer(minimum=1), "the most dice this side can roll (the dice a player owns)", 0)
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


ATTACK_PROCEDURES = {"symbol-hits": Record(SymbolHits), "pip-compare": Record(PipCompare)}
