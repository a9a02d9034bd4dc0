"""Attacks of pip-compare rulesets (DiceLand) for `referee battle` and
`referee odds`: their words are pips, not units, so they are read here."""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.cli.journaling import record
from referee.cli.options import Told, emit, not_read_by, numbers, refuse_unread, situations_from_words
from referee.errors import RefereeError
from referee.names import Lexicon
from referee.ruleset.model import Ruleset

if TYPE_CHECKING:
    from referee.cli.battle import BattleTold
    from referee.cli.odds import OddsTold
    from referee.mechanics.pip_compare import PipFight


def fight_from_words(rules: Ruleset, told: Told, choose: str | None) -> PipFight:
    from referee.mechanics.pip_compare import PipFight
    from referee.pipfight import attack

    _, params = attack(rules)
    if not told.attacker or not told.defender:
        raise RefereeError(
            "give the pips of the attacking die (or two) and of the defending die, e.g. --attacker 6 --defender 3",
            rule=params.rule,
        )
    defending = numbers(told.defender, "--defender", params.rule)
    if len(defending) != 1:
        raise RefereeError(f"one die defends, not {len(defending)}", rule=params.rule)
    picked: tuple[int, int] | None = None
    if choose is not None:
        rolled, sep, field_die = choose.partition(":")
        pair = numbers(f"{rolled},{field_die}", "--choose", params.rule) if sep else ()
        if len(pair) != 2:
            raise RefereeError(f"--choose takes ROLLED:FIELD, e.g. 5:6, not '{choose}'", rule=params.rule)
        picked = (pair[0], pair[1])
    named = Lexicon("special rule", {n: v.aliases for n, v in rules.variants.items()})
    return PipFight(
        attacker=numbers(told.attacker, "--attacker", params.rule),
        defender=defending[0],
        when=situations_from_words(rules, told.when),
        variants=frozenset(named(v) for v in told.variants),
        choose=picked,
    )


def battle(rules: Ruleset, told: BattleTold, as_json: bool) -> None:
    """One attack on the hand dice typed with --roll, or drawn."""
    from referee.pipfight import attack, settle
    from referee.render import pips as render

    refuse_unread(
        told.flags("--attacker-roll", "--defender-roll", "--range", "--attacker-rear", "--defender-rear"),
        not_read_by(rules),
    )
    fight = fight_from_words(rules, told, told.choose)
    rolled = None if told.roll is None else numbers(told.roll, "--roll", attack(rules)[1].rule)
    settled = settle(rules, fight, rolled, told.seed)
    document = render.document(settled)
    record(rules, document, seed=settled.seed, dice={"rolled": settled.throw, "typed": settled.typed})
    emit(as_json, document, lambda: render.report(rules, settled))


def odds(rules: Ruleset, told: OddsTold, as_json: bool) -> None:
    """Exact odds of one attack, a combined one by the best-pairing policy."""
    from referee.pipfight import marginals
    from referee.pipfight import odds as exact
    from referee.render import pips as render

    refuse_unread(
        told.flags(
            "--range", "--until", "--table", "--float", "--stop-at", "--exact", "--attacker-rear", "--defender-rear"
        ),
        not_read_by(rules),
    )
    fight = fight_from_words(rules, told, None)
    outcomes = exact(rules, fight)
    emit(
        as_json,
        render.odds_document(rules, fight, outcomes, marginals(outcomes)),
        lambda: render.odds_report(rules, fight, outcomes, marginals(outcomes)),
    )
