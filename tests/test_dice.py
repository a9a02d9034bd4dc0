"""Dice: a generator that repeats on every machine, and exact throws."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

from hypothesis import given
from hypothesis import strategies as st

from referee.chance.dice import Die, Rng, Run, alike, exact_throws, pips, throw_count


def test_generator_is_pinned() -> None:
    # SplitMix64 from BLAKE2b("7/combat"): these numbers must never change
    rng = Rng(7, "combat")
    assert [rng.below(6) for _ in range(10)] == [0, 1, 4, 1, 3, 2, 2, 3, 2, 0]


def test_streams_are_independent() -> None:
    a, b = Rng(7, "combat"), Rng(7, "map")
    assert [a.next64() for _ in range(3)] != [b.next64() for _ in range(3)]


@given(st.integers(min_value=0, max_value=2**63), st.integers(min_value=1, max_value=1000))
def test_below_stays_in_range(seed: int, n: int) -> None:
    rng = Rng(seed, "test")
    assert all(0 <= rng.below(n) < n for _ in range(20))


def test_below_is_roughly_uniform() -> None:
    rng = Rng(1, "uniform")
    counts = Counter(rng.below(6) for _ in range(60_000))
    assert all(abs(c - 10_000) < 500 for c in counts.values())


def test_shuffle_keeps_items() -> None:
    assert sorted(Rng(3, "s").shuffled(range(10))) == list(range(10))


faces = st.lists(st.sampled_from(["a", "b", "c", 1, 2]), min_size=1, max_size=6)


@given(faces, st.integers(min_value=0, max_value=3), faces, st.integers(min_value=0, max_value=2), st.booleans())
def test_exact_throws_match_brute_force(f1: list, n1: int, f2: list, n2: int, ordered: bool) -> None:
    """Each run a multiset; a group read in order (each die its own unit's) is runs of one die: every sequence."""
    d1, d2 = Die("one", tuple(f1)), Die("two", tuple(f2))

    def first_key(faces: tuple) -> tuple:
        return tuple(map(str, faces)) if ordered else tuple(sorted(map(str, faces)))

    brute: Counter = Counter()
    for first in product(d1.faces, repeat=n1):
        for second in product(d2.faces, repeat=n2):
            brute[(first_key(first), tuple(sorted(map(str, second))))] += 1
    total = len(d1.faces) ** n1 * len(d2.faces) ** n2
    firsts = {("x", i): Run(d1, 1) for i in range(n1)} if ordered else {("x", 0): Run(d1, n1)}
    request = {**firsts, ("y", 0): Run(d2, n2)}
    exact: dict = {}
    for throw, p in exact_throws(request):
        one = tuple(face for (group, _), faces in throw.items() if group == "x" for face in faces)
        key = (first_key(one), tuple(sorted(map(str, throw["y", 0]))))
        exact[key] = exact.get(key, 0) + p
    assert exact == {k: Fraction(v, total) for k, v in brute.items()}
    assert sum(exact.values()) == 1
    assert throw_count(request) == len({key for key in exact})


@given(faces, st.integers(min_value=0, max_value=4))
def test_faces_read_alike_merge_into_one_throw(f: list, n: int) -> None:
    """Merging faces that read alike keeps every reading's exact chance and visits one throw per reading."""
    die = Die("d", tuple(f))
    merged = alike(die, lambda face: isinstance(face, int))
    brute: Counter = Counter()
    for throw in product(die.faces, repeat=n):
        brute[sum(isinstance(face, int) for face in throw)] += 1
    exact: Counter = Counter()
    for throw, p in exact_throws({"x": Run(merged, n)}):
        exact[sum(isinstance(face, int) for face in throw["x"])] += p
    assert exact == {k: Fraction(v, len(f) ** n) for k, v in brute.items()}
    assert throw_count({"x": Run(merged, n)}) == len(exact)


def test_pips_reads_numbered_faces_as_numbers() -> None:
    assert pips((6, "5", 1)) == (6, 5, 1)
    assert pips(()) == ()


@given(st.binary(max_size=2000))
def test_builtin_digests_are_hashlibs(data: bytes) -> None:
    import hashlib

    from referee.core.digests import blake2b_digest, sha256_hex

    assert sha256_hex(data) == hashlib.sha256(data).hexdigest()
    assert blake2b_digest(data, 8) == hashlib.blake2b(data, digest_size=8).digest()
