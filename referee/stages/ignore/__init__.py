"""Symbols ignored as they are read, before the follow-up rolls: one side
ignores up to so many of the other side's symbols the moment its dice read
them (Star Wars: Legion's cover takes hits away before the defence dice are
rolled, one defence die for each hit left). `cancel` comes after the
follow-up rolls; this is its place in the game's order.
Its own messages are in `locale/<lang>.po` beside this file."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from referee.core.records import section
from referee.ruleset.crosscheck import names_exist
from referee.ruleset.spec import RULE, Seq, Text, field
from referee.ruleset.values import Amount
from referee.rulings.ruling import SIDES, Side, Step
from referee.stages.added import At
from referee.stages.count import Cancel, cancel
from referee.stages.roll import applies
from referee.words.language import own_catalogue, pgettext

if TYPE_CHECKING:
    from referee.ruleset.crosscheck import Fail
    from referee.ruleset.model import Ruleset

own_catalogue(__file__)


@section
class Ignore:
    """Up to so many of the other side's symbols, ignored as its dice read them."""

    by: str = field(Text(choices=SIDES), "the side that ignores them (the defender in cover)")
    up_to: int = field(
        Amount(minimum=0, maximum=100), "how many it ignores, or a value the table states (its cover: 1 or 2)"
    )
    order: tuple[str, ...] = field(Seq(Text(), min_items=1), "the other side's symbols, the first ignored first")
    when: str = field(Text(), "a named situation (a key of 'situations') it needs, on the side 'by'", "")
    rule: str = field(RULE, "the rule for it; left out: the attack's", "")

    def symbols(self) -> Iterator[tuple[str, str]]:
        """The symbols it names, each with its key, for the attack's check."""
        yield from (("order", symbol) for symbol in self.order)

    def cross_check(self, rules: Ruleset, path: str, fail: Fail) -> None:
        """The situation it needs is one of the file's."""
        if self.when:
            names_exist(fail, pgettext("kind", "situation"), [(f"{path}.when", self.when)], rules.situations)


def ignored(at: At, counts: dict[str, int]) -> tuple[dict[str, int], list[Step]]:
    """The side's symbols less those the other side ignores as they are read:
    `cancel`'s ignoring, at its place before the follow-up rolls."""
    steps: list[Step] = []
    for entry in at.section:
        by = Side(entry.by)
        if by.other != at.side or (entry.when and not applies(at.rules, at.battle, by, entry.when)):
            continue
        way = Cancel(by=entry.by, order=entry.order, up_to=entry.up_to)
        left, said = cancel({by: {}, at.side: counts}, (way,), entry.rule or at.rule, at.rules.said)
        counts = left[at.side]
        steps += said
    return counts, steps


def key_words() -> dict[str, str]:
    """What `show` calls each key this module declares, in the language spoken."""
    return {
        "by": pgettext("show.param", "by"),
        "ignore": pgettext("show.param", "ignore"),
        "order": pgettext("show.param", "order"),
        "up_to": pgettext("show.param", "up to"),
        "when": pgettext("show.param", "when"),
    }
