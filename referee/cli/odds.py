"""`referee odds`: the exact chance of every outcome of an attack."""

from __future__ import annotations

import click

from referee.cli import pips
from referee.cli.options import (battle_from_words, emit, force_options, json_option, load_rules,
                                 ruleset_argument, situation_options)
from referee.odds import battle_odds
from referee.render import odds as render


@click.command()
@ruleset_argument
@force_options
@pips.options
@situation_options
@json_option
def odds(ruleset: str, attacker: str | None, defender: str | None, variants: tuple[str, ...],
         reach: int | None, when: tuple[str, ...], as_json: bool) -> None:
    """Exact odds of every outcome of one attack, summed over every possible
    roll with exact weights (no sampling). In DiceLand, --attacker and
    --defender take pips.

    \b
    Example:
      referee odds groundforce --attacker "2 trooper" --defender "trooper, heavy"
      referee odds diceland --attacker 6,2 --defender 3
    """
    rules = load_rules(ruleset)
    if pips.handles(rules):
        pips.refuse_options(rules, {"--range": reach})
        return pips.odds(rules, pips.fight_from_words(rules, attacker, defender, when, variants, None), as_json)
    pips.refuse_options(rules, {"--rule": variants})
    fight = battle_from_words(rules, attacker, defender, reach, when)
    outcomes = battle_odds(rules, fight)
    emit(as_json,
         {"ruleset": rules.name, "outcomes": render.document(outcomes)},
         lambda: render.report(f"{rules.title}: odds of one attack", outcomes))
