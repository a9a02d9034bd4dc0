"""Pip-compare attacks for people and programs: the pairings, the ruling,
and the exact odds."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, cast

from referee.outcomes.pips import POLICY, PipAttack, PipOutcome
from referee.render import json as json_render
from referee.render import odds as odds_render
from referee.render.battle import document
from referee.render.text import (
    View,
    explanation,
    fraction,
    paragraph,
    percent,
    ruling_title,
    seed_line,
    sentences,
    styled,
    table,
)
from referee.settle.odds import Outcome
from referee.settle.rolling import Settled
from referee.words.language import _

__all__ = ["document", "odds_document", "odds_report", "report", "summary"]
from referee.ruleset.model import Ruleset
from referee.rulings.ruling import both, listed


def summary(outcome: PipOutcome) -> str:
    if outcome.outcome is None:
        return _("The attacker picks a pairing on this throw: the command to type is at the end.")
    kind = {"perfect": _("Perfect attack."), "valid": _("Valid attack."), "failed": _("Failed attack.")}
    parts = [kind[outcome.outcome]]
    if outcome.outcome == "valid":
        parts.append(_("The field die now shows {pips}.").format(pips=outcome.attacker_after))
    if outcome.defender_removed:
        parts.append(
            _("The defender is removed; the attacking die ({pips}) must move into the emptied tile.").format(
                pips=outcome.attacker_after
            )
        )
    elif outcome.outcome != "failed":
        parts.append(_("The defender is left with {pips}.").format(pips=outcome.defender_after))
    if outcome.outcome == "failed":
        parts.append(_("The field die loses 1 pip ({pips} left).").format(pips=outcome.attacker_after))
    if outcome.attacker_removed:
        parts.append(
            _("The attacking die is removed; the defender must move into its tile.")
            if outcome.defender_moves_in
            else _("The attacking die is removed.")
        )
    return sentences(parts)


def report(rules: Ruleset, settled: Settled) -> str:
    outcome = cast("PipOutcome", settled.ruling.outcome)  # the door hands this report only pip outcomes
    chosen = outcome.chosen or {}
    rows = [
        (
            p.rolled,
            p.field,
            odds_render.outcome_word(p.outcome),
            p.attacker_after,
            p.defender_after,
            p.legal,
            "<-" if (p.rolled, p.field) == (chosen.get("rolled"), chosen.get("field")) else "",
        )
        for p in outcome.pairings
    ]
    told = _("attacking field dice: {field}; rolled: {rolled}; defender: {defender}").format(
        field=listed(map(str, outcome.attacker.field)),
        rolled=listed(map(str, outcome.attacker.rolled)),
        defender=outcome.defender.field,
    )
    headers = [_("rolled"), _("field"), _("outcome"), _("attacker after"), _("defender after"), _("legal"), _("chosen")]
    heading = "\n".join([styled(ruling_title(rules, outcome.attack), bold=True), paragraph(told), table(rows, headers)])
    sections = (
        heading,
        styled(paragraph(summary(outcome)), bold=True),
        explanation(settled.ruling.steps),
        seed_line(settled.seed, settled.typed, settled.again),
    )
    return "\n\n".join(sections)


def _policy(fight: PipAttack) -> str:
    return POLICY if len(fight.attacker) > 1 else "a single attack: no choice to make"


def _policy_said(fight: PipAttack) -> str:
    """The policy as the report says it, in the language spoken (--json keeps
    `_policy`'s English; the words are POLICY's, a test holds them equal)."""
    if len(fight.attacker) == 1:
        return _("Policy: a single attack: no choice to make.")
    return _(
        "Policy: best pairing for the attacker: remove the defender if any legal pairing does; "
        "else take the most pips; then lose the fewest pips on the field; then keep the attacking die strongest."
    )


MARGINALS = ("perfect", "valid", "failed", "defender_removed", "attacker_removed")


def _marginal_word(name: str) -> str:
    return odds_render.outcome_word(name) if name in ("perfect", "valid", "failed") else odds_render.header(name)


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
    rows = [(_marginal_word(name), fraction(p), percent(p)) for name, p in marginals(outcomes).items()]
    title = _("{title}: odds of {attackers} attacking {defender}").format(
        title=rules.spoken_title, attackers=both(map(str, fight.attacker)), defender=fight.defender
    )
    return "\n".join(
        [
            odds_render.report(title, outcomes),
            "",
            table(rows, [_("in all"), _("probability"), _("percent")]),
            "",
            paragraph(_policy_said(fight)),
        ]
    )


def odds_document(rules: Ruleset, fight: PipAttack, outcomes: list[Outcome]) -> dict[str, Any]:
    from referee.procedures.door import attack_of

    return {
        "ruleset": rules.name,
        "attack": attack_of(rules, fight)[0],
        "attacker": list(fight.attacker),
        "defender": fight.defender,
        "policy": _policy(fight),
        **odds_render.document(outcomes),
        "totals": {
            name: {"probability": p, "percent": json_render.percent(p)} for name, p in marginals(outcomes).items()
        },
    }


def ruled(rules: Ruleset, situation: object, settled: Settled) -> View:
    return document(settled), lambda: report(rules, settled)


def odds(rules: Ruleset, fight: PipAttack, outcomes: list[Outcome]) -> View:
    return odds_document(rules, fight, outcomes), lambda: odds_report(rules, fight, outcomes)
