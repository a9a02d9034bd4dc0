"""`referee odds`: the exact chance of every outcome of an attack."""

from __future__ import annotations

import click

from referee.cli import fights, pips
from referee.cli.hit import odds_chart, refuse_chart_options, strike_options, uses_chart
from referee.cli.options import (
    battle_from_words,
    emit,
    force_options,
    json_option,
    load_rules,
    rear_options,
    ruleset_argument,
    situation_options,
)
from referee.odds import battle_odds
from referee.render import odds as render


@click.command()
@ruleset_argument
@force_options
@rear_options
@pips.options
@situation_options
@strike_options
@fights.fight_options
@json_option
def odds(ruleset: str, attacker: str | None, defender: str | None, attacker_rear: str | None,
         defender_rear: str | None, variants: tuple[str, ...], reach: int | None, when: tuple[str, ...],
         kind: str | None, wounds: int | None, modifiers: tuple[str, ...], until: str | None,
         table: int | None, floats: bool, as_json: bool) -> None:
    """Exact odds of every outcome of one attack, summed over every possible
    roll with exact weights (no sampling). In DiceLand, --attacker and
    --defender take pips. With --until conquest, whole fights of rounds
    (armies on the territories for classic Risk; the front, and the rear with
    --attacker-rear, for Frontline Risk).

    A game ruled by hit checks (--attack) gets the chart of every attacker
    value against every target value.

    \b
    Example:
      referee odds groundforce --attacker "2 trooper" --defender "trooper, heavy"
      referee odds trueforces --attack melee --wounds 1
      referee odds diceland --attacker 6,2 --defender 3
      referee odds risk --attacker 10 --defender 10 --until conquest
      referee odds risk --table 30
    """
    rules = load_rules(ruleset)
    whole_fight = {"--until": until, "--table": table, "--float": floats or None,
                   "--attacker-rear": attacker_rear, "--defender-rear": defender_rear}
    if uses_chart(rules):
        return odds_chart(rules, kind, wounds, modifiers, as_json, attacker=attacker, defender=defender,
                          range=reach, when=when, rule=variants, **{k[2:]: v for k, v in whole_fight.items()})
    refuse_chart_options(kind, wounds, modifiers)
    if pips.handles(rules):
        pips.refuse_options(rules, {"--range": reach, **whole_fight})
        return pips.odds(rules, pips.fight_from_words(rules, attacker, defender, when, variants, None), as_json)
    pips.refuse_options(rules, {"--rule": variants})
    words = dict(attacker=attacker, defender=defender, reach=reach, when=when,
                 rear=(attacker_rear, defender_rear))
    if until or table or floats:
        return fights.answer(rules, words, until, table, floats, as_json)
    fight = battle_from_words(rules, **words)
    outcomes = battle_odds(rules, fight)
    emit(as_json,
         {"ruleset": rules.name, "outcomes": render.document(outcomes)},
         lambda: render.report(f"{rules.title}: odds of one attack", outcomes))
