"""Hit checks (target-number attacks): the exact chances, a ruling on typed
or drawn dice, and the chart of every pair of values. All three come from the
one resolver in `mechanics.target_number`, so they cannot disagree."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from referee.dice import MAX_THROWS, Face, exact_throws
from referee.errors import RefereeError
from referee.procedures.base import dice_of
from referee.procedures.target_number.grammar import TargetNumber
from referee.procedures.target_number.resolver import Strike, dice_needed, prepare
from referee.rolling import Settled, complete
from referee.ruleset.model import Ruleset


@dataclass(frozen=True)
class Chances:
    """The number needed and the exact chance of each result of one attack."""

    needed: int
    hit: Fraction
    out_of_action: Fraction
    wound: Fraction


def target_number_attack(rules: Ruleset) -> tuple[str, TargetNumber]:
    """The ruleset's target-number attack; a game ruled another way is refused."""
    for name, params in rules.attacks.items():
        if isinstance(params, TargetNumber):
            return name, params
    raise RefereeError(
        f"{rules.title} has no hit checks (no target-number attack); 'referee show {rules.name}' lists its attacks"
    )


Throws = list[tuple[dict[str, tuple[Face, ...]], Fraction]]


def every_throw(rules: Ruleset, params: TargetNumber, uses: int = 1) -> Throws:
    """Both dice, every way they can fall, with exact weights (the same for
    every pair of values); `uses` is how many times the caller rules on them all."""
    return list(exact_throws(dice_of(dice_needed(rules, params, Strike("", 0, 0))), MAX_THROWS // uses))


def chances(rules: Ruleset, params: TargetNumber, strike: Strike, throws: Throws | None = None) -> Chances:
    totals = {"hit": Fraction(0), "out": Fraction(0)}
    number = 0
    rule_on = prepare(rules, "", params, strike)
    for throw, weight in throws or every_throw(rules, params):
        outcome = rule_on(throw).outcome
        number = outcome["needed"]
        totals["hit"] += weight * outcome["hit"]
        totals["out"] += weight * outcome["out_of_action"]
    return Chances(number, totals["hit"], totals["out"], totals["hit"] - totals["out"])


def chart(
    rules: Ruleset, params: TargetNumber, kind: str, wounds: int = 0, modifiers: tuple[str, ...] = ()
) -> list[tuple[int, int, Chances]]:
    """Every attacker value against every target value."""
    values = range(params.value.min, params.value.max + 1)
    throws = every_throw(rules, params, uses=len(values) ** 2)
    return [
        (a, t, chances(rules, params, Strike(kind, a, t, wounds=wounds, modifiers=modifiers), throws))
        for a in values
        for t in values
    ]


def settle(rules: Ruleset, params: TargetNumber, strike: Strike, typed: Mapping[str, int], seed: int | None) -> Settled:
    """Rule on the faces typed; the referee draws the rest from the seeded stream."""
    needs = dice_needed(rules, params, strike)
    for group, face in typed.items():
        faces = needs[group].die.faces
        if face not in faces:
            raise RefereeError(
                f"a {group} roll of {face} is impossible: the {params.die} shows {min(faces)} to {max(faces)}",
                rule=needs[group].rule,
            )
    rolled = {group: (face,) for group, face in typed.items()}
    throw, seed = complete(needs, rolled, seed)
    return Settled(prepare(rules, "", params, strike)(throw), throw, tuple(rolled), seed)
