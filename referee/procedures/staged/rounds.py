"""What a staged attack says of whole fights (`fight:` in the file): the rule
of rounds, the order a side loses its units in, the losses each kind takes
before it is removed, and what a retreat does to the fight. Read with the
file; the fight itself (`staged.fight`) is imported only when one is asked."""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.core.records import section
from referee.ruleset.crosscheck import Fail, names_exist
from referee.ruleset.spec import EMPTY, RULE, Boolean, Either, Integer, Seq, Table, Text, field
from referee.stages.rounds import CHEAPEST
from referee.words.language import pgettext

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

    from referee.ruleset.model import Ruleset

ENDS, LOSS = "ends", "loss"


@section
class Rounds:
    """A staged attack fought in rounds: each round's losses shrink the sides
    until a side has nothing left, or a retreat ends the fight."""

    rule: str = field(RULE, "the rule for fighting in rounds until a side is gone")
    casualties: str | tuple[str, ...] = field(
        Either(Text(choices=(CHEAPEST,)), Seq(Text(), min_items=1)),
        "the order in which a side loses its units: cheapest (by cost, then as the units are "
        "listed under 'units'), or a list of units, first lost first",
        CHEAPEST,
    )
    lasts: Mapping[str, int] = field(
        Table(Integer(minimum=1, maximum=100)),
        "the losses each kind of unit takes before it is removed (figures in a unit, hull points); left out: 1",
        EMPTY,
    )
    wear_first: bool = field(
        Boolean(),
        "a round's losses go first to the units that last several, one each in the casualty order, "
        "before any unit is removed (sustain damage); then in the casualty order",
        False,
    )
    keep_behind: int = field(
        Integer(minimum=0, maximum=100),
        "attacking units that stay home and never fight, on top of the attacking units told (a whole fight says so)",
        0,
    )
    keep_rule: str = field(RULE, "the rule for the units kept behind; left out: the fight's rule", "")
    retreat: str = field(
        Text(choices=(ENDS, LOSS)),
        "what a retreat does in a whole fight: ends (the side that retreats leaves the fight: a defender "
        "gives up the ground, an attacker breaks off), or loss (every retreat is one more loss)",
        ENDS,
    )

    def cross_check(self, rules: Ruleset, path: str, fail: Fail, removes: Sequence[str] = ()) -> None:
        """Units named in the casualty order and in `lasts` are units of the file;
        units that last several losses are not also removed whole by a
        comparison (`removes`: what its winner makes the loser take, where that removes units)."""
        if self.lasts and removes:
            raise fail(
                f"{path}.lasts",
                pgettext(
                    "file.lasts_removes",
                    "a comparison that removes units ({on_win}) counts units, not losses: "
                    "where units last several losses, the loser takes 'wounds'",
                ).format(on_win=pgettext("list", ", ").join(removes)),
            )
        unit = pgettext("kind", "unit")
        named = [(f"{path}.lasts", name) for name in self.lasts]
        if not isinstance(self.casualties, str):
            named += [(f"{path}.casualties[{i}]", name) for i, name in enumerate(self.casualties)]
        names_exist(fail, unit, named, rules.units)


def key_words() -> dict[str, str]:
    """What `show` calls each key this module declares, in the language spoken."""
    return {
        "casualties": pgettext("show.param", "casualties"),
        "lasts": pgettext("show.param", "lasts"),
        "wear_first": pgettext("show.param", "wear first"),
        "retreat": pgettext("show.param", "retreat"),
        "keep_behind": pgettext("show.param", "keep behind"),
        "keep_rule": pgettext("show.param", "keep rule"),
    }
