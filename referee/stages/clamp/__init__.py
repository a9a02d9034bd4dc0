"""The number needed held to bounds once everything moved it, and the faces
of the die that decide whatever the number (a natural 1 misses, a natural
20 hits and is critical): True Forces' 2..6, Fifth Edition's 2..20.
Its own messages are in `locale/<lang>.po` beside this file."""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.core.records import section
from referee.ruleset.spec import RULE, Integer, Record, field
from referee.rulings.ruling import Step, step
from referee.stages.read import Natural
from referee.words.language import own_catalogue, pgettext

if TYPE_CHECKING:
    from referee.ruleset.crosscheck import Fail

own_catalogue(__file__)


@section
class Clamp:
    """The bounds the number needed is held to, and the natural results of the die."""

    min: int = field(Integer(), "the lowest number needed")
    max: int = field(Integer(), "the highest number needed")
    natural: Natural = field(Record(Natural), "faces of the die that decide whatever the number", Natural())
    rule: str = field(RULE, "the rule of the bounds; left out: the attack's", "")

    def cross_check(self, rules: object, path: str, fail: Fail) -> None:
        """Sound bounds."""
        if self.min > self.max:
            above = pgettext("file.min_max", "min {min} is above max {max}")
            raise fail(path, above.format(min=self.min, max=self.max))


def bounded(clamp: Clamp, number: int, rule: str) -> tuple[int, list[Step]]:
    """The number held to the bounds, and the step that says so where it moved."""
    held = min(max(number, clamp.min), clamp.max)
    if held == number:
        return held, []
    said = step(
        rule,
        "needed.clamped",
        "{number} is held to {low}..{high}: {bounded}+ is needed",
        number=number,
        low=clamp.min,
        high=clamp.max,
        bounded=held,
    )
    return held, [said]


def key_words() -> dict[str, str]:
    """What `show` calls each key this module declares, in the language spoken."""
    return {
        "clamp": pgettext("show.param", "clamp"),
        "max": pgettext("show.param", "max"),
        "min": pgettext("show.param", "min"),
        "natural": pgettext("show.param", "natural"),
    }
