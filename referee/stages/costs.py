"""What it costs, for symbols: each symbol a side keeps costs the side facing
it a loss or a retreat, in the game's own word (figures, damage, hexes);
where that side cannot retreat, its retreats become losses."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from referee.language import pgettext
from referee.records import section
from referee.ruleset.crosscheck import Fail, names_exist
from referee.ruleset.spec import Record, Seq, Text, field
from referee.ruling import SIDES, Side, Step, say, step, step_n
from referee.stages.roll import applies

if TYPE_CHECKING:
    from referee.procedures.base import Battle
    from referee.ruleset.model import Ruleset


@section
class Word:
    """The game's word for one and for several."""

    one: str = field(Text(), "for one ('figure')")
    many: str = field(Text(), "for several ('figures')")

    def counted(self, rules: Ruleset, n: int) -> str:
        """'2 figures': a count in the game's word, said as the file words it."""
        return say("costs.counted", "{n} {word}", n=n, word=rules.said(self.one if n == 1 else self.many))


@section
class Costs:
    """What the symbols a side keeps cost the side facing it."""

    losses: tuple[str, ...] = field(Seq(Text()), "symbols that each cost one loss", ())
    retreats: tuple[str, ...] = field(Seq(Text()), "symbols that each force one retreat", ())
    cannot_retreat: tuple[str, ...] = field(
        Seq(Text()),
        "named situations (keys of 'situations') in which the side cannot retreat: each retreat is a loss",
        (),
    )
    loss: Word = field(Record(Word), "the game's word for a loss", Word(one="loss", many="losses"))
    retreat: Word = field(Record(Word), "the game's word for one step of a retreat", Word(one="step", many="steps"))

    def cross_check(self, rules: Ruleset, path: str, fail: Fail) -> None:
        situation = pgettext("kind", "situation")
        names_exist(fail, situation, [(f"{path}.cannot_retreat", s) for s in self.cannot_retreat], rules.situations)


def costs(
    rules: Ruleset, spec: Costs, kept: Mapping[Side, Mapping[str, int]], battle: Battle, rule: str
) -> tuple[dict[Side, int], dict[Side, int], list[Step]]:
    """The losses and retreats each side takes from the symbols the other kept."""
    loses = dict.fromkeys(SIDES, 0)
    retreats = dict.fromkeys(SIDES, 0)
    steps = []
    for side in SIDES:
        target = side.other
        loses[target] = sum(kept[side].get(s, 0) for s in spec.losses)
        back = sum(kept[side].get(s, 0) for s in spec.retreats)
        stuck = next((name for name in spec.cannot_retreat if applies(rules, battle, target, name)), None)
        if back and stuck:
            loses[target] += back
            steps.append(
                step_n(
                    rules.situations[stuck].rule,
                    "costs.cannot_retreat",
                    "{situation}: the {side} cannot retreat, so its {n} retreat is a loss",
                    "{situation}: the {side} cannot retreat, so its {n} retreats are losses",
                    back,
                    situation=rules.said(stuck),
                    side=target,
                )
            )
            back = 0
        retreats[target] = back
        if loses[target]:
            said = spec.loss.counted(rules, loses[target])
            steps.append(step(rule, "costs.loses", "the {side} loses {losses}", side=target, losses=said))
        if back:
            said = spec.retreat.counted(rules, back)
            steps.append(step(rule, "costs.retreats", "the {side} retreats {retreats}", side=target, retreats=said))
    if not steps:
        steps.append(step(rule, "costs.nothing", "nothing is lost and no one retreats"))
    return loses, retreats, steps
