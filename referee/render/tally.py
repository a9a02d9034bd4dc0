"""A tally for people: what each side rolled and read, what it scores once
cancelled, and the losses and retreats in the game's own words."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from referee.render.battle import document
from referee.render.battle import odds as odds_of_losses
from referee.render.text import (
    View,
    by_side,
    explanation,
    faces,
    paragraph,
    ruling_page,
    ruling_title,
    seed_line,
    sentences,
    side_word,
    spoken,
    styled,
    table,
    units,
)
from referee.ruleset.model import Ruleset
from referee.rulings.ruling import SIDES, listed, spaced
from referee.settle.rolling import Settled
from referee.words.language import _

if TYPE_CHECKING:
    from referee.fights.played import Forces
    from referee.outcomes.tally import Tally
    from referee.settle.odds import Outcome


def summary(rules: Ruleset, outcome: Tally) -> str:
    """Who loses and who retreats, in the game's words; who chooses, where someone does."""
    paid = rules.attacks[outcome.attack].costs
    parts = []
    if outcome.chooser:
        parts.append(by_side(outcome.chooser, _("The attacker chooses."), _("The defender chooses.")))
    for side in SIDES:
        taken = outcome.side(side)
        if taken.loses:
            said = by_side(side, _("The attacker loses {losses}."), _("The defender loses {losses}."))
            parts.append(said.format(losses=paid.loss.counted(rules, taken.loses)))
        if taken.retreats:
            said = by_side(side, _("The attacker retreats {retreats}."), _("The defender retreats {retreats}."))
            parts.append(said.format(retreats=paid.retreat.counted(rules, taken.retreats)))
    if outcome.attacker_loses or outcome.defender_loses or outcome.attacker_retreats or outcome.defender_retreats:
        return sentences(parts)
    parts.append(_("Nothing is lost and no one retreats.") if _retreats(rules, outcome) else _("Nothing is lost."))
    return sentences(parts)


def _retreats(rules: Ruleset, outcome: Tally) -> bool:
    """Whether the ruling speaks of retreats: where the file's symbols force
    them, or a side retreated all the same (a stage of its own may move it)."""
    return bool(rules.attacks[outcome.attack].costs.retreats or outcome.attacker_retreats or outcome.defender_retreats)


def report(rules: Ruleset, settled: Settled) -> str:
    outcome = cast("Tally", settled.ruling.outcome)  # the door hands this report only tallies
    return ruling_page(
        ruling_title(rules, outcome.attack),
        [_table(rules, outcome)],
        summary(rules, outcome),
        settled.ruling.steps,
        seed_line(settled.seed, settled.typed, settled.again),
    )


def fought_round(rules: Ruleset, number: int, settled: Settled, before: Forces, after: Forces) -> list[str]:
    """A round of a whole fight played, under its heading: a tally's symbols and
    retreats read best in its full table (such fights last a few rounds)."""
    return [styled(_("Round {n}").format(n=number), bold=True), *round_lines(rules, settled)]


def round_lines(rules: Ruleset, settled: Settled) -> list[str]:
    """A round of a whole fight: its table, what it cost in bold, and why; the
    title and where the dice came from are said once for the fight."""
    outcome = cast("Tally", settled.ruling.outcome)
    return [
        _table(rules, outcome),
        "",
        styled(paragraph(summary(rules, outcome)), bold=True),
        "",
        explanation(settled.ruling.steps),
    ]


def _table(rules: Ruleset, outcome: Tally) -> str:
    rows = [
        (
            side_word(side),
            units(rules, outcome.side(side).units),
            faces(rules, outcome.side(side).rolled),
            listed(spaced(rules.said(s), n) for s, n in outcome.side(side).symbols.items()) or "-",
            spoken(outcome.side(side).scores),
            outcome.side(side).loses,
            *([outcome.side(side).retreats] if _retreats(rules, outcome) else []),
        )
        for side in SIDES
        if outcome.side(side).units or outcome.side(side).rolled  # a roll with no opponent shows no defender
    ]
    headers = [_("side"), _("units"), _("rolled"), _("symbols"), _("scores"), _("loses")]
    return table(rows, [*headers, _("retreats")] if _retreats(rules, outcome) else headers)


def ruled(rules: Ruleset, situation: object, settled: Settled) -> View:
    return document(settled), lambda: report(rules, settled)


def odds(rules: Ruleset, situation: object, outcomes: list[Outcome]) -> View:
    """The odds as every attack's, and in `--json` the game's words for a loss
    and a retreat (`costs`), as its ruling's `--json` has them; where hits
    roll damage, the damage each side is expected to take (`expected_damage`:
    its losses' expectation, which the report says among each on its own)."""
    from referee.procedures.door import attack_of

    document, text = odds_of_losses(rules, situation, outcomes)
    costs = rules.attacks[attack_of(rules, situation)[0]].costs
    document = {**document, "loss": costs.loss.one, "retreat": costs.retreat.one}
    if costs.damage is None:
        return document, text
    found = document["columns"]
    expected = {side.value: found[f"{side}_loses"]["expected"] for side in SIDES if f"{side}_loses" in found}
    return {**document, "expected_damage": expected}, text
