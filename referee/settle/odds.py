"""Exact odds: the resolver summed over every throw, each weighted by its
exact probability. Odds and rulings cannot disagree: they are one code path."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

from referee.chance.dice import MAX_THROWS, exact_throws
from referee.core.records import record
from referee.procedures.door import before_roll, dice_needed, odds_keys, ruler
from referee.procedures.door import counted as counted_die_by_die
from referee.ruleset.model import Ruleset
from referee.rulings.battle import Throw
from referee.rulings.procedure import DiceNeed, dice_of, joined
from referee.rulings.ruling import Ruling, Score


@record
class Outcome:
    """One distinct result (the procedure's odds keys) and its exact chance."""

    key: dict[str, Any]
    probability: Fraction


def battle_odds(rules: Ruleset, situation: object, limit: int = MAX_THROWS) -> list[Outcome]:
    """Every outcome of an attack as told, whatever its procedure, with its
    exact chance; more than `limit` throws is refused before the first."""
    situation = before_roll(rules, situation)
    needs, keys = dice_needed(rules, situation), odds_keys(rules, situation)  # refused as a ruling would be
    found = counted_die_by_die(rules, situation)
    if found is not None:  # each die's part on its own: convolved, not every throw ruled
        totals = {tuple(key[k] for k in keys): Fraction(p) for key, p in found}
        return ranked(totals, keys)
    return tally(needs, keys, ruler(rules, situation), limit)


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
    return ranked(totals, keys)


def ranked(totals: Mapping[tuple[Any, ...], Fraction], keys: tuple[str, ...]) -> list[Outcome]:
    """The outcomes, likeliest first (ties in the order of their keys), each by its keys."""
    order = sorted(totals.items(), key=lambda item: (-item[1], repr(item[0])))
    return [Outcome(dict(zip(keys, key, strict=True)), p) for key, p in order if p]


@record
class Column:
    """One number of the outcomes on its own, whatever the others are (the
    losses a side takes, the hits it scores): the chance of each value it
    takes, ascending. It reads the outcome key `of`, or, where that key is a
    side's score, the count of its `symbol`."""

    of: str
    symbol: str | None
    chances: dict[int, Fraction]

    @property
    def key(self) -> str:
        """The column as `--json` names it: its outcome key, and the symbol a score counts ('attacker_scores_hit')."""
        return self.of if self.symbol is None else f"{self.of}_{self.symbol}"

    def at_least(self) -> dict[int, Fraction]:
        """The chance of each value or more: the sum of the chances from it up."""
        tail, tails = Fraction(0), {}
        for value in reversed(self.chances):
            tail += self.chances[value]
            tails[value] = tail
        return dict(reversed(tails.items()))

    def expected(self) -> Fraction:
        return sum((value * p for value, p in self.chances.items()), Fraction(0))


def columns(outcomes: list[Outcome]) -> list[Column]:
    """Each number the outcomes hold, in their keys' order: a key that is a
    whole number in every outcome, and each symbol a side's score counts in
    any (0 where an outcome scores none of it)."""
    found = [_numbers(o.key) for o in outcomes]
    named = dict.fromkeys(name for names in found for name in names)
    kept = [(of, symbol) for of, symbol in named if symbol is not None or all((of, None) in n for n in found)]
    return [Column(of, symbol, _chances(outcomes, of, symbol)) for of, symbol in kept]


def counted(key: dict[str, Any], of: str, symbol: str | None) -> int:
    """The number an outcome holds under `of`, or the count of `symbol` in the score it holds there."""
    value = key[of]
    return int(value) if symbol is None else int(value.counts.get(symbol, 0))


def _numbers(key: dict[str, Any]) -> list[tuple[str, str | None]]:
    """Where an outcome holds numbers: a whole number (never a yes or no), or a score's symbols."""
    names: list[tuple[str, str | None]] = []
    for of, value in key.items():
        if isinstance(value, Score):
            names += [(of, symbol) for symbol in value.counts]
        elif isinstance(value, int) and not isinstance(value, bool):
            names.append((of, None))
    return names


def _chances(outcomes: list[Outcome], of: str, symbol: str | None) -> dict[int, Fraction]:
    totals: dict[int, Fraction] = {}
    for o in outcomes:
        value = counted(o.key, of, symbol)
        totals[value] = totals.get(value, Fraction(0)) + o.probability
    return dict(sorted(totals.items()))
