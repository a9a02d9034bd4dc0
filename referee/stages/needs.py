"""The dice a side's stages need: a group of one die read as its faces
read (its pool acting on them), or dice dealt to their units, each reading
its own way; what a side's pool waits for. Shared by the procedures and the
stages that roll."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from functools import partial
from typing import TYPE_CHECKING

from referee.chance.dice import Die, Face, alike
from referee.rulings.procedure import DiceNeed

if TYPE_CHECKING:
    from referee.chance.pool import Pool
    from referee.rulings.battle import Battle
    from referee.stages.count import Reading
    from referee.stages.pool_rules import PoolRules


def side_pool(
    spec: PoolRules | None, die: Die, readings: Reading, battle: Battle, side: str, chooser: str | None = None
) -> Pool | None:
    """What a side's dice do before they count, with its units and the
    situations named on it; its misses are the faces that carry no symbol as
    they read here; a keep by side keeps by `chooser`'s order (None: this side's)."""
    if spec is None:
        return None
    misses = tuple(face for face in die.faces if not readings.get(str(face)))
    told = {name for told, name in battle.when if told == side}
    return spec.of(die, misses, dict(battle.side(side)), told, chooser or side)


def read_need(
    die: Die, count: int, rule: str, readings: Reading, pool: Pool | None, untold: tuple[tuple[str, str], ...] = ()
) -> DiceNeed:
    """A group of one die whose faces read as `readings` says, its pool (if
    any) acting on them: faces alike in both are one for odds."""
    merged = alike(die, partial(_reads, readings, pool))
    counted = partial(_counts, readings) if pool else None
    return DiceNeed(die, count, rule, runs=((merged, count),), pool=pool, counted=counted, untold=untold)


def untold(spec: PoolRules | None, battle: Battle, side: str) -> tuple[tuple[str, str], ...]:
    """The re-roll and explosion of a side's pool that wait for a situation not
    named on it, as (situation, rule)."""
    told = {name for told, name in battle.when if told == side}
    parts = (spec.reroll, spec.explode) if spec else ()
    return tuple((part.when, part.rule) for part in parts if part and part.when and part.when not in told)


def _counts(readings: Reading, face: Face) -> Hashable:
    """What a kept face counts as: its symbols."""
    return readings.get(str(face), ())


def read_each_need(die: Die, rule: str, dealt: Sequence[tuple[Die, Reading]]) -> DiceNeed:
    """A group of dice dealt to their units, each die its unit's own (kind by
    kind, `die` typed plain) and reading its own way: dice side by side of
    one die that read alike are one run for odds."""
    runs: list[tuple[Die, Reading, int]] = []
    for kind, reading in dealt:
        if runs and runs[-1][:2] == (kind, reading):
            runs[-1] = (kind, reading, runs[-1][2] + 1)
        else:
            runs.append((kind, reading, 1))
    merged = tuple((alike(kind, partial(_reads, reading, None)), n) for kind, reading, n in runs)
    counts: dict[Die, int] = {}
    for kind, _ in dealt:
        counts[kind] = counts.get(kind, 0) + 1
    own = die if die in counts else next(iter(counts), die)
    mix = tuple(counts.items()) if len(counts) > 1 else ()
    return DiceNeed(own, len(dealt), rule, runs=merged, mix=mix)


def _reads(readings: Reading, pool: Pool | None, face: Face) -> Hashable:
    """What a ruling reads of a face: its symbols, and what the pool does with it."""
    return readings.get(str(face), ()), pool.reading(face) if pool else None
