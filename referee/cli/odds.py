"""`referee odds`: the exact chance of every outcome of an attack."""

from __future__ import annotations

import click

from referee.cli import pips
from referee.cli.hit import odds_chart, refuse_chart_options, strike_options, uses_chart
from referee.cli.options import (
    battle_from_words,
    emit,
    force_options,
    json_option,
    load_rules,
    ruleset_argument,
    situation_options,
)
from referee.odds import battle_odds
from referee.render import odds as render


@click.command()
@ruleset_argument
@force_options
@pips.options
@situation_options
@strike_options
@json_option
def odds(ruleset: str, attacker: str | None, defender: str | None, variants: tuple[str, ...],
         reach: int | None, when: tuple[str, ...], kind: str | None, wounds: int | None,
         modifiers: tuple[str, ...], as_json: bool) -> None:
    """Exact odds of every outcome of one attack, summed over every possible
    roll with exact weights (no sampling). In DiceLand, --attacker and
    --defender take pips.

    A game ruled by hit checks (--attack) gets the chart of every attacker
    value against every target value.

    \b
    Example:
      referee odds groundforce --attacker "2 trooper" --defender "trooper, heavy"
      referee odds trueforces --attack melee --wounds 1
      referee odds diceland --attacker 6,2 --defender 3
    """
    rules = load_rules(ruleset)
    if uses_chart(rules):
        return odds_chart(rules, kind, wounds, modifiers, as_json, attacker=attacker,
                          defender=defender, range=reach, when=when, rule=variants)
    refuse_chart_options(kind, wounds, modifiers)
    if pips.handles(rules):
        pips.refuse_options(rules, {"--range": reach})
        return pips.odds(rules, pips.fight_from_words(rules, attacker, defender, when, variants, None), as_json)
    pips.refuse_options(rules, {"--rule": variants})
    fight = battle_from_words(rules, attacker, defender, reach, when)
    outcomes = battle_odds(rules, fight)
    emit(as_json,
         {"ruleset": rules.name, "outcomes": render.document(outcomes)},
         lambda: render.report(f"{rules.title}: odds of one attack", outcomes))
