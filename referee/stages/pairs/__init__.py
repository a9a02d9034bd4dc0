"""Compare by ranked pairs: each side's dice sorted high to low, the highest
of one side against the highest of the other and so on, over as many pairs
as the side with fewer dice rolled; the higher die (with any bonus at its
rank) wins its pair, a tie goes to the side the file names (or to nobody),
and each lost pair costs its side one loss. Classic Risk is this comparison
alone; a preset puts Frontline Risk's fronts, bonuses and
worn units around it.
Its own messages are in `locale/<lang>.po` beside this file."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from math import factorial, prod

from referee.rulings.ruling import SIDES, Side, Step, Value, step
from referee.words.language import own_catalogue

own_catalogue(__file__)

Paired = tuple[Side | None, bool]  # the pair's winner (None: nobody), and whether it was a tie


def ranked(values: Iterable[int]) -> list[int]:
    """A side's dice high to low."""
    return sorted(values, reverse=True)


def pair_off(
    ranked: Mapping[Side, Sequence[int]],
    tie: str,
    bonus: Mapping[Side, Sequence[int]] | None = None,
    most: int | None = None,
) -> list[Paired]:
    """Each pair's winner, highest pair first: the higher total (die plus the
    bonus at its rank) wins; equal totals go to `tie` (attacker, defender,
    or nothing: nobody wins that pair). The pairs are as many as the side
    with fewer dice rolled, or `most` where fewer units stand behind them
    (the other dice only widen the choice)."""
    pairs = min(len(ranked[side]) for side in SIDES)
    pairs = pairs if most is None else min(pairs, most)
    out: list[Paired] = []
    for rank in range(pairs):
        total = {side: ranked[side][rank] + (bonus[side][rank] if bonus else 0) for side in SIDES}
        if total[Side.ATTACKER] == total[Side.DEFENDER]:
            out.append((None if tie == "nothing" else Side(tie), True))
        else:
            out.append((Side.ATTACKER if total[Side.ATTACKER] > total[Side.DEFENDER] else Side.DEFENDER, False))
    return out


def lost(paired: Sequence[Paired]) -> dict[Side, int]:
    """The pairs each side lost: one loss each."""
    return {side: sum(winner == side.other for winner, _ in paired) for side in SIDES}


def shown(die: int, bonus: int) -> str:
    """A paired die as a ruling writes it: '5', or with its bonus '5+1=6'."""
    return f"{die}+{bonus}={die + bonus}" if bonus else str(die)


def pair_step(rule: str, rank: int, shown: Mapping[str, str], paired: Paired) -> Step:
    """'pair 1: 6 against 5: the attacker wins': one pair as a ruling says it,
    each side's die as `shown` (a bonus written out: '5+1=6')."""
    winner, tied = paired
    said: dict[str, Value] = {"rank": rank + 1, **shown}
    if winner is None:
        return step(rule, "pair.tie.nobody", "pair {rank}: {attacker} against {defender}: a tie, nobody loses", **said)
    if tied:
        return step(
            rule,
            "pair.tie",
            "pair {rank}: {attacker} against {defender}: the {winner} wins the tie",
            **said,
            winner=winner,
        )
    return step(
        rule, "pair.won", "pair {rank}: {attacker} against {defender}: the {winner} wins", **said, winner=winner
    )


Pool = tuple[tuple[tuple[int, ...], int], ...]
"""A side's dice: each kind's faces with how many of it the side rolls (a commander's d8 among armies' d6)."""

Pattern = tuple[bool | None, ...]
"""Who lost each pair, highest first: True the attacker, False the defender, None nobody (a tie to nobody)."""


@cache
def patterns(
    attacker: Pool, defender: Pool, bonus: tuple[Sequence[int], Sequence[int]], tie: str, most: int | None = None
) -> tuple[tuple[tuple[Pattern, int], ...], int]:
    """Who loses each pair, counted over every ordered throw of both sides'
    dice, with each side's bonus at each rank (none past its list), and the
    number of throws: the odds of a round of ranked pairs, where a fight
    needs to know which rank each side lost (the unit behind it). The pairs
    are as many as the fewer dice, or `most` where fewer units stand behind
    them (as `pair_off` pairs them). A die
    listing a face twice counts it twice, as on the table. Kept for the
    process by value: every round of a fight, cell of a chart and command
    that pairs the same dice shares one count."""
    pairs = min(sum(n for _, n in attacker), sum(n for _, n in defender), *(() if most is None else (most,)))
    a_bonus, d_bonus = (tuple(b[:pairs]) + (0,) * (pairs - len(b[:pairs])) for b in bonus)
    to_attacker, nobody = tie == Side.ATTACKER.value, tie == "nothing"
    counted: Counter[Pattern] = Counter()
    for high_a, n_a in highest(attacker, pairs):
        a_totals = [die + plus for die, plus in zip(high_a, a_bonus)]
        for high_d, n_d in highest(defender, pairs):
            pattern: list[bool | None] = []
            for a, d in zip(a_totals, (die + plus for die, plus in zip(high_d, d_bonus))):  # pair_off's rule
                if a != d:
                    pattern.append(a < d)
                else:
                    pattern.append(None if nobody else not to_attacker)
            counted[tuple(pattern)] += n_a * n_d
    return tuple(counted.items()), prod(len(faces) ** dice for faces, dice in attacker + defender)


@cache
def chances(
    attacker: tuple[tuple[int, ...], int], defender: tuple[tuple[int, ...], int], tie: str
) -> tuple[Mapping[tuple[int, int], int], int]:
    """The pairs each side loses, (attacker's, defender's), counted over every
    ordered throw of each side's die (its faces, how many it rolls), and the
    number of throws, with no bonus: what a round of pairs alone costs."""
    counted: dict[tuple[int, int], int] = {}
    found, total = patterns((attacker,), (defender,), ((), ()), tie)
    for pattern, n in found:
        lost_by = (pattern.count(True), pattern.count(False))
        counted[lost_by] = counted.get(lost_by, 0) + n
    return counted, total


@cache
def _unordered(faces: tuple[int, ...], dice: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Each unordered throw of `dice` such dice, high to low, with the number of ordered throws showing it."""
    shows = Counter(faces)  # a face a die shows twice comes up twice as often
    return tuple(
        (combo, factorial(dice) // prod(factorial(combo.count(f)) for f in set(combo)) * prod(shows[f] for f in combo))
        for combo in itertools.combinations_with_replacement(sorted(shows, reverse=True), dice)
    )


@cache
def highest(pool: Pool, keep: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """The `keep` highest faces a pool shows, high to low, each with the number
    of ordered throws that show them (each kind a die of its own). Only the
    dice that get paired matter, so throws are grouped by those: three dice
    against two read 56 × 21 groups, not 6⁵ throws."""
    counts: Counter[tuple[int, ...]] = Counter()
    for picks in itertools.product(*(_unordered(faces, dice) for faces, dice in pool)):
        faces = sorted(itertools.chain.from_iterable(combo for combo, _ in picks), reverse=True)
        counts[tuple(faces[:keep])] += prod(n for _, n in picks)
    return tuple(counts.items())
