"""A bonus to a side's paired dice by rank, for a comparison by ranked
pairs: units that add to their side's next paired die while they fight, the
first such unit to the highest die and the next to the second (Frontline
Risk's bombarding armour), a bonus the other side's named situations stop
(a rear assault); and a bonus to the highest die where the side is in a
named situation (air support). The sum is added to the die at its rank
before the pairs compare.
Its own messages are in `locale/<lang>.po` beside this file."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from referee.core.records import section
from referee.ruleset.crosscheck import Fail, names_exist
from referee.ruleset.spec import EMPTY, RULE, Integer, Seq, Table, Text, field
from referee.rulings.ruling import Side, Spoken, Step, listed, say, step, step_n
from referee.words.inputs import DICE_PER_UNIT
from referee.words.language import own_catalogue, pgettext

if TYPE_CHECKING:
    from referee.ruleset.model import Ruleset, Situation
    from referee.rulings.battle import Battle

own_catalogue(__file__)

U = TypeVar("U")  # a unit as the caller holds it: its name, or its name and state


@section
class Bonus:
    """What a side adds to its paired dice by rank: by the units it fights
    with, and by the situations it is in."""

    units: Mapping[str, int] = field(
        Table(Integer(minimum=1, maximum=DICE_PER_UNIT)),
        "by unit (a key of 'units'): added to its side's next paired die by rank while it fights "
        "(the first such unit to the highest die, the next to the second)",
        EMPTY,
    )
    highest: Mapping[str, int] = field(
        Table(Integer(minimum=1, maximum=DICE_PER_UNIT)),
        "by situation (a key of 'situations'): added to the highest die of the side it is told on",
        EMPTY,
    )
    stopped_by: tuple[str, ...] = field(
        Seq(Text()), "situations (keys of 'situations') that, told on the other side, stop the units' bonus", ()
    )
    rule: str = field(RULE, "the rule for the units' bonus, if not the attack's", "")

    def cross_check(self, rules: Ruleset, path: str, fail: Fail) -> None:
        """The units and situations it names are the file's."""
        names_exist(fail, pgettext("kind", "unit"), [(f"{path}.units", u) for u in self.units], rules.units)
        named = [(f"{path}.highest", s) for s in self.highest]
        named += [(f"{path}.stopped_by[{i}]", s) for i, s in enumerate(self.stopped_by)]
        names_exist(fail, pgettext("kind", "situation"), named, rules.situations)

    def adding(self, battle: Battle, side: Side) -> list[str]:
        """The side's units that add to its paired dice, one by one, in the order the section lists them."""
        have = dict(battle.side(side))
        return [unit for unit in self.units for _ in range(have.get(unit, 0))]

    def stopping(self, rules: Ruleset, battle: Battle, side: Side) -> list[Situation]:
        """The other side's situations told that stop this side's units' bonus."""
        return [rules.situations[name] for s, name in battle.when if s == side.other and name in self.stopped_by]

    def on_highest(self, rules: Ruleset, battle: Battle, side: Side) -> list[tuple[Situation, int]]:
        """The side's situations told that add to its highest die, with what each adds."""
        return [
            (rules.situations[name], self.highest[name])
            for s, name in battle.when
            if s == side and name in self.highest
        ]

    def ranks(self, rules: Ruleset, battle: Battle, side: Side, pairs: int, rule: str) -> tuple[list[int], list[Step]]:
        """A side's bonus at each paired rank, highest first, and why."""
        units = self.adding(battle, side)

        def said(adding: Sequence[str]) -> Spoken:
            return listed(rules.units[u].counted(n) for u, n in _counted(adding))

        return by_rank(
            units, pairs, self.units.__getitem__, said, side, self.stopping(rules, battle, side),
            self.on_highest(rules, battle, side), rule,
        )  # fmt: skip

    def reads(self, battle: Battle) -> tuple[Any, ...]:
        """What of a battle the bonus reads: each side's adding units and the situations told."""
        return (tuple(tuple(self.adding(battle, side)) for side in Side), battle.when)


def _counted(units: Sequence[str]) -> list[tuple[str, int]]:
    return [(u, units.count(u)) for u in dict.fromkeys(units)]


def by_rank(
    adding: Sequence[U],
    pairs: int,
    bonus_of: Callable[[U], int],
    said: Callable[[Sequence[U]], Spoken],
    side: Side,
    stopping: Sequence[Situation],
    highest: Sequence[tuple[Situation, int]],
    rule: str,
) -> tuple[list[int], list[Step]]:
    """A side's bonus at each of `pairs` ranks: the units `adding` to its
    dice, the first to the highest die and so on (none where the other side
    is in a situation `stopping` them), then each situation on the
    `highest` die; with the steps that say so, each citing its rule."""
    bonus, steps = [0] * pairs, []
    if adding and stopping:
        steps.append(
            step_n(
                stopping[0].rule,
                "bombard.cancelled_n",
                "{situation}: the {side}'s {units} gives no bonus",
                "{situation}: the {side}'s {units} give no bonus",
                len(adding),
                situation=stopping[0].said,
                side=side,
                units=said(adding),
            )
        )
    elif adding:
        for rank, unit in enumerate(adding[:pairs]):
            bonus[rank] += bonus_of(unit)
        ranks = listed(
            say("bombard.rank", "+{bonus} to its {rank}", bonus=b, rank=rank_said(rank))
            for rank, b in enumerate(bonus)
            if b
        )
        steps.append(
            step(
                rule,
                "bombard.front",
                "the {side}'s {units} on the front: {ranks}",
                side=side,
                units=said(adding),
                ranks=ranks or say("bombard.none", "no paired die"),
            )
        )
    for situation, more in highest:
        if pairs:
            bonus[0] += more
            steps.append(
                step(
                    situation.rule,
                    "situation.highest_bonus",
                    "{situation}: +{bonus} to the {side}'s highest die",
                    situation=situation.said,
                    bonus=more,
                    side=side,
                )
            )
    return bonus, steps


def rank_said(rank: int) -> str:
    """'highest die', 'die 4': a paired die by its rank (0 the highest)."""
    named = (
        lambda: say("rank.highest", "highest die"),
        lambda: say("rank.second", "second-highest die"),
        lambda: say("rank.third", "third-highest die"),
    )
    return named[rank]() if rank < len(named) else say("rank.nth", "die {n}", n=rank + 1)


def key_words() -> dict[str, str]:
    """What `show` calls each key this module declares, in the language spoken."""
    return {
        "bonus": pgettext("show.param", "bonus"),
        "highest": pgettext("show.param", "highest"),
        "stopped_by": pgettext("show.param", "stopped by"),
        "units": pgettext("show.param", "units"),
    }
