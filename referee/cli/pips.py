"""Attacks of pip-compare rulesets (DiceLand) for `referee battle` and
`referee odds`: their words are pips, not units, so they are read here."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from referee.cli.journaling import record
from referee.cli.options import emit, situations_from_words
from referee.errors import RefereeError
from referee.names import Lexicon
from referee.ruleset.model import Ruleset

if TYPE_CHECKING:
    from referee.mechanics.pip_compare import PipFight


def handles(rules: Ruleset) -> bool:
    return rules.uses("pip-compare")


def options(f: Any) -> Any:
    return click.option("--rule", "variants", multiple=True, metavar="NAME",
                        help="A special rule of the ruleset in play, e.g. fill-the-void (repeatable).")(f)


def refuse_options(rules: Ruleset, given: dict[str, Any]) -> None:
    """Options the ruleset's kind of attack does not read are refused, not ignored."""
    used = [option for option, value in given.items() if value is not None and value != ()]
    if used:
        raise RefereeError(f"{', '.join(used)}: not used by {rules.name}'s attacks")


def numbers(text: str, what: str, rule: str) -> tuple[int, ...]:
    """'6,2' or '6 2' → (6, 2); whether each is a face is the rules' to say."""
    items = [item.strip() for item in text.replace(" ", ",").split(",") if item.strip()]
    try:
        return tuple(int(item) for item in items)
    except ValueError:
        raise RefereeError(f"{what} takes pips such as 6 or 6,2, not '{text}'", rule=rule) from None


def fight_from_words(rules: Ruleset, attacker: str | None, defender: str | None, when: tuple[str, ...],
                     variants: tuple[str, ...], choose: str | None) -> PipFight:
    from referee.mechanics.pip_compare import PipFight
    from referee.pipfight import attack

    _, params = attack(rules)
    if not attacker or not defender:
        raise RefereeError("give the pips of the attacking die (or two) and of the defending die, "
                           "e.g. --attacker 6 --defender 3", rule=params.rule)
    defending = numbers(defender, "--defender", params.rule)
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
        attacker=numbers(attacker, "--attacker", params.rule),
        defender=defending[0],
        when=situations_from_words(rules, when),
        variants=frozenset(named(v) for v in variants),
        choose=picked,
    )


def battle(rules: Ruleset, fight: PipFight, roll: str | None, seed: int | None, as_json: bool) -> None:
    from referee.pipfight import attack, settle
    from referee.render import pips as render

    rolled = None if roll is None else numbers(roll, "--roll", attack(rules)[1].rule)
    settled = settle(rules, fight, rolled, seed)
    document = render.document(settled)
    record(rules, document, seed=settled.seed, dice={"rolled": settled.throw, "typed": settled.typed})
    emit(as_json, document, lambda: render.report(rules, settled))


def odds(rules: Ruleset, fight: PipFight, as_json: bool) -> None:
    from referee.pipfight import marginals
    from referee.pipfight import odds as exact
    from referee.render import pips as render

    outcomes = exact(rules, fight)
    emit(as_json, render.odds_document(rules, fight, outcomes, marginals(outcomes)),
         lambda: render.odds_report(rules, fight, outcomes, marginals(outcomes)))
