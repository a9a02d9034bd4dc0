"""Ranked-pairs rounds as exact distributions, without explanations.

A round's outcome depends only on what decides it: each side's dice as
kinds of faces with their counts (a d6 against a d8 is its own key, and so
is a commander's d8 among armies' d6), the bonus each side adds at each
paired rank, and who wins a tie. That key holds no unit and no situation, so one distribution serves every
fight state, chart cell and command that meets it; it is cached by value
(never by identity).

The sum runs over order statistics: each side's throws are grouped by the
highest dice that get paired (unordered throws, counted with their
arrangements), so four dice against three read 126 × 56 groups, not 6⁷
ordered throws. `resolve` stays the ruling with its reasons; tests check the
two agree throw for throw.
"""

from __future__ import annotations

import itertools
from collections import Counter
from functools import cache
from math import factorial, prod

Pool = tuple[tuple[tuple[int, ...], int], ...]
"""A side's dice: each kind's faces with how many of it the side rolls (a d8 among d6)."""

RoundKey = tuple[Pool, Pool, tuple[int, ...], tuple[int, ...], bool]
"""(attacker's dice, defender's dice, attacker bonus by rank, defender bonus by rank, ties to the attacker)."""

Pattern = tuple[bool, ...]
"""For each paired rank, highest first: True when the attacker lost that pair."""


@cache
def _unordered(faces: tuple[int, ...], dice: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Each unordered throw of `dice` such dice, high to low, with the number of ordered throws showing it."""
    sides = Counter(faces)  # a face listed twice shows twice as often
    return tuple(
        (combo, factorial(dice) // prod(factorial(combo.count(f)) for f in set(combo)) * prod(sides[f] for f in combo))
        for combo in itertools.combinations_with_replacement(sorted(sides, reverse=True), dice)
    )


@cache
def highest(pool: Pool, keep: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """The `keep` highest faces of a pool, high to low, each with the number
    of ordered throws that show them (the kinds are told apart, each a die of its own)."""
    counts: Counter[tuple[int, ...]] = Counter()
    for picks in itertools.product(*(_unordered(faces, dice) for faces, dice in pool)):
        faces = sorted(itertools.chain.from_iterable(combo for combo, _ in picks), reverse=True)
        counts[tuple(faces[:keep])] += prod(n for _, n in picks)
    return tuple(counts.items())


@cache
def pair_losses(key: RoundKey) -> tuple[tuple[tuple[Pattern, int], ...], int]:
    """Who loses each pair, as counts of ordered throws, and the number of throws.
    A die listing a face twice counts it twice, as on the table."""
    a_pool, d_pool, attacker_bonus, defender_bonus, ties_to_attacker = key
    pairs = len(attacker_bonus)
    counts: Counter[Pattern] = Counter()
    for attacker, a_count in highest(a_pool, pairs):
        a_totals = [die + bonus for die, bonus in zip(attacker, attacker_bonus)]
        for defender, d_count in highest(d_pool, pairs):
            pattern = tuple(
                a < d + bonus or (a == d + bonus and not ties_to_attacker)
                for a, d, bonus in zip(a_totals, defender, defender_bonus)
            )
            counts[pattern] += a_count * d_count
    return tuple(counts.items()), prod(len(faces) ** dice for faces, dice in a_pool + d_pool)
