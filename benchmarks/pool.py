"""The pool stage against icepool on the same ten-dice pools, in one run:
ten d6 hitting on 5+ with every miss rolled again once (hits counted), ten d6
keeping the three highest (their sum), ten d6 whose 6s roll one more die
(hits counted). Each answer is checked against icepool's; each time is the
best of five in this process, and a first call in a fresh process (icepool
caches what it has computed). Needs icepool (a test dependency).

Usage: python benchmarks/pool.py
"""

from __future__ import annotations

import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import icepool

from referee.chance.dice import Die, alike
from referee.chance.pool import Explode, Keep, Pool, Reroll, distribution

D6 = Die("d6", (1, 2, 3, 4, 5, 6))


def _hits(pool: Pool) -> dict[int, Fraction]:
    """Hits on 5+ among the dice kept, the die's faces merged into what the count and the pool read."""
    out: Counter[int] = Counter()
    for kept, p in distribution(alike(D6, lambda face: (int(face) >= 5, pool.reading(face))), 10, pool).items():
        out[sum(int(face) >= 5 for face in kept)] += p
    return dict(out)


def ours_reroll() -> dict[int, Fraction]:
    return _hits(Pool(reroll=Reroll((1, 2, 3, 4))))


def ours_keep() -> dict[int, Fraction]:
    out: Counter[int] = Counter()
    for kept, p in distribution(D6, 10, Pool(keep=Keep(3, (6, 5, 4, 3, 2, 1)))).items():
        out[sum(map(int, kept))] += p
    return dict(out)


def ours_explode() -> dict[int, Fraction]:
    return _hits(Pool(explode=Explode((6,), 1)))


def ice_reroll() -> Any:
    return sum([icepool.d6.reroll([1, 2, 3, 4], depth=1) >= 5] * 10)


def ice_keep() -> Any:
    return icepool.Pool([icepool.d6] * 10).highest(3).sum()


def ice_explode() -> Any:
    return sum([icepool.d6.map(lambda f: (1 if f >= 5 else 0) + (icepool.d6 >= 5 if f == 6 else 0))] * 10)


def best_of(f: Callable[[], Any], n: int = 5) -> tuple[float, Any]:
    times, answer = [], None
    for _ in range(n):
        started = time.perf_counter()
        answer = f()
        times.append(time.perf_counter() - started)
    return min(times), answer


def first_call(name: str) -> float:
    """A fresh process's first call, best of three processes."""
    return min(
        float(subprocess.run([sys.executable, __file__, name], capture_output=True, text=True, check=True).stdout)
        for _ in range(3)
    )


def main() -> None:
    if len(sys.argv) > 1:
        started = time.perf_counter()
        globals()[sys.argv[1]]()
        print(time.perf_counter() - started)
        return
    for label, ours, ice in (
        ("re-roll misses", ours_reroll, ice_reroll),
        ("keep 3 highest", ours_keep, ice_keep),
        ("explode 6s", ours_explode, ice_explode),
    ):
        t_ours, ours_answer = best_of(ours)
        t_ice, ice_answer = best_of(ice)
        same = ours_answer == {int(k): Fraction(v, ice_answer.denominator()) for k, v in ice_answer.items() if v}
        c_ours, c_ice = first_call(ours.__name__), first_call(ice.__name__)
        print(
            f"{label:15s} first call: ours {c_ours * 1000:7.2f} ms, icepool {c_ice * 1000:7.2f} ms, "
            f"ours/icepool {c_ours / c_ice:6.2f} | repeated: ours {t_ours * 1000:7.2f} ms, "
            f"icepool {t_ice * 1000:7.2f} ms, ours/icepool {t_ours / t_ice:6.2f} | same answer: {same}"
        )


if __name__ == "__main__":
    main()
