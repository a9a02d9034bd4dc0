"""Ranked-pairs rounds as exact distributions, without explanations.

A round's outcome depends only on what decides it: the faces of each
side's die (a d6 against a d8 is its own key), how many dice each side
rolls, the bonus each side adds at each paired rank, and who wins a tie.
That key holds no unit and no situation, so one distribution serves every
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

RoundKey = tuple[tuple[int, ...], tuple[int, ...], int, int, tuple[int, ...], tuple[int, ...], bool]
"""(attacker's faces, defender's faces, attacker dice, defender dice, attacker bonus by rank,
defender bonus by rank, ties to the attacker)."""

Pattern = tuple[bool, ...]
"""For each paired rank, highest first: True when the attacker lost that pair."""


@cache
def highest(faces: tuple[int, ...], dice: int, keep: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """The `keep` highest faces of `dice` dice, high to low, each with the number
    of ordered throws that show them."""
    sides = Counter(faces)  # a face listed twice shows twice as often
    counts: Counter[tuple[int, ...]] = Counter()
    for combo in itertools.combinations_with_replacement(sorted(sides, reverse=True), dice):
        arrangements = factorial(dice) // prod(factorial(combo.count(f)) for f in set(combo))
        counts[combo[:keep]] += arrangements * prod(sides[f] for f in combo)
    return tuple(counts.items())


@cache
def pair_losses(key: RoundKey) -> tuple[tuple[tuple[Pattern, int], ...], int]:
    """Who loses each pair, as counts of ordered throws, and the number of throws.
    A die listing a face twice counts it twice, as on the table."""
    a_faces, d_faces, attacker_dice, defender_dice, attacker_bonus, defender_bonus, ties_to_attacker = key
    pairs = len(attacker_bonus)
    counts: Counter[Pattern] = Counter()
    for attacker, a_count in highest(a_faces, attacker_dice, pairs):
        a_totals = [die + bonus for die, bonus in zip(attacker, attacker_bonus)]
        for defender, d_count in highest(d_faces, defender_dice, pairs):
            pattern = tuple(
                a < d + bonus or (a == d + bonus and not ties_to_attacker)
                for a, d, bonus in zip(a_totals, defender, defender_bonus)
            )
            counts[pattern] += a_count * d_count
    return tuple(counts.items()), len(a_faces) ** attacker_dice * len(d_faces) ** defender_dice
