"""Reach: how far an attack reaches, in the game's steps (a heavy weapon
fires 1 to 3 spaces away). A distance told beyond it is refused before a
die is rolled; one within it is said first in the ruling. A distance left
untold is not checked: the players looked at the board.
Its own messages are in `locale/<lang>.po` beside this file."""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.core.errors import RefereeError
from referee.core.records import section
from referee.ruleset.spec import RULE, Integer, field
from referee.rulings.ruling import Step, say, step
from referee.words.language import own_catalogue, pgettext
from referee.words.names import article, span

if TYPE_CHECKING:
    from referee.ruleset.crosscheck import Fail
    from referee.ruleset.model import Ruleset
    from referee.rulings.battle import Battle

own_catalogue(__file__)


@section
class Reach:
    """How far away the target may be, in the game's steps."""

    min: int = field(Integer(minimum=0), "the nearest target")
    max: int = field(Integer(minimum=0), "the farthest target")
    rule: str = field(RULE, "the rule that says how far it reaches; left out: the attack's", "")

    def cross_check(self, rules: Ruleset, path: str, fail: Fail) -> None:
        """The nearest target is no farther than the farthest."""
        if self.min > self.max:
            backwards = pgettext("file.reach_backwards", "the nearest target ({min}) is beyond the farthest ({max})")
            raise fail(f"{path}.min", backwards.format(min=self.min, max=self.max))


def reached(rules: Ruleset, reach: Reach, battle: Battle, attack: str, label: str, rule: str) -> list[Step]:
    """The step that says the target is within reach, or none where no distance
    was told; a distance beyond it is refused, citing `rule`."""
    if battle.range is None:
        return []
    said = {"an_attack": article(label), "attack": rules.attack_said(attack), "reach": span(reach.min, reach.max)}
    if not reach.min <= battle.range <= reach.max:
        beyond = say(
            "range.reach",
            "{an_attack} reaches distance {span}, not {given}",
            an_attack=said["an_attack"],
            attack=said["attack"],
            span=said["reach"],
            given=battle.range,
        )
        raise RefereeError(beyond, rule=rule)
    return [
        step(
            rule,
            "range.reached",
            "target at distance {distance}: {an_attack} reaches {reach}",
            distance=battle.range,
            **said,
        )
    ]


def key_words() -> dict[str, str]:
    """What `show` calls each key this module declares, in the language spoken."""
    return {
        "max": pgettext("show.param", "max"),
        "min": pgettext("show.param", "min"),
        "reach": pgettext("show.param", "reach"),
    }
