"""A roll that voids itself: one side's whole roll counts for nothing where
any of its dice reads a symbol (Descent's X: a miss), or where a symbol its
dice read, summed, falls short of the distance the players state (Descent's
range). A voided roll reads one symbol only, its own or the entry's, which
the attack may count as an outcome.
Its own messages are in `locale/<lang>.po` beside this file."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from referee.core.errors import RefereeError, setting
from referee.core.records import section
from referee.ruleset.spec import RULE, Text, field
from referee.rulings.ruling import SIDES, Step, say, spaced, step
from referee.stages.added import At, for_side
from referee.words.language import own_catalogue, pgettext

if TYPE_CHECKING:
    from referee.ruleset.crosscheck import Fail

own_catalogue(__file__)


@section
class Void:
    """What voids a side's whole roll: a symbol on any die, or a sum short of the distance."""

    symbol: str = field(Text(), "a symbol that voids the roll when any die reads it (a miss)", "")
    reach: str = field(
        Text(), "a symbol the dice must read, summed, at least as many times as the distance told (range)", ""
    )
    gives: str = field(
        Text(), "the symbol a voided roll reads instead of all its others; left out: the entry's symbol", ""
    )
    side: str = field(Text(choices=SIDES), "the side whose roll it looks at", "attacker")
    rule: str = field(RULE, "the rule for it; left out: the attack's", "")

    @property
    def reads_as(self) -> str:
        return self.gives or self.symbol

    def cross_check(self, rules: object, path: str, fail: Fail) -> None:
        """One way to void, and a symbol to read where a sum falls short."""
        if bool(self.symbol) == bool(self.reach):
            one = pgettext("file.void_one", "give a symbol or a reach, one of them")
            raise fail(path, one)
        if self.reach and not self.gives:
            gives = pgettext("file.void_gives", "a roll short of the distance reads 'gives': name that symbol")
            raise fail(f"{path}.reach", gives)

    def symbols(self) -> Iterator[tuple[str, str]]:
        """The symbols it reads, each with its key, for the attack's check."""
        yield from ((key, symbol) for key, symbol in (("symbol", self.symbol), ("reach", self.reach)) if symbol)

    def made(self) -> tuple[tuple[str, str], ...]:
        """The symbol a voided roll reads, where no face carries it."""
        return ((self.side, self.gives),) if self.gives else ()


def voided(at: At, counts: dict[str, int]) -> tuple[dict[str, int], list[Step]]:
    """The side's symbols, or only the entry's one where an entry voids the roll."""
    for entry in for_side(at):
        rule = entry.rule or at.rule
        if entry.symbol and counts.get(entry.symbol, 0):
            said = step(
                rule,
                "void.symbol",
                "the {side}'s {symbol} voids its roll: it reads {reads} only",
                side=at.side,
                symbol=at.rules.said(entry.symbol),
                reads=spaced(at.rules.said(entry.reads_as), 1),
            )
            return {entry.reads_as: 1}, [said]
        if entry.reach:
            distance = _distance(at, rule)
            reached = counts.get(entry.reach, 0)
            if reached < distance:
                said = step(
                    rule,
                    "void.short",
                    "the {side}'s {reach} falls short of the distance {distance}: it reads {reads} only",
                    side=at.side,
                    reach=spaced(at.rules.said(entry.reach), reached),
                    distance=distance,
                    reads=spaced(at.rules.said(entry.reads_as), 1),
                )
                return {entry.reads_as: 1}, [said]
    return counts, []


def _distance(at: At, rule: str) -> int:
    """The distance told; a roll that must reach it cannot be ruled without one."""
    if at.battle.range is None:
        raise RefereeError(
            say(
                "void.distance",
                "this roll must reach the distance to its target: state it, {range} N",
                range=setting("range"),
            ),
            rule=rule,
        )
    return at.battle.range


def key_words() -> dict[str, str]:
    """What `show` calls each key this module declares, in the language spoken."""
    return {
        "gives": pgettext("show.param", "gives"),
        "reach": pgettext("show.param", "reach"),
        "side": pgettext("show.param", "side"),
        "symbol": pgettext("show.param", "symbol"),
        "void": pgettext("show.param", "void"),
    }
