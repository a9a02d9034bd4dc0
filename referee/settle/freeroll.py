"""The general roller: dice notation, or a ruleset's own dice, drawn from
their own seeded stream so a free roll never shifts a battle's dice."""

from __future__ import annotations

from referee.chance.dice import Die, Face, Rng
from referee.chance.notation import DiceTerm, Expression
from referee.core.records import record

ROLL_STREAM = "roll"


@record
class Rolled:
    """The dice of each group as they fell, and the total where faces are numbers."""

    groups: tuple[tuple[DiceTerm, tuple[int, ...]], ...]
    constant: int

    @property
    def total(self) -> int:
        return sum(term.sign * sum(faces) for term, faces in self.groups) + self.constant


def roll_expression(expression: Expression, seed: int) -> Rolled:
    rng = Rng(seed, ROLL_STREAM)
    return Rolled(
        tuple((term, tuple(rng.below(term.sides) + 1 for _ in range(term.count))) for term in expression.dice),
        expression.constant,
    )


def roll_faces(die: Die, count: int, seed: int) -> tuple[Face, ...]:
    return die.roll(count, Rng(seed, ROLL_STREAM))
