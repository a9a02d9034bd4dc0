"""What every ruling is made of, at the bottom layer so procedures, services,
reports and the journal all read the same records: the sides of an attack, a
step of an explanation, and the ruling itself.

Sides are str-valued enumerations: a side compares equal to its word and is
written as it in JSON, so `--json` output and stored journals keep their shape.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
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


def _plain(value: Any) -> Any:
    """A field's value as JSON holds it: records as mappings, tuples as lists."""
    if isinstance(value, Record):
        return value.as_dict()
    if isinstance(value, tuple | list):
        return [_plain(item) for item in value]
    if isinstance(value, Mapping):
        return {key: _plain(item) for key, item in value.items()}
    return value


class Record:
    """The base of a typed outcome: a frozen dataclass whose fields are its
    JSON keys, in order. Reports read its fields; `as_dict` is its JSON shape;
    `record[key]` reads a field by that key, for services that are general
    over outcomes (the odds keys of any procedure)."""

    def as_dict(self) -> dict[str, Any]:
        return {f.name: _plain(getattr(self, f.name)) for f in fields(self)}  # type: ignore[arg-type]

    def __getitem__(self, key: str) -> Any:
        return getattr(self, key)


@dataclass(frozen=True)
class Step:
    """One step of a ruling, with the rule that produced it."""

    rule: str
    text: str

    def as_dict(self) -> dict[str, str]:
        return {"rule": self.rule, "text": self.text}


@dataclass(frozen=True)
class Ruling:
    """The outcome, a typed record of its kind of outcome, and why, step by
    step; `as_dict` is the one shape `--json` prints and the journal stores.
    `awaits` names the word a player must still give on this same throw (a
    pick among pairings), so the journal holds that the ruling is not done."""

    outcome: Record
    steps: tuple[Step, ...]
    awaits: str | None = None

    def as_dict(self) -> dict[str, Any]:
        waiting = {"awaits": self.awaits} if self.awaits else {}
        return {**self.outcome.as_dict(), **waiting, "explanation": [step.as_dict() for step in self.steps]}
