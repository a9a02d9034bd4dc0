"""A round of dice compared in ranked pairs, for people: each side's dice, the pairs, who suffers what, and why."""

from __future__ import annotations

from collections import Counter
from itertools import zip_longest
from typing import TYPE_CHECKING, cast

from referee.render.battle import document
from referee.render.battle import odds as odds
from referee.render.text import View, by_side, ruling_page, ruling_title, seed_line, sentences, side_word, spoken, table
from referee.ruleset.model import Ruleset
from referee.rulings.ruling import SIDES, listed
from referee.settle.rolling import Settled
from referee.words.language import _

if TYPE_CHECKING:
    from referee.fights.played import Forces
    from referee.outcomes.pairs import Round, RoundSide


def _counted(rules: Ruleset, words: list[str]) -> str:
    """'3 armies', '2 damaged armour': the units as printed, counted with the file's plurals."""
    return listed(_count(rules, w, n) for w, n in Counter(words).items()) or "-"


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
            side_word(side),
            _counted(rules, outcome.side(side).front),
            *([_counted(rules, outcome.side(side).rear)] if has_rear else []),
            listed(map(str, outcome.side(side).rolled)),
            spoken(outcome.side(side).suffers),
        )
        for side in SIDES
    ]
    one_kind = len(rules.units) == 1
    pairs = [
        (
            p.rank,
            _total(p.attacker.die, p.attacker.bonus, p.attacker.total, bonused),
            _total(p.defender.die, p.defender.bonus, p.defender.total, bonused),
            side_word(p.winner),
            *([] if one_kind else [_count(rules, p.attacker.unit, 1), _count(rules, p.defender.unit, 1)]),
        )
        for p in outcome.pairs
    ]
    summary = sentences(
        by_side(side, _("The attacker suffers: {losses}."), _("The defender suffers: {losses}.")).format(
            losses=spoken(outcome.side(side).suffers)
        )
        for side in SIDES
    )
    return ruling_page(
        ruling_title(rules, outcome.attack),
        [
            table(
                sides, [_("side"), *([_("front"), _("rear")] if has_rear else [_("units")]), _("rolled"), _("suffers")]
            ),
            table(
                pairs,
                [
                    _("pair"),
                    _("attacker"),
                    _("defender"),
                    _("winner"),
                    *([] if one_kind else [_("attacker's unit"), _("defender's unit")]),
                ],
            ),
        ],
        summary,
        settled.ruling.steps,
        seed_line(settled.seed, settled.typed, settled.again),
    )


def ruled(rules: Ruleset, situation: object, settled: Settled) -> View:
    return document(settled), lambda: report(rules, settled)


def fought_round(rules: Ruleset, number: int, settled: Settled, before: Forces, after: Forces) -> list[str]:
    """A round of a whole fight played, on one line: each side's dice high to
    low, a paired die's bonus after it, and what the round cost each side."""
    from referee.render import compact

    outcome = cast("Round", settled.ruling.outcome)
    costs = []
    for side in SIDES:
        its = outcome.side(side)
        whole = its.destroyed == its.loses and not its.failed  # every loss a unit removed: counted
        said = compact.cost(rules, side, its.loses, before, after, None if whole else spoken(its.suffers))
        costs += [said] if said else []
    dice = (_ranked(outcome.attacker), _ranked(outcome.defender))
    return compact.line(number, dice, costs)


def _ranked(side: RoundSide) -> str:
    """'6+1, 4, 1': a side's dice high to low, each paired die with its bonus."""
    return listed(
        f"{die}+{bonus}" if bonus else str(die)
        for die, bonus in zip_longest(side.sorted, side.bonus[: len(side.sorted)], fillvalue=0)
    )
