"""The kind of outcome "pairs": what one round of ranked pairs rules, as
typed records whose fields are the `--json` keys (see the resolver's module
docstring for how the core's keys read for pairs)."""

from __future__ import annotations

from referee.core.records import record
from referee.rulings.ruling import Record, Side


@record
class SideLosses(Record):
    """What a pattern of lost pairs does to one side: the losses, the units
    destroyed, the words for both, whether its attack failed (a landing
    without ships), and its front and rear after as [unit, state] pairs."""

    loses: int
    destroyed: int
    suffers: str
    failed: bool
    front_after: list[list[str]]
    rear_after: list[list[str]]


@record
class RoundSide(Record):
    """One side of a round: its front and rear as printed, its dice as rolled,
    sorted and with bonuses by rank, the pairs it won (`hits`), and its losses."""

    front: list[str]
    rear: list[str]
    rolled: list[int]
    sorted: list[int]
    bonus: list[int]
    hits: int
    loses: int
    destroyed: int
    suffers: str
    failed: bool
    front_after: list[list[str]]
    rear_after: list[list[str]]


@record
class PairedDie(Record):
    """One side's die in a pair: as rolled, its bonus, the total, and the unit it stands for."""

    die: int
    bonus: int
    total: int
    unit: str


@record
class Pair(Record):
    rank: int
    winner: Side
    attacker: PairedDie
    defender: PairedDie


@record
class Round(Record):
    """One round: the winner (null when both won as many pairs), each side, the pairs."""

    ruleset: str
    attack: str
    winner: Side | None
    attacker: RoundSide
    defender: RoundSide
    pairs: list[Pair]
    attacker_loses: int
    defender_loses: int
    attacker_suffers: str
    defender_suffers: str

    def side(self, name: str) -> RoundSide:
        return self.attacker if name == Side.ATTACKER else self.defender
