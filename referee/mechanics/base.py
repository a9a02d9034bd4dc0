"""What every procedure takes and gives: a battle as the players describe it,
the dice it needs, and a ruling with its explanation."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from referee.dice import Die, Face

Throw = Mapping[str, tuple[Face, ...]]
SIDES = ("attacker", "defender")


@dataclass(frozen=True)
class Step:
    """One step of a ruling, with the rule that produced it."""

    rule: str
    text: str


@dataclass(frozen=True)
class Ruling:
    """The outcome (JSON-ready) and why, step by step."""

    outcome: Mapping[str, Any]
    steps: tuple[Step, ...]

    def as_dict(self) -> dict[str, Any]:
        return {**self.outcome, "explanation": [{"rule": s.rule, "text": s.text} for s in self.steps]}


@dataclass(frozen=True)
class Battle:
    """Who fights whom, as told: units by canonical name with counts, and
    the named situations (side, name) that apply."""

    attacker: tuple[tuple[str, int], ...]
    defender: tuple[tuple[str, int], ...]
    range: int | None = None
    when: tuple[tuple[str, str], ...] = field(default=())
    attacker_rear: tuple[tuple[str, int], ...] = field(default=())
    defender_rear: tuple[tuple[str, int], ...] = field(default=())
    # (group, unit, state, count) for units not in their first state; a group
    # is a side ("attacker") or its rear ("attacker_rear")
    states: tuple[tuple[str, str, str, int], ...] = field(default=())

    def side(self, name: str) -> tuple[tuple[str, int], ...]:
        return self.attacker if name == "attacker" else self.defender

    def rear(self, name: str) -> tuple[tuple[str, int], ...]:
        return self.attacker_rear if name == "attacker" else self.defender_rear

    def groups(self) -> dict[str, tuple[tuple[str, int], ...]]:
        return {"attacker": self.attacker, "defender": self.defender,
                "attacker_rear": self.attacker_rear, "defender_rear": self.defender_rear}


@dataclass(frozen=True)
class DiceNeed:
    """How many of which die a group rolls, and the rule that says so."""

    die: Die
    count: int
    rule: str


def size(units: tuple[tuple[str, int], ...]) -> int:
    return sum(count for _, count in units)
