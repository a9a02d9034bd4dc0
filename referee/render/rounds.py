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


def _counted(rules: Ruleset, words: list[str]) -> str:
    """'3 armies', '2 damaged armour': the units as printed, counted with the file's plurals."""
    return ", ".join(_count(rules, w, n) for w, n in Counter(words).items()) or "-"


def _count(rules: Ruleset, word: str, n: int) -> str:
    for unit in rules.units.values():
        if word == unit.word or word.endswith(" " + unit.word):
            return unit.counted(n, word.removesuffix(unit.word).strip())
    return f"{n} {word}" if n > 1 else word


def _total(die: int, bonus: int, total: int, bonused: bool) -> str:
    return f"{die}+{bonus}={total}" if bonused else str(total)


def report(rules: Ruleset, settled: Settled) -> str:
    outcome = cast("Round", settled.ruling.outcome)  # the door hands this report only rounds of pairs
    has_rear = any(outcome.side(side).rear for side in SIDES)  # a game without a rear shows none
    bonused = any(p.attacker.bonus or p.defender.bonus for p in outcome.pairs)  # nor bonuses where none were added
    sides = [
        (
            side,
            _counted(rules, outcome.side(side).front),
            *([_counted(rules, outcome.side(side).rear)] if has_rear else []),
            ", ".join(map(str, outcome.side(side).rolled)),
            outcome.side(side).suffers,
        )
        for side in SIDES
    ]
    one_kind = len(rules.units) == 1
    pairs = [
        (
            p.rank,
            _total(p.attacker.die, p.attacker.bonus, p.attacker.total, bonused),
            _total(p.defender.die, p.defender.bonus, p.defender.total, bonused),
            p.winner,
            *([] if one_kind else [p.attacker.unit, p.defender.unit]),
        )
        for p in outcome.pairs
    ]
    summary = " ".join(f"The {side} suffers: {outcome.side(side).suffers}." for side in SIDES)
    return ruling_page(
        f"{rules.title}: {rules.attacks[outcome.attack].label}",
        [
            table(sides, ["side", *(["front", "rear"] if has_rear else ["units"]), "rolled", "suffers"]),
            table(
                pairs,
                [
                    "pair",
                    "attacker",
                    "defender",
                    "winner",
                    *([] if one_kind else ["attacker's unit", "defender's unit"]),
                ],
            ),
        ],
        summary,
        settled.ruling.steps,
        seed_line(settled.seed, settled.typed, settled.again),
    )


def ruled(rules: Ruleset, situation: object, settled: Settled) -> View:
    return document(settled), lambda: report(rules, settled)
