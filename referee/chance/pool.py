"""What a pool of dice does before it counts: re-roll, explode, keep.

A pool is rolled in rounds. The first roll; then, where the pool re-rolls,
one round for the dice showing the named faces (the first named first, at
most `most` of them), once; then, where it explodes, one round for the
standing dice showing an exploding face, and one for each round's own
exploding faces, at most `depth` rounds. The standing dice are the first
roll with the re-rolled dice replaced, then every explosion; `keep` keeps
`count` of them by an order of preference (the highest, the lowest, or the
order of the side that chooses, given by whoever decides who chooses).

Players type the rounds one after another, each after a '/': "1, 5, 2 / 6, 3"
is a first roll of three dice and the re-roll of the two that missed. A round
of no dice is not typed.

What a file writes for a pool is `pool_rules`, which every ruleset load
needs; this module is imported only where a side has a pool.

A ruling (`Pool.settle`) and the odds (`Pooled`, every round enumerated as a
multiset with its exact chance) read the rounds with the same `next_count`,
so they cannot disagree. Where the odds need only what the kept dice count
(`Counted`), throws that count alike are one: explosions are summed round by
round, so fifteen d6 exploding three rounds deep are some 14,000 steps.
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Callable, Hashable, Iterator, Sequence
from typing import TYPE_CHECKING

from referee.chance.dice import Die, Face, Rng, multiset_count, multisets
from referee.chance.work import PAST_COUNTING, SETTLE, Estimate, choices
from referee.core.records import record

if TYPE_CHECKING:
    from fractions import Fraction

    Tails = dict[Hashable, tuple[tuple[Face, ...], Fraction]]  # a round's dice and explosions, grouped


Rounds = Sequence[tuple[Face, ...]]


@record
class Reroll:
    """Dice showing `faces` roll again, once: the first face listed first, then
    the first die, when `most` (None: no limit) leaves some standing."""

    faces: tuple[Face, ...]
    most: int | None = None


@record
class Explode:
    """A die showing one of `faces` rolls one more die, whose own such faces
    roll again, at most `depth` rounds."""

    faces: tuple[Face, ...]
    depth: int


@record
class Keep:
    """Keep `count` of the standing dice, the first by `order` (every face, best
    first: high to low keeps the highest; one side's preference chooses its die)."""

    count: int
    order: tuple[Face, ...]


@record
class PoolRoll:
    """A pool's rounds read: which dice of the first roll were rolled again, and
    the dice that stand and are kept in the end."""

    first: tuple[Face, ...]
    rerolled: tuple[int, ...]
    again: tuple[Face, ...]
    exploded: tuple[Face, ...]
    standing: tuple[Face, ...]
    kept: tuple[Face, ...]


@record
class Pool:
    """What a group of dice does between its first roll and its count."""

    reroll: Reroll | None = None
    explode: Explode | None = None
    keep: Keep | None = None

    def rerolled(self, first: tuple[Face, ...]) -> tuple[int, ...]:
        """The dice of the first roll rolled again, by position."""
        if self.reroll is None:
            return ()
        rank = {face: i for i, face in enumerate(self.reroll.faces)}
        chosen = sorted((i for i, face in enumerate(first) if face in rank), key=lambda i: (rank[first[i]], i))
        return tuple(sorted(chosen[: self.reroll.most]))

    def _standing(self, rounds: Rounds) -> list[Face]:
        """The first roll with its re-rolled dice replaced by the re-roll, in order."""
        standing = list(rounds[0])
        if self.reroll is not None:
            for index, face in zip(self.rerolled(rounds[0]), rounds[1], strict=True):
                standing[index] = face
        return standing

    def next_count(self, rounds: Rounds) -> int | None:
        """How many dice the next round rolls after these, None once the pool is settled."""
        after = len(rounds) - 1  # rounds after the first
        if self.reroll is not None:
            if after == 0:
                return len(self.rerolled(rounds[0]))
            after -= 1
        if self.explode is None or after >= self.explode.depth:
            return None
        source = self._standing(rounds) if after == 0 else rounds[-1]
        return sum(face in self.explode.faces for face in source)

    def rounds(self, faces: tuple[Face, ...], first: int) -> list[tuple[Face, ...]]:
        """A throw as one run of faces (the first roll's `first`, then each
        round's) cut into its rounds; a throw too short for them leaves the rest empty."""
        out = [faces[:first]]
        taken = first
        while (count := self.next_count(out)) is not None:
            out.append(faces[taken : taken + count])
            taken += count
        return out

    def settle(self, rounds: Rounds) -> PoolRoll:
        """What the rounds come to: the dice re-rolled, those standing, those kept."""
        explosions = rounds[2:] if self.reroll is not None else rounds[1:]
        standing = (*self._standing(rounds), *itertools.chain.from_iterable(explosions))
        kept = standing
        if self.keep is not None:
            rank = {face: i for i, face in enumerate(self.keep.order)}
            best = sorted(range(len(standing)), key=lambda i: (rank[standing[i]], i))[: self.keep.count]
            kept = tuple(standing[i] for i in sorted(best))
        return PoolRoll(
            first=tuple(rounds[0]),
            rerolled=self.rerolled(tuple(rounds[0])),
            again=tuple(rounds[1]) if self.reroll is not None else (),
            exploded=tuple(itertools.chain.from_iterable(explosions)),
            standing=standing,
            kept=kept,
        )

    def roll(self, die: Die, count: int, rng: Rng) -> tuple[Face, ...]:
        """Every round drawn from the stream, as one run of faces."""
        rounds = [die.roll(count, rng)]
        while (more := self.next_count(rounds)) is not None:
            rounds.append(die.roll(more, rng))
        return tuple(itertools.chain.from_iterable(rounds))

    def reading(self, face: Face) -> Hashable:
        """What of a face the pool reads: whether it is re-rolled (and, where not
        every such die may be, its place among the faces re-rolled),
        whether it explodes, and its place in the order kept. Faces alike in all
        of these (and in what the count reads) may be merged for odds."""
        return (
            (self.reroll.faces.index(face) if self.reroll.most is not None else 0)
            if self.reroll and face in self.reroll.faces
            else None,
            bool(self.explode and face in self.explode.faces),
            self.keep.order.index(face) if self.keep else None,
        )


@record
class Pooled:
    """A pool's throws for odds: each round a multiset of `die`, the rounds as one run of faces."""

    die: Die
    count: int
    pool: Pool

    def _walk(self, rounds: list[tuple[Face, ...]], chance: Fraction) -> Iterator[tuple[tuple[Face, ...], Fraction]]:
        more = self.pool.next_count(rounds)
        if more is None:
            yield tuple(itertools.chain.from_iterable(rounds)), chance
            return
        for faces, p in multisets(self.die, more):
            yield from self._walk([*rounds, faces], chance * p)

    def throws(self) -> Iterator[tuple[tuple[Face, ...], Fraction]]:
        for faces, p in multisets(self.die, self.count):
            yield from self._walk([faces], p)

    def throw_count(self, limit: int) -> int | None:
        """The throws `throws` visits, counted without their chances: a pool
        that rolls no more than once its multisets, any other walked round by
        round; None once the walk passes `limit`."""
        if self.pool.reroll is None and self.pool.explode is None:
            return multiset_count(self.die, self.count)
        distinct = list(dict.fromkeys(self.die.faces))

        def count(rounds: list[tuple[Face, ...]], more: int | None) -> int:
            if more is None:
                return 1
            total = 0
            for faces in itertools.combinations_with_replacement(distinct, more):
                after = [*rounds, faces]
                total += count(after, self.pool.next_count(after))
                if total > limit:
                    break
            return total

        total = count([], self.count)
        return total if total <= limit else None

    def estimate(self) -> Estimate:
        """Every run of rounds, none merged."""
        return walk_bound(self.die, self.count, self.pool, None)


MAX_STEPS = 400_000  # the steps `Counted` sums before it gives up: a few seconds at most


@record
class Counted:
    """A pool's throws for odds where a ruling reads only what its kept dice
    count (`counted`: what a kept face counts as, its symbols; a face that
    counts as nothing is not counted at all): one run of
    rounds for each distinct count, with the summed chance of every throw that
    counts so. Explosions are summed round by round, a round reaching the next
    only by how many of its dice explode."""

    die: Die
    count: int
    pool: Pool
    counted: Callable[[Face], Hashable]

    def throw_count(self, limit: int) -> int | None:
        """The distinct counts, None where summing them would take too long. A
        pool rolled once sums its multisets: more than `limit` of them is
        their number, known before any is summed."""
        if self.pool.reroll is None and self.pool.explode is None:
            once = multiset_count(self.die, self.count)
            if once > limit:
                return once
        results = _counted_results(self)
        return None if results is None else len(results)

    def throws(self) -> Iterator[tuple[tuple[Face, ...], Fraction]]:
        yield from (_counted_results(self) or {}).values()

    def estimate(self) -> Estimate:
        """Runs merged as `_counted_results` merges them: by what their dice
        count, or with a keep by the faces they show."""
        readings = {self.counted(face) for face in self.die.faces} - {()}
        return walk_bound(self.die, self.count, self.pool, len(readings))


TIGHT = 150
"""Pools of at most this many dice are bounded by how many of each roll
explode (a few hundred thousand products at most); larger ones, more
loosely, as if every die might (the bound still only grows with the dice)."""


def walk_bound(die: Die, count: int, pool: Pool, readings: int | None) -> Estimate:
    """What walking a pool's rounds costs at most, from the numbers of dice and
    faces alone: the first rolls and their re-rolls, each with every way its
    explosions can fall (`readings`: the distinct things a face counts as,
    where runs that count alike are merged; None: none are). A bound, not
    the walk, cheap to work out."""
    kinds = len(set(die.faces))
    depth = pool.explode.depth if pool.explode else 0
    most = count if pool.reroll is None or pool.reroll.most is None else min(count, pool.reroll.most)
    faces = count + (most if pool.reroll else 0) + count * depth
    if choices(kinds, count) * count > PAST_COUNTING:  # the first roll alone: the walk need not be bounded
        return Estimate(PAST_COUNTING, faces, PAST_COUNTING + 1)
    blow = len(set(pool.explode.faces) & set(die.faces)) if pool.explode else 0

    def falls(dice: int, after: Sequence[int]) -> int:
        """The runs after one roll of `dice` dice, `after[m]` the runs after m of them explode."""
        if count > TIGHT:
            return choices(kinds, dice) * after[dice]
        return sum(choices(blow, m) * choices(kinds - blow, dice - m) * after[m] for m in range(dice + 1))

    def merged(raw: int, dice: int) -> int:
        """The most distinct runs of up to `dice` faces, `raw` before they are merged."""
        if readings is None:
            return raw
        return min(raw, choices(readings + 1, dice) if pool.keep is None else choices(kinds + 1, dice))

    tails = [1] * (count + 1)  # runs of explosions after c dice that explode, at the round reached
    work = 0
    for left in range(1, depth + 1):
        raw = [falls(c, tails) for c in range(count + 1)]
        work += sum(n * (c * left + SETTLE) for c, n in enumerate(raw) if c)
        if work > PAST_COUNTING:
            return Estimate(PAST_COUNTING, faces, work)
        tails = [merged(n, c * left) for c, n in enumerate(raw)]
    again = set(pool.reroll.faces) if pool.reroll else set()
    shown = len(again & set(die.faces))
    if again:  # each first roll by how many of its dice show a face rolled again, with its re-rolls
        runs = tails[count] * sum(
            choices(shown, m) * choices(kinds - shown, count - m) * choices(kinds, min(m, most))
            for m in range(count + 1)
        )
    else:
        runs = falls(count, tails)
    kept = pool.keep.count if pool.keep else faces
    throws = runs if readings is None else min(runs, choices(readings + 1, kept))
    return Estimate(throws, faces, work + runs * (faces + SETTLE))


@functools.lru_cache(maxsize=16)
def _counted_results(pooled: Counted) -> dict[Hashable, tuple[tuple[Face, ...], Fraction]] | None:
    """Each distinct count of the kept dice, a run of rounds that gives it and
    its chance; None past MAX_STEPS. Each run is settled by `Pool.settle`, as
    a ruling settles it. Without a keep every die standing is kept, and the
    whole pool's count is the sum of its parts', so the dice of a round and
    their explosions are grouped by what they count; with a keep, by the
    faces they show."""
    from fractions import Fraction  # exact odds only: a plain ruling never pays for it

    pool, die = pooled.pool, pooled.die
    reads = {face: pooled.counted(face) for face in die.faces}
    place = {face: i for i, face in enumerate(die.faces)}

    def counts(faces: Sequence[Face]) -> Hashable:
        """What dice count, a face that counts as nothing left out."""
        out: dict[Hashable, int] = {}
        for face, n in Counter(faces).items():
            if reads[face]:
                out[reads[face]] = out.get(reads[face], 0) + n
        return frozenset(out.items())

    def alike(faces: Sequence[Face]) -> Hashable:
        return counts(faces) if pool.keep is None else tuple(sorted(faces, key=place.__getitem__))

    steps = 0
    memo: dict[tuple[int, int], Tails] = {}

    def tails(count: int, left: int) -> Tails:
        """Every way `count` exploding dice fall, their own explosions after
        them for at most `left` rounds in all, grouped as `alike` says."""
        nonlocal steps
        if count == 0 or left == 0:
            return {(): ((), Fraction(1))}
        if (count, left) not in memo:
            out: Tails = {}
            blow = pool.explode.faces if pool.explode else ()
            for faces, p in multisets(die, count):
                after = tails(sum(face in blow for face in faces), left - 1)
                steps += len(after)
                for run, q in after.values():
                    key = alike((*faces, *run))
                    held, was = out.get(key, ((*faces, *run), Fraction(0)))
                    out[key] = (held, was + p * q)
                if steps > MAX_STEPS:
                    raise _TooLong
            memo[count, left] = out
        return memo[count, left]

    results: dict[Hashable, tuple[tuple[Face, ...], Fraction]] = {}
    try:
        for first, p in multisets(die, pooled.count):
            agains = multisets(die, len(pool.rerolled(first))) if pool.reroll else iter([((), Fraction(1))])
            for again, q in agains:
                more = pool.next_count([first, again] if pool.reroll else [first])
                for run, r in tails(more or 0, pool.explode.depth if pool.explode else 0).values():
                    steps += 1
                    if steps > MAX_STEPS:
                        raise _TooLong
                    faces = (*first, *again, *run)
                    key = counts(pool.settle(pool.rounds(faces, pooled.count)).kept)
                    held, was = results.get(key, (faces, Fraction(0)))
                    results[key] = (held, was + p * q * r)
    except _TooLong:
        return None
    return results


class _TooLong(Exception):
    """Summing a pool's counts passed MAX_STEPS."""


def distribution(die: Die, count: int, pool: Pool) -> dict[tuple[Face, ...], Fraction]:
    """The exact chance of each set of dice kept (faces in the die's order)."""
    place = {face: i for i, face in enumerate(die.faces)}
    out: dict[tuple[Face, ...], Fraction] = {}
    for faces, chance in Pooled(die, count, pool).throws():
        kept = tuple(sorted(pool.settle(pool.rounds(faces, count)).kept, key=place.__getitem__))
        out[kept] = out.get(kept, 0) + chance
    return out
