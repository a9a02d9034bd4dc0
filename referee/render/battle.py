"""A battle ruling for people: who rolled what, the ruling, and why."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from referee.render.text import (
    View,
    by_side,
    faces,
    ruling_page,
    ruling_title,
    seed_line,
    sentences,
    side_word,
    table,
    units,
)
from referee.ruleset.model import Ruleset
from referee.rulings.ruling import SIDES, either
from referee.settle.rolling import Settled
from referee.stages.costs import Word
from referee.words.language import _, ngettext

if TYPE_CHECKING:
    from referee.fights.played import Forces
    from referee.outcomes import Exchange
    from referee.settle.odds import Outcome


def summary(rules: Ruleset, outcome: Exchange) -> str:
    winner = outcome.winner
    if winner is None and not (outcome.attacker_loses or outcome.defender_loses):
        return _("No winner: nothing happens.")
    margin = abs(outcome.attacker.hits - outcome.defender.hits)
    if winner is None:  # both sides fired at once: each loses what the other hit
        parts = [_("Both sides fire at once.")]
    elif margin:
        parts = [
            by_side(
                winner,
                ngettext("The attacker wins by {margin}.", "The attacker wins by {margin}.", margin),
                ngettext("The defender wins by {margin}.", "The defender wins by {margin}.", margin),
            )
        ]
    else:
        parts = [by_side(winner, _("The attacker wins the tie."), _("The defender wins the tie."))]
    parts = [part.format(margin=margin) for part in parts]
    for side in SIDES:
        lost, options = outcome.side(side).loses, outcome.side(side).removal_options
        if not lost:
            continue
        loss = loss_of(rules, outcome.attack) if outcome.loss else None
        if not options and loss:  # the game's own word for what it takes
            said = by_side(side, _("The attacker takes {losses}."), _("The defender takes {losses}."))
        elif not options:  # wounds, not units
            said = by_side(
                side,
                ngettext("The attacker takes {n} wound.", "The attacker takes {n} wounds.", lost),
                ngettext("The defender takes {n} wound.", "The defender takes {n} wounds.", lost),
            )
        elif len(options) > 1:
            said = by_side(
                side,
                ngettext(
                    "The attacker removes {n} unit and chooses which: {choices}.",
                    "The attacker removes {n} units and chooses which: {choices}.",
                    lost,
                ),
                ngettext(
                    "The defender removes {n} unit and chooses which: {choices}.",
                    "The defender removes {n} units and chooses which: {choices}.",
                    lost,
                ),
            )
        else:
            said = by_side(side, _("The attacker removes {units}."), _("The defender removes {units}."))
        choices = either(units(rules, o) for o in options)
        losses = loss.counted(rules, lost) if loss else ""
        parts.append(
            said.format(n=lost, choices=choices, units=units(rules, options[0]) if options else "", losses=losses)
        )
    if outcome.moves_in:
        parts.append(_("The attackers move in."))
    if winner is not None and not (outcome.attacker_loses or outcome.defender_loses):
        parts.append(_("Nothing happens."))  # a win that removes nothing (GF-H3)
    return sentences(parts)


def loss_of(rules: Ruleset, attack: str) -> Word | None:
    """The game's own word for what a side loses in an attack, if its file names one (`loss`)."""
    loss = getattr(rules.attacks[attack], "loss", None)
    return loss if isinstance(loss, Word) else None


def _lost(rules: Ruleset, attack: str) -> str:
    """The head of what a side loses: 'loses', or the game's own word ('wounds')."""
    loss = loss_of(rules, attack)
    return rules.said(loss.many).spoken if loss else _("loses")


def report(rules: Ruleset, settled: Settled) -> str:
    outcome = cast("Exchange", settled.ruling.outcome)  # the door hands this report only exchanges
    rows = [
        (
            side_word(side),
            units(rules, outcome.side(side).units),
            faces(rules, outcome.side(side).rolled),
            outcome.side(side).hits,
            outcome.side(side).loses,
        )
        for side in SIDES
    ]
    return ruling_page(
        ruling_title(rules, outcome.attack),
        [table(rows, [_("side"), _("units"), _("rolled"), _("hits"), _lost(rules, outcome.attack)])],
        summary(rules, outcome),
        settled.ruling.steps,
        seed_line(settled.seed, settled.typed, settled.again),
    )


def document(settled: Settled) -> dict[str, Any]:
    return {**settled.ruling.as_dict(), "seed": settled.seed, "typed": list(settled.typed)}


def ruled(rules: Ruleset, situation: object, settled: Settled) -> View:
    return document(settled), lambda: report(rules, settled)


def odds(rules: Ruleset, situation: object, outcomes: list[Outcome]) -> View:
    from referee.procedures.door import attack_of
    from referee.render import odds as odds_render  # exact fractions load only when odds are asked

    attack = attack_of(rules, situation)[0]
    loss = loss_of(rules, attack)
    worded = {}
    if loss:
        plural = rules.said(loss.many).spoken
        worded = {
            "attacker_loses": _("attacker: {losses}").format(losses=plural),
            "defender_loses": _("defender: {losses}").format(losses=plural),
        }
    document = {
        "ruleset": rules.name,
        "attack": attack,
        "loss": loss.one if loss else None,
        **odds_render.document(outcomes),
    }
    return document, lambda: odds_render.report(
        _("{title}: odds of one attack").format(title=rules.spoken_title), outcomes, worded
    )


def fought_round(rules: Ruleset, number: int, settled: Settled, before: Forces, after: Forces) -> list[str]:
    """A round of a whole fight played, on one line: each side's faces and the units it lost."""
    from referee.render import compact

    outcome = cast("Exchange", settled.ruling.outcome)
    costs = [said for side in SIDES if (said := compact.cost(rules, side, outcome.side(side).loses, before, after))]
    return compact.line(number, (faces(rules, outcome.attacker.rolled), faces(rules, outcome.defender.rolled)), costs)
