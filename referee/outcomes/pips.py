"""The kind of outcome "pips": a rolled die against a die on the field, as
typed records whose fields are the `--json` keys (the resolver that gives
them says how the core's keys read for pips), the policy its odds assume,
what the report reads of the attack as told, and what a board reads of its
odds."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import field as dc_field
from fractions import Fraction
from typing import Any, Protocol

from referee.core.records import record
from referee.rulings.ruling import Record, say

POLICY = (
    "best pairing for the attacker: remove the defender if any legal pairing does; "
    "else take the most pips; then lose the fewest pips on the field; then keep the attacking die strongest"
)


def policy() -> str:
    """The policy in the current language, as a ruling's step says it."""
    return say("pips.policy", POLICY)


class PipAttack(Protocol):
    """What a report of pips reads of the attack as told: the attacking field
    dice's pips and the defender's."""

    @property
    def attacker(self) -> tuple[int, ...]: ...

    @property
    def defender(self) -> int: ...


@record
class Pairing(Record):
    """What one rolled die on one field die does."""

    rolled: int
    field: int
    outcome: str
    attacker_after: int
    defender_after: int
    moves_in: bool
    defender_moves_in: bool
    legal: bool = dc_field(default=True, compare=False)


@record
class AttackingDice(Record):
    """The attacker's side: its field dice, the hand dice rolled, the field
    after, the pips it took off the defender (`hits`) and the pips it lost."""

    field: list[int]
    rolled: list[int]
    field_after: list[int]
    hits: int | None
    loses: int | None


@record
class DefendingDie(Record):
    """The defender's side: its die's pips, no roll, the pip a failed attack
    cost the attacker (`hits`) and the pips it lost."""

    field: int
    rolled: list[int]
    hits: int | None
    loses: int | None


@record
class PipOutcome(Record):
    """The kind of outcome "pips", as the module docstring reads it: every
    effect is null while the attacker still has to pick a pairing."""

    ruleset: str
    attack: str
    winner: str | None
    attacker: AttackingDice
    defender: DefendingDie
    outcome: str | None
    attacker_loses: int | None
    defender_loses: int | None
    attacker_after: int | None
    defender_after: int | None
    defender_removed: bool | None
    attacker_removed: bool | None
    moves_in: bool | None
    defender_moves_in: bool | None
    pairings: list[Pairing]
    chosen: dict[str, int] | None


def taken(weighted: Iterable[tuple[Mapping[str, Any], Fraction]]) -> tuple[Fraction, Fraction]:
    """From an attack's odds, each result by its `PipOutcome` fields with its
    exact chance: the chance the defender is removed, and the pips the
    attacker is expected to lose."""
    take = lost = Fraction(0)
    for key, p in weighted:
        if key["defender_removed"]:
            take += p
        lost += p * key["attacker_loses"]
    return take, lost
