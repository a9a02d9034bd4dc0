"""Fought in rounds: the order a side loses its units in, and the words for
the between-round policy every procedure that fights in rounds shares (the
casualty order, rounds until a side is gone, the attacker's retreat when told)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from referee.rulings.ruling import Step, in_turn, say_n, step

if TYPE_CHECKING:
    from referee.ruleset.model import Ruleset

CHEAPEST = "cheapest"


def casualty_order(rules: Ruleset, units: Sequence[str], casualties: str | Sequence[str]) -> tuple[str, ...]:
    """The units a side loses first to last, by a stated policy: cheapest (by
    cost, then as `units` lists them), or a list, the units it leaves out after it."""
    if isinstance(casualties, str):
        listed = list(units)
        return tuple(sorted(listed, key=lambda unit: (rules.units[unit].cost, listed.index(unit))))
    return tuple(dict.fromkeys((*casualties, *units)))


def order_step(rules: Ruleset, order: Sequence[str], casualties: str | Sequence[str], rule: str) -> Step:
    """'each side loses its units cheapest first: infantry, then artillery'."""
    said = in_turn([rules.units[u].title for u in order])
    if casualties == CHEAPEST:
        return step(rule, "casualties.cheapest_order", "each side loses its units cheapest first: {order}", order=said)
    return step(rule, "casualties.stated_order", "each side loses its units in this order: {order}", order=said)


def until_steps(rule: str, stop_at: int | None) -> list[Step]:
    """Rounds until a side is gone, and where told, the attacker's retreat."""
    steps = [
        step(
            rule,
            "rounds.until",
            "rounds go on until a side has no unit left; when both are gone at once, the attacker has not conquered",
        )
    ]
    if stop_at is not None:
        steps.append(
            step(
                rule,
                "rounds.retreat",
                "the attacker retreats when down to {units}",
                units=say_n("count.units", "{n} unit", "{n} units", stop_at),
            )
        )
    return steps
