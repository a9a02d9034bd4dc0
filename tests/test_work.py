"""The work of an exact sum bounded before it is done (referee/chance/work.py
and the pool's `walk_bound`): every group's estimate at least what listing
its throws handles, counted here by brute force; a count that only grows
with the dice; and odds on hostile staged files, run as real processes,
answered or refused within 5 s of CPU and 500 MB."""

from __future__ import annotations

import itertools
import os
import re
import resource
import subprocess
import sys
from fractions import Fraction
from math import comb
from pathlib import Path

import pytest
from conftest import fails, run_json
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.chance.dice import Die, Run, exact_throws
from referee.chance.pool import Counted, Explode, Keep, Pool, Pooled, Reroll
from referee.chance.work import MAX_WORK, PAST_COUNTING, RULING, SAID, Estimate, bound_work, request_work
from referee.core.errors import RefereeError

D6 = Die("d6", (1, 2, 3, 4, 5, 6))
D4 = Die("d4", (1, 2, 3, 4))
HITS = Die("hits", (1, 5, 6))  # a d6 as a pool reads it: a miss, a hit, a hit that explodes


def hit(face: object) -> tuple[str, ...]:
    return ("hit",) if face != 1 else ()


def test_a_run_is_estimated_as_its_multisets_counted_by_brute_force() -> None:
    for n in range(5):
        throws = {tuple(sorted(faces)) for faces in itertools.product(D6.faces, repeat=n)}
        assert Run(D6, n).estimate() == Estimate(len(throws), n, len(throws) * n)


def test_a_request_rules_on_every_combination_with_all_its_faces() -> None:
    groups = [Estimate(3, 2, 6), Estimate(5, 4, 20)]
    assert request_work(groups) == 6 + 20 + 3 * 5 * (RULING + SAID * (2 + 4))


def test_more_work_than_the_limit_is_refused_naming_the_count_and_the_way_out() -> None:
    limit = 10 * (RULING + SAID * 10) + 100
    bound_work([Estimate(10, 10, 100)], limit=limit)
    with pytest.raises(RefereeError) as refused:
        bound_work([Estimate(10, 10, 101)], limit=limit)
    said = str(refused.value)
    assert f"up to {limit + 1:,} faces of dice, more than the {limit:,}" in said
    assert "fewer dice" in said and "'battle'" in said
    with pytest.raises(RefereeError, match=f"more than {PAST_COUNTING:,} faces"):
        bound_work([Estimate(1, 1, PAST_COUNTING + 1)])


def test_a_refused_sum_lists_no_throw() -> None:
    """A pool too costly to walk is refused before its walk starts: the walk itself would raise past MAX_STEPS."""
    pooled = Counted(HITS, 1000, Pool(explode=Explode((6,), 10)), hit)
    with pytest.raises(RefereeError, match="faces of dice"):
        next(exact_throws({"attacker": pooled}))


def _faces_listed(pooled: Pooled) -> int:
    return sum(len(faces) for faces, _ in pooled.throws())


pools = st.builds(
    lambda reroll, blow, depth, keep: Pool(
        reroll=Reroll(tuple(reroll)) if reroll else None,
        explode=Explode(tuple(blow), depth) if blow else None,
        keep=Keep(keep, (4, 3, 2, 1)) if keep else None,
    ),
    st.lists(st.sampled_from(D4.faces), unique=True, max_size=3),
    st.lists(st.sampled_from(D4.faces), unique=True, max_size=2),
    st.integers(1, 3),
    st.integers(0, 2),
)


@settings(max_examples=40, deadline=None)
@given(pools, st.integers(1, 3))
def test_a_pool_is_estimated_at_least_as_what_listing_it_handles(pool: Pool, n: int) -> None:
    """Every run of rounds, listed: no more throws, no more faces in one, no more faces in all."""
    pooled = Pooled(D4, n, pool)
    estimate = pooled.estimate()
    throws = list(pooled.throws())
    assert estimate.throws >= len(throws)
    assert estimate.faces >= max(len(faces) for faces, _ in throws)
    assert estimate.work >= _faces_listed(pooled)


@settings(max_examples=40, deadline=None)
@given(pools, st.integers(1, 4))
def test_a_counted_pool_is_estimated_at_least_as_its_counts(pool: Pool, n: int) -> None:
    counted = Counted(D4, n, pool, lambda face: ("hit",) if face == 4 else ())
    assert counted.estimate().throws >= len(list(counted.throws()))


@pytest.mark.parametrize(
    "pool",
    [
        Pool(),
        Pool(reroll=Reroll((1,))),
        Pool(reroll=Reroll((1,), most=3)),
        Pool(explode=Explode((6,), 3)),
        Pool(explode=Explode((6,), 10)),
        Pool(keep=Keep(3, (6, 5, 1))),
        Pool(reroll=Reroll((1,)), explode=Explode((6,), 3), keep=Keep(3, (6, 5, 1))),
    ],
)
def test_the_estimate_only_grows_with_the_dice(pool: Pool) -> None:
    """One die more never costs less, past the change to the looser bound of large pools too."""
    works = [request_work([Counted(HITS, n, pool, hit).estimate(), Run(D6, 1).estimate()]) for n in range(1, 400, 7)]
    assert works == sorted(works)
    assert works[-1] > works[0]


STAGED = """\
format: 1
name: hostile
title: Hostile
source: "a file written to cost as much as it can"
rules:
  H-1: "Each trooper rolls one die."
  H-2: "Fives and sixes hit."
dice:
  d6: {rule: H-2, faces: [1, 2, 3, 4, 5, 6]}
units:
  trooper: {label: trooper}
attacks:
  fire:
    procedure: staged
    rule: H-1
    label: fire
    attacker:
      die: d6
      roll: {by: units}
      read:
        faces: {5: [hit], 6: [hit]}
POOL    defender:
      die: d6
      roll: {by: units}
DEFENDS    costs:
      losses: [hit]
      loss: {one: trooper, many: troopers}
"""
POOLS = {
    "plain": "",
    "reroll": "reroll: {misses: true, rule: H-2}",
    "explode": "explode: {faces: [6], depth: 3, rule: H-2}",
    "keep": "keep: {dice: 3, best: highest, rule: H-2}",
    "explode-10": "explode: {faces: [6], depth: 10, rule: H-2}",
    "all": "reroll: {misses: true, rule: H-2}\n        explode: {faces: [6], depth: 3, rule: H-2}\n"
    "        keep: {dice: 3, best: highest, rule: H-2}",
}


def _staged(tmp_path: Path, kind: str, defends: bool = False) -> Path:
    """The file with the attacker's pool of this kind; the defender's dice
    read nothing, or (`defends`) a six hits back."""
    pool = f"      pool:\n        {POOLS[kind]}\n" if POOLS[kind] else ""
    back = "      read:\n        faces: {6: [hit]}\n" if defends else ""
    path = tmp_path / "hostile.yaml"
    path.write_text(STAGED.replace("POOL", pool).replace("DEFENDS", back), encoding="utf-8")
    return path


def _measured(args: list[str]) -> tuple[subprocess.CompletedProcess[str], float, int]:
    """A real `referee` process: what it said, its CPU seconds and the peak
    memory of the children waited for so far, in MB."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    env = {**os.environ, "LANG": "C.UTF-8"}
    done = subprocess.run(
        [sys.executable, "-m", "referee", *args], capture_output=True, text=True, timeout=60, env=env, check=False
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return done, cpu, after.ru_maxrss // 1024


@pytest.mark.parametrize(("kind", "attackers"), [(kind, 1000) for kind in POOLS] + [("explode-10", 30)])
def test_hostile_staged_odds_end_within_five_seconds_and_500_mb(tmp_path: Path, kind: str, attackers: int) -> None:
    """A thousand units against one, plain and with each pool: answered, or
    refused in one line naming the limit, within the bar."""
    path = _staged(tmp_path, kind)
    done, cpu, peak = _measured(["odds", str(path), "--attacker", f"{attackers} trooper", "--defender", "1"])
    assert cpu < 5 and peak < 500, (cpu, peak)
    assert done.returncode in (0, 2) and "Traceback" not in done.stderr, done.stderr
    if done.returncode == 2:
        (line,) = done.stderr.strip().splitlines()
        assert re.search(r"faces of dice.*fewer dice", line), line


def test_a_thousand_plain_units_a_side_are_refused_by_what_they_cost(tmp_path: Path) -> None:
    path = _staged(tmp_path, "plain", defends=True)
    line = fails(f"odds {path} --attacker '1000 trooper' --defender '1000 trooper'")
    # each side's 1,001 throws of a thousand dice listed, then every pair ruled on with its 2,000 faces
    assert f"up to {2 * 1001 * 1000 + 1001**2 * (RULING + SAID * 2000):,} faces of dice" in line
    assert f"more than the {MAX_WORK:,}" in line


def test_a_refusal_counts_more_for_more_dice(tmp_path: Path) -> None:
    for kind in POOLS:
        path = _staged(tmp_path, kind, defends=True)
        counts = []
        for attackers in (400, 700, 1000):
            line = fails(f"odds {path} --attacker '{attackers} trooper' --defender '1000 trooper'")
            found = re.search(r"(up to|more than) ([\d,]+) faces", line)
            assert found, line
            counts.append(int(found[2].replace(",", "")))
        assert counts == sorted(counts), (kind, counts)
        assert len(set(counts)) == 3 or counts[-1] == PAST_COUNTING, (kind, counts)


def test_a_thousand_plain_units_against_one_are_answered_exactly(tmp_path: Path) -> None:
    """1,001 throws of a thousand dice, each a hit or a miss: the chance of k hits, binomial."""
    path = _staged(tmp_path, "plain")
    outcomes = run_json(f"odds {path} --attacker '1000 trooper' --defender 1")["outcomes"]
    chances = {o["defender_loses"]: Fraction(o["probability"]) for o in outcomes}
    assert chances[1000] == Fraction(1, 3**1000)
    assert chances[500] == Fraction(comb(1000, 500) * 2**500, 3**1000)


def test_a_pool_within_the_bound_is_answered_exactly(tmp_path: Path) -> None:
    """Twenty dice exploding three deep against one: answered, the chances summing to one."""
    path = _staged(tmp_path, "explode")
    outcomes = run_json(f"odds {path} --attacker '20 trooper' --defender 1")["outcomes"]
    assert sum(Fraction(o["probability"]) for o in outcomes) == 1
    assert len(outcomes) > 1
