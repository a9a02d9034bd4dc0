"""Dealing maps: 10,000 DiceLand maps of 36 tiles per shape, reported as maps
per second and as a ratio against a reference measured in the same run: the
bare cost of the `Rng` draws a deal makes (seeding a stream, then one draw
per tile placed and per terrain shuffled), so a slower or faster machine
moves both alike. Maps with capitals (34 + 2 tiles) are timed on a tenth as
many. Usage: .venv/bin/python benchmarks/maps.py [COUNT]"""

from __future__ import annotations

import sys
import time

from referee.board.hexmap import MAP_STREAM, SHAPES, deal
from referee.chance.dice import Rng
from referee.ruleset.load import load

TILES = 36


def reference(count: int) -> float:
    """Seconds for the draws alone: a stream per map, two draws per tile
    (a random map's tile and direction) and one per terrain shuffled."""
    start = time.perf_counter()
    for seed in range(count):
        rng = Rng(seed, MAP_STREAM)
        for _ in range(3 * TILES):
            rng.below(TILES)
    return time.perf_counter() - start


def dealing(count: int, shape: str, tiles: int = TILES, capitals: bool = False) -> float:
    rules = load("diceland")
    start = time.perf_counter()
    for seed in range(count):
        deal(rules, tiles, seed, shape, capitals)
    return time.perf_counter() - start


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    ref = reference(count)
    print(f"reference (Rng draws only): {count:,} in {ref:.2f} s")
    for shape in SHAPES:
        took = dealing(count, shape)
        print(
            f"{shape:>6}: {count:,} maps of {TILES} tiles in {took:.2f} s = {count / took:,.0f} maps/s; "
            f"{took / ref:.2f} x the draws alone"
        )
    # capitals search every pair of free places: slower, so a tenth as many
    few = max(count // 10, 1)
    took = dealing(few, "random", TILES - 2, capitals=True)
    print(
        f"random with capitals: {few:,} maps of {TILES - 2}+2 tiles in {took:.2f} s = {few / took:,.0f} maps/s; "
        f"{took / ref * count / few:.2f} x the draws alone per map"
    )


if __name__ == "__main__":
    main()
