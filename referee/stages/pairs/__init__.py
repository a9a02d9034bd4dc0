"""Compare by ranked pairs: each side's dice sorted high to low, the highest
of one side against the highest of the other and so on, over as many pairs
as the side with fewer dice rolled; the higher die (with any bonus at its
rank) wins its pair, a tie goes to the side the file names (or to nobody),
and each lost pair costs its side one loss. Classic Risk is this comparison
alone; a preset puts Frontline Risk's fronts, bonuses and
worn units around it.
Its own messages are in `locale/<lang>.po` beside this file."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

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
