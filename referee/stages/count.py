"""Count and compare, the symbol part: each side's symbols counted at once
(hits, critical hits, retreats), then one side's symbols cancel the other's
in a stated order (evades cancel normal hits before critical ones)."""

from __future__ import annotations

from collections.abc import Mapping

from referee.chance.dice import Face
from referee.core.records import section
from referee.ruleset.spec import Seq, Text, field
from referee.rulings.ruling import Said, Side, Spoken, Step, listed, say, spaced, step

SIDE = Text(choices=("attacker", "defender"))
Counts = Mapping[str, int]
Reading = Mapping[str, tuple[str, ...]]  # a face (as text) -> the symbols it carries


def count(read: Reading, faces: tuple[Face, ...], order: tuple[str, ...]) -> dict[str, int]:
    """Each symbol the faces carry, counted, in the stated order (a symbol none carries: 0)."""
    counts = dict.fromkeys(order, 0)
    for face in faces:
        for symbol in read.get(str(face), ()):
            counts[symbol] = counts.get(symbol, 0) + 1
    return counts


@section
class Cancel:
    """One side's symbol cancelling the other side's, one for one, in order."""

    by: str = field(SIDE, "the side whose symbol cancels")
    symbol: str = field(Text(), "the symbol that cancels (an evade, a shield)")
    order: tuple[str, ...] = field(
        Seq(Text(), min_items=1), "the other side's symbols it cancels, the first until none is left, then the next"
    )


def cancel(
    counts: Mapping[Side, Counts], cancels: tuple[Cancel, ...], rule: str
) -> tuple[dict[Side, dict[str, int]], list[Step]]:
    """What each side keeps once the cancelling symbols have done their work,
    and a step for each cancellation that happened."""
    left = {side: dict(c) for side, c in counts.items()}
    steps = []
    for way in cancels:
        by = Side(way.by)
        mine, theirs = left[by], left[by.other]
        spare = mine.get(way.symbol, 0)
        cancelled = []
        for symbol in way.order:
            gone = min(spare, theirs.get(symbol, 0))
            if gone:
                theirs[symbol] -= gone
                spare -= gone
                cancelled.append(spaced(symbol, gone))
        if cancelled:
            used = mine.get(way.symbol, 0) - spare
            steps.append(
                step(
                    rule,
                    "count.cancel",
                    "the {side} cancels {cancelled} with {symbols}",
                    side=by,
                    symbols=spaced(way.symbol, used),
                    cancelled=listed(cancelled),
                )
            )
    return left, steps


def scored(counts: Counts, kept: tuple[str, ...]) -> Said:
    """The symbols that count for a side, as its result reads ('hit 2, crit 1'):
    in English for --json and the odds' groups, in the language spoken for reports."""
    parts = [spaced(symbol, n) for symbol, n in counts.items() if n and symbol in kept]
    phrase = listed(parts) if parts else nothing()
    return Said(phrase.english, phrase)


def nothing() -> Spoken:
    """What no symbol at all reads as."""
    return say("count.none", "nothing")
