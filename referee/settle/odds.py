"""Exact odds: the resolver summed over every throw, each weighted by its
exact probability. Odds and rulings cannot disagree: they are one code path."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

from referee.chance.dice import MAX_THROWS, exact_throws
from referee.core.records import record
from referee.procedures.door import before_roll, dice_needed, odds_keys, ruler
from referee.ruleset.model import Ruleset
from referee.rulings.battle import Throw
from referee.rulings.procedure import DiceNeed, dice_of, joined
from referee.rulings.ruling import Ruling


@record
class Outcome:
    """One distinct result (the procedure's odds keys) and its exact chance."""

    key: dict[str, Any]
    probability: Fraction


def battle_odds(rules: Ruleset, situation: object, limit: int = MAX_THROWS) -> list[Outcome]:
    """Every outcome of an attack as told, whatever its procedure, with its
    exact chance; more than `limit` throws is refused before the first."""
    situation = before_roll(rules, situation)
    return tally(dice_needed(rules, situation), odds_keys(rules, situation), ruler(rules, situation), limit)


def tally(
    needs: Mapping[str, DiceNeed],
    keys: tuple[str, ...],
    rule_on: Callable[[Throw], Ruling],
    limit: int = MAX_THROWS,
) -> list[Outcome]:
    """Every throw the needs can show, ruled on and grouped by the outcome keys."""
    totals: dict[tuple[Any, ...], Fraction] = {}
    for parts, chance in exact_throws(dice_of(needs), limit):
        outcome = rule_on(joined(needs, parts)).outcome
        key = tuple(outcome[k] for k in keys)
        totals[key] = totals.get(key, Fraction(0)) + chance
    ranked = sorted(totals.items(), key=lambda item: (-item[1], repr(item[0])))
    return [Outcome(dict(zip(keys, key, strict=True)), p) for key, p in ranked]
