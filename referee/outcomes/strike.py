"""The kind of outcome "strike": a number to roll, then a wound roll. Here are
the strike as told (the situation a procedure of this kind reads), its typed
outcome, the chances its odds add up to, and what the report reads of the
rules before any roll: the terms of one strike and the cells of a chart over
every pair of values. A procedure of
this kind builds them; the report reads them and never the procedure."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import asdict
from fractions import Fraction
from typing import Any

from referee.core.records import record
from referee.rulings.ruling import Record, Step

AGREED = ("attacker_bonus", "target_bonus", "to_hit", "to_wound")  # changes agreed on the spot, by word


@record
class Strike:
    """One attack as told: its type, both values, the action before it, the
    target's wounds so far, the named modifiers (canonical names) and the
    changes agreed on the spot."""

    kind: str
    attacker: int
    target: int
    action: str | None = None
    wounds: int = 0
    modifiers: tuple[str, ...] = ()
    attacker_bonus: int = 0
    target_bonus: int = 0
    to_hit: int = 0
    to_wound: int = 0

    def as_dict(self) -> dict[str, Any]:
        return {**asdict(self), "modifiers": list(self.modifiers)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Strike:
        """The inverse of `as_dict`."""
        return cls(**{**data, "modifiers": tuple(data["modifiers"])})

    def agreed(self) -> dict[str, int]:
        """The changes agreed on the spot that are not zero, by word."""
        return {word: getattr(self, word) for word in AGREED if getattr(self, word)}


@record
class StrikeOutcome(Record):
    """What a hit check rules (the kind of outcome "strike"): the number
    needed (null where the table says it cannot hit), the hit roll and
    whether it hit; after a hit, the roll the file asks for: the wound roll,
    its total and whether the target is out of action (both null, and false,
    on a miss), or the damage dice and the damage; whether the hit is
    critical, where the file has critical hits; and the target's wounds after.
    `follows` names that roll ('wound', 'damage', or '' for none)."""

    needed: int | None
    roll: int
    hit: bool
    wounds: int
    wound_roll: int | None = None
    wound_total: int | None = None
    out_of_action: bool = False
    follows: str = "wound"
    critical: bool | None = None
    damage_roll: list[int] | None = None
    damage: int | None = None

    def as_dict(self) -> dict[str, Any]:
        keys = ["needed", "roll", "hit"]  # the order --json has always printed, then what the file adds
        keys += ["critical"] if self.critical is not None else []
        keys += {
            "wound": ["wound_roll", "wound_total", "out_of_action", "wounds"],
            "damage": ["damage_roll", "damage"],
        }.get(self.follows, [])
        return {key: getattr(self, key) for key in keys}


@record
class StrikeTerms:
    """What the report reads of the rules for one strike before any roll: the
    label of the values compared, the attack type's label, the number needed
    and the steps that found it, and the modifiers offered for this type
    (each "label (name)")."""

    value: str
    kind: str
    needed: int | None
    steps: tuple[Step, ...]
    offered: tuple[str, ...]
    target_value: str = ""  # the target's own value, where it is not the attacker's


@record
class StrikeChart:
    """A chart of strikes: one attack type (name and label) with the changes
    the table asked for, and a strike for every attacker value against every
    target value. `extras` are the labels of those changes, as the title says
    them."""

    kind: str
    label: str
    value: str
    wounds: int
    modifiers: tuple[str, ...]
    agreed: dict[str, int]
    extras: tuple[str, ...]
    cells: tuple[Strike, ...]
    target_value: str = ""  # the target's own value, where it is not the attacker's


@record
class Chances:
    """The number needed (None: the table says it cannot hit), what follows a
    hit ('wound', 'damage' or '': the hit is the result) and the exact chance
    of each result of one attack: with damage, the joint chances of each
    damage on a normal and on a critical hit, and the expected damage."""

    needed: int | None
    hit: Fraction
    out_of_action: Fraction
    wound: Fraction
    follows: str = "wound"
    critical: Fraction = Fraction(0)
    damage: tuple[tuple[bool, int, Fraction], ...] = ()
    expected: Fraction = Fraction(0)

    @classmethod
    def of(cls, weighted: Iterable[tuple[Mapping[str, Any], Fraction]]) -> Chances:
        """The chances of one strike from its odds: each distinct result (its
        `referee.stages.strike.ODDS_KEYS`, as a `StrikeOutcome` holds them) with its exact chance."""
        results = list(weighted)

        def chance(*keys: str) -> Fraction:
            return sum((p for key, p in results if all(key[k] for k in keys)), Fraction(0))

        hit, out = chance("hit"), chance("out_of_action")
        damage: dict[tuple[bool, int], Fraction] = {}
        for key, p in results:
            if key["hit"] and key["damage"] is not None:
                dealt = (bool(key["critical"]), key["damage"])
                damage[dealt] = damage.get(dealt, Fraction(0)) + p
        first = results[0][0]
        return cls(
            needed=first["needed"],
            hit=hit,
            out_of_action=out,
            wound=hit - out,
            follows=first["follows"],
            critical=chance("hit", "critical"),
            damage=tuple((critical, n, p) for (critical, n), p in sorted(damage.items())),
            expected=sum((n * p for (_critical, n), p in damage.items()), Fraction(0)),
        )
