"""A roll chain for people: each step by its own name, the number it needed,
the roll, and where the chain stopped."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from referee.render.battle import document
from referee.render.battle import odds as odds
from referee.render.text import View, ruling_page, seed_line, table
from referee.ruleset.model import Ruleset
from referee.settle.rolling import Settled
from referee.words.language import _

if TYPE_CHECKING:
    from referee.outcomes.chain import Chain


def report(rules: Ruleset, settled: Settled) -> str:
    outcome = cast("Chain", settled.ruling.outcome)  # the door hands this report only chains
    rows = [
        (
            s.name,
            s.roller,
            _("cannot") if s.needed is None else s.needed,
            "-" if s.roll is None else s.roll,
            "not reached" if s.passed is None else ("passed" if s.passed else "failed"),
        )
        for s in outcome.steps
    ]
    end = f"Stopped at {outcome.stopped_at}." if outcome.stopped_at else f"Result: {outcome.result}."
    attacker, defender = (rules.units[u].title for u in (outcome.attacker, outcome.defender))
    return ruling_page(
        f"{rules.spoken_title}: {rules.attacks[outcome.attack].label}, {attacker} against {defender}",
        [table(rows, ["step", "roller", "needs", "rolled", ""])],
        end,
        settled.ruling.steps,
        seed_line(settled.seed, settled.typed, settled.again),
    )


def ruled(rules: Ruleset, situation: object, settled: Settled) -> View:
    return document(settled), lambda: report(rules, settled)
