"""Dice notation as players write it: `2d6+1`, `d20`, `3d6-2`, `1d8+1d4`.

Bounds keep a typo like `1000000d6` from hanging the referee: a throw this
size is never rolled at a table."""

from __future__ import annotations

import re

from referee.errors import RefereeError
from referee.inputs import shown, whole_number
from referee.records import record

MAX_LENGTH = 100
MAX_DICE = 1000
MAX_SIDES = 10_000
MAX_CONSTANT = 1_000_000
FORM = "write NdS with an optional +M, e.g. 2d6+1"

# d for die, w for the German Würfel (2W6): both are written at tables
_TERM = re.compile(r"(\d*)[dw](\d*)$|(\d+)$", re.IGNORECASE)


@record
class DiceTerm:
    """`count` dice of `sides` sides, added (sign 1) or taken off (sign -1)."""

    count: int
    sides: int
    sign: int = 1

    def __str__(self) -> str:
        return f"{self.count}d{self.sides}"


@record
class Expression:
    """What to roll: groups of dice and a constant added to their sum."""

    text: str
    dice: tuple[DiceTerm, ...]
    constant: int


def _term(text: str, part: str, sign: int) -> DiceTerm | int:
    match = _TERM.match(part)
    if not match:
        what = f"'{text}'" if part == "".join(text.split()) else f"'{text}': '{part}'"
        raise RefereeError(f"{what} is not dice notation; {FORM}")
    if match.group(3) is not None:
        value = whole_number(match.group(3), f"'{shown(text)}': the number added")
        if value > MAX_CONSTANT:
            raise RefereeError(f"'{text}': {value} is more than the {MAX_CONSTANT:,} a roll may add")
        return sign * value
    count = whole_number(match.group(1), f"'{shown(text)}': the count of dice") if match.group(1) else 1
    if not match.group(2):
        raise RefereeError(f"'{text}': say how many sides the dice have, e.g. {match.group(1) or 1}d6")
    sides = whole_number(match.group(2), f"'{shown(text)}': the sides of a die")
    if count < 1:
        raise RefereeError(f"'{text}': roll at least one die, e.g. 1d{sides}")
    if not 2 <= sides <= MAX_SIDES:
        raise RefereeError(f"'{text}': a die has 2 to {MAX_SIDES:,} sides, not {sides}")
    return DiceTerm(count, sides, sign)


def parse(text: str) -> Expression:
    """Reads `2d6+1`; every mistake is refused with what to write instead."""
    compact = "".join(text.split())
    if re.search(r"\d\s+\d", text):
        raise RefereeError(
            f"'{text}': two numbers in a row; write 2d6+3 to add 3, or roll a ruleset's dice with its name and a count"
        )
    if not compact:
        raise RefereeError(f"nothing to roll; {FORM}")
    if len(compact) > MAX_LENGTH:
        raise RefereeError(f"dice notation of at most {MAX_LENGTH} characters, please")
    parts = re.split(r"([+-])", f"0{compact}" if compact[0] in "+-" else compact)
    terms: list[DiceTerm | int] = [_term(text, parts[0], 1)]
    for operator, part in zip(parts[1::2], parts[2::2], strict=True):
        if not part:
            raise RefereeError(f"'{text}': something must follow '{operator}'; {FORM}")
        terms.append(_term(text, part, -1 if operator == "-" else 1))
    dice = tuple(t for t in terms if isinstance(t, DiceTerm))
    if not dice:
        raise RefereeError(f"'{text}' rolls no dice; {FORM}")
    if sum(d.count for d in dice) > MAX_DICE:
        raise RefereeError(f"'{text}': at most {MAX_DICE:,} dice in one roll")
    return Expression(text.strip(), dice, sum(t for t in terms if isinstance(t, int)))
