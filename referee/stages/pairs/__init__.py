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


@cache
def chances(
    attacker: tuple[tuple[int, ...], int], defender: tuple[tuple[int, ...], int], tie: str
) -> tuple[Mapping[tuple[int, int], int], int]:
    """The pairs each side loses, (attacker's, defender's), counted over every
    ordered throw of each side's dice (a die's faces, how many it rolls), and
    the number of throws. Only the highest dice that get paired matter, so a
    side's throws are grouped by those (unordered, counted with their
    arrangements): three dice against two read 56 × 21 groups, not 6⁵ throws.
    Kept for the process by value: every round of a fight, cell of a chart
    and command that pairs the same dice shares one count."""
    pairs = min(attacker[1], defender[1])
    counted: dict[tuple[int, int], int] = {}
    to_attacker, nobody = tie == Side.ATTACKER.value, tie == "nothing"
    for high_a, n_a in _highest(*attacker, pairs):
        for high_d, n_d in _highest(*defender, pairs):
            a_lost = d_lost = 0
            for a, d in zip(high_a, high_d):  # pair_off's rule, without its words
                if a > d or (a == d and to_attacker):
                    d_lost += 1
                elif a < d or not nobody:
                    a_lost += 1
            counted[a_lost, d_lost] = counted.get((a_lost, d_lost), 0) + n_a * n_d
    return counted, len(attacker[0]) ** attacker[1] * len(defender[0]) ** defender[1]


@cache
def _highest(faces: tuple[int, ...], dice: int, keep: int) -> list[tuple[tuple[int, ...], int]]:
    """The `keep` highest of `dice` such dice, high to low, each with the number of ordered throws showing them."""
    shows = Counter(faces)  # a face a die shows twice comes up twice as often
    kept: Counter[tuple[int, ...]] = Counter()
    for combo in itertools.combinations_with_replacement(sorted(shows, reverse=True), dice):
        arrangements = factorial(dice) // prod(factorial(combo.count(f)) for f in set(combo))
        kept[combo[:keep]] += arrangements * prod(shows[f] for f in combo)
    return list(kept.items())
