"""Dealt maps, over many seeds, sizes and shapes: one connected piece, the
asked-for count, never more of a terrain than the box holds, capitals apart
and fair by the ruleset's measure, and the same map for the same seed."""

from __future__ import annotations

import os
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.board.hexmap import SHAPES, coordinate, deal, distance, letters, neighbours
from referee.ruleset.load import load

RULES = load("diceland")
LAND = RULES.landscape
assert LAND is not None and LAND.capitals is not None
CAP = LAND.capitals
EXAMPLES = int(os.environ.get("REFEREE_MAP_EXAMPLES", "150"))

seeds = st.integers(min_value=0, max_value=2**40)
sizes = st.integers(min_value=LAND.tiles.min // 2, max_value=LAND.tiles.max // 2).map(lambda n: n * 2)
shapes = st.sampled_from(sorted(SHAPES))


def connected(cells: set[tuple[int, int]]) -> bool:
    start = next(iter(cells))
    seen, edge = {start}, [start]
    while edge:
        edge = [n for c in edge for n in neighbours(c) if n in cells and n not in seen]
        seen.update(edge)
    return seen == cells


def reach(cells: set[tuple[int, int]], start: tuple[int, int], steps: int) -> int:
    """Breadth-first distances, written apart from the dealer's own count."""
    dist = {start: 0}
    queue = [start]
    for cell in queue:
        for n in neighbours(cell):
            if n in cells and n not in dist:
                dist[n] = dist[cell] + 1
                queue.append(n)
    return sum(1 for d in dist.values() if d <= steps)


@settings(max_examples=EXAMPLES, deadline=None)
@given(seeds, sizes, shapes)
def test_maps_are_connected_and_within_the_box(seed: int, tiles: int, shape: str) -> None:
    dealt = deal(RULES, tiles, seed, shape)
    cells = {t.hex for t in dealt.tiles}
    assert len(dealt.tiles) == len(cells) == tiles and tiles % 2 == 0
    assert connected(cells)
    for terrain, count in Counter(t.terrain for t in dealt.tiles).items():
        assert count <= LAND.terrains[terrain].count
    assert len({t.coord for t in dealt.tiles}) == tiles
    assert all(t.coord == coordinate(t.hex) for t in dealt.tiles)
    assert min(t.r for t in dealt.tiles) == 0
    assert dealt.dice_per_player == tiles // 2 + 2


@settings(max_examples=EXAMPLES // 2, deadline=None)
@given(seeds, sizes.filter(lambda n: n + CAP.count <= LAND.box), shapes)
def test_capitals_are_apart_and_fair(seed: int, tiles: int, shape: str) -> None:
    dealt = deal(RULES, tiles, seed, shape, capitals=True)
    cells = {t.hex for t in dealt.tiles}
    assert len(cells) == tiles + CAP.count and connected(cells)
    by_coord = {t.coord: t for t in dealt.tiles}
    capitals = [by_coord[c] for c in dealt.capitals]
    assert len(capitals) == CAP.count and all(c.terrain == CAP.terrain for c in capitals)
    assert distance(capitals[0].hex, capitals[1].hex) >= CAP.distance
    areas = [reach(cells, c.hex, CAP.fairness.radius) for c in capitals]
    assert areas == list(dealt.reach)
    assert max(areas) - min(areas) <= CAP.fairness.max_difference
    assert sum(t.terrain == CAP.terrain for t in dealt.tiles) <= LAND.terrains[CAP.terrain].count
    assert dealt.dice_per_player == (tiles + CAP.count) // 2 + 2


@settings(max_examples=30, deadline=None)
@given(seeds, sizes, shapes)
def test_same_seed_same_map(seed: int, tiles: int, shape: str) -> None:
    assert deal(RULES, tiles, seed, shape) == deal(RULES, tiles, seed, shape)


def test_a_known_map_never_changes() -> None:
    """Seeds are promises: this deal must stay the same on every machine and release."""
    dealt = deal(RULES, 8, 7)
    assert [(t.coord, t.terrain) for t in dealt.tiles] == GOLDEN


GOLDEN = [
    ("D1", "grassland"),
    ("C2", "hills"),
    ("B2", "hills"),
    ("B3", "grassland"),
    ("C3", "grassland"),
    ("D2", "hills"),
    ("A4", "forest"),
    ("B4", "grassland"),
]


def test_seeds_give_different_maps() -> None:
    maps = {tuple((t.q, t.r, t.terrain) for t in deal(RULES, 20, seed).tiles) for seed in range(20)}
    assert len(maps) == 20


def test_shapes_differ_in_compactness() -> None:
    """A blob is rounder than a random map, and a front is long and two rows high."""

    def spread(shape: str, seed: int) -> int:
        cells = [t.hex for t in deal(RULES, 36, seed, shape).tiles]
        return max(distance(a, b) for a in cells for b in cells)

    assert sum(spread("blob", s) for s in range(20)) < sum(spread("random", s) for s in range(20))
    front = deal(RULES, 36, 1, "front")
    assert {t.r for t in front.tiles} == {0, 1} and spread("front", 1) == 18


@pytest.mark.parametrize("index, name", [(0, "A"), (25, "Z"), (26, "AA"), (27, "AB"), (701, "ZZ"), (702, "AAA")])
def test_column_letters(index: int, name: str) -> None:
    assert letters(index) == name
