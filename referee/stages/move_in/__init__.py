"""Moving in: whether the attacking units move into the target space once
the defender's units there are all gone (Ground Force's troopers do; a heavy
weapon stays where it fired from). Losses are counted in units.
Its own messages are in `locale/<lang>.po` beside this file."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from referee.core.records import section
from referee.ruleset.spec import RULE, Boolean, field
from referee.rulings.ruling import Side, Step, step
from referee.words.language import own_catalogue, pgettext

if TYPE_CHECKING:
    from referee.rulings.battle import Battle

own_catalogue(__file__)

MOVES = "move_in.yes"  # the step that says they move in, which an exchange reports as `moves_in`


@section
class MoveIn:
    """Whether the attackers move into a target space emptied of defenders."""

    moves: bool = field(Boolean(), "true if the attackers move in; false if they stay (said either way)", True)
    rule: str = field(RULE, "the rule that says so; left out: the attack's", "")


def moved(spec: MoveIn, battle: Battle, loses: Mapping[Side, int], rule: str) -> list[Step]:
    """What the attackers do once the defender loses every unit it had in the
    battle while the attacker still stands: nothing to say otherwise."""
    emptied = loses[Side.DEFENDER] >= sum(n for _, n in battle.defender)
    stands = loses[Side.ATTACKER] < sum(n for _, n in battle.attacker)
    if not (emptied and stands):
        return []
    if spec.moves:
        return [step(rule, MOVES, "the target space is empty: the attacking units move in")]
    return [step(rule, "move_in.no", "the target space is empty; the attacker does not move in")]


def key_words() -> dict[str, str]:
    """What `show` calls each key this module declares, in the language spoken."""
    return {"move_in": pgettext("show.param", "move in"), "moves": pgettext("show.param", "moves")}
