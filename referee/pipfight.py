"""Attacks of pip-compare rulesets: settling one on typed or drawn dice, and
its exact odds, both through the one resolver in `mechanics.pip_compare`."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from referee.dice import Face
from referee.errors import RefereeError
from referee.names import plural
from referee.odds import Outcome, tally
from referee.procedures.door import check_situations
from referee.procedures.pip_compare.grammar import PipCompare
from referee.procedures.pip_compare.resolver import BEST, ODDS_KEYS, PipFight, check, dice_needed, prepare
from referee.rolling import Settled, complete
from referee.ruleset.model import Ruleset

MARGINALS = ("perfect", "valid", "failed", "defender_removed", "attacker_removed")


def attack(rules: Ruleset) -> tuple[str, PipCompare]:
    for name, params in rules.attacks.items():
        if isinstance(params, PipCompare):
            return name, params
    raise RefereeError(f"{rules.title} has no attack of field dice against a defending die")


def settle(rules: Ruleset, fight: PipFight, roll: tuple[int, ...] | None, seed: int | None) -> Settled:
    """The attacker's roll as typed, or drawn from the combat stream (a fresh seed, printed, when none is given)."""
    name, params = attack(rules)
    check_situations(rules, fight)
    needs = dice_needed(rules, params, fight)
    if roll is not None:
        need = needs["attacker"]
        if len(roll) != need.count:
            raise RefereeError(
                f"the attacker rolls {plural(need.count, 'hand die', 'hand dice')} "
                f"here, but {len(roll)} {'was' if len(roll) == 1 else 'were'} given",
                rule=need.rule,
            )
        check(rules, params, replace(fight, attacker=roll), "rolled")
    typed: dict[str, tuple[Face, ...]] = {} if roll is None else {"attacker": roll}
    throw, seed = complete(needs, typed, seed)
    return Settled(prepare(rules, name, params, fight)(throw), throw, tuple(typed), seed)


def odds(rules: Ruleset, fight: PipFight) -> list[Outcome]:
    """Exact odds of each outcome; a combined attack picks by the best-pairing policy."""
    name, params = attack(rules)
    check_situations(rules, fight)
    if fight.choose not in (None, BEST):
        raise RefereeError("odds are for before the roll: a pairing cannot be chosen yet")
    best = replace(fight, choose=BEST)
    return tally(dice_needed(rules, params, best), ODDS_KEYS, prepare(rules, name, params, best))


def marginals(outcomes: list[Outcome]) -> dict[str, Fraction]:
    """The chance of each kind of attack, and of each removal, summed over the outcomes."""
    out = dict.fromkeys(MARGINALS, Fraction(0))
    for o in outcomes:
        out[o.key["outcome"]] += o.probability
        for removed in ("defender_removed", "attacker_removed"):
            if o.key[removed]:
                out[removed] += o.probability
    return out
