"""The pool stage (referee/chance/pool.py): re-roll, explode, keep and a
side's choice of one die. Each operation's exact distribution against a brute
force written here (itertools over every ordered throw, Fraction weights,
never the resolver); rulings on typed rounds; icepool as a second oracle for
pools too big to brute-force."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator, Sequence
from fractions import Fraction
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.chance.dice import Die, Face, alike, exact_throws
from referee.chance.pool import Counted, Explode, Keep, Pool, Pooled, Reroll, distribution
from referee.core.errors import RefereeError

D6 = Die("d6", (1, 2, 3, 4, 5, 6))


def _explosions(faces: Sequence[Face], source: Sequence[Face], blow: Sequence[Face], depth: int) -> Iterator[tuple]:
    """Every sequence of explosion dice after `source`, each round the dice its predecessor's exploding faces roll."""
    k = sum(face in blow for face in source)
    if depth == 0 or k == 0:
        yield ()
        return
    for extra in itertools.product(faces, repeat=k):
        for more in _explosions(faces, extra, blow, depth - 1):
            yield extra + more


def brute(
    faces: Sequence[Face],
    n: int,
    reroll: Sequence[Face] | None = None,
    most: int | None = None,
    blow: Sequence[Face] | None = None,
    depth: int = 0,
    keep: int | None = None,
    order: Sequence[Face] = (),
) -> dict[tuple, Fraction]:
    """The kept dice (sorted) over every ordered throw of every round, by counting."""
    weight: Counter[tuple] = Counter()
    side = Fraction(1, len(faces))
    for first in itertools.product(faces, repeat=n):
        chosen: list[int] = []
        if reroll is not None:
            candidates = sorted((i for i in range(n) if first[i] in reroll), key=lambda i: (reroll.index(first[i]), i))
            chosen = sorted(candidates[:most])
        for again in itertools.product(faces, repeat=len(chosen)):
            standing = list(first)
            for i, face in zip(chosen, again):
                standing[i] = face
            for extra in _explosions(faces, standing, blow or (), depth) if blow else [()]:
                every = [*standing, *extra]
                kept = every
                if keep is not None:
                    kept = [
                        every[i] for i in sorted(range(len(every)), key=lambda i: (order.index(every[i]), i))[:keep]
                    ]
                weight[tuple(sorted(map(str, kept)))] += side ** (n + len(again) + len(extra))
    return dict(weight)


def ours(die: Die, n: int, pool: Pool) -> dict[tuple, Fraction]:
    out: Counter[tuple] = Counter()
    for kept, p in distribution(die, n, pool).items():
        out[tuple(sorted(map(str, kept)))] += p
    return dict(out)


alphabet = st.lists(st.sampled_from(["a", "b", "c", 1, 2]), min_size=1, max_size=3)


@settings(max_examples=60)
@given(alphabet, st.integers(0, 3), st.data())
def test_reroll_equals_brute_force(faces: list, n: int, data: st.DataObject) -> None:
    distinct = list(dict.fromkeys(faces))
    again = data.draw(st.lists(st.sampled_from(distinct), unique=True))
    most = data.draw(st.none() | st.integers(0, 3))
    pool = Pool(reroll=Reroll(tuple(again), most))
    assert ours(Die("d", tuple(faces)), n, pool) == brute(faces, n, again, most)


@settings(max_examples=60)
@given(alphabet, st.integers(0, 3), st.data())
def test_explode_equals_brute_force(faces: list, n: int, data: st.DataObject) -> None:
    distinct = list(dict.fromkeys(faces))
    blow = data.draw(st.lists(st.sampled_from(distinct), unique=True, min_size=1))
    depth = data.draw(st.integers(1, 2 if n < 3 else 1))
    pool = Pool(explode=Explode(tuple(blow), depth))
    assert ours(Die("d", tuple(faces)), n, pool) == brute(faces, n, blow=blow, depth=depth)


@settings(max_examples=60)
@given(alphabet, st.integers(0, 4), st.data())
def test_keep_by_an_order_equals_brute_force(faces: list, n: int, data: st.DataObject) -> None:
    """Keep the highest, the lowest, or one side's choice of one die: all are keep k by an order."""
    order = data.draw(st.permutations(list(dict.fromkeys(faces))))
    k = data.draw(st.integers(1, 4))
    pool = Pool(keep=Keep(k, tuple(order)))
    assert ours(Die("d", tuple(faces)), n, pool) == brute(faces, n, keep=k, order=order)


@settings(max_examples=40)
@given(alphabet, st.integers(1, 2), st.data())
def test_every_part_together_equals_brute_force(faces: list, n: int, data: st.DataObject) -> None:
    """Re-roll, then explode, then keep, in that order."""
    distinct = list(dict.fromkeys(faces))
    again = data.draw(st.lists(st.sampled_from(distinct), unique=True))
    most = data.draw(st.none() | st.integers(0, 2))
    blow = data.draw(st.lists(st.sampled_from(distinct), unique=True, min_size=1))
    order = data.draw(st.permutations(distinct))
    pool = Pool(Reroll(tuple(again), most), Explode(tuple(blow), 1), Keep(2, tuple(order)))
    assert ours(Die("d", tuple(faces)), n, pool) == brute(faces, n, again, most, blow, 1, 2, order)


@settings(max_examples=40)
@given(alphabet, st.integers(0, 3), st.data())
def test_a_pool_counts_exactly_the_throws_it_enumerates(faces: list, n: int, data: st.DataObject) -> None:
    distinct = list(dict.fromkeys(faces))
    again = data.draw(st.lists(st.sampled_from(distinct), unique=True))
    blow = data.draw(st.lists(st.sampled_from(distinct), unique=True))
    pool = Pool(reroll=Reroll(tuple(again)), explode=Explode(tuple(blow), 1) if blow else None)
    pooled = Pooled(Die("d", tuple(faces)), n, pool)
    throws = list(pooled.throws())
    assert pooled.throw_count(10**9) == len(throws)
    assert sum(p for _, p in throws) == 1


def test_a_count_stops_once_past_the_limit() -> None:
    """Ten d6 re-rolled face by face is far more than a limit of 100; the count stops just past it."""
    pooled = Pooled(D6, 10, Pool(reroll=Reroll((1, 2, 3, 4))))
    assert pooled.throw_count(100) is None
    with pytest.raises(RefereeError, match="more than 100 different throws are too many to sum exactly"):
        next(exact_throws({"x": pooled}, limit=100, work=10**12))  # the throws' limit, not their work's
    kept = Pooled(D6, 10, Pool(keep=Keep(3, (6, 5, 4, 3, 2, 1))))
    assert kept.throw_count(100) == 3003  # rolled once: its multisets, counted exactly


def test_a_reroll_limited_by_most_takes_the_first_face_named_first() -> None:
    pool = Pool(reroll=Reroll(("blank", "focus"), most=2))
    assert pool.rerolled(("focus", "blank", "hit", "focus", "blank")) == (1, 4)
    settled = pool.settle(pool.rounds(("focus", "blank", "hit", "focus", "blank", "hit", "crit"), 5))
    assert settled.standing == ("focus", "hit", "hit", "focus", "crit")
    assert settled.again == ("hit", "crit")


def test_explosions_roll_round_after_round_up_to_the_depth() -> None:
    pool = Pool(explode=Explode((6,), 2))
    assert pool.rounds((6, 3, 6, 6), 2) == [(6, 3), (6,), (6,)]  # the second 6 of the chain rolls no more
    assert pool.rounds((6, 3, 6, 4), 2) == [(6, 3), (6,), (4,)]
    assert pool.settle(pool.rounds((6, 3, 6, 4), 2)).standing == (6, 3, 6, 4)
    assert pool.next_count([(6, 3), (6,), (6,)]) is None


def test_one_side_chooses_its_die_by_its_own_order() -> None:
    """Blood Bowl's block dice: two dice, the stronger side chooses by its preference."""
    faces = ("attacker down", "both down", "push", "push", "stumbles", "defender down")
    attacker = ("defender down", "stumbles", "push", "both down", "attacker down")
    defender = tuple(reversed(attacker))
    throw = ("push", "defender down")
    assert Pool(keep=Keep(1, attacker)).settle([throw]).kept == ("defender down",)
    assert Pool(keep=Keep(1, defender)).settle([throw]).kept == ("push",)
    block = Die("block", faces)
    assert ours(block, 2, Pool(keep=Keep(1, attacker))) == brute(faces, 2, keep=1, order=attacker)
    assert distribution(block, 2, Pool(keep=Keep(1, attacker)))[("defender down",)] == 1 - Fraction(5, 6) ** 2


def test_drawn_rounds_read_back_as_typed() -> None:
    """A drawn pool is one run of faces that its rounds cut back into the same rounds."""
    from referee.chance.dice import Rng

    pool = Pool(reroll=Reroll((1, 2)), explode=Explode((6,), 3))
    for seed in range(20):
        faces = pool.roll(D6, 4, Rng(seed, "pool"))
        rounds = pool.rounds(faces, 4)
        assert tuple(itertools.chain.from_iterable(rounds)) == faces
        assert all(len(r) == pool.next_count(rounds[:i]) for i, r in enumerate(rounds) if i)


def test_ten_dice_with_a_reroll_read_as_hits_are_a_few_throws() -> None:
    """The merged die (a hit, a miss re-rolled) is what keeps ten dice cheap: 66 throws, not millions."""
    pool = Pool(reroll=Reroll((1, 2, 3, 4)))
    merged = alike(D6, lambda face: (int(face) >= 5, pool.reading(face)))
    pooled = Pooled(merged, 10, pool)
    assert pooled.throw_count(10**9) == 66
    hits: Counter[int] = Counter()
    for faces, p in pooled.throws():
        hits[sum(int(f) >= 5 for f in pool.settle(pool.rounds(faces, 10)).kept)] += p
    each = Fraction(1, 3) + Fraction(2, 3) * Fraction(1, 3)  # a hit, or a miss re-rolled into a hit
    for k, p in hits.items():
        assert p == comb(10, k) * each**k * (1 - each) ** (10 - k)


icepool = pytest.importorskip("icepool")


def _as_fractions(die: object) -> dict[int, Fraction]:
    total = die.denominator()  # type: ignore[attr-defined]
    return {int(k): Fraction(v, total) for k, v in die.items() if v}  # type: ignore[attr-defined]


def test_ten_dice_agree_with_icepool() -> None:
    """Pools too big to brute-force, against an independent exact library."""
    reroll = Pool(reroll=Reroll((1, 2, 3, 4)))
    merged = alike(D6, lambda face: (int(face) >= 5, reroll.reading(face)))
    hits: Counter[int] = Counter()
    for kept, p in distribution(merged, 10, reroll).items():
        hits[sum(int(f) >= 5 for f in kept)] += p
    once = icepool.d6.reroll([1, 2, 3, 4], depth=1)
    assert dict(hits) == _as_fractions(sum([once >= 5] * 10))

    best: Counter[int] = Counter()
    for kept, p in distribution(D6, 10, Pool(keep=Keep(3, (6, 5, 4, 3, 2, 1)))).items():
        best[sum(map(int, kept))] += p
    assert dict(best) == _as_fractions(icepool.Pool([icepool.d6] * 10).highest(3).sum())

    blow = Pool(explode=Explode((6,), 1))
    exploded: Counter[int] = Counter()
    for kept, p in distribution(alike(D6, lambda face: (int(face) >= 5, blow.reading(face))), 10, blow).items():
        exploded[sum(int(f) >= 5 for f in kept)] += p
    one = icepool.d6.map(lambda f: (1 if f >= 5 else 0) + (icepool.d6 >= 5 if f == 6 else 0))
    assert dict(exploded) == _as_fractions(sum([one] * 10))


@settings(max_examples=60)
@given(alphabet, st.integers(0, 2), st.data())
def test_throws_summed_by_what_the_kept_dice_count_equal_brute_force(faces: list, n: int, data: st.DataObject) -> None:
    """Odds that read only what the kept dice count (here: how many show a
    face that hits) sum every throw that counts alike as one, round by round
    through the explosions: the same chances as every ordered throw."""
    distinct = list(dict.fromkeys(faces))
    hits = set(data.draw(st.lists(st.sampled_from(distinct), unique=True)))
    again = data.draw(st.none() | st.lists(st.sampled_from(distinct), unique=True))
    blow = data.draw(st.lists(st.sampled_from(distinct), unique=True))
    depth = data.draw(st.integers(1, 2))
    keep = data.draw(st.none() | st.integers(1, 3))
    order = data.draw(st.permutations(distinct))
    pool = Pool(
        Reroll(tuple(again)) if again is not None else None,
        Explode(tuple(blow), depth) if blow else None,
        Keep(keep, tuple(order)) if keep else None,
    )
    expected: dict[int, Fraction] = {}
    for kept, p in brute(faces, n, again, None, blow, depth if blow else 0, keep, order).items():
        hit = sum(face in map(str, hits) for face in kept)
        expected[hit] = expected.get(hit, Fraction(0)) + p
    counted = Counted(Die("d", tuple(faces)), n, pool, lambda face: "hit" if face in hits else ())
    found: dict[int, Fraction] = {}
    for run, p in counted.throws():
        hit = sum(face in hits for face in pool.settle(pool.rounds(run, n)).kept)
        found[hit] = found.get(hit, Fraction(0)) + p
    assert found == expected
    assert counted.throw_count(10**9) == len(list(counted.throws())) == len(found)


def test_a_dozen_dice_exploding_three_rounds_deep_are_summed_at_once() -> None:
    """Fifteen d6 whose sixes explode three rounds deep: walked round by round
    that is 490,314 runs of multisets, but there are only as many hit counts
    as hits can be."""
    pool = Pool(explode=Explode((6,), 3))
    merged = Die("d6", (1, 1, 1, 1, 5, 6))  # as odds merge the faces that read alike: miss, hit, exploding hit
    counted = Counted(merged, 15, pool, lambda face: "hit" if int(face) >= 5 else ())
    assert counted.throw_count(10**9) == 15 * 4 + 1  # 0 to 60 hits
    assert sum(p for _, p in counted.throws()) == 1
