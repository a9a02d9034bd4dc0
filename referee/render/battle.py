"""A battle ruling for people: who rolled what, the ruling, and why."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from referee.render.text import View, ruling_page, seed_line, table, units
from referee.rolling import Settled
from referee.ruleset.model import Ruleset
from referee.ruling import SIDES

if TYPE_CHECKING:
    from referee.odds import Outcome
    from referee.outcomes import Exchange


def summary(rules: Ruleset, outcome: Exchange) -> str:
    winner = outcome.winner
    if winner is None and not (outcome.attacker_loses or outcome.defender_loses):
        return "No winner: nothing happens."
    margin = abs(outcome.attacker.hits - outcome.defender.hits)
    if winner is None:  # both sides fired at once: each loses what the other hit
        parts = ["Both sides fire at once."]
    else:
        parts = [f"The {winner} wins by {margin}." if margin else f"The {winner} wins the tie."]
    for side in SIDES:
        lost, options = outcome.side(side).loses, outcome.side(side).removal_options
        if not lost:
            continue
        if not options:  # wounds, not units
            parts.append(f"The {side} takes {lost} wound{'s' if lost > 1 else ''}.")
        elif len(options) > 1:
            choices = " or ".join(units(rules, o) for o in options)
            parts.append(f"The {side} removes {lost} unit{'s' if lost > 1 else ''} and chooses which: {choices}.")
        else:
            parts.append(f"The {side} removes {units(rules, options[0])}.")
    if outcome.moves_in:
        parts.append("The attackers move in.")
    return " ".join(parts)


def report(rules: Ruleset, settled: Settled) -> str:
    outcome = cast("Exchange", settled.ruling.outcome)  # the door hands this report only exchanges
    label = rules.attacks[outcome.attack].label
    rows = [
        (
            side,
            units(rules, outcome.side(side).units),
            ", ".join(map(str, outcome.side(side).rolled)),
            outcome.side(side).hits,
            outcome.side(side).loses,
        )
        for side in SIDES
    ]
    return ruling_page(
        f"{rules.title}: {label}",
        [table(rows, ["side", "units", "rolled", "hits", "loses"])],
        summary(rules, outcome),
        settled.ruling.steps,
        seed_line(settled.seed, settled.typed, settled.again),
    )


def document(settled: Settled) -> dict[str, Any]:
    return {**settled.ruling.as_dict(), "seed": settled.seed, "typed": list(settled.typed)}


def ruled(rules: Ruleset, situation: object, settled: Settled) -> View:
    return document(settled), lambda: report(rules, settled)


def odds(rules: Ruleset, situation: object, outcomes: list[Outcome]) -> View:
    from referee.render import odds as odds_render  # exact fractions load only when odds are asked

    return {"ruleset": rules.name, "outcomes": odds_render.document(outcomes)}, lambda: odds_render.report(
        f"{rules.title}: odds of one attack", outcomes
    )
