"""The 100 x 100 classic Risk chart solved inside one process, the referee's
`chart` against benchmarks/risk_reference.py: what the solver costs once
the start-up both pay differently is left out. Each run starts
from nothing cached (a fresh fight, round tables recomputed; the ruleset is
read once, as a command reads it once). Prints the least CPU time of each
and the ratio, for exact fractions and for floats.

Usage: risk_inprocess.py [runs]   (default 7; run by benchmarks/risk.sh)
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
import risk_reference

from referee.fights.answers import chart
from referee.procedures.ranked_pairs import rounds
from referee.ruleset.load import load
from referee.ruleset.model import Ruleset

SIZE = 100


def least(work: Callable[[], Any], runs: int) -> float:
    """The least CPU time of `runs` runs: the run least disturbed by other work on the machine."""
    times = []
    for _ in range(runs):
        start = time.process_time()
        work()
        times.append(time.process_time() - start)
    return min(times)


def reference(exact: bool) -> list[list[Any]]:
    win = risk_reference.solver(Fraction if exact else float)
    return [[win(a + 1, d) for d in range(1, SIZE + 1)] for a in range(1, SIZE + 1)]  # a attacking, 1 more home


def ours(rules: Ruleset, exact: bool) -> list[list[Any]]:
    rounds.pair_losses.cache_clear()
    rounds.highest.cache_clear()
    return chart(rules, SIZE, exact).rows


def main(runs: int) -> None:
    sys.setrecursionlimit(10_000)
    rules = load("risk")
    for exact in (True, False):
        ref = least(lambda: reference(exact), runs)  # noqa: B023 (called before the loop moves on)
        referee = least(lambda: ours(rules, exact), runs)  # noqa: B023
        label = f"in-process 100 x 100 chart, {'exact' if exact else 'floats'}"
        times = f"referee {referee * 1000:7.1f} ms  reference {ref * 1000:7.1f} ms"
        print(f"{label:38} {times}  ratio {referee / ref:.2f} (cpu)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 7)
