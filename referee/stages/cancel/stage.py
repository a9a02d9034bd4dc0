"""Cancelling as a stage of attacks written as stages: the file's `cancel`
list, once the symbols are counted, before they cost anything; an entry for
a named situation only where that applies to its side."""

from __future__ import annotations

from referee.rulings.ruling import Side, Step
from referee.stages.added import Added, At
from referee.stages.count import Cancel, cancel
from referee.stages.roll import applies


def cancelled(at: At, counts: dict[Side, dict[str, int]]) -> tuple[dict[Side, dict[str, int]], list[Step]]:
    """What each side keeps once the file's cancelling entries that apply have done their work."""
    return cancel(counts, _applying(at), at.rule, at.rules.said)


def _applying(at: At) -> tuple[Cancel, ...]:
    """The entries that apply: by situations and the distance told, never by units."""
    return tuple(way for way in at.section if not way.when or applies(at.rules, at.battle, Side(way.by), way.when))


STAGE = Added(
    key="cancel",
    grammar=Cancel,
    at="kept",
    run=cancelled,
    listed=True,
    reads=lambda at: tuple(way in _applying(at) for way in at.section),
    doc="one side's symbols cancelling the other's, in the order written",
)
