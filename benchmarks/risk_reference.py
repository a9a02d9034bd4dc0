"""A plain-Python reference for classic Risk whole fights, the yardstick of
benchmarks/risk.sh: round tables by brute force over ordered dice, then a
memoised recursion on (armies on the attacking territory, defending armies),
the attacker keeping one army behind. Exact fractions, or floats with --float.
A counts the attacking armies, as `referee odds risk --attacker A` does: the
territory holds A + 1.

Usage: risk_reference.py A D [--float]      one fight, prints the chance to conquer
       risk_reference.py --table N [--float] the chart A = 1..N attacking, D = 1..N
"""

from __future__ import annotations

import itertools
import sys
from fractions import Fraction
from functools import cache


def rounds(number: type) -> dict[tuple[int, int], list[tuple[int, int, object]]]:
    out = {}
    for a_dice in (1, 2, 3):
        for d_dice in (1, 2):
            counts: dict[tuple[int, int], int] = {}
            for a in itertools.product(range(1, 7), repeat=a_dice):
                for d in itertools.product(range(1, 7), repeat=d_dice):
                    lost = sum(x <= y for x, y in zip(sorted(a, reverse=True), sorted(d, reverse=True)))
                    key = (lost, min(a_dice, d_dice) - lost)
                    counts[key] = counts.get(key, 0) + 1
            total = 6 ** (a_dice + d_dice)
            out[a_dice, d_dice] = [(al, dl, number(n) / total) for (al, dl), n in counts.items()]
    return out


def solver(number: type):
    table = rounds(number)

    @cache
    def win(attacker: int, defender: int):
        if defender == 0:
            return number(1)
        if attacker <= 1:
            return number(0)
        return sum(p * win(attacker - al, defender - dl) for al, dl, p in table[min(3, attacker - 1), min(2, defender)])

    return win


def main(args: list[str]) -> None:
    number = float if "--float" in args else Fraction
    args = [a for a in args if a != "--float"]
    sys.setrecursionlimit(10_000)
    win = solver(number)
    if args[0] == "--table":
        size = int(args[1])
        rows = [[win(a + 1, d) for d in range(1, size + 1)] for a in range(1, size + 1)]
        print(float(rows[-1][-1]))
    else:
        print(float(win(int(args[0]) + 1, int(args[1]))))  # the one kept behind stands there too


if __name__ == "__main__":
    main(sys.argv[1:])
