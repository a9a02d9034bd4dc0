"""What every ruling is made of, at the bottom layer so procedures, services,
reports and the journal all read the same records: the sides of an attack, a
step of an explanation, and the ruling itself.

Sides are str-valued enumerations: a side compares equal to its word and is
written as it in JSON, so `--json` output and stored journals keep their shape.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any


class Side(str, Enum):
    """One side of an attack."""

    ATTACKER = "attacker"
    DEFENDER = "defender"

    __str__ = str.__str__
    __format__ = str.__format__  # type: ignore[assignment]  # write the word, as str does

    @property
    def other(self) -> Side:
        return Side.DEFENDER if self is Side.ATTACKER else Side.ATTACKER


SIDES = (Side.ATTACKER, Side.DEFENDER)


def other(side: str) -> Side:
    """The side facing this one (given as a Side or its word)."""
    return Side(side).other


@dataclass(frozen=True)
class Step:
    """One step of a ruling, with the rule that produced it."""

    rule: str
    text: str

    def as_dict(self) -> dict[str, str]:
        return {"rule": self.rule, "text": self.text}


@dataclass(frozen=True)
class Ruling:
    """The outcome and why, step by step. The outcome is the JSON-ready record
    a procedure documents in its module docstring; `as_dict` is the one shape
    `--json` prints and the journal stores."""

    outcome: Mapping[str, Any]
    steps: tuple[Step, ...]

    def as_dict(self) -> dict[str, Any]:
        return {**self.outcome, "explanation": [step.as_dict() for step in self.steps]}
