"""Numbers the table states: a value a file leaves to the players (a
Strength, an attack of 3 dice, an armour class) and names under `values`,
stated for one attack with `--attacker-value NAME=N`. A stage key that
takes a number may name one instead (`roll: {by: fixed, dice: pool}`,
`values: {player: strength}`, `aim: {number: armour}`): the file holds a
`ValueName` there, and the door rules each battle on the attack with the
numbers stated in their place (`referee.ruleset.stated`), so no stage
reads a name."""

from __future__ import annotations

import re
from typing import Any

from referee.core.records import section
from referee.ruleset.spec import RULE, Integer, Reader, Seq, Spec, Text, field
from referee.ruleset.yamlnodes import Node, ScalarNode
from referee.rulings.ruling import SIDES
from referee.words.language import pgettext

NAMED = re.compile(r"[a-z][a-z0-9_-]*\Z")
MOST = 1_000  # the largest number a table states for a value, where its file gives no bound


class ValueName(int):
    """A number the file leaves to the table: the key of one of its `values`.
    An int (0) so that every stage key stays a whole number in its type;
    the door puts the number told in its place before any stage reads it."""

    name: str

    def __new__(cls, name: str) -> ValueName:
        made = super().__new__(cls, 0)
        made.name = name
        return made

    def __repr__(self) -> str:
        return self.name

    __str__ = __repr__

    def __format__(self, spec: str) -> str:
        return self.name

    def __eq__(self, other: object) -> bool:  # a name is set: never the 0 an unset key holds
        return isinstance(other, ValueName) and other.name == self.name

    def __hash__(self) -> int:
        return hash(self.name)

    def __bool__(self) -> bool:
        return True


@section
class ToldValue:
    """A number the players state for an attack, on a side."""

    name: str = field(Text(), "its key in the table", key=True)
    rule: str = field(RULE, "the rule it comes from")
    text: str = field(Text(), "what it is, in a sentence ('a player's Strength')")
    side: str = field(
        Text(choices=("attacker", "defender", "either")),
        "whose number it is: attacker, defender, or either (each side states its own)",
        "either",
    )
    at_least: int = field(Integer(minimum=-MOST, maximum=MOST), "the smallest number it takes", 0)
    at_most: int = field(Integer(minimum=-MOST, maximum=MOST), "the largest number it takes", 100)
    default: int | None = field(
        Integer(minimum=-MOST, maximum=MOST), "the number it is when the players state none; left out: they must", None
    )
    aliases: tuple[str, ...] = field(Seq(Text()), "other words for it", ())

    def sides(self) -> tuple[str, ...]:
        return SIDES if self.side == "either" else (self.side,)


class Amount(Spec):
    """A whole number, or the key of one of the file's `values` for the table to state."""

    def __init__(self, minimum: int | None = None, maximum: int | None = None):
        self.number = Integer(minimum, maximum)

    def expected(self) -> str:
        return pgettext("file.wanted", "{number}, or a value the table states (a key of 'values')").format(
            number=self.number.expected()
        )

    def read(self, node: Node, path: str, reader: Reader) -> int:
        if isinstance(node, ScalarNode) and NAMED.match(node.value) and node.tag.endswith(":str"):
            reader.visit(node, path)
            reader.named.append((path, node.value))
            return ValueName(node.value)
        return self.number.read(node, path, reader)

    def schema(self) -> dict[str, Any]:
        return {"oneOf": [self.number.schema(), {"type": "string", "description": "a key of 'values'"}]}
