"""Cover dice: a side with a full front and any unit waiting behind it rolls
more dice (Frontline Risk's cover die), whatever it rolls otherwise. For
an attack written as stages, the units that fight beyond the front are
those waiting.
Its own messages are in `locale/<lang>.po` beside this file."""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.core.records import section
from referee.ruleset.spec import RULE, Integer, Record, field
from referee.rulings.ruling import SIDES, Side, Step, step_n
from referee.words.inputs import DICE_PER_UNIT, MAX_COUNT
from referee.words.language import own_catalogue, pgettext

if TYPE_CHECKING:
    from referee.rulings.battle import Battle

own_catalogue(__file__)


@section
class Covered:
    """One side's cover: how many units a full front holds, and the dice it adds."""

    front: int = field(
        Integer(minimum=1, maximum=MAX_COUNT), "the units a full front holds; a side with more has some waiting"
    )
    dice: int = field(Integer(minimum=1, maximum=DICE_PER_UNIT), "the cover dice it rolls more", 1)


@section
class Cover:
    """The sides that roll cover dice with a full front and units waiting behind it."""

    attacker: Covered | None = field(Record(Covered), "the attacker's cover", None)
    defender: Covered | None = field(Record(Covered), "the defender's cover", None)
    rule: str = field(RULE, "the rule for the cover dice, if not the attack's", "")

    def waiting(self, battle: Battle, side: Side) -> int:
        """The side's units waiting behind its full front, where it takes cover (else 0)."""
        spec: Covered | None = getattr(self, side.value)
        return max(sum(n for _, n in battle.side(side)) - spec.front, 0) if spec else 0

    def covered(self, battle: Battle, rolls: dict[Side, int], rule: str) -> tuple[dict[Side, int], list[Step]]:
        """Each side's dice with its cover dice, where its front is full and units wait, and why."""
        out, steps = dict(rolls), []
        for side in SIDES:
            spec: Covered | None = getattr(self, side.value)
            rear = self.waiting(battle, side)
            if spec and rear and rolls[side]:
                out[side] += spec.dice
                steps.append(cover_step(rule, spec.dice, spec.front, rear))
        return out, steps


def cover_step(rule: str, dice: int, front: int, rear: int) -> Step:
    """'a full front of 2 and 3 in the rear: +1 cover die'."""
    return step_n(
        rule,
        "front.cover",
        "a full front of {front} and {rear} in the rear: +{n} cover die",
        "a full front of {front} and {rear} in the rear: +{n} cover dice",
        dice,
        front=front,
        rear=rear,
    )


def key_words() -> dict[str, str]:
    """What `show` calls each key this module declares, in the language spoken."""
    return {
        "attacker": pgettext("show.param", "attacker"),
        "cover": pgettext("show.param", "cover"),
        "defender": pgettext("show.param", "defender"),
        "dice": pgettext("show.param", "dice"),
        "front": pgettext("show.param", "front"),
    }
