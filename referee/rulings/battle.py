"""What the players told of a fight, as every layer reads it: a battle (who
fights whom, in which situations), its units, and a throw of the dice. The
records sit here, beside the ruling, so a stage, a procedure, the door and
a report each read them without importing upward."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field
from typing import Any, Protocol

from referee.chance.dice import Face
from referee.core.records import record

Throw = Mapping[str, tuple[Face, ...]]
Units = tuple[tuple[str, int], ...]  # canonical unit name, count
Words = Mapping[str, Any]  # what the players said, by word (attacker, when, roll…), unset ones None


class Situated(Protocol):
    """What the shared situation checks read of an attack as told, whatever
    procedure rules it: the named situations (side, name) and each side's units."""

    @property
    def when(self) -> tuple[tuple[str, str], ...]: ...

    def side(self, name: str) -> Units: ...

    def rear(self, name: str) -> Units: ...


GROUP_NAMES = ("attacker", "defender", "attacker_rear", "defender_rear")
TOLD_FROM = "told_from"  # on an attack with the numbers a table stated in place: the file's own attack


@record
class Battle:
    """Who fights whom, as told: units by canonical name with counts, the
    named situations (side, name) that apply, and the attack told where the
    attacking units can make several (else "": the one they make)."""

    attacker: Units
    defender: Units
    range: int | None = None
    when: tuple[tuple[str, str], ...] = field(default=())
    attacker_rear: Units = field(default=())
    defender_rear: Units = field(default=())
    # (group, unit, state, count) for units not in their first state; a group
    # is a side ("attacker") or its rear ("attacker_rear")
    states: tuple[tuple[str, str, str, int], ...] = field(default=())
    attack: str = ""
    # (side, value, number) for the numbers the table states (the file's `values`)
    values: tuple[tuple[str, str, int], ...] = field(default=())

    @classmethod
    def of_groups(
        cls,
        groups: Mapping[str, Units],
        when: tuple[tuple[str, str], ...] = (),
        states: tuple[tuple[str, str, str, int], ...] = (),
        range: int | None = None,
        attack: str = "",
        values: tuple[tuple[str, str, int], ...] = (),
    ) -> Battle:
        """The inverse of `groups`: a battle from its four groups by name."""
        return cls(
            attacker=groups["attacker"],
            defender=groups["defender"],
            range=range,
            when=when,
            attacker_rear=groups["attacker_rear"],
            defender_rear=groups["defender_rear"],
            states=states,
            attack=attack,
            values=values,
        )

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready: each group as [unit, count] pairs, situations as [side, name]."""
        return {
            **{group: [list(item) for item in units] for group, units in self.groups().items()},
            "range": self.range,
            "when": [list(item) for item in self.when],
            "states": [list(item) for item in self.states],
            **({"attack": self.attack} if self.attack else {}),
            **({"values": [list(item) for item in self.values]} if self.values else {}),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Battle:
        """The inverse of `as_dict`."""
        return cls.of_groups(
            {group: tuple((unit, count) for unit, count in data[group]) for group in GROUP_NAMES},
            when=tuple((side, name) for side, name in data["when"]),
            states=tuple((group, unit, state, count) for group, unit, state, count in data["states"]),
            range=data["range"],
            attack=data.get("attack", ""),
            values=tuple((side, name, number) for side, name, number in data.get("values", ())),
        )

    def value(self, side: str, name: str) -> int | None:
        """The number told for a side's value, None where nobody told one."""
        return next((number for at, named, number in self.values if at == side and named == name), None)

    def side(self, name: str) -> Units:
        return self.attacker if name == "attacker" else self.defender

    def rear(self, name: str) -> Units:
        return self.attacker_rear if name == "attacker" else self.defender_rear

    def groups(self) -> dict[str, Units]:
        return {
            "attacker": self.attacker,
            "defender": self.defender,
            "attacker_rear": self.attacker_rear,
            "defender_rear": self.defender_rear,
        }
