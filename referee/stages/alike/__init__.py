"""Dice alike within one side's roll: where at least so many of its dice
read one of the symbols listed alike (two sixes, a double of any number),
the side gets one more symbol of its own (a jammed weapon), whatever else
its dice read. Its own messages are in `locale/<lang>.po` beside this file."""

from __future__ import annotations

from collections.abc import Iterator

from referee.core.records import section
from referee.ruleset.spec import RULE, Integer, Seq, Text, field
from referee.rulings.ruling import SIDES, Step, spaced, step
from referee.stages.added import At, for_side
from referee.words.language import own_catalogue, pgettext

own_catalogue(__file__)


@section
class Alike:
    """So many of a side's dice alike give it a symbol: a double jams."""

    of: tuple[str, ...] = field(
        Seq(Text(), min_items=1), "the symbols counted alike: each face's number read as a symbol of its own"
    )
    at_least: int = field(Integer(minimum=2, maximum=100), "how many dice must read one of them alike", 2)
    gives: str = field(Text(), "the symbol the side gets when they do (count it under costs: counts)")
    side: str = field(Text(choices=SIDES), "the side whose roll it looks at", "attacker")
    rule: str = field(RULE, "the rule for it; left out: the attack's", "")

    def symbols(self) -> Iterator[tuple[str, str]]:
        """The symbols it reads, each with its key, for the attack's check."""
        yield from (("of", symbol) for symbol in self.of)

    def made(self) -> tuple[tuple[str, str], ...]:
        """The symbol it gives, with the side it gives it to."""
        return ((self.side, self.gives),)


def alike(at: At, counts: dict[str, int]) -> tuple[dict[str, int], list[Step]]:
    """The side's symbols, with each entry's own where its dice read alike."""
    steps: list[Step] = []
    for entry in for_side(at):
        found = next((symbol for symbol in entry.of if counts.get(symbol, 0) >= entry.at_least), None)
        if found is None:
            continue
        counts = {**counts, entry.gives: counts.get(entry.gives, 0) + 1}
        said = step(
            entry.rule or at.rule,
            "alike.gives",
            "the {side}'s dice read {alike} alike: {gives}",
            side=at.side,
            alike=spaced(at.rules.said(found), counts[found]),
            gives=at.rules.said(entry.gives),
        )
        steps.append(said)
    return counts, steps


def key_words() -> dict[str, str]:
    """What `show` calls each key this module declares, in the language spoken."""
    return {
        "alike": pgettext("show.param", "alike"),
        "at_least": pgettext("show.param", "at least"),
        "gives": pgettext("show.param", "gives"),
        "side": pgettext("show.param", "side"),
        "of": pgettext("show.param", "of"),
    }
