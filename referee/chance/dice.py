"""Dice: faces, a seeded generator that gives the same roll on every machine,
and the exact distribution of a throw.

The generator is SplitMix64 (Steele, Lea and Flood, 2014), started from the
first eight bytes of BLAKE2b("<seed>/<stream>"). A die shows face number
``x mod n`` of the next 64-bit output x, rejecting the few outputs at the top
of the range that would favour low faces. Everything here is written out in
this file, so no library update can change a recorded roll.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from math import factorial, prod
from typing import TYPE_CHECKING, Protocol, TypeVar

from referee.chance.work import MAX_WORK, Estimate, bound_work, choices
from referee.core.digests import blake2b_digest
from referee.core.errors import RefereeError, pgettext
from referee.core.records import record
from referee.words.language import Grouped

if TYPE_CHECKING:
    from fractions import Fraction

    # Only a type: a Protocol class costs start-up time on every command that imports dice.
    class Group(Protocol):
        """Dice whose throws odds enumerate together, knowing their number before the first."""

        def throw_count(self, limit: int) -> int | None:
            """How many throws `throws` visits, exactly; None once it is sure to be more than `limit`."""
            ...

        def throws(self) -> Iterable[tuple[tuple[Face, ...], Fraction]]: ...

        def estimate(self) -> Estimate:
            """What listing its throws costs, known without listing any."""
            ...


Face = str | int
T = TypeVar("T")
K = TypeVar("K", bound=Hashable)  # a group's name in a request

_MASK = (1 << 64) - 1
MAX_THROWS = 100_000


def pips(faces: Iterable[Face]) -> tuple[int, ...]:
    """Faces of a numbered die as numbers: the procedures that add or compare
    faces read dice whose faces the loader has checked are numbers."""
    return tuple(int(face) for face in faces)


class Rng:
    """A reproducible random stream; separate streams never shift each other."""

    def __init__(self, seed: int, stream: str):
        digest = blake2b_digest(f"{seed}/{stream}".encode(), 8)
        self._state = int.from_bytes(digest, "big")

    def next64(self) -> int:
        self._state = (self._state + 0x9E3779B97F4A7C15) & _MASK
        z = self._state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in 0..n-1, without modulo bias."""
        limit = (1 << 64) - (1 << 64) % n
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """Fisher-Yates, drawing from this stream."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out


SEEDS = 10**9  # seeds drawn or derived are below this, so a printed seed stays short to type


def new_seed() -> int:
    """A fresh seed for a roll nobody asked to repeat; printed so it can be."""
    import secrets

    return secrets.randbelow(SEEDS)


def seed_of(what: bytes) -> int:
    """The seed a description fixes: the same bytes give the same seed on any
    machine, so a draw made from it is part of what it describes."""
    return int.from_bytes(blake2b_digest(what, 8), "big") % SEEDS


@record
class Die:
    """A die by its faces (repeats allowed: a face on two sides is twice as likely)."""

    name: str
    faces: tuple[Face, ...]

    def roll(self, count: int, rng: Rng) -> tuple[Face, ...]:
        return tuple(rng.choice(self.faces) for _ in range(count))

    def distinct(self) -> dict[Face, Fraction]:
        """Each face once, with its exact chance."""
        from fractions import Fraction  # exact odds only: a plain ruling never pays for it

        out: dict[Face, Fraction] = {}
        for face in self.faces:
            out[face] = out.get(face, 0) + Fraction(1, len(self.faces))
        return out


def multisets(die: Die, count: int) -> Iterator[tuple[tuple[Face, ...], Fraction]]:
    """Every unordered throw of `count` such dice, with its exact probability."""
    from fractions import Fraction

    chances = die.distinct()
    for combo in itertools.combinations_with_replacement(list(chances), count):
        # by the faces' counts, not face by face: a thousand dice cost a few products, not a thousand
        shown = Counter(combo)
        arrangements = factorial(count) // prod(factorial(k) for k in shown.values())
        yield combo, arrangements * prod((chances[f] ** k for f, k in shown.items()), start=Fraction(1))


def multiset_count(die: Die, count: int) -> int:
    """How many unordered throws `multisets` visits: faces chosen with repetition."""
    return choices(len(set(die.faces)), count)


def alike(die: Die, reading: Callable[[Face], Hashable]) -> Die:
    """The die with faces that read alike merged: each face replaced by the
    first face that reads as it does, so its chance is theirs together. Odds
    enumerate the merged die's throws, one for each way the dice can read."""
    first: dict[Hashable, Face] = {}
    return Die(die.name, tuple(first.setdefault(reading(face), face) for face in die.faces))


@record
class Run:
    """Dice of one die that read alike in any order: their throws are multisets."""

    die: Die
    count: int

    def throw_count(self, limit: int) -> int | None:
        return multiset_count(self.die, self.count)

    def throws(self) -> Iterator[tuple[tuple[Face, ...], Fraction]]:
        return multisets(self.die, self.count)

    def estimate(self) -> Estimate:
        throws = multiset_count(self.die, self.count)
        return Estimate(throws, self.count, throws * self.count)


def throw_count(request: Mapping[K, Group], limit: int = MAX_THROWS) -> int | None:
    """How many distinct throws `exact_throws` would visit, known before visiting
    any; None where a group can only say that it would be more than `limit`."""
    total = 1
    for group in request.values():
        count = group.throw_count(limit // total)
        if count is None:
            return None
        total *= count
        if total > limit:
            return total
    return total


def exact_throws(
    request: Mapping[K, Group], limit: int = MAX_THROWS, work: int = MAX_WORK
) -> Iterator[tuple[dict[K, tuple[Face, ...]], Fraction]]:
    """Every throw a request can show, with exact weights summing to 1.

    A request names groups of dice (``{"attacker": Run(die, 2)}``), each
    enumerating its own throws: a run of dice read in any order its multisets,
    a pool its rounds. More than `limit` throws, or more than `work` faces
    handled in all, is refused before the first: each is ruled on, and a
    hundred dice or a thousand-face die would never finish.
    """
    bound_work((group.estimate() for group in request.values()), work)
    if (count := throw_count(request, limit)) is None:
        more = pgettext(
            "throws.more_than",
            "more than {limit:,} different throws are too many to sum exactly; try fewer dice or a smaller die",
        )
        raise RefereeError(more.format(limit=Grouped(limit)))
    if count > limit:
        many = pgettext(
            "throws.too_many",
            "{count:,} different throws are too many to sum exactly (at most {limit:,}); "
            "try fewer dice or a smaller die",
        )
        raise RefereeError(many.format(count=Grouped(count), limit=Grouped(limit)))
    from fractions import Fraction

    names = list(request)
    groups = [list(request[name].throws()) for name in names]
    for picks in itertools.product(*groups):
        yield (
            {name: faces for name, (faces, _) in zip(names, picks, strict=True)},
            prod((p for _, p in picks), start=Fraction(1)),
        )


N = TypeVar("N", int, "Fraction")  # a count, or an exact chance


def convolve(a: Sequence[N], b: Sequence[N]) -> list[N]:
    """The counts (or chances) of a sum of two independent counts, each by its value."""
    out = [a[0] * 0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            out[i + j] += x * y
    return out
