"""Count and compare, the symbol part: each side's symbols counted at once
(hits, critical hits, retreats), then one side's symbols cancel the other's
in a stated order (evades cancel normal hits before critical ones), or a
side ignores a number of them in a named situation (a leader ignores a flag).
Its own messages are in `locale/<lang>.po` beside this file."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING

from referee.chance.dice import Face
from referee.core.records import section
from referee.ruleset.crosscheck import Fail, names_exist
from referee.ruleset.spec import Boolean, Integer, Seq, Text, field
from referee.rulings.ruling import Score, Side, Spoken, Step, listed, say, spaced, step
from referee.words.language import own_catalogue, pgettext

if TYPE_CHECKING:
    from referee.ruleset.model import Ruleset

own_catalogue(__file__)

SIDE = Text(choices=("attacker", "defender"))
Counts = Mapping[str, int]
Reading = Mapping[str, tuple[str, ...]]  # a face (as text) -> the symbols it carries


def count(read: Reading, faces: tuple[Face, ...], order: tuple[str, ...]) -> dict[str, int]:
    """Each symbol the faces carry, counted, in the stated order (a symbol none carries: 0)."""
    return count_each([read] * len(faces), faces, order)


def count_each(reads: Sequence[Reading], faces: tuple[Face, ...], order: tuple[str, ...]) -> dict[str, int]:
    """Each symbol the faces carry where each die reads its own way (dealt to its unit), counted in order."""
    counts = dict.fromkeys(order, 0)
    for read, face in zip(reads, faces, strict=True):
        for symbol in read.get(str(face), ()):
            counts[symbol] = counts.get(symbol, 0) + 1
    return counts


@section
class Cancel:
    """One side's symbol cancelling the other side's, one for one, in order,
    both spent (unless `spends: false`); or, with no symbol, a side ignoring up to a number of the other's symbols
    (a leader ignores one flag); either only in a named situation."""

    by: str = field(SIDE, "the side whose symbol cancels, or that ignores")
    symbol: str = field(
        Text(), "the symbol that cancels (an evade, a shield); left out: the side ignores up_to symbols outright", ""
    )
    order: tuple[str, ...] = field(
        Seq(Text(), min_items=1), "the other side's symbols it cancels, the first until none is left, then the next"
    )
    up_to: int | None = field(
        Integer(minimum=1, maximum=100),
        "the most symbols it cancels (with no symbol: the number ignored); left out: no limit",
        None,
    )
    when: str = field(
        Text(), "a named situation (a key of 'situations'): it cancels only while that applies to the side 'by'", ""
    )
    spends: bool = field(
        Boolean(),
        "whether a symbol that cancels is spent, one for one with what it cancels; false: it still counts after",
        True,
    )

    def cross_check(self, rules: Ruleset, path: str, fail: Fail) -> None:
        """A symbol or a number to cancel with; the situation exists."""
        if not self.symbol and not self.up_to:
            with_what = pgettext("file.cancel_with", "name the symbol that cancels, or up_to: how many are ignored")
            raise fail(path, with_what)
        if self.when:
            names_exist(fail, pgettext("kind", "situation"), [(f"{path}.when", self.when)], rules.situations)

    def symbols(self) -> Iterator[tuple[str, str]]:
        """The symbols it names, by key: the one that cancels, then those cancelled."""
        if self.symbol:
            yield "symbol", self.symbol
        yield from (("order", symbol) for symbol in self.order)


def cancel(
    counts: Mapping[Side, Counts],
    cancels: tuple[Cancel, ...],
    rule: str,
    said: Callable[[str], str],
) -> tuple[dict[Side, dict[str, int]], list[Step]]:
    """What each side keeps once the cancelling symbols have done their work,
    and a step for each cancellation that happened. The entries given are
    those that apply: one for a named situation only where it holds (the
    caller knows the battle). `said` says the file's words, its symbols and
    situations, in the language spoken (the ruleset's `said`)."""
    left = {side: dict(c) for side, c in counts.items()}
    steps = []
    for way in cancels:
        by = Side(way.by)
        mine, theirs = left[by], left[by.other]
        have = mine.get(way.symbol, 0) if way.symbol else (way.up_to or 0)
        spare = min(have, way.up_to or have)
        cancelled = []
        for symbol in way.order:
            gone = min(spare, theirs.get(symbol, 0))
            if gone:
                theirs[symbol] -= gone
                spare -= gone
                cancelled.append(spaced(said(symbol), gone))
        if cancelled and not way.symbol:
            steps.append(_ignored(way, by, listed(cancelled), rule, said))
        elif cancelled:
            used = min(have, way.up_to or have) - spare
            if way.spends:
                mine[way.symbol] -= used
            steps.append(
                step(
                    rule,
                    "count.cancel",
                    "the {side} cancels {cancelled} with {symbols}",
                    side=by,
                    symbols=spaced(said(way.symbol), used),
                    cancelled=listed(cancelled),
                )
            )
    return left, steps


def _ignored(way: Cancel, side: Side, cancelled: Spoken, rule: str, situation_said: Callable[[str], str]) -> Step:
    """'leader: the defender ignores retreat 1'."""
    if not way.when:
        return step(rule, "count.ignores", "the {side} ignores {cancelled}", side=side, cancelled=cancelled)
    return step(
        rule,
        "count.ignores.when",
        "{situation}: the {side} ignores {cancelled}",
        situation=situation_said(way.when),
        side=side,
        cancelled=cancelled,
    )


def scored(counts: Counts, kept: tuple[str, ...], said: Callable[[str], str], carried: Collection[str] = ()) -> Score:
    """The symbols that count for a side, as its result reads ('hit 2, crit 1'):
    in the file's words for --json and the odds' groups, each symbol as `said`
    in the language spoken (treffer 2) for reports; and as numbers, each one
    the side scores or carries (0 too: the odds count it in every outcome)."""
    parts = [spaced(said(symbol), n) for symbol, n in counts.items() if n and symbol in kept]
    phrase = listed(parts) if parts else nothing()
    numbers = {said(symbol): counts.get(symbol, 0) for symbol in kept if symbol in carried or counts.get(symbol)}
    return Score(phrase.english, phrase, numbers)


def nothing() -> Spoken:
    """What no symbol at all reads as."""
    return say("count.none", "nothing")


def key_words() -> dict[str, str]:
    """What `show` calls each key this module declares, in the language spoken."""
    return {
        "by": pgettext("show.param", "by"),
        "cancel": pgettext("show.param", "cancel"),
        "order": pgettext("show.param", "order"),
        "spends": pgettext("show.param", "spends"),
        "symbol": pgettext("show.param", "symbol"),
        "up_to": pgettext("show.param", "up to"),
        "when": pgettext("show.param", "when"),
    }


def value_words() -> dict[str, str]:
    """What `show` calls each value this module's keys choose from, in the language spoken."""
    return {
        "attacker": pgettext("show.value", "attacker"),
        "defender": pgettext("show.value", "defender"),
    }
