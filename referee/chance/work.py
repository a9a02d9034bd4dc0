"""What summing a request's throws costs, known before the first is listed.

Counting throws is not enough: a throw of a thousand dice costs a thousand
times one of a single die to list, settle and rule on. The work is counted
in faces of dice handled: each group's own (listing its throws, and for a
pool walking its rounds), then every throw of the request ruled on, each of
its faces counted twice (read, then said in the ruling) and the ruling's
own steps as RULING faces more. Some four million take a few seconds of
CPU; more is refused before any is touched, by a count that only grows with
the dice.
"""

from __future__ import annotations

from collections.abc import Iterable
from math import comb, prod

from referee.core.errors import RefereeError, pgettext
from referee.core.records import record
from referee.words.language import Grouped

MAX_WORK = 4_000_000
"""The most faces of dice one exact sum handles. Measured here, a unit of
work costs 0.4 to 1.1 µs: a thousand dice of one throw each the least, a
ruling that says each face at length the most (a hundred dice a side at
5.1 million took 5.3 s); so at most some four seconds."""
RULING = 80
"""What ruling on one throw costs beyond its faces, in faces: a ruling
says every step of it, some 80 µs even for a throw of few dice."""
SAID = 2
"""What each face of a throw ruled on costs: read, then said in the ruling."""
SETTLE = 10
"""What walking to one run of a pool's rounds costs beyond its faces, in
faces: the rounds cut, settled and merged, some 10 µs for two dice."""
PAST_COUNTING = 10**15
"""Work past this is only said to be more: a bound that large is not worth
working out (a thousand-face die rolled a hundred thousand times)."""


@record
class Estimate:
    """A group's throws before any is listed: at most `throws` of them, each of
    at most `faces` faces, and `work` faces handled to list them all."""

    throws: int
    faces: int
    work: int


def choices(kinds: int, dice: int) -> int:
    """The multisets of `dice` dice over `kinds` faces (one way to roll no dice)."""
    if dice <= 0:
        return 1
    return comb(kinds + dice - 1, dice) if kinds else 0


def request_work(estimates: Iterable[Estimate]) -> int:
    """The faces a sum over the groups together handles: each group's own
    listing, then every combination of their throws ruled on."""
    groups = list(estimates)
    throws = prod(group.throws for group in groups)
    return sum(group.work for group in groups) + throws * (RULING + SAID * sum(group.faces for group in groups))


def bound_work(estimates: Iterable[Estimate], limit: int = MAX_WORK) -> None:
    """Refuses, before the first throw, a sum that would handle more than
    `limit` faces, saying how many (past PAST_COUNTING, only that it is more)."""
    work = request_work(estimates)
    if work <= limit:
        return
    if work > PAST_COUNTING:
        much = pgettext(
            "throws.work_past",
            "summing this exactly would handle more than {count:,} faces of dice; "
            "try fewer dice or a smaller die, or roll it with 'battle'",
        )
        raise RefereeError(much.format(count=Grouped(PAST_COUNTING)))
    much = pgettext(
        "throws.too_much_work",
        "summing this exactly would handle up to {count:,} faces of dice, more than the {limit:,} "
        "summed here in a few seconds; try fewer dice or a smaller die, or roll it with 'battle'",
    )
    raise RefereeError(much.format(count=Grouped(work), limit=Grouped(limit)))
