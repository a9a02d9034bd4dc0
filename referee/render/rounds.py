"""A round of dice compared in ranked pairs, for people: each side's dice, the pairs, who suffers what, and why."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, cast

from referee.render.battle import document
from referee.render.battle import odds as odds
from referee.render.text import View, ruling_page, seed_line, table
from referee.rolling import Settled
from referee.ruleset.model import Ruleset
from referee.ruling import SIDES

if TYPE_CHECKING:
    from referee.outcomes.pairs import Round


def _counted(words: list[str]) -> str:
    return ", ".join(f"{n} {w}" if n > 1 else w for w, n in Counter(words).items()) or "-"


def report(rules: Ruleset, settled: Settled) -> str:
    outcome = cast("Round", settled.ruling.outcome)  # the door hands this report only rounds of pairs
    sides = [
        (
            side,
            _counted(outcome.side(side).front),
            _counted(outcome.side(side).rear),
            ", ".join(map(str, outcome.side(side).rolled)),
            outcome.side(side).suffers,
        )
        for side in SIDES
    ]
    pairs = [
        (
            p.rank,
            f"{p.attacker.die}+{p.attacker.bonus}={p.attacker.total}",
            f"{p.defender.die}+{p.defender.bonus}={p.defender.total}",
            p.winner,
            p.attacker.unit,
            p.defender.unit,
        )
        for p in outcome.pairs
    ]
    summary = " ".join(f"The {side} suffers: {outcome.side(side).suffers}." for side in SIDES)
    return ruling_page(
        f"{rules.title}: {rules.attacks[outcome.attack].label}",
        [
            table(sides, ["side", "front", "rear", "rolled", "suffers"]),
            table(pairs, ["pair", "attacker", "defender", "winner", "attacker's unit", "defender's unit"]),
        ],
        summary,
        settled.ruling.steps,
        seed_line(settled.seed, settled.typed),
    )


def ruled(rules: Ruleset, situation: object, settled: Settled) -> View:
    return document(settled), lambda: report(rules, settled)
