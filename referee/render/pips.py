"""Pip-compare attacks for people and programs: the pairings, the ruling,
and the exact odds."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, cast

from referee.odds import Outcome
from referee.outcomes.pips import POLICY, PipAttack, PipOutcome
from referee.render import json as json_render
from referee.render import odds as odds_render
from referee.render.battle import document
from referee.render.text import View, explanation, fraction, paragraph, percent, seed_line, styled, table
from referee.rolling import Settled

__all__ = ["document", "odds_document", "odds_report", "report", "summary"]
from referee.ruleset.model import Ruleset


def summary(outcome: PipOutcome) -> str:
    if outcome.outcome is None:
        return "The attacker picks a pairing on this throw: the command to type is at the end."
    parts = [f"{outcome.outcome.capitalize()} attack."]
    if outcome.outcome == "valid":
        parts.append(f"The field die now shows {outcome.attacker_after}.")
    if outcome.defender_removed:
        parts.append(
            f"The defender is removed; the attacking die ({outcome.attacker_after}) must move into the emptied tile."
        )
    elif outcome.outcome != "failed":
        parts.append(f"The defender is left with {outcome.defender_after}.")
    if outcome.outcome == "failed":
        parts.append(f"The field die loses 1 pip ({outcome.attacker_after} left).")
    if outcome.attacker_removed:
        parts.append(
            "The attacking die is removed"
            + ("; the defender must move into its tile." if outcome.defender_moves_in else ".")
        )
    return " ".join(parts)


def report(rules: Ruleset, settled: Settled) -> str:
    outcome = cast("PipOutcome", settled.ruling.outcome)  # the door hands this report only pip outcomes
    chosen = outcome.chosen or {}
    rows = [
        (
            p.rolled,
            p.field,
            p.outcome,
            p.attacker_after,
            p.defender_after,
            "yes" if p.legal else "no",
            "<-" if (p.rolled, p.field) == (chosen.get("rolled"), chosen.get("field")) else "",
        )
        for p in outcome.pairings
    ]
    heading = "\n".join(
        [
            styled(f"{rules.title}: {rules.attacks[outcome.attack].label}", bold=True),
            f"attacking field dice: {', '.join(map(str, outcome.attacker.field))}; "
            f"rolled: {', '.join(map(str, outcome.attacker.rolled))}; defender: {outcome.defender.field}",
            table(rows, ["rolled", "field", "outcome", "attacker after", "defender after", "legal", "chosen"]),
        ]
    )
    sections = (
        heading,
        styled(paragraph(summary(outcome)), bold=True),
        explanation(settled.ruling.steps),
        seed_line(settled.seed, settled.typed, settled.again),
    )
    return "\n\n".join(sections)


def _policy(fight: PipAttack) -> str:
    return POLICY if len(fight.attacker) > 1 else "a single attack: no choice to make"


MARGINALS = ("perfect", "valid", "failed", "defender_removed", "attacker_removed")


def marginals(outcomes: list[Outcome]) -> dict[str, Fraction]:
    """The chance of each kind of attack, and of each removal, summed over the outcomes."""
    out = dict.fromkeys(MARGINALS, Fraction(0))
    for o in outcomes:
        out[o.key["outcome"]] += o.probability
        for removed in ("defender_removed", "attacker_removed"):
            if o.key[removed]:
                out[removed] += o.probability
    return out


def odds_report(rules: Ruleset, fight: PipAttack, outcomes: list[Outcome]) -> str:
    rows = [(name.replace("_", " "), fraction(p), percent(p)) for name, p in marginals(outcomes).items()]
    return "\n".join(
        [
            odds_render.report(
                f"{rules.title}: odds of {' and '.join(map(str, fight.attacker))} attacking {fight.defender}", outcomes
            ),
            "",
            table(rows, ["in all", "probability", "percent"]),
            "",
            paragraph(f"Policy: {_policy(fight)}."),
        ]
    )


def odds_document(rules: Ruleset, fight: PipAttack, outcomes: list[Outcome]) -> dict[str, Any]:
    return {
        "ruleset": rules.name,
        "attacker": list(fight.attacker),
        "defender": fight.defender,
        "policy": _policy(fight),
        "outcomes": odds_render.document(outcomes),
        "totals": {
            name: {"probability": p, "percent": json_render.percent(p)} for name, p in marginals(outcomes).items()
        },
    }


def ruled(rules: Ruleset, situation: object, settled: Settled) -> View:
    return document(settled), lambda: report(rules, settled)


def odds(rules: Ruleset, fight: PipAttack, outcomes: list[Outcome]) -> View:
    return odds_document(rules, fight, outcomes), lambda: odds_report(rules, fight, outcomes)
