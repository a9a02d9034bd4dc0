"""One attack's odds counted die by die, where each die's part comes through
on its own (`resolver.each_on_its_own`): each side's dice read one symbol,
each costing the other side a loss, and each of the attacker's may roll its
follow-up dice (to wound, a save) one success at a time. The chance of each
number of losses is then the dice's own chances convolved, each hit thinned
by the chance it comes through every step, not every throw of every die
ruled together: ten models each with three follow-up rolls count at once.
A test holds every such attack of the examples to the resolver summed."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from fractions import Fraction
from math import comb

from referee.chance.dice import Face, convolve, pips
from referee.procedures.staged.grammar import Staged
from referee.procedures.staged.resolver import dice_read, each_on_its_own, odds_keys
from referee.ruleset.model import Ruleset
from referee.rulings.battle import Battle
from referee.rulings.procedure import cite
from referee.rulings.ruling import SIDES, Side
from referee.stages import added, costs, follow, read
from referee.stages.follow import Follow

COUNTED_KEYS = {"attacker_loses", "defender_loses"}


def counted(rules: Ruleset, params: Staged, battle: Battle) -> list[tuple[dict[str, int], Fraction]] | None:
    """Each outcome of the attack with its exact chance, counted die by die;
    None where its dice do not count on their own (the resolver sums them)."""
    symbol = each_on_its_own(params)
    keys = odds_keys(params)
    if symbol is None or added.of(params) or not set(keys) <= COUNTED_KEYS:
        return None  # a stage of its own (both sides firing at once) takes its losses its own way
    if params.follow is None or params.follow.symbol != symbol:
        return None  # plain dice are counted as fast by their faces alike (`exact_throws`)
    comes_through = _through(rules, params.follow, battle, cite(params, "follow"))
    spreads = {}
    for side, dice in dice_read(rules, params, battle).items():
        kinds = Counter((die, tuple(sorted(reading.items()))) for die, reading in dice)
        weights, total = [1], 1
        for (die, reading), n in kinds.items():
            faces = rules.dice[die].faces
            one, over = spread(faces, dict(reading), symbol), 1
            if side == Side.ATTACKER:
                one, over = thinned(one, comes_through)
            power, power_total = raised(one, n), (len(faces) * over) ** n
            weights, total = convolve(weights, power), total * power_total
        spreads[side] = [Fraction(w, total) for w in weights]
    capped = {side: costs.strength(params.costs, battle, side) for side in SIDES}  # None: as many as dealt

    def loses(side: Side, dealt: int) -> int:
        most = capped[side]
        return dealt if most is None else min(dealt, most)

    found: dict[tuple[int, ...], Fraction] = {}
    for dealt, p in enumerate(spreads[Side.ATTACKER]):
        for taken, q in enumerate(spreads[Side.DEFENDER]):
            if p and q:
                lost = {"defender_loses": loses(Side.DEFENDER, dealt), "attacker_loses": loses(Side.ATTACKER, taken)}
                key = tuple(lost[name] for name in keys)
                found[key] = found.get(key, Fraction(0)) + p * q
    return [(dict(zip(keys, key, strict=True)), p) for key, p in found.items()]


def spread(faces: Sequence[Face], reading: Mapping[str, Sequence[str]], symbol: str) -> list[int]:
    """How many faces of a die read the symbol how many times: by count, from none up."""
    each = [reading.get(str(face), ()).count(symbol) for face in faces]
    return [each.count(k) for k in range(max(each, default=0) + 1)]


def _through(rules: Ruleset, spec: Follow, battle: Battle, rule: str) -> Fraction:
    """The chance one of the attacker's successes comes through every
    follow-up step: an attacker's die reaching its number, a defender's
    (a save) failing to."""
    needed = follow.numbers(rules, spec, battle, rule)
    chance = Fraction(1)
    for link, number in zip(spec.steps, needed, strict=True):
        faces = pips(rules.dice[link.die].faces)
        reads = read.aimed(faces, number, link.aim.natural)
        reached = Fraction(sum(read.HIT in reads[str(face)] for face in faces), len(faces))
        chance *= reached if link.roller == Side.ATTACKER else 1 - reached
    return chance


def thinned(weights: list[int], keep: Fraction) -> tuple[list[int], int]:
    """A die's count of hits by weight, each hit kept with chance `keep` on
    its own (each rolls on to wound): the weight of each number kept, over
    the factor its weights grew by (exact in whole numbers: b^m for the
    chance a/b and at most m hits)."""
    if keep == 1:
        return weights, 1
    a, b, most = keep.numerator, keep.denominator, len(weights) - 1
    out = [0] * len(weights)
    for n, w in enumerate(weights):
        for k in range(n + 1):
            out[k] += w * comb(n, k) * a**k * (b - a) ** (n - k) * b ** (most - n)
    return out, b**most


def raised(weights: list[int], n: int) -> list[int]:
    """The weights of the sum of `n` such dice, by squaring: a thousand alike count at once."""
    out, base = [1], weights
    while n:
        if n & 1:
            out = convolve(out, base)
        n >>= 1
        if n:
            base = convolve(base, base)
    return out
