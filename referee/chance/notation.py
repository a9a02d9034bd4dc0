"""Dice notation as players write it: `2d6+1`, `d20`, `3d6-2`, `1d8+1d4`.

Bounds keep a typo like `1000000d6` from hanging the referee: a throw this
size is never rolled at a table."""

from __future__ import annotations

import re

from referee.core.errors import RefereeError, pgettext
from referee.core.records import record
from referee.words.inputs import shown, whole_number
from referee.words.language import Grouped

MAX_LENGTH = 100
MAX_DICE = 1000
MAX_SIDES = 10_000
MAX_CONSTANT = 1_000_000

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
        if part == "".join(text.split()):
            raise _refused(pgettext("dice.not_notation", "'{text}' is not dice notation; {form}"), text)
        raise _refused(
            pgettext("dice.part_not_notation", "'{text}': '{part}' is not dice notation; {form}"), text, part=part
        )
    if match.group(3) is not None:
        value = whole_number(
            match.group(3), pgettext("dice.added", "'{text}': the number added").format(text=shown(text))
        )
        if value > MAX_CONSTANT:
            limit = pgettext("dice.most_added", "'{text}': {value} is more than the {most:,} a roll may add")
            raise _refused(limit, text, value=value, most=Grouped(MAX_CONSTANT))
        return sign * value
    count_of = pgettext("dice.count", "'{text}': the count of dice").format(text=shown(text))
    count = whole_number(match.group(1), count_of) if match.group(1) else 1
    if not match.group(2):
        sides_of = pgettext("dice.say_sides", "'{text}': say how many sides the dice have, e.g. {count}d6")
        raise _refused(sides_of, text, count=match.group(1) or 1)
    sides = whole_number(
        match.group(2), pgettext("dice.sides", "'{text}': the sides of a die").format(text=shown(text))
    )
    if count < 1:
        raise _refused(
            pgettext("dice.one_at_least", "'{text}': roll at least one die, e.g. 1d{sides}"), text, sides=sides
        )
    if not 2 <= sides <= MAX_SIDES:
        many = pgettext("dice.sides_range", "'{text}': a die has 2 to {most:,} sides, not {sides}")
        raise _refused(many, text, most=Grouped(MAX_SIDES), sides=sides)
    return DiceTerm(count, sides, sign)


def _refused(template: str, text: str, **values: object) -> RefereeError:
    """A mistake in `text`, said by a template in the language spoken, which
    may end on how to write dice notation (`{form}`)."""
    form = pgettext("dice.form", "write NdS with an optional +M, e.g. 2d6+1")
    return RefereeError(template.format(text=text, form=form, **values))


def parse(text: str) -> Expression:
    """Reads `2d6+1`; every mistake is refused with what to write instead."""
    compact = "".join(text.split())
    if re.search(r"\d\s+\d", text):
        in_a_row = pgettext(
            "dice.in_a_row",
            "'{text}': two numbers in a row; write 2d6+3 to add 3, or roll a ruleset's dice with its name and a count",
        )
        raise _refused(in_a_row, text)
    if not compact:
        raise _refused(pgettext("dice.nothing", "nothing to roll; {form}"), text)
    if len(compact) > MAX_LENGTH:
        raise _refused(
            pgettext("dice.too_long", "dice notation of at most {most} characters, please"), text, most=MAX_LENGTH
        )
    parts = re.split(r"([+-])", f"0{compact}" if compact[0] in "+-" else compact)
    terms: list[DiceTerm | int] = [_term(text, parts[0], 1)]
    for operator, part in zip(parts[1::2], parts[2::2], strict=True):
        if not part:
            raise _refused(
                pgettext("dice.follow", "'{text}': something must follow '{operator}'; {form}"), text, operator=operator
            )
        terms.append(_term(text, part, -1 if operator == "-" else 1))
    dice = tuple(t for t in terms if isinstance(t, DiceTerm))
    if not dice:
        raise _refused(pgettext("dice.no_dice", "'{text}' rolls no dice; {form}"), text)
    if sum(d.count for d in dice) > MAX_DICE:
        raise _refused(
            pgettext("dice.too_many", "'{text}': at most {most:,} dice in one roll"), text, most=Grouped(MAX_DICE)
        )
    return Expression(text.strip(), dice, sum(t for t in terms if isinstance(t, int)))
